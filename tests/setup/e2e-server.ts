// The server the browser tests run against: its port, its settings, and the database of the run,
// shared by playwright.config.ts, its global set-up and the fixtures that reach the database.

/** The test server's port (E2E_PORT, so that several checkouts can test at once). */
export const e2ePort = Number(process.env.E2E_PORT ?? 3211);

/** The settings the test server runs with, beside its database (made afresh for each run). */
export function e2eServerEnv(): Record<string, string> {
  return {
    PORT: String(e2ePort),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    CONTENT_POLL_MS: "200",
    LOG_REQUESTS: "false",
    // Tests that submit the contact form each send their own X-Forwarded-For address, so
    // every test has its own rate-limit budget.
    TRUST_PROXY: "true",
    // The tests sign in as the demo admin, whose password only this machine is shown (on
    // PostgreSQL, demo mode is otherwise off).
    DEMO_MODE: "local",
  };
}

/**
 * The run's database: a SQLite file, or a postgres:// URL with E2E_POSTGRES_URL. The global
 * set-up makes it and names it in E2E_DATABASE, which the test workers inherit.
 */
export function e2eDatabaseUrl(): string {
  const url = process.env.E2E_DATABASE;
  if (!url) throw new Error("E2E_DATABASE is not set (run the browser tests through playwright.config.ts)");
  return url;
}
