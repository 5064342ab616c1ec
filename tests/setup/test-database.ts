import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { test, vi } from "vitest";
import { parseConfig, replaceConfig } from "#app/server/config.server.ts";
import { createDb, replaceDatabase, type Db } from "#app/server/db/db.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";

export type TestDatabase = { db: Db; dialect: "sqlite" | "postgres"; drop(): Promise<void> };

/** The engines to run integration tests on: SQLite always, PostgreSQL when configured. */
export const testDialects: Array<"sqlite" | "postgres"> = process.env.TEST_POSTGRES_URL ? ["sqlite", "postgres"] : ["sqlite"];

/** A fresh, empty, migrated database of the given engine, removed again by drop(). */
export async function createTestDatabase(dialect: "sqlite" | "postgres"): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const folder = mkdtempSync(join(tmpdir(), "site-test-"));
    const db = createDb({ dialect: "sqlite", file: join(folder, "test.db") });
    await migrateToLatest(db);
    return {
      db,
      dialect,
      async drop() {
        await db.destroy();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_POSTGRES_URL!;
  const name = `site_test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb({ dialect: "postgres", url: url.href });
  await migrateToLatest(db);
  return {
    db,
    dialect,
    async drop() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // The pool's connections may still be closing: forcing them closed would surface as an
      // error on a client nobody listens to any more, so give them a moment first.
      for (let waited = 0; waited < 2000; waited += 20) {
        const open = await cleanup.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
        if (open.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * Registers a test once per engine. Each run gets a fresh, migrated database, which the app's
 * queries then use; afterwards mocks and the configuration are restored and the database is
 * dropped, whatever the test did.
 */
export function testOnEachEngine(name: string, body: (db: Db, dialect: "sqlite" | "postgres") => Promise<void>, timeout?: number): void {
  test.each(testDialects)(
    `%s: ${name}`,
    async (dialect) => {
      const { db, drop } = await createTestDatabase(dialect);
      replaceDatabase(db);
      try {
        await body(db, dialect);
      } finally {
        vi.restoreAllMocks();
        replaceConfig(parseConfig({}));
        await drop();
      }
    },
    timeout,
  );
}
