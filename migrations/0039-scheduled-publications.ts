import { type Kysely, sql } from "kysely";

// Scheduled publishing (issue 44): a page's saved draft, in one language, published at a time
// chosen on the office's clock (stored as an ISO instant, so it sorts as text on both engines).
// A row is claimed and its draft published in one transaction, so it goes live exactly once
// whichever instance gets to it (schedule-publisher.server.ts). At most one waits per page and
// language: the partial unique index refuses a second.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("scheduled_publications")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("page_name", "text", (column) => column.notNull())
    .addColumn("lang", "text", (column) => column.notNull())
    .addColumn("publish_at", "text", (column) => column.notNull())
    // "scheduled", then "published", "cancelled" or "skipped" (nothing was left to publish).
    .addColumn("status", "text", (column) => column.notNull().defaultTo("scheduled"))
    // Counts its changes: a move or cancel names the version it was shown.
    .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("scheduled_by_id", "text")
    .addColumn("scheduled_by", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    // The page version it published, or why it did not.
    .addColumn("published_version", "integer")
    .addColumn("done_at", "text")
    .addColumn("note", "text")
    .execute();
  await sql`create unique index scheduled_publications_waiting on scheduled_publications (page_name, lang) where status = 'scheduled'`.execute(
    db,
  );
  await db.schema.createIndex("scheduled_publications_due").on("scheduled_publications").columns(["status", "publish_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("scheduled_publications").execute();
}
