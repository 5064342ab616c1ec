import type { Kysely } from "kysely";

// Every admin page counts the New inquiries (the Contact Inquiries tab shows the number).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("contact_submissions_is_read_idx").ifNotExists().on("contact_submissions").column("is_read").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("contact_submissions_is_read_idx").ifExists().execute();
}
