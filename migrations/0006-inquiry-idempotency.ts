import type { Kysely } from "kysely";

// Each rendering of the contact form has a random key; an inquiry stores it, and the unique
// index lets a resent submission (after a cut connection, a reload) be stored only once.
// Rows from before, and inquiries made without a form, have none (NULLs never collide).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("contact_submissions").addColumn("idempotency_key", "text").execute();
  await db.schema
    .createIndex("contact_submissions_idempotency_key_idx")
    .ifNotExists()
    .unique()
    .on("contact_submissions")
    .column("idempotency_key")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("contact_submissions_idempotency_key_idx").ifExists().execute();
  await db.schema.alterTable("contact_submissions").dropColumn("idempotency_key").execute();
}
