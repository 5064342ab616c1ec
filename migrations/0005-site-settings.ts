import type { Kysely } from "kysely";

// Values the whole site shares and every instance must agree on (the secret that signs forms,
// the demo account's password): created once by whichever instance needs them first.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("site_settings")
    .ifNotExists()
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("value", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("site_settings").ifExists().execute();
}
