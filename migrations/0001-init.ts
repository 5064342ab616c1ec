import type { Kysely } from "kysely";

// Frozen: never edit an applied migration; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("page_content")
    .ifNotExists()
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("page_name", "text", (column) => column.notNull().unique())
    .addColumn("content", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("contact_submissions")
    .ifNotExists()
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("phone", "text")
    .addColumn("service", "text", (column) => column.notNull())
    .addColumn("message", "text", (column) => column.notNull())
    .addColumn("payment_method", "text", (column) => column.notNull())
    .addColumn("insurance_company", "text")
    .addColumn("is_read", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("read_at", "text")
    .execute();

  await db.schema
    .createIndex("contact_submissions_created_at_idx")
    .ifNotExists()
    .on("contact_submissions")
    .columns(["created_at", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contact_submissions").ifExists().execute();
  await db.schema.dropTable("page_content").ifExists().execute();
}
