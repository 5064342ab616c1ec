// Starts the production build on a free loopback port with a throw-away database, for the
// benchmark scripts.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port"))));
    });
  });
}

export async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
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

/** The site on 127.0.0.1 with its own SQLite file; `env` adds or overrides settings. */
export async function startLocalServer(env: Record<string, string> = {}): Promise<LocalServer> {
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), "site-bench-"));
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
  await waitFor(`${origin}/robots.txt`);
  return {
    origin,
    databaseFile,
    folder,
    async stop() {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
