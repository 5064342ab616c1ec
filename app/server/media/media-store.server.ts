// Where the bytes of uploaded images live. The media table (names, buckets, sizes) is always in
// the database; the files go through this interface, so an object store could hold them later
// without touching the library or the routes. The default keeps them in the database: one
// backup holds the whole site, and every instance on one PostgreSQL sees the same files.
import type { Db } from "../db/db.server.ts";

export type MediaFile = { file: string; contentType: string; width: number; height: number; bytes: Uint8Array; etag: string };

export type MediaFileHead = { contentType: string; size: number; etag: string };

export interface MediaStore {
  /** Stores every file of one image. `db` may be the transaction that inserts its record. */
  save(db: Db, mediaId: string, files: ReadonlyArray<MediaFile>): Promise<void>;
  /** Type, size and ETag of one file, without its bytes (for 304 answers). */
  head(db: Db, mediaId: string, file: string): Promise<MediaFileHead | null>;
  /** One file with its bytes, ready to be a response body. */
  read(db: Db, mediaId: string, file: string): Promise<(MediaFileHead & { bytes: Uint8Array<ArrayBuffer> }) | null>;
  /** Removes every file of one image. */
  remove(db: Db, mediaId: string): Promise<void>;
  /** The size of every file of these images, without their bytes (what visitors download). */
  sizes(db: Db, mediaIds: ReadonlyArray<string>): Promise<Array<{ mediaId: string; file: string; size: number }>>;
}

/** The files as rows of media_files (BLOB on SQLite, bytea on PostgreSQL). */
export const databaseMediaStore: MediaStore = {
  async save(db, mediaId, files) {
    // One statement per file: a few MB each stays within both engines' comfortable limits.
    for (const file of files) {
      await db
        .insertInto("media_files")
        .values({
          media_id: mediaId,
          file: file.file,
          content_type: file.contentType,
          width: file.width,
          height: file.height,
          size: file.bytes.byteLength,
          etag: file.etag,
          bytes: file.bytes,
        })
        .execute();
    }
  },
  async head(db, mediaId, file) {
    const row = await db
      .selectFrom("media_files")
      .select(["content_type", "size", "etag"])
      .where("media_id", "=", mediaId)
      .where("file", "=", file)
      .executeTakeFirst();
    return row ? { contentType: row.content_type, size: Number(row.size), etag: row.etag } : null;
  },
  async read(db, mediaId, file) {
    const row = await db
      .selectFrom("media_files")
      .select(["content_type", "size", "etag", "bytes"])
      .where("media_id", "=", mediaId)
      .where("file", "=", file)
      .executeTakeFirst();
    if (!row) return null;
    // node:sqlite gives a Uint8Array, pg a Buffer: both are viewed as the same bytes, not copied.
    const bytes = new Uint8Array(row.bytes.buffer as ArrayBuffer, row.bytes.byteOffset, row.bytes.byteLength);
    return { contentType: row.content_type, size: Number(row.size), etag: row.etag, bytes };
  },
  async sizes(db, mediaIds) {
    if (mediaIds.length === 0) return [];
    const rows = await db.selectFrom("media_files").select(["media_id", "file", "size"]).where("media_id", "in", mediaIds).execute();
    return rows.map((row) => ({ mediaId: row.media_id, file: row.file, size: Number(row.size) }));
  },
  async remove(db, mediaId) {
    await db.deleteFrom("media_files").where("media_id", "=", mediaId).execute();
  },
};
