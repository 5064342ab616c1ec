// Start-up of `npm start` and server.ts: the HTTP port is claimed before anything else happens,
// so a second start (the port taken by a site already running) changes nothing: no build, no
// migration, no demo account. Expected failures are one line, not a stack trace.
import { createServer, type Server } from "node:net";
import { log } from "#app/server/log.server.ts";

function explain(error: NodeJS.ErrnoException, port: number): string | null {
  if (error.code === "EADDRINUSE") {
    return `Port ${port} is already in use (is the site already running?). Stop that server, or choose another port: PORT=${port + 1} npm start`;
  }
  if (error.code === "EACCES")
    return `Port ${port} needs privileges this user does not have. Choose a port above 1023: PORT=3000 npm start`;
  return null;
}

/** Starts `server` listening; a taken or forbidden port ends the process with one line saying why. */
export function listenOrExit(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const message = explain(error, port);
      if (!message) return reject(error);
      log.error(message);
      process.exit(1);
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
}

/** Ends the process with one line if `port` cannot be listened on (checked, then released). */
export async function exitUnlessPortFree(port: number, host: string): Promise<void> {
  const probe = createServer();
  await listenOrExit(probe, port, host);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

/** Ends the process because start-up failed: a bad setting is its message, anything else its stack. */
export function exitOnStartupError(error: unknown): never {
  if (error instanceof Error && error.name === "ConfigError") log.error(error.message);
  else log.error("Start-up failed", error);
  process.exit(1);
}
