// Where the bytes of uploaded images live. The media table (names, buckets, sizes) is always in
// the database, and so is every file's row in media_files (type, size, ETag), so listings, 304
// answers and sizes are one query whatever the store. The bytes go through this interface: in
// the rows (the default: one backup holds the whole site, and every instance on one PostgreSQL
// sees the same files), as files on disk (disk-media-store.server.ts), or later an object store.
// configured-media-store.server.ts chooses one from MEDIA_STORE.
import type { Db } from "#app/server/db/db.server.ts";

export type MediaFile = { file: string; contentType: string; width: number; height: number; bytes: Uint8Array; etag: string };

export type MediaFileHead = { contentType: string; size: number; etag: string };

export type StoredMediaFile = MediaFileHead & { bytes: Uint8Array<ArrayBuffer> };

export interface MediaStore {
  /**
   * Stores every file of one image. `db` is the transaction that inserts its record: when it
   * rolls back, nothing of the image may be served (sweep then frees what was kept elsewhere).
   */
  save(db: Db, mediaId: string, files: ReadonlyArray<MediaFile>): Promise<void>;
  /** Type, size and ETag of one file, without its bytes (for 304 answers). */
  head(db: Db, mediaId: string, file: string): Promise<MediaFileHead | null>;
  /**
   * One file with its bytes, ready to be a response body. `head` is what head() just answered
   * for it, when the caller has it: a store that keeps the bytes elsewhere then reads them
   * without a second lookup of the row.
   */
  read(db: Db, mediaId: string, file: string, head?: MediaFileHead): Promise<StoredMediaFile | null>;
  /**
   * Removes every file of one image from what is served, in the transaction that deletes its
   * record; bytes kept outside the database stay until sweep, so a rollback loses nothing.
   */
  remove(db: Db, mediaId: string): Promise<void>;
  /** The size of every file of these images, without their bytes (what visitors download). */
  sizes(db: Db, mediaIds: ReadonlyArray<string>): Promise<Array<{ mediaId: string; file: string; size: number }>>;
  /**
   * Called once the transaction that saved or removed these images' files has ended, committed
   * or not: frees whatever is kept outside the database for those no row lists any more. Never
   * throws (a failure is logged; what it left is swept later).
   */
  sweep(db: Db, mediaIds: ReadonlyArray<string>): Promise<void>;
}

/** The rows of one image's files; `withBytes` false leaves `bytes` null (the bytes are elsewhere). */
export async function insertMediaFileRows(
  db: Db,
  mediaId: string,
  files: ReadonlyArray<MediaFile>,
  { withBytes }: { withBytes: boolean },
): Promise<void> {
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
        bytes: withBytes ? file.bytes : null,
      })
      .execute();
  }
}

export async function mediaFileHead(db: Db, mediaId: string, file: string): Promise<MediaFileHead | null> {
  const row = await db
    .selectFrom("media_files")
    .select(["content_type", "size", "etag"])
    .where("media_id", "=", mediaId)
    .where("file", "=", file)
    .executeTakeFirst();
  return row ? { contentType: row.content_type, size: Number(row.size), etag: row.etag } : null;
}

/** One file's row with its bytes when the row holds them (null bytes: they are kept elsewhere). */
export async function mediaFileRow(db: Db, mediaId: string, file: string): Promise<(MediaFileHead & { bytes: Uint8Array | null }) | null> {
  const row = await db
    .selectFrom("media_files")
    .select(["content_type", "size", "etag", "bytes"])
    .where("media_id", "=", mediaId)
    .where("file", "=", file)
    .executeTakeFirst();
  return row ? { contentType: row.content_type, size: Number(row.size), etag: row.etag, bytes: row.bytes } : null;
}

/** Bytes read from a row as a response body: node:sqlite gives a Uint8Array, pg a Buffer; viewed, not copied. */
export function bodyOfRowBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}

export async function mediaFileSizes(
  db: Db,
  mediaIds: ReadonlyArray<string>,
): Promise<Array<{ mediaId: string; file: string; size: number }>> {
  if (mediaIds.length === 0) return [];
  const rows = await db.selectFrom("media_files").select(["media_id", "file", "size"]).where("media_id", "in", mediaIds).execute();
  return rows.map((row) => ({ mediaId: row.media_id, file: row.file, size: Number(row.size) }));
}

export async function deleteMediaFileRows(db: Db, mediaId: string): Promise<void> {
  await db.deleteFrom("media_files").where("media_id", "=", mediaId).execute();
}

/** Which of these images have rows in media_files (the others' files are not served). */
export async function mediaIdsWithFiles(db: Db, mediaIds: ReadonlyArray<string>): Promise<Set<string>> {
  const listed = new Set<string>();
  // In slices, so a sweep of a large folder stays within every engine's limit on parameters.
  for (let start = 0; start < mediaIds.length; start += 500) {
    const rows = await db
      .selectFrom("media_files")
      .select("media_id")
      .distinct()
      .where("media_id", "in", mediaIds.slice(start, start + 500))
      .execute();
    for (const row of rows) listed.add(row.media_id);
  }
  return listed;
}

/** The files as rows of media_files (BLOB on SQLite, bytea on PostgreSQL). */
export const databaseMediaStore: MediaStore = {
  save: (db, mediaId, files) => insertMediaFileRows(db, mediaId, files, { withBytes: true }),
  head: mediaFileHead,
  async read(db, mediaId, file) {
    const row = await mediaFileRow(db, mediaId, file);
    // A row without bytes was stored with MEDIA_STORE=disk: its file is not in the database.
    if (!row?.bytes) return null;
    return { contentType: row.contentType, size: row.size, etag: row.etag, bytes: bodyOfRowBytes(row.bytes) };
  },
  sizes: mediaFileSizes,
  remove: deleteMediaFileRows,
  // The bytes went with their rows, in the same transaction.
  sweep: async () => {},
};
