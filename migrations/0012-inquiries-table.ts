import type { Kysely } from "kysely";

// One word for a visitor's message everywhere: the table is `inquiries`, as the modules, the
// admin tab and the API path (/api/inquiries) say. Its indexes keep their names.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("contact_submissions").renameTo("inquiries").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("inquiries").renameTo("contact_submissions").execute();
}
