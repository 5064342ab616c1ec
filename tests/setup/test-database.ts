import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PostgresAdapter, sql } from "kysely";
import { afterAll, inject, test, vi } from "vitest";
import { type Config, getConfig, replaceConfig } from "#app/server/config.server.ts";
import { createDb, replaceDatabase, type Db } from "#app/server/db/db.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { noDatabase } from "./no-database.ts";
import { createPostgresDatabase, type PostgresDatabase } from "./postgres-database.ts";
import { resetToTemplate } from "./postgres-recycling.ts";

export type Dialect = "sqlite" | "postgres";

type TestDatabase = { db: Db; dialect: Dialect; drop(): Promise<void> };

/** The engines to run integration tests on: SQLite always, PostgreSQL when configured. */
const testDialects: Array<Dialect> = process.env.TEST_POSTGRES_URL ? ["sqlite", "postgres"] : ["sqlite"];

/** This file's PostgreSQL databases given back by their tests, as the template left them (postgres-recycling.ts). */
const recycled: Array<PostgresDatabase> = [];
afterAll(async () => {
  await Promise.all(recycled.splice(0).map((database) => database.drop()));
});

/**
 * A database of the given engine as new: migrated unless `migrate` is false (then it is empty),
 * removed again by drop() (a migrated PostgreSQL one is reset and kept for the file's next test).
 */
async function createTestDatabase(dialect: Dialect, { migrate = true } = {}): Promise<TestDatabase> {
  let db: Db;
  let remove: () => Promise<void> | void;
  let migrated = false;
  if (dialect === "sqlite") {
    const folder = mkdtempSync(join(tmpdir(), "site-test-"));
    db = createDb({ dialect: "sqlite", file: join(folder, "test.db") });
    remove = () => rmSync(folder, { recursive: true, force: true });
  } else {
    // A copy of the run's migrated template (tests/setup/postgres-template.ts) is much cheaper
    // than migrating each database anew, and one an earlier test of the file gave back cheaper still.
    const template = migrate ? inject("postgresTemplate") : null;
    const state = template ? inject("postgresTemplateState") : null;
    const database =
      (state && recycled.pop()) || (await createPostgresDatabase(process.env.TEST_POSTGRES_URL!, "site_test", template ?? undefined));
    db = createDb({ dialect: "postgres", url: database.url });
    remove = async () => {
      // Any failure to reset leaves it to be dropped, as a database that cannot be reused is.
      if (state && (await resetToTemplate(database, state).catch(() => false))) recycled.push(database);
      else await database.drop();
    };
    migrated = Boolean(template);
  }
  if (migrate && !migrated) await migrateToLatest(db);
  return {
    db,
    dialect,
    async drop() {
      await db.destroy();
      await remove();
    },
  };
}

export type EngineTestOptions = {
  /** False for an empty database, without the app's tables (for tests of the migrations). */
  migrate?: boolean;
};

/** The last test of this file registered by testOnEachEngine, settled or not. */
let previousRun: Promise<void> = Promise.resolve();

/**
 * Registers a test once per engine. Each run gets a fresh, migrated database, which the app's
 * queries then use; afterwards mocks and the configuration are restored and the database is
 * dropped, whatever the test did, leaving the process with no database (no-database.ts).
 * There is no time limit per test but the suite's bound on a hang (vitest.config.ts).
 */
export function testOnEachEngine(
  name: string,
  body: (db: Db, dialect: Dialect) => Promise<void>,
  { migrate }: EngineTestOptions = {},
): void {
  test.each(testDialects)(`%s: ${name}`, async (dialect) => {
    // A test that ran out of time goes on running after Vitest has moved on: the next one waits
    // for it to finish, so its requests and configuration never meet another test's.
    await previousRun;
    const run = runOnEngine(dialect, body, migrate);
    previousRun = run.catch(() => undefined);
    await run;
  });
}

async function runOnEngine(dialect: Dialect, body: (db: Db, dialect: Dialect) => Promise<void>, migrate?: boolean): Promise<void> {
  const config = getConfig();
  const { db, drop } = await createTestDatabase(dialect, { migrate });
  replaceDatabase(db);
  try {
    await body(db, dialect);
  } finally {
    vi.restoreAllMocks();
    replaceConfig(config);
    replaceDatabase(noDatabase);
    await drop();
  }
}

/**
 * Another handle on the same database, as a second instance of the site has: changes made
 * through one reach the other's content watcher by its check of the counter only.
 */
export function anotherInstanceOf(db: Db): Db {
  return db.withPlugin({ transformQuery: ({ node }) => node, transformResult: async ({ result }) => result });
}

/** Where the test's database is: its SQLite file, or its PostgreSQL URL (for a script or pg_dump to reach). */
export async function databaseOf(db: Db, dialect: Dialect): Promise<Config["database"]> {
  if (dialect === "sqlite") {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
    return { dialect, file: rows[0]!.file };
  }
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const url = new URL(process.env.TEST_POSTGRES_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return { dialect, url: url.href };
}

/**
 * The database's files as a thief copying them would get them: SQLite's file and its write-ahead
 * log; PostgreSQL's files of this database, after a checkpoint has written every change to them
 * (the test's user is a superuser on the machine that runs PostgreSQL, as in CI).
 */
export async function storedBytes(db: Db): Promise<Buffer> {
  const database = await databaseOf(db, db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite");
  if (database.dialect === "sqlite") {
    const wal = `${database.file}-wal`;
    return Buffer.concat([readFileSync(database.file), existsSync(wal) ? readFileSync(wal) : Buffer.alloc(0)]);
  }
  await sql`checkpoint`.execute(db);
  const { rows } = await sql<{ folder: string }>`
    select current_setting('data_directory') || '/base/' || oid as folder from pg_database where datname = current_database()
  `.execute(db);
  const folder = rows[0]!.folder;
  return Buffer.concat(readdirSync(folder).map((name) => readFileSync(join(folder, name))));
}

/** Every row of every table (but those `except` names), as text: what a stolen copy of the database holds. */
export async function everythingStored(db: Db, except: ReadonlyArray<string> = []): Promise<string> {
  const tables =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  const dumps: Array<string> = [];
  for (const { name } of tables.rows) {
    if (except.includes(name)) continue;
    const rows = await sql`select * from ${sql.table(name)}`.execute(db);
    dumps.push(JSON.stringify(rows.rows, (_key, value: unknown) => (value instanceof Uint8Array ? "<bytes>" : value)));
  }
  return dumps.join("\n");
}
