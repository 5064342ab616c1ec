import { type Kysely, PostgresAdapter, sql } from "kysely";

// With MEDIA_STORE=disk an image's files are on disk and their rows in media_files keep only the
// metadata (type, size, ETag), so `bytes` may be null. Rows stored before keep their bytes.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema
      .alterTable("media_files")
      .alterColumn("bytes", (column) => column.dropNotNull())
      .execute();
    return;
  }
  await remakeSqliteMediaFiles(db, { bytesRequired: false });
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema
      .alterTable("media_files")
      .alterColumn("bytes", (column) => column.setNotNull())
      .execute();
    return;
  }
  await remakeSqliteMediaFiles(db, { bytesRequired: true });
}

/**
 * SQLite cannot change a column's NOT NULL: the table is made again with the same columns, key,
 * reference and rows, in one transaction, so a stop half-way leaves the old table as it was.
 * Nothing references media_files, so no other table needs remaking.
 */
async function remakeSqliteMediaFiles(db: Kysely<any>, { bytesRequired }: { bytesRequired: boolean }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.schema.dropTable("media_files_remade").ifExists().execute();
    await trx.schema
      .createTable("media_files_remade")
      .addColumn("media_id", "text", (column) => column.notNull().references("media.id").onDelete("cascade"))
      .addColumn("file", "text", (column) => column.notNull())
      .addColumn("content_type", "text", (column) => column.notNull())
      .addColumn("width", "integer", (column) => column.notNull())
      .addColumn("height", "integer", (column) => column.notNull())
      .addColumn("size", "integer", (column) => column.notNull())
      .addColumn("etag", "text", (column) => column.notNull())
      .addColumn("bytes", "blob", (column) => (bytesRequired ? column.notNull() : column))
      .addPrimaryKeyConstraint("media_files_pk", ["media_id", "file"])
      .execute();
    await sql`
      insert into media_files_remade (media_id, file, content_type, width, height, size, etag, bytes)
      select media_id, file, content_type, width, height, size, etag, bytes from media_files
    `.execute(trx);
    await trx.schema.dropTable("media_files").execute();
    await trx.schema.alterTable("media_files_remade").renameTo("media_files").execute();
  });
}
