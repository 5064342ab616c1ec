import type { Kysely } from "kysely";

// Each move of site_state.content_version also says what it changed (the content keys of
// app/content/content-keys.server.ts, as a JSON list), so every instance drops only the cached
// pages that read one of them, instead of all of them. Only recent moves are kept: an instance
// that finds one missing (too far behind, or a move written without keys) drops every page.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("content_changes")
    .ifNotExists()
    .addColumn("version", "integer", (column) => column.primaryKey())
    .addColumn("keys", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("content_changes").ifExists().execute();
}
