import { type Kysely, PostgresAdapter, sql } from "kysely";

// Staff can archive an inquiry: it leaves the inbox's lists without being deleted, and can be
// moved back. Every list filters on `archived` and the possible-spam mark, then pages newest
// first by keyset, so the indexes lead with both; the New and Read filters add `is_read`.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("inquiries")
    .addColumn("archived", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex("contact_submissions_spam_created_idx").ifExists().execute();
  await db.schema
    .createIndex("inquiries_list_idx")
    .ifNotExists()
    .on("inquiries")
    .columns(["archived", "possible_spam", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("inquiries_list_read_idx")
    .ifNotExists()
    .on("inquiries")
    .columns(["archived", "possible_spam", "is_read", "created_at", "id"])
    .execute();
  // See 0011: a new column has no statistics until the table is analyzed.
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`analyze inquiries`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("inquiries_list_read_idx").ifExists().execute();
  await db.schema.dropIndex("inquiries_list_idx").ifExists().execute();
  await db.schema
    .createIndex("contact_submissions_spam_created_idx")
    .ifNotExists()
    .on("inquiries")
    .columns(["possible_spam", "created_at", "id"])
    .execute();
  await db.schema.alterTable("inquiries").dropColumn("archived").execute();
}
