// The process's database between the tests that bring their own (testOnEachEngine): one that
// refuses every query. A test that forgot its database fails saying so, instead of opening the
// checkout's data/site.db (the configured default) or a test database already dropped.
import { type DatabaseConnection, DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from "kysely";
import type { Db } from "#app/server/db/db.server.ts";
import type { Database } from "#app/server/db/schema.server.ts";

const refusal = "This test has no database: run it with testOnEachEngine (tests/setup/test-database.ts), which gives it one of its own.";

// The connection refuses, not the driver: Kysely gives a connection back (and its lock) only
// once it was had.
class NoDatabaseDriver extends DummyDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    return {
      executeQuery: () => Promise.reject(new Error(refusal)),
      streamQuery: () => {
        throw new Error(refusal);
      },
    };
  }
}

export const noDatabase: Db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new NoDatabaseDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
