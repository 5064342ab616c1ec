import { type Kysely, sql } from "kysely";

// Content becomes a versioned document store:
// - page_content.version counts the saves of a page; a save names the version it was based on,
//   so an edit made over someone else's newer save is refused instead of overwriting it;
// - page_revisions keeps every saved version with who saved it and when;
// - site_state.content_version is bumped by every content or media change, in the same
//   transaction, so each instance knows when to drop its cached pages without trusting clocks.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("page_content")
    .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable("page_revisions")
    .ifNotExists()
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("page_name", "text", (column) => column.notNull())
    .addColumn("version", "integer", (column) => column.notNull())
    .addColumn("content", "text", (column) => column.notNull())
    // No foreign key: a removed account's revisions keep its e-mail, as the audit log does.
    .addColumn("admin_id", "text")
    .addColumn("admin_email", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addUniqueConstraint("page_revisions_page_version_unique", ["page_name", "version"])
    .execute();
  // Rows saved before versioning become revision 1 of their page, so history starts complete.
  await sql`
    INSERT INTO page_revisions (id, page_name, version, content, admin_id, admin_email, created_at)
    SELECT id, page_name, version, content, NULL, NULL, updated_at FROM page_content
  `.execute(db);
  await db.schema
    .createTable("site_state")
    .ifNotExists()
    .addColumn("id", "integer", (column) => column.primaryKey())
    .addColumn("content_version", "integer", (column) => column.notNull())
    .execute();
  await db.insertInto("site_state").values({ id: 1, content_version: 1 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("site_state").ifExists().execute();
  await db.schema.dropTable("page_revisions").ifExists().execute();
  await db.schema.alterTable("page_content").dropColumn("version").execute();
}
