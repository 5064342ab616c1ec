import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from "kysely";

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

/** Opens (creating if needed) a SQLite file, or ":memory:", as a Kysely dialect. */
export function createNodeSqliteDialect(file: string): SqliteDialect {
  return new SqliteDialect({
    database: () => {
      const database = new DatabaseSync(file);
      // WAL lets readers go on while one writer writes; the busy timeout makes a second
      // process (a CLI script beside the server) wait instead of failing.
      database.exec("PRAGMA journal_mode = WAL");
      database.exec("PRAGMA synchronous = NORMAL");
      database.exec("PRAGMA busy_timeout = 5000");
      database.exec("PRAGMA foreign_keys = ON");
      return Promise.resolve(adaptDatabase(database));
    },
  });
}
