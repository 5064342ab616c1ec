// The image files a backup holds when MEDIA_STORE=disk keeps them outside the database
// (docs/decisions/025-backups.md): a SQLite Archive, SQLite's own format for files in a database
// (the `sqlar` table: name, mode, mtime, sz, data; `sqlite3 -Ax` can unpack it by hand). Inside a
// SQLite snapshot it is one more table; beside a pg_dump it is its own file. Names are the
// media folder's paths, `<media id>/<file>`.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { inflateSync } from "node:zlib";
import { mediaFilePath } from "#app/media/disk-media-store.server.ts";
import { isNotFound, syncToDisk } from "#app/server/files.server.ts";

/** One image file kept outside the database: `<MEDIA_DIR>/<mediaId>/<file>`. */
export type MediaFileRef = { mediaId: string; file: string };

export const archiveTable = "sqlar";

/** Its name in the archive, which is also its path under the media folder. */
export function archiveName(ref: MediaFileRef): string {
  return `${ref.mediaId}/${ref.file}`;
}

/** The files a database lists without their bytes (kept by the disk store), from a SQLite file. */
export function filesOutsideSqlite(database: DatabaseSync): Array<MediaFileRef> {
  const hasTable = database.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'media_files'").get();
  if (!hasTable) return [];
  return database
    .prepare("SELECT media_id, file FROM media_files WHERE bytes IS NULL ORDER BY media_id, file")
    .all()
    .map((row) => ({ mediaId: String(row.media_id), file: String(row.file) }));
}

export function hasArchive(database: DatabaseSync): boolean {
  return database.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(archiveTable) !== undefined;
}

/**
 * Copies the listed files from the media folder into the archive (created if missing), in one
 * transaction. Returns the files that were not there: an image deleted since the snapshot, or
 * a damaged folder; the caller decides.
 */
export function archiveMediaFiles(archive: DatabaseSync, mediaDir: string, refs: ReadonlyArray<MediaFileRef>): Array<MediaFileRef> {
  const root = resolve(mediaDir);
  const missing: Array<MediaFileRef> = [];
  archive.exec(`CREATE TABLE IF NOT EXISTS ${archiveTable} (name TEXT PRIMARY KEY, mode INT, mtime INT, sz INT, data BLOB)`);
  const insert = archive.prepare(`INSERT INTO ${archiveTable} (name, mode, mtime, sz, data) VALUES (?, ?, ?, ?, ?)`);
  const mtime = Math.floor(Date.now() / 1000);
  archive.exec("BEGIN");
  try {
    for (const ref of refs) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(mediaFilePath(root, ref.mediaId, ref.file));
      } catch (error) {
        if (isNotFound(error)) {
          missing.push(ref);
          continue;
        }
        throw error;
      }
      // Stored as is (sz = its length): images are compressed already.
      insert.run(archiveName(ref), 0o100644, mtime, bytes.byteLength, bytes);
    }
    archive.exec("COMMIT");
  } catch (error) {
    archive.exec("ROLLBACK");
    throw error;
  }
  return missing;
}

/** The listed files the archive does not hold. */
export function missingFromArchive(archive: DatabaseSync, refs: ReadonlyArray<MediaFileRef>): Array<MediaFileRef> {
  const held = new Set(
    archive
      .prepare(`SELECT name FROM ${archiveTable}`)
      .all()
      .map((row) => String(row.name)),
  );
  return refs.filter((ref) => !held.has(archiveName(ref)));
}

/** Whether a media folder is absent or empty: the only kind a restore writes into. */
export function isEmptyFolder(folder: string): boolean {
  return !existsSync(folder) || readdirSync(folder).length === 0;
}

/**
 * Writes the listed files from the archive into the media folder, each flushed to disk. On a
 * failure what it wrote is removed again; the caller removes it too if a later step fails.
 * Returns the image folders it made.
 */
export function extractMediaFiles(archive: DatabaseSync, mediaDir: string, refs: ReadonlyArray<MediaFileRef>): Array<string> {
  const root = resolve(mediaDir);
  const read = archive.prepare(`SELECT sz, data FROM ${archiveTable} WHERE name = ?`);
  const made = new Set<string>();
  try {
    for (const ref of refs) {
      const path = mediaFilePath(root, ref.mediaId, ref.file);
      const row = read.get(archiveName(ref));
      if (!row || !(row.data instanceof Uint8Array)) throw new Error(`${archiveName(ref)} is not in the archive`);
      // SQLite Archives compress an entry (zlib) only when that made it smaller than sz.
      const bytes = row.data.byteLength === Number(row.sz) ? row.data : inflateSync(row.data);
      mkdirSync(dirname(path), { recursive: true });
      made.add(dirname(path));
      writeWholeFile(path, bytes);
    }
    for (const folder of [...made, root]) syncToDisk(folder);
    return [...made];
  } catch (error) {
    removeFolders([...made]);
    throw error;
  }
}

export function removeFolders(folders: ReadonlyArray<string>): void {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}

function writeWholeFile(path: string, bytes: Uint8Array): void {
  const descriptor = openSync(path, "wx");
  try {
    for (let written = 0; written < bytes.byteLength; ) written += writeSync(descriptor, bytes, written);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}
