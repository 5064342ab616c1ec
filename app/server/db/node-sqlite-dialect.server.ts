import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { setImmediate } from "node:timers/promises";
import {
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteDatabase,
  type SqliteStatement,
} from "kysely";

// Kysely's SqliteDialect is written against better-sqlite3's API (array parameters and a
// `reader` flag). This adapter gives Node's built-in `node:sqlite` that shape, so the
// embedded database needs no native addon.
function toSqlValue(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string" || typeof value === "number" || typeof value === "bigint" || value instanceof Uint8Array) {
    return value;
  }
  throw new TypeError(`Cannot bind a value of type ${typeof value} to SQLite`);
}

function adaptDatabase(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql): SqliteStatement {
      const statement = database.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...parameters.map(toSqlValue)),
        run: (parameters) => statement.run(...parameters.map(toSqlValue)),
        iterate: (parameters) => statement.iterate(...parameters.map(toSqlValue)),
      };
    },
  };
}

/**
 * `node:sqlite` answers synchronously, so a page's queries, one after another, would hold the
 * event loop from the first to the last: a visitor's request that arrives meanwhile waits for all
 * of them (issue 22: staff reloading the inbox moved the public `GET /` median by more than 1 ms).
 * Each query, or transaction, first lets the event loop answer what has arrived. A transaction's
 * statements still run back to back: nothing comes between them.
 */
class YieldingSqliteDriver extends SqliteDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    await setImmediate();
    return super.acquireConnection();
  }
}

class NodeSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new YieldingSqliteDriver(this.#config);
  }
}

/** How long a statement waits for another process's lock (a CLI script, a backup) before failing. */
export const busyTimeoutMs = 5000;

/** Opens (creating if needed) a SQLite file, or ":memory:", as a Kysely dialect. */
export function createNodeSqliteDialect(file: string): SqliteDialect {
  return new NodeSqliteDialect({
    database: () => {
      const database = new DatabaseSync(file);
      // WAL lets readers go on while one writer writes; the busy timeout makes a second
      // process (a CLI script beside the server) wait instead of failing.
      database.exec("PRAGMA journal_mode = WAL");
      database.exec("PRAGMA synchronous = NORMAL");
      database.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
      database.exec("PRAGMA foreign_keys = ON");
      // What is deleted or rewritten is overwritten with zeros, not left in free space: an erased
      // person's sealed inquiry stays unreadable to someone holding a copy of the file and its key.
      database.exec("PRAGMA secure_delete = ON");
      return Promise.resolve(adaptDatabase(database));
    },
  });
}
