// The sites the browser tests run against: each Playwright worker starts its own, the production
// build on its own port with its own database, so no test sees another worker's data and none
// needs to run in an order. With E2E_POSTGRES_URL, a worker has two: one on SQLite and one on a
// new PostgreSQL database on that server, and each test runs on the one engineOf names.
import { createHash } from "node:crypto";
import { startLocalServer } from "../../bench/local-server.ts";
import { createPostgresDatabase } from "./postgres-database.ts";

export type Engine = "sqlite" | "postgres";

/**
 * The engine a test runs on. Without E2E_POSTGRES_URL, SQLite. With it, E2E_ENGINE=sqlite or
 * postgres runs every test on that one; otherwise (as `npm test` does when a PostgreSQL server is
 * there) half the tests run on each, chosen by a hash of the test's title so a test always runs
 * on the same engine and a failure can be repeated.
 */
export function engineOf(titlePath: ReadonlyArray<string>): Engine {
  if (!process.env.E2E_POSTGRES_URL) return "sqlite";
  const forced = process.env.E2E_ENGINE;
  if (forced === "sqlite" || forced === "postgres") return forced;
  const [first = 0] = createHash("sha256").update(titlePath.join(" › ")).digest();
  return first % 2 === 0 ? "sqlite" : "postgres";
}

/** The settings a test server runs with, beside its port and database (both its own). */
export function e2eServerEnv(): Record<string, string> {
  return {
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    CONTENT_POLL_MS: "200",
    // A scheduled change due is looked for this often (tests move its time, not wait for it).
    SCHEDULE_POLL_MS: "300",
    LOG_REQUESTS: "false",
    // Tests that submit the contact form each send their own X-Forwarded-For address, so
    // every test has its own rate-limit budget.
    TRUST_PROXY: "true",
    // The tests sign in as the demo admin, whose password only this machine is shown (on
    // PostgreSQL, demo mode is otherwise off).
    DEMO_MODE: "local",
  };
}

export type WorkerServer = { origin: string; databaseUrl: string; stop(): Promise<void> };

/** Starts a worker's server on a free port with a fresh database of `engine`; `stop` removes both. */
export async function startWorkerServer(worker: number, engine: Engine): Promise<WorkerServer> {
  const postgresUrl = process.env.E2E_POSTGRES_URL;
  if (engine === "postgres" && !postgresUrl) throw new Error("E2E_POSTGRES_URL names no PostgreSQL server");
  const postgres = engine === "postgres" && postgresUrl ? await createPostgresDatabase(postgresUrl, `site_e2e_${worker}`) : null;
  try {
    const server = await startLocalServer({ ...e2eServerEnv(), ...(postgres ? { DATABASE_URL: postgres.url } : {}) });
    return {
      origin: server.origin,
      databaseUrl: postgres?.url ?? server.databaseFile,
      stop: async () => {
        await server.stop();
        await postgres?.drop();
      },
    };
  } catch (error) {
    await postgres?.drop();
    throw error;
  }
}
