import type { Kysely } from "kysely";

// Fixed-window counters (contact form, login throttling), in the database so that several
// instances on one PostgreSQL count together.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_limit_counters")
    .ifNotExists()
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("count", "integer", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("rate_limit_counters_expires_at_idx").ifNotExists().on("rate_limit_counters").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limit_counters").ifExists().execute();
}
