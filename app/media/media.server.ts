// The media library (spec sections 3 and 7, calls 8-10): upload into a bucket, list a bucket,
// delete by id. Records are rows of `media`; bytes go through a MediaStore.
import { randomBytes } from "node:crypto";
import pLimit from "p-limit";
import { isUploadBucket, mediaFileUrl, newMediaId, titleFromFileName, type UploadBucket } from "#app/media/media.ts";
import { recordAudit } from "#app/server/audit.server.ts";
import { changeContent } from "#app/content/content-version.server.ts";
import { mediaKey } from "#app/content/content-keys.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { mediaStore } from "./configured-media-store.server.ts";
import type { MediaStore } from "./media-store.server.ts";
import { imageThread } from "./image-thread-client.server.ts";
import { rejection } from "./image-rejection.ts";
import type { ImageInput } from "./process-image.server.ts";
import { staffIdPattern } from "#app/pages/about.ts";

/** Spec section 3, Image record (isLocal false), with what pages need to show it. */
export type MediaItem = {
  id: string;
  name: string;
  /** What staff call it (mediaTitleSchema): the uploaded file's own name, unless renamed; "" for older uploads. */
  title: string;
  /** What it shows, in words, as described in the library before descriptions moved to their places; "" when not. */
  alt: string;
  /** Public address of the stored master (decision 027; the whole cleaned original with MEDIA_KEEP_ORIGINALS). */
  url: string;
  bucket: string;
  path: string;
  /** Bytes of the stored master (or original). */
  size: number;
  lastModified: string;
  contentType: string;
  width: number;
  height: number;
};

/** Who acts: an admin (with the session the request came with), or null for the CLI and scripts. */
type Admin = { id: string; email: string; sessionId?: string } | null;

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random string of letters and digits (no separators, so names and ids stay one token). */
export function randomToken(length = 16): string {
  const bytes = randomBytes(length);
  let token = "";
  // 62 does not divide 256: the slight bias towards the first letters is irrelevant for names.
  for (const byte of bytes) token += alphabet[byte % alphabet.length];
  return token;
}

/**
 * Spec call 9: a random string plus the original extension; a staff photo's name starts with
 * `staff-{staff id}`.
 */
export function uploadName(extension: string, staffId?: string): string {
  const random = randomToken();
  if (staffId === undefined) return `${random}.${extension}`;
  if (!staffIdPattern.test(staffId)) throw new Error("A staff id has letters, digits, - and _ only.");
  return `staff-${staffId}-${random}.${extension}`;
}

function toItem(row: {
  id: string;
  name: string;
  title: string;
  alt: string;
  bucket: string;
  path: string;
  size: number;
  updated_at: string;
  content_type: string;
  width: number;
  height: number;
}): MediaItem {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    alt: row.alt,
    url: mediaFileUrl(row.id, row.name),
    bucket: row.bucket,
    path: row.path,
    size: Number(row.size),
    lastModified: row.updated_at,
    contentType: row.content_type,
    width: Number(row.width),
    height: Number(row.height),
  };
}

// Decoding a 12-megapixel photo and encoding its variants takes a few hundred MB at peak: one
// upload at a time per instance keeps memory bounded. Two more may wait their turn (their files
// wait on disk, not in memory); more are refused at once with "busy" (review F9).
const processing = pLimit(1);
const maxWaitingUploads = 2;

/** How many uploads are being processed now (0 or 1 per instance). */
export function uploadsProcessing(): number {
  return processing.activeCount;
}

/** Whether an upload now would be refused as busy (checked before its body is read, and again when it is). */
export function uploadsAreBusy(): boolean {
  return processing.activeCount + processing.pendingCount >= processing.concurrency + maxWaitingUploads;
}

export class UploaderSignedOut extends Error {
  override name = "UploaderSignedOut";
}

export type UploadInput = {
  bucket: UploadBucket;
  /** The name the file had on the uploader's device (only its extension is kept). */
  fileName: string;
  admin: Admin;
  /** Set for a staff photo (stored in hero-images as `staff-{id}-...`). */
  staffId?: string;
  /** The image this one replaces everywhere it is used ("Replace"): stored in its category. */
  replaces?: string;
} & ({ bytes: Uint8Array } | { path: string });

/** The image to replace is gone (deleted, or replaced by someone else meanwhile). */
export class ReplacedImageGone extends Error {
  override name = "ReplacedImageGone";
}

/**
 * Holds the uploader's session (a no-op write, so a sign-out, a disable or a removal made meanwhile
 * waits for this transaction or has already won) and says whether it is still live. Uploads take
 * seconds: the account is checked again here, where the record is written (review F15).
 */
async function uploaderStillSignedIn(trx: Db, admin: NonNullable<Admin>, now: number): Promise<boolean> {
  const liveAccount = trx.selectFrom("admin_users").select("id").where("id", "=", admin.id).where("disabled_at", "is", null);
  if (!admin.sessionId) return (await liveAccount.executeTakeFirst()) !== undefined;
  const session = await trx
    .updateTable("admin_sessions")
    .set((eb) => ({ expires_at: eb.ref("expires_at") }))
    .where("id", "=", admin.sessionId)
    .where("expires_at", ">", new Date(now).toISOString())
    .where("admin_id", "in", liveAccount)
    .returning("id")
    .executeTakeFirst();
  return session !== undefined;
}

/**
 * Checks, cleans and stores an upload with its variants, in one transaction with the content
 * counter (pages showing it are re-rendered everywhere) and the audit entry. Throws
 * ImageRejected for a refused file (or "busy" when two already wait), and UploaderSignedOut when
 * the uploader's session or account ended while it was processed; nothing is stored then.
 */
export async function uploadImage(db: Db, input: UploadInput, store: MediaStore = mediaStore()): Promise<MediaItem> {
  if (uploadsAreBusy()) throw rejection.busy();
  const replaced = input.replaces === undefined ? undefined : await getImage(db, input.replaces);
  if (replaced === null) throw new ReplacedImageGone();
  const source: ImageInput = "bytes" in input ? input.bytes : { path: input.path };
  const keepOriginal = getConfig().mediaKeepOriginals;
  const image = await processing(() => imageThread.process(source, input.fileName, { keepOriginal }));
  // A replacement goes where the image it replaces was; a staff photo to hero-images (spec call 9).
  const bucket: UploadBucket =
    replaced && isUploadBucket(replaced.bucket) ? replaced.bucket : input.staffId === undefined ? input.bucket : "hero-images";
  const name = uploadName(image.extension, input.staffId);
  // The time it is stored (and audited), not the time it began: processing takes seconds.
  const now = Date.now();
  const at = new Date(now).toISOString();
  const row = {
    id: newMediaId(randomToken(), image.width, image.height),
    bucket,
    name,
    path: `${bucket}/${name}`,
    content_type: image.contentType,
    size: image.master.bytes.byteLength,
    width: image.width,
    height: image.height,
    created_at: at,
    updated_at: at,
    title: titleFromFileName(input.fileName),
    // A replacement shows what the image it replaces showed, until staff say otherwise.
    alt: replaced?.alt ?? "",
  };
  try {
    await changeContent(db, async (trx) => {
      if (input.admin && !(await uploaderStillSignedIn(trx, input.admin, now))) throw new UploaderSignedOut();
      await trx.insertInto("media").values(row).execute();
      await store.save(trx, row.id, [{ ...image.master, file: name }, ...image.variants]);
      const admin = input.admin && { id: input.admin.id, email: input.admin.email };
      await recordAudit(trx, { action: "media-uploaded", admin, target: row.path, details: { id: row.id, size: row.size } }, now);
      if (replaced) await pointToReplacement(trx, replaced, row.id, { store, admin, now });
      // A new picture is on no page yet: only the pages showing the one it replaces change.
      return { changed: replaced ? [mediaKey(replaced.id)] : [], result: undefined };
    });
  } finally {
    // Committed or rolled back: what no row lists any more goes (this upload's files after a
    // rollback, the replaced image's after a commit); the others stay.
    await store.sweep(db, replaced ? [row.id, replaced.id] : [row.id]);
  }
  return toItem(row);
}

/**
 * Makes `replaced` (and every image it had replaced) point to `replacementId`, and removes its
 * files, in the upload's transaction; a concurrent replace or delete of it wins, and this one
 * stores nothing.
 */
async function pointToReplacement(
  trx: Db,
  replaced: MediaItem,
  replacementId: string,
  context: { store: MediaStore; admin: { id: string; email: string } | null; now: number },
): Promise<void> {
  const pointed = await trx
    .updateTable("media")
    .set({ replaced_by: replacementId })
    .where("id", "=", replaced.id)
    .where("replaced_by", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (!pointed) throw new ReplacedImageGone();
  await trx.updateTable("media").set({ replaced_by: replacementId }).where("replaced_by", "=", replaced.id).execute();
  await context.store.remove(trx, replaced.id);
  await recordAudit(
    trx,
    { action: "media-replaced", admin: context.admin, target: replaced.path, details: { id: replaced.id, by: replacementId } },
    context.now,
  );
}

/** Spec call 8: the images of one bucket, newest first. */
export async function listImages(db: Db, bucket: UploadBucket): Promise<Array<MediaItem>> {
  const rows = await db
    .selectFrom("media")
    .select(["id", "name", "title", "alt", "bucket", "path", "size", "updated_at", "content_type", "width", "height"])
    .where("bucket", "=", bucket)
    .where("replaced_by", "is", null)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toItem);
}

export async function getImage(db: Db, id: string): Promise<MediaItem | null> {
  const row = await db
    .selectFrom("media")
    .select(["id", "name", "title", "alt", "bucket", "path", "size", "updated_at", "content_type", "width", "height"])
    .where("id", "=", id)
    .where("replaced_by", "is", null)
    .executeTakeFirst();
  return row ? toItem(row) : null;
}

/** The sizes, in bytes, of the files the site serves of each image (its variants, not the master), smallest and largest. */
export async function servedSizes(
  db: Db,
  items: ReadonlyArray<Pick<MediaItem, "id" | "name">>,
  store: MediaStore = mediaStore(),
): Promise<Map<string, { smallest: number; largest: number }>> {
  const originals = new Map(items.map((item) => [item.id, item.name]));
  const served = new Map<string, { smallest: number; largest: number }>();
  for (const { mediaId, file, size } of await store.sizes(db, [...originals.keys()])) {
    if (file === originals.get(mediaId)) continue;
    const known = served.get(mediaId);
    served.set(mediaId, { smallest: Math.min(size, known?.smallest ?? size), largest: Math.max(size, known?.largest ?? size) });
  }
  return served;
}

/** Renames an image (its title; the stored name and address stay); audited. */
export async function renameImage(
  db: Db,
  input: { id: string; title: string; admin: Admin },
  now = Date.now(),
): Promise<"renamed" | "not-found"> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.updateTable("media").set({ title: input.title }).where("id", "=", input.id).returning("path").executeTakeFirst();
    if (!row) return "not-found";
    const admin = input.admin && { id: input.admin.id, email: input.admin.email };
    await recordAudit(trx, { action: "media-renamed", admin, target: row.path, details: { id: input.id } }, now);
    return "renamed";
  });
}

/**
 * Spec call 10: removes the record and every stored file of it in one transaction (bytes kept
 * outside the database go once it has committed). Pages that still name it show a placeholder
 * (the delivery route answers 404 with one).
 */
export async function deleteImage(
  db: Db,
  input: { id: string; admin: Admin },
  store: MediaStore = mediaStore(),
  now = Date.now(),
): Promise<"deleted" | "not-found"> {
  const result = await changeContent(db, async (trx) => {
    const row = await trx
      .deleteFrom("media")
      .where("id", "=", input.id)
      .where("replaced_by", "is", null)
      .returning(["path"])
      .executeTakeFirst();
    if (!row) return { changed: [], result: "not-found" as const };
    // The images it had replaced go with it: the pages that named them show no picture either.
    await trx.deleteFrom("media").where("replaced_by", "=", input.id).execute();
    await store.remove(trx, input.id);
    await recordAudit(trx, { action: "media-deleted", admin: input.admin, target: row.path, details: { id: input.id } }, now);
    return { changed: [mediaKey(input.id)], result: "deleted" as const };
  });
  // Only now that the delete is committed may bytes kept outside the database go.
  if (result === "deleted") await store.sweep(db, [input.id]);
  return result;
}
