import type { Kysely } from "kysely";

// "Replace" swaps an image's file everywhere it is used: the new upload gets its own row, and the
// old one stays as a pointer to it (its files are removed), so every page that names the old id
// shows the new picture without its content being rewritten. Null for an image in use as itself.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("media").addColumn("replaced_by", "text").execute();
  await db.schema.createIndex("media_replaced_by").on("media").column("replaced_by").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("media_replaced_by").execute();
  await db.schema.alterTable("media").dropColumn("replaced_by").execute();
}
