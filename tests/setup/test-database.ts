import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createDb, type Db } from "#app/server/db/db.server.ts";
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
      // The pool's end() resolves before its connections have closed; dropping the database at
      // once would kill them, and each would report that as an unhandled error.
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows } = await cleanup.query<{ open: number }>("SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1", [name]);
        if (rows[0]?.open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
