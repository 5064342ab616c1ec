import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, PostgresAdapter, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { getConfig, type Config } from "../config.server.ts";
import { log } from "../log.server.ts";
import { migrateToLatest } from "./migrate.server.ts";
import { busyTimeoutMs, createNodeSqliteDialect } from "./node-sqlite-dialect.server.ts";
import type { Database } from "./schema.server.ts";

export type Db = Kysely<Database>;

/** Opens a database from its configuration (the SQLite folder is created if missing). */
export function createDb(database: Config["database"]): Db {
  if (database.dialect === "postgres") {
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: postgresPool(database.url) }) });
  }
  if (database.file !== ":memory:") mkdirSync(dirname(database.file), { recursive: true });
  return new Kysely<Database>({ dialect: createNodeSqliteDialect(database.file) });
}

/**
 * PostgreSQL ends every connection when it restarts (or an administrator ends them). An 'error'
 * event nobody listens to would end the process, so both kinds are heard: the pool drops an idle
 * connection, and one in use fails its next query (that request's error), then is dropped when
 * given back. The queries after it get new connections.
 */
function postgresPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on("connect", (client) => client.on("error", (error) => log.warn("A database connection ended", { reason: error.message })));
  pool.on("error", () => {}); // an idle connection's: said by its own listener above
  return pool;
}

let instance: Db | undefined;
let ready: Promise<Db> | undefined;

/** The process's one database, migrated before first use. */
export function getDb(): Promise<Db> {
  ready ??= (async () => {
    instance = createDb(getConfig().database);
    await migrateToLatest(instance);
    return instance;
  })();
  return ready;
}

/** Points the process at an already migrated database (integration tests use their own). */
export function replaceDatabase(db: Db): void {
  instance = db;
  ready = Promise.resolve(db);
}

export async function closeDb(): Promise<void> {
  const db = instance;
  instance = undefined;
  ready = undefined;
  await db?.destroy();
}

/**
 * After a delete that must leave nothing readable (an erase, the retention): SQLite overwrites the
 * deleted rows in its file (secure_delete), but its write-ahead log keeps the pages as they were
 * until it is emptied, which this does when no other process is reading. PostgreSQL keeps dead
 * rows until vacuumed; they are sealed, and its key is never stored in the database.
 */
export async function emptyWriteAheadLog(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  // Without waiting: node:sqlite is synchronous, so a wait for another process's reader (a
  // backup under way) would hold every request up to the busy timeout. Then the log is emptied
  // by the next erase, retention run or start instead.
  await db.connection().execute(async (connection) => {
    await sql`pragma busy_timeout = 0`.execute(connection);
    try {
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(connection);
    } finally {
      await sql.raw(`pragma busy_timeout = ${busyTimeoutMs}`).execute(connection);
    }
  });
}
