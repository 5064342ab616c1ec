import { type Kysely, PostgresAdapter, sql } from "kysely";

// A contact message that looks like a bot's (sent faster than a person types, or without the form's
// token) is kept, marked as possible spam with the reason, instead of being dropped: a person who
// was quick must never lose their only message (docs/decisions/002). The inbox lists the two kinds
// apart, each newest first by keyset paging, so the index leads with the mark.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("contact_submissions")
    .addColumn("possible_spam", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("contact_submissions").addColumn("spam_reason", "text").execute();
  await db.schema
    .createIndex("contact_submissions_spam_created_idx")
    .ifNotExists()
    .on("contact_submissions")
    .columns(["possible_spam", "created_at", "id"])
    .execute();
  // A new column has no statistics until autovacuum next analyzes the table, which a quiet table
  // may not need for months; without them PostgreSQL's planner misjudges the inbox's filter.
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`analyze contact_submissions`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("contact_submissions_spam_created_idx").ifExists().execute();
  await db.schema.alterTable("contact_submissions").dropColumn("spam_reason").execute();
  await db.schema.alterTable("contact_submissions").dropColumn("possible_spam").execute();
}
