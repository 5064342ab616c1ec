// Starts the production build on a loopback port with a throw-away database, for the benchmark
// scripts and the browser tests.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Listens on 127.0.0.1 at `port` for a moment and returns the port listened on: with 0, a free
 * one; a taken port is an error that says so.
 */
function claimPort(port: number): Promise<number> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new Error(`Port ${port} is already in use (a server left running?)`) : error),
    );
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port"))));
    });
  });
}

export function freePort(): Promise<number> {
  return claimPort(0);
}

export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

export type LocalServer = { origin: string; databaseFile: string; folder: string; stop(): Promise<void> };

/**
 * The site on 127.0.0.1 with its own SQLite file and mail folder, in a fresh folder that stop()
 * removes; `env` adds or overrides settings (a fixed PORT, another DATABASE_URL).
 */
export async function startLocalServer(env: Record<string, string> = {}): Promise<LocalServer> {
  // A fixed port is checked first: a server left running there would answer in place of this one.
  const port = await claimPort(Number(env.PORT ?? 0));
  const folder = mkdtempSync(join(tmpdir(), "site-local-"));
  const databaseFile = join(folder, "site.db");
  const server: ChildProcess = spawn(process.execPath, [new URL("../server.ts", import.meta.url).pathname], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseFile,
      LOG_REQUESTS: "false",
      NODE_ENV: "production",
      MAIL_DIR: join(folder, "mail"),
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    await exited;
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await Promise.race([
      waitFor(`${origin}/robots.txt`),
      exited.then((code) => Promise.reject(new Error(`The server stopped (exit code ${code}) before it answered`))),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, databaseFile, folder, stop };
}
