import type { Kysely } from "kysely";

// Staff notifications wait here until a background sender delivers them, so a slow or failing
// mail server never loses an inquiry or makes a visitor wait.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("mail_outbox")
    .ifNotExists()
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("reference_id", "text")
    .addColumn("to_address", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("body_text", "text", (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (column) => column.notNull())
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("mail_outbox_pending_idx").ifNotExists().on("mail_outbox").columns(["sent_at", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("mail_outbox").ifExists().execute();
}
