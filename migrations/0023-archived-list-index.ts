import { type Kysely, PostgresAdapter, sql } from "kysely";

// The Archived list holds archived inquiries whether or not they were kept as possible spam, so
// it filters on `archived` alone, newest first; 0014's list indexes lead with `archived,
// possible_spam` and cannot give that order. Without these, SQLite sorted every archived inquiry
// for each page and, with New or Read chosen, read every unread or read inquiry of the table
// through the old `is_read` index (33 ms at 100,000 unread); PostgreSQL sorted every archived one.
// That `is_read` index (0008) served only the New count, which inquiries_count_idx (0021) now
// answers: nothing else filters on `is_read` without `archived` before it, so it goes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("inquiries_archived_idx").ifNotExists().on("inquiries").columns(["archived", "created_at", "id"]).execute();
  await db.schema
    .createIndex("inquiries_archived_read_idx")
    .ifNotExists()
    .on("inquiries")
    .columns(["archived", "is_read", "created_at", "id"])
    .execute();
  await db.schema.dropIndex("contact_submissions_is_read_idx").ifExists().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`analyze inquiries`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("contact_submissions_is_read_idx").ifNotExists().on("inquiries").column("is_read").execute();
  await db.schema.dropIndex("inquiries_archived_read_idx").ifExists().execute();
  await db.schema.dropIndex("inquiries_archived_idx").ifExists().execute();
}
