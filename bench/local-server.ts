// Starts the production build on a loopback port with a throw-away database, for the benchmark
// scripts and the browser tests.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
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

/**
 * A free port for a server to listen on a moment later, chosen below the system's range of
 * ephemeral ports: a port from that range (what port 0 gives) can be taken meanwhile by any
 * outgoing connection for its own end (a browser test's second site found its port so taken).
 */
export async function freePort(): Promise<number> {
  const lowest = 10_000;
  const ephemeralStart = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").split(/\s+/)[0]);
  for (let attempt = 0; ephemeralStart > lowest && attempt < 20; attempt++) {
    try {
      return await claimPort(lowest + randomInt(ephemeralStart - lowest));
    } catch {
      // taken: another
    }
  }
  return claimPort(0);
}

// A bound on a hang: a server (Vite's dev server above all) may take well over a minute to start
// on a machine busy with other work.
export async function waitFor(url: string, timeoutMs = 180_000): Promise<void> {
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

/**
 * The allocator settings production runs with (package.json `start` and `serve`, the systemd unit):
 * the memory image processing takes is given back afterwards (docs/decisions/017-uploads-under-load.md).
 * Benchmarks start their servers and ingest processes with them, so they measure what runs.
 */
export const productionAllocatorEnv: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
};

/**
 * The Node.js flags production runs the server with (package.json `start` and `serve`, the
 * systemd unit): V8's young generation kept small, which takes about 30 MB off the idle memory
 * (docs/decisions/038-http-loops.md). Local servers run with them, so benches measure what runs.
 */
export const productionNodeFlags: ReadonlyArray<string> = ["--max-semi-space-size=8"];

/** `base` with `env` over it; a variable set to "" is left out (unset), not passed on empty. */
export function childEnv(base: NodeJS.ProcessEnv, env: Record<string, string>): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...base, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === "") delete merged[name];
  return merged;
}

export type LocalServer = {
  origin: string;
  databaseFile: string;
  folder: string;
  /** The server's process id (to read its memory use, or send it a signal). */
  pid: number;
  /** Settles with the exit code when the server process ends (null: ended by a signal). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
};

export type LocalServerOptions = {
  /** The entry point to run, from the project's root: server.ts (the default) or scripts/start.ts (`npm start`). */
  script?: string;
  /** Receives what the server writes to stderr (by default it goes to this process's stderr). */
  onStderr?: (text: string) => void;
  /** Receives what the server writes to stdout (by default nothing is kept). */
  onStdout?: (text: string) => void;
};

// Every site this process starts, on either engine, and this process itself (a bench or a test
// that stores inquiries through the app's own functions) seal with one key
// (field-encryption.server.ts): PostgreSQL needs it set, and with SQLite each server would
// otherwise make its own beside its database.
process.env.ENCRYPTION_KEY ||= randomBytes(32).toString("base64");

/**
 * The site on 127.0.0.1 with its own SQLite file and mail folder, in a fresh folder that stop()
 * removes; `env` adds or overrides settings (a fixed PORT, another DATABASE_URL; "" unsets one).
 */
export async function startLocalServer(env: Record<string, string> = {}, options: LocalServerOptions = {}): Promise<LocalServer> {
  // A fixed port is checked first: a server left running there would answer in place of this one.
  const port = env.PORT ? await claimPort(Number(env.PORT)) : await freePort();
  const folder = mkdtempSync(join(tmpdir(), "site-local-"));
  const databaseFile = join(folder, "site.db");
  const script = new URL(`../${options.script ?? "server.ts"}`, import.meta.url).pathname;
  const server: ChildProcess = spawn(process.execPath, [...productionNodeFlags, script], {
    // "" leaves a variable out (so a benchmark can run the server without the allocator settings).
    env: childEnv(process.env, {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseFile,
      LOG_REQUESTS: "false",
      NODE_ENV: "production",
      MAIL_DIR: join(folder, "mail"),
      // As `npm start` and `npm run serve` run it (package.json).
      ...productionAllocatorEnv,
      ...env,
    }),
    stdio: ["ignore", options.onStdout ? "pipe" : "ignore", options.onStderr ? "pipe" : "inherit"],
  });
  if (options.onStderr) server.stderr?.setEncoding("utf8").on("data", options.onStderr);
  if (options.onStdout) server.stdout?.setEncoding("utf8").on("data", options.onStdout);
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    // A server stuck in a request (what some tests check cannot happen) is stopped all the same.
    const kill = setTimeout(() => server.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(kill);
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
  return { origin, databaseFile, folder, pid: server.pid!, exited, stop };
}

/**
 * Creates an admin account in `server`'s database with the project's CLI and signs it in, for a
 * script or test that posts to the admin of its own server; returns the session's Cookie header.
 */
export async function signedInAdminCookie(server: LocalServer, email: string): Promise<string> {
  const password = `a long password for ${email}`;
  execFileSync(process.execPath, ["scripts/admin.ts", "create", "--email", email], {
    env: { ...process.env, DATABASE_URL: server.databaseFile, ADMIN_PASSWORD: password, NODE_ENV: "production" },
  });
  return signInCookie(server.origin, email, password);
}

/** Signs an existing account in at `origin`, as the sign-in form does; the session's Cookie header. */
export async function signInCookie(origin: string, email: string, password: string): Promise<string> {
  const signIn = await fetch(`${origin}/admin/login`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  if (signIn.status !== 302) throw new Error(`Signing in ${email} answered ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((header) => header.split(";", 1)[0])
    .join("; ");
}

/** A process's resident memory (VmRSS), in MiB: a local server's, as the benches and memory tests read it. */
export function residentMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;
}
