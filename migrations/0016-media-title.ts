import type { Kysely } from "kysely";

// An uploaded image keeps the name its file had on the uploader's device ("IMG_2041.JPG") as its
// title, which staff may change; the stored name stays random (spec call 9). Images stored before
// have none: the Images tab shows their stored name.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("media")
    .addColumn("title", "text", (column) => column.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("media").dropColumn("title").execute();
}
