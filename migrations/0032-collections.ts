import type { Kysely } from "kysely";

// Collections (decision 043): the services are entries staff add, order and retire. A kind has no
// rows until staff first change its list; then every built-in entry is written with it, so the
// list is read from one place from then on. Each entry's content stays a page_content row named by
// its id; these tables hold what menus and lists need without reading every entry.
export async function up(db: Kysely<any>): Promise<void> {
  // One row per kind once its list is stored: the version every change of the list moves.
  await db.schema
    .createTable("collections")
    .ifNotExists()
    .addColumn("kind", "text", (column) => column.primaryKey())
    .addColumn("version", "integer", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("collection_entries")
    .ifNotExists()
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("slug", "text", (column) => column.notNull())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("summary", "text", (column) => column.notNull())
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("on_home", "integer", (column) => column.notNull())
    .addColumn("retired_to", "text")
    .addColumn("published_at", "text")
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addColumn("updated_by", "text")
    .execute();
  await db.schema
    .createIndex("collection_entries_kind_position_idx")
    .ifNotExists()
    .on("collection_entries")
    .columns(["kind", "position"])
    .execute();
  // Every public address an entry has had: the primary key keeps two entries off one address,
  // even when two staff save at once; an earlier address answers a permanent redirect.
  await db.schema
    .createTable("entry_addresses")
    .ifNotExists()
    .addColumn("path", "text", (column) => column.primaryKey())
    .addColumn("entry_id", "text", (column) => column.notNull())
    .execute();
  // Every name a service has been offered under: the inbox lists inquiries about any of them, so
  // one sent about a service since renamed or retired keeps its place there.
  await db.schema
    .createTable("offered_subjects")
    .ifNotExists()
    .addColumn("name", "text", (column) => column.primaryKey())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("offered_subjects").ifExists().execute();
  await db.schema.dropTable("entry_addresses").ifExists().execute();
  await db.schema.dropTable("collection_entries").ifExists().execute();
  await db.schema.dropTable("collections").ifExists().execute();
}
