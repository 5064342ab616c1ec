import type { Kysely } from "kysely";

// The inbox's search and privacy requests look an inquiry up by keyed hashes of its words
// (app/inquiries/inquiry-sealing.server.ts), one row each, found through this table's key instead
// of a LIKE over every inquiry. The search column of migration 0015 goes: it held names, e-mails
// and phones in clear. The server makes every inquiry's tokens when it starts (sealStoredInquiries).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("inquiry_search_tokens")
    .addColumn("token", "text", (column) => column.notNull())
    .addColumn("inquiry_id", "text", (column) => column.notNull().references("inquiries.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("inquiry_search_tokens_pkey", ["token", "inquiry_id"])
    .execute();
  await db.schema.createIndex("inquiry_search_tokens_inquiry_idx").on("inquiry_search_tokens").column("inquiry_id").execute();
  await db.schema.alterTable("inquiries").dropColumn("search_text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("inquiries")
    .addColumn("search_text", "text", (column) => column.notNull().defaultTo(""))
    .execute();
  await db.schema.dropTable("inquiry_search_tokens").execute();
}
