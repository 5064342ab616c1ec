// Start-up of `npm start` and server.ts: the HTTP port is claimed before anything else happens,
// so a second start (the port taken by a site already running) changes nothing: no build, no
// migration, no demo account. Expected failures are one line, not a stack trace.
import { createServer as createHttpServer, type RequestListener, type Server as HttpServer } from "node:http";
import { createServer, type Server } from "node:net";
import { log } from "#app/server/log.server.ts";

/** What a failed listen on `port` means to the person starting the site, or null when unexpected. */
export function explainListenError(error: NodeJS.ErrnoException, port: number): string | null {
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
      const message = explainListenError(error, port);
      if (!message) return reject(error);
      log.error(message);
      process.exit(1);
    };
    server.once("error", onError);
    server.listen({ port, host }, () => {
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

/**
 * The site's HTTP server, with `app`'s listener: a request that comes before the app is ready
 * (the database being migrated) waits for it.
 */
export function createSiteServer(app: Promise<{ listener: RequestListener }>): HttpServer {
  let listener: RequestListener | undefined;
  app.then(
    (ready) => (listener = ready.listener),
    () => {}, // its owner reports the failure
  );
  // A client gets 30 s to send a whole request, so slow senders cannot hold connections open.
  const options = { keepAliveTimeout: 65_000, requestTimeout: 30_000, headersTimeout: 20_000 };
  const server = createHttpServer(options, (request, response) => {
    if (listener) return listener(request, response);
    void app.then((ready) => ready.listener(request, response));
  });
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
  });
  return server;
}

/**
 * Stops `server` taking connections at SIGTERM: idle keep-alive connections close now, busy ones
 * once their answer is sent (a client may keep one alive, so it is closed as soon as it is idle).
 * Resolves when every one is closed.
 *
 * Closing a listening socket resets the connections still queued on it, and an event loop that was busy
 * when the stop came (a page being compressed) may have a queue: Node accepts one connection per
 * turn of the event loop. So the socket is closed only after a turn that accepted nothing (the
 * requests of those taken before it have been read by then, and are answered like any in flight;
 * one not read yet would count as idle and be closed unread), or after `queueDrainMs` if
 * connections keep coming.
 */
export function closeSiteServer(server: HttpServer): Promise<void> {
  return new Promise<void>((resolve) => {
    // Whether the turn since the last look accepted nothing (the first look has not looked yet).
    let quiet = false;
    const accepted = () => {
      quiet = false;
    };
    server.on("connection", accepted);
    const deadline = performance.now() + queueDrainMs;
    const closeOnceQuiet = () => {
      if (!quiet && performance.now() < deadline) {
        quiet = true;
        setImmediate(closeOnceQuiet);
        return;
      }
      server.off("connection", accepted);
      server.close(() => resolve());
      setInterval(() => server.closeIdleConnections(), 100).unref();
    };
    setImmediate(closeOnceQuiet);
  });
}

/** How long a stop keeps taking queued connections before it closes the listening socket regardless. */
const queueDrainMs = 1000;

/** Ends the process because start-up failed: a bad setting is its message, anything else its stack. */
export function exitOnStartupError(error: unknown): never {
  if (error instanceof Error && error.name === "ConfigError") log.error(error.message);
  else log.error("Start-up failed", error);
  process.exit(1);
}
