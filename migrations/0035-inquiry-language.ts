import type { Kysely } from "kysely";

// An inquiry keeps the language of the page it was sent from (decision 047), so staff answer in
// it. Every inquiry stored before came from the English site.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("inquiries")
    .addColumn("language", "text", (column) => column.notNull().defaultTo("en"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("inquiries").dropColumn("language").execute();
}
