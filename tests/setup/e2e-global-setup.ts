// Before the browser tests: a fresh database (a SQLite file, or with E2E_POSTGRES_URL a new
// PostgreSQL database on that server) and the production build serving it; afterwards the
// server is stopped and the database removed. Playwright's own webServer cannot do this: it
// starts before any global set-up and stops after every teardown.
import { startLocalServer } from "../../scripts/local-server.ts";
import { e2eServerEnv } from "./e2e-server.ts";
import { createPostgresDatabase } from "./postgres-database.ts";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const postgresUrl = process.env.E2E_POSTGRES_URL;
  const postgres = postgresUrl ? await createPostgresDatabase(postgresUrl, "site_e2e") : null;
  try {
    const server = await startLocalServer({ ...e2eServerEnv(), ...(postgres ? { DATABASE_URL: postgres.url } : {}) });
    // The workers start after this and inherit it.
    process.env.E2E_DATABASE = postgres?.url ?? server.databaseFile;
    return async () => {
      await server.stop();
      await postgres?.drop();
    };
  } catch (error) {
    await postgres?.drop();
    throw error;
  }
}
