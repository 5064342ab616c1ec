import { type Kysely, PostgresAdapter, sql } from "kysely";

// The media library: one row per uploaded image in `media`, and every stored file of it (the
// cleaned original and its variants) in `media_files` with its bytes. Bytes are BLOB on SQLite
// and bytea on PostgreSQL; both drivers take and return them as Uint8Array (pg: Buffer).
export async function up(db: Kysely<any>): Promise<void> {
  const bytesType = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable("media")
    .ifNotExists()
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("bucket", "text", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("path", "text", (column) => column.notNull().unique())
    .addColumn("content_type", "text", (column) => column.notNull())
    .addColumn("size", "integer", (column) => column.notNull())
    .addColumn("width", "integer", (column) => column.notNull())
    .addColumn("height", "integer", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("media_bucket_updated").ifNotExists().on("media").columns(["bucket", "updated_at"]).execute();
  await db.schema
    .createTable("media_files")
    .ifNotExists()
    .addColumn("media_id", "text", (column) => column.notNull().references("media.id").onDelete("cascade"))
    .addColumn("file", "text", (column) => column.notNull())
    .addColumn("content_type", "text", (column) => column.notNull())
    .addColumn("width", "integer", (column) => column.notNull())
    .addColumn("height", "integer", (column) => column.notNull())
    .addColumn("size", "integer", (column) => column.notNull())
    .addColumn("etag", "text", (column) => column.notNull())
    .addColumn("bytes", bytesType, (column) => column.notNull())
    .addPrimaryKeyConstraint("media_files_pk", ["media_id", "file"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("media_files").ifExists().execute();
  await db.schema.dropTable("media").ifExists().execute();
}
