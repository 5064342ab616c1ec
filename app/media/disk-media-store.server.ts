// MEDIA_STORE=disk: uploaded images' bytes as files, `<MEDIA_DIR>/<media id>/<file>`. Each file's
// row in media_files stays (with no bytes), so listings, 304 answers and sizes are the same one
// query as with the database store; only `read` opens a file.
//
// The files and the rows never disagree in a way a visitor sees:
// - save writes each file under a temporary name, flushes it and renames it (a reader never sees
//   half a file), all before the rows are inserted: a committed row always has its file.
// - remove deletes the rows only, in the caller's transaction; the files go in sweep, which runs
//   once that transaction has ended and deletes the files of images no row lists: a rolled-back
//   delete keeps them, a rolled-back upload's go.
// - what a crash leaves in between (an upload never committed, a delete whose sweep never ran) is
//   found by a sweep of the whole folder: at most once an hour, from the first sweep after start,
//   of image folders untouched for an hour (so never one whose upload is still under way).
import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { mediaIdSize } from "#app/media/media.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { isNotFound, syncToDiskAsync } from "#app/server/files.server.ts";
import { log } from "#app/server/log.server.ts";
import {
  bodyOfRowBytes,
  deleteMediaFileRows,
  insertMediaFileRows,
  type MediaStore,
  mediaFileHead,
  mediaFileRow,
  mediaFileSizes,
  mediaIdsWithFiles,
} from "./media-store.server.ts";

/** A path built from a media id or file name would leave MEDIA_DIR (or name a hidden file). */
export class MediaPathRefused extends Error {
  override name = "MediaPathRefused";
}

// Ids and names are checked where they come in; this is the store's own check. A leading letter
// or digit rules out ".", ".." and the temporary files' names (".<file>.<random>.tmp").
const pathSegment = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** `<root>/<segments...>`, or null when a segment could name anything outside root. */
function pathInside(root: string, segments: ReadonlyArray<string>): string | null {
  if (!segments.every((segment) => pathSegment.test(segment))) return null;
  const path = resolve(root, ...segments);
  return path.startsWith(root + sep) ? path : null;
}

/** The file of one image under `root` (absolute); throws MediaPathRefused for an id or name that would leave it. */
export function mediaFilePath(root: string, mediaId: string, file?: string): string {
  const path = pathInside(root, file === undefined ? [mediaId] : [mediaId, file]);
  if (path === null) throw new MediaPathRefused(`Refused a media path outside the media folder: ${JSON.stringify([mediaId, file])}`);
  return path;
}

/**
 * Writes `bytes` to `path` (the file `name` in `folder`) whole or not at all: a temporary file
 * beside it, flushed, then renamed over it.
 */
async function writeWhole(folder: string, name: string, path: string, bytes: Uint8Array): Promise<void> {
  const temporary = join(folder, `.${name}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temporary, "wx");
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export type DiskMediaStoreOptions = {
  /** How old (by its folder's time) an unlisted image's files must be before the folder sweep deletes them. */
  orphanAgeMs?: number;
  /** How often, at most, the whole folder is swept. */
  folderSweepEveryMs?: number;
};

const hourMs = 60 * 60 * 1000;

/** A MediaStore keeping the bytes as files under `folder` (created when first needed). */
export function diskMediaStore(folder: string, options: DiskMediaStoreOptions = {}): MediaStore {
  const root = resolve(folder);
  const orphanAgeMs = options.orphanAgeMs ?? hourMs;
  const folderSweepEveryMs = options.folderSweepEveryMs ?? hourMs;
  let lastFolderSweep = Number.NEGATIVE_INFINITY;

  async function removeUnlisted(db: Db, mediaIds: ReadonlyArray<string>): Promise<void> {
    const listed = await mediaIdsWithFiles(db, mediaIds);
    for (const mediaId of mediaIds) {
      if (!listed.has(mediaId)) await rm(mediaFilePath(root, mediaId), { recursive: true, force: true });
    }
  }

  /** The image folders under root that no upload under way could still be writing. */
  async function settledImageFolders(): Promise<Array<string>> {
    let entries: Array<{ name: string; isDirectory(): boolean }>;
    try {
      entries = await readdir(root, { withFileTypes: true });
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    const settled: Array<string> = [];
    const before = Date.now() - orphanAgeMs;
    // Only folders named like a media id: MEDIA_DIR may be shared with other things.
    for (const entry of entries) {
      if (!entry.isDirectory() || mediaIdSize(entry.name) === null) continue;
      // A folder another sweep removed meanwhile is simply not there any more.
      const stats = await stat(join(root, entry.name)).catch((error: unknown) => (isNotFound(error) ? null : Promise.reject(error)));
      if (stats && stats.mtimeMs < before) settled.push(entry.name);
    }
    return settled;
  }

  return {
    async save(db, mediaId, files) {
      // Every path is checked before anything is written.
      const imageFolder = mediaFilePath(root, mediaId);
      const writes = files.map((file) => ({ name: file.file, path: mediaFilePath(root, mediaId, file.file), bytes: file.bytes }));
      await mkdir(imageFolder, { recursive: true });
      for (const { name, path, bytes } of writes) await writeWhole(imageFolder, name, path, bytes);
      // The folders' new entries too, so a committed row never outlives its file in a power cut.
      await syncToDiskAsync(imageFolder);
      await syncToDiskAsync(root);
      await insertMediaFileRows(db, mediaId, files, { withBytes: false });
    },
    head: mediaFileHead,
    async read(db, mediaId, file, head) {
      const path = pathInside(root, [mediaId, file]);
      if (path === null) return null;
      if (head) {
        const bytes = await readFile(path).catch((error: unknown) => (isNotFound(error) ? null : Promise.reject(error)));
        if (bytes) return { ...head, size: bytes.byteLength, bytes };
        // No file: its bytes may be in its row (below), or it was deleted since head() read it.
      }
      const row = await mediaFileRow(db, mediaId, file);
      if (!row) return null;
      // Stored in the database before MEDIA_STORE was disk: served from there.
      if (row.bytes) return { contentType: row.contentType, size: row.size, etag: row.etag, bytes: bodyOfRowBytes(row.bytes) };
      try {
        const bytes = await readFile(path);
        return { contentType: row.contentType, size: bytes.byteLength, etag: row.etag, bytes };
      } catch (error) {
        // Deleted between the row's read and the file's: as if the row had gone first.
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    sizes: mediaFileSizes,
    remove: deleteMediaFileRows,
    async sweep(db, mediaIds) {
      try {
        await removeUnlisted(db, mediaIds);
        if (Date.now() - lastFolderSweep >= folderSweepEveryMs) {
          lastFolderSweep = Date.now();
          await removeUnlisted(db, await settledImageFolders());
        }
      } catch (error) {
        log.error("Error sweeping media files", error);
      }
    },
  };
}
