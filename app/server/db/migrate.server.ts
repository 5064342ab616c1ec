import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { migrations } from "#migrations/index.ts";

/** Brings the database to the latest schema; safe to run on every start and concurrently. */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema (Kysely's own pattern)
export async function migrateToLatest(db: Kysely<any>): Promise<Array<string>> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}
