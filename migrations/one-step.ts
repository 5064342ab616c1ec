import { type Kysely, sql } from "kysely";

/**
 * A table rebuilt in SQLite (make, copy, drop, rename) as one step: the migrator does not wrap
 * SQLite's schema changes in a transaction, and a stop between the drop and the rename would
 * leave no table. A savepoint works on the migrator's one connection, inside a transaction or not
 * (PostgreSQL's migrations run in a transaction of their own).
 */
export async function inOneStep(db: Kysely<any>, name: string, steps: () => Promise<void>): Promise<void> {
  const savepoint = sql.id(name);
  await sql`savepoint ${savepoint}`.execute(db);
  try {
    await steps();
    await sql`release ${savepoint}`.execute(db);
  } catch (error) {
    await sql`rollback to ${savepoint}`.execute(db);
    await sql`release ${savepoint}`.execute(db);
    throw error;
  }
}
