import type { Kysely } from "kysely";

// Notices (issue 44): one short text, in English and optionally Spanish, an optional link, and
// the window it shows in (ISO instants, so they sort as text on both engines). At most one shows
// at a time: the save that would make two overlap is refused (notices.server.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("notices")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("text_en", "text", (column) => column.notNull())
    .addColumn("text_es", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("link", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("link_text_en", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("link_text_es", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("starts_at", "text", (column) => column.notNull())
    .addColumn("ends_at", "text", (column) => column.notNull())
    // Counts its saves: a change or removal names the version it was shown.
    .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("updated_by", "text")
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("notices_ends_at").on("notices").column("ends_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("notices").execute();
}
