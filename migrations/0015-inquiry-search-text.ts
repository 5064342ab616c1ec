import { type Kysely, PostgresAdapter, sql } from "kysely";

// The inbox's search (app/inquiries/inquiry-search.ts): one text per inquiry, its name and
// e-mail in lower case and its phone as digits, set by the app when it stores one. Here the
// stored ones get theirs (lower() folds ASCII on SQLite; the app folds the rest from now on).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("inquiries")
    .addColumn("search_text", "text", (column) => column.notNull().defaultTo(""))
    .execute();
  const digits = sql`replace(replace(replace(replace(replace(replace(coalesce(phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')`;
  await sql`update inquiries set search_text = lower(name) || ${"\n"} || lower(email) || ${"\n"} || ${digits}`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`analyze inquiries`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("inquiries").dropColumn("search_text").execute();
}
