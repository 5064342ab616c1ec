// The Images tab's writes as the routes receive them: an upload (multipart, read with a size
// cap) and a delete. The page's action (forms without JavaScript) and the upload endpoint
// (scripted uploads with progress) both answer from here.
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { isUploadBucket, localBucket, maxUploadBytes, maxUploadRequestBytes, mediaIdSize } from "#app/media/media.ts";
import { type AdminAnswer, failedAnswer } from "#app/admin-action/admin-answer.ts";
import { type MediaToast, mediaFailure, mediaToasts } from "#app/media/media-texts.ts";
import { mediaUses } from "#app/content/page-store.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { limitBody } from "#app/server/request-body.server.ts";
import type { AdminIdentity } from "#app/staff/session.server.ts";
import { deleteImage, ReplacedImageGone, UploaderSignedOut, uploadImage, uploadsAreBusy } from "./media.server.ts";
import { imageThread } from "./image-thread-client.server.ts";
import { ImageRejected, rejection } from "./image-rejection.ts";
import { staffIdPattern } from "#app/pages/about.ts";
import { log } from "#app/server/log.server.ts";

/** The category a request names in its query (`?category=`), checked before any body is read. */
export function categoryOf(request: Request): string | null {
  return new URL(request.url).searchParams.get("category");
}

function failure(status: number, toast: MediaToast, reason?: string): AdminAnswer {
  return failedAnswer(status, mediaFailure(toast, reason));
}

const tooLargeFailure = () => failure(413, "uploadFailed", rejection.tooLarge().message);

const onlyOwnPhotoMessage = "Your account can upload a photo of yourself only.";

const signedOutMessage = "Your session ended while the image was being processed, so it was not stored. Please sign in again.";

/** An upload as received: its file spooled to disk (removed by `discard`), and the staff id posted beside it. */
type ReceivedUpload = {
  path: string;
  fileName: string;
  size: number;
  staffId: string | null;
  /** The image this upload replaces everywhere it is used ("Replace"). */
  replaces: string | null;
  discard(): Promise<void>;
};

/**
 * Reads a multipart upload as it arrives, the file straight into a temporary file, never into
 * memory (review F9: eight 8.5 MB uploads at once held 1.3 GB); the body stops at the limit. Only
 * the `file`, `staffId` and `replaces` fields are read; the rest of a body is skipped.
 */
async function receiveUpload(request: Request): Promise<ReceivedUpload | AdminAnswer> {
  let tooLarge = false;
  let unreadable = false;
  const folder = await mkdtemp(join(tmpdir(), "site-upload-"));
  const discard = () => rm(folder, { recursive: true, force: true });
  const path = join(folder, "upload");
  const files: Array<{ fileName: string; size: number }> = [];
  const writes: Array<Promise<void>> = [];
  let staffId: string | null = null;
  let replaces: string | null = null;
  try {
    if (!request.body) throw new Error("An upload without a body");
    const parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      limits: { files: 1, fileSize: maxUploadBytes, fields: 4, fieldSize: 1024, parts: 8, headerPairs: 20 },
    });
    parser.on("file", (name, stream, info) => {
      if (name !== "file" || files.length > 0) return void stream.resume();
      const received = { fileName: info.filename ?? "", size: 0 };
      files.push(received);
      stream.on("data", (chunk: Buffer) => (received.size += chunk.byteLength));
      stream.on("limit", () => (tooLarge = true));
      writes.push(pipeline(stream, createWriteStream(path)));
    });
    parser.on("field", (name, value) => {
      if (name === "staffId") staffId = value;
      if (name === "replaces") replaces = value;
    });
    const body = limitBody(request.body, maxUploadRequestBytes, () => (tooLarge = true));
    await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), parser);
    await Promise.all(writes);
  } catch {
    // A body that is not multipart, ends early (the client went away) or goes over the limit.
    unreadable = true;
  }
  const [file] = files;
  if (tooLarge || unreadable || !file || file.size === 0) {
    await discard();
    if (tooLarge) return tooLargeFailure();
    if (unreadable) return failure(400, "uploadFailed", "The upload could not be read. Please try again.");
    return failure(400, "uploadFailed", rejection.empty().message);
  }
  return { path, fileName: file.fileName, size: file.size, staffId, replaces, discard };
}

/** Spec call 9: an upload into the bucket named by `?category=`; the answer names the image stored. */
export async function handleUpload(
  db: Db,
  request: Request,
  admin: AdminIdentity,
  /** A Clinician's upload: only a new photo of their own team member, into the staff photos' category. */
  only?: { staffId: string },
): Promise<AdminAnswer> {
  const bucket = categoryOf(request);
  if (only && bucket !== "hero-images") return failure(403, "uploadFailed", onlyOwnPhotoMessage);
  if (bucket === localBucket) return failure(400, "cannotUpload");
  if (!isUploadBucket(bucket)) return failure(400, "uploadFailed", "Choose a category to upload into.");
  if (Number(request.headers.get("Content-Length")) > maxUploadRequestBytes) return tooLargeFailure();
  // Refused before the body is read when two already wait: the client is told at once.
  if (uploadsAreBusy()) return failure(503, "uploadFailed", rejection.busy().message);
  imageThread.warm();
  const upload = await receiveUpload(request);
  if ("status" in upload) return upload;
  try {
    if (upload.staffId !== null && !staffIdPattern.test(upload.staffId)) return failure(400, "uploadFailed");
    if (only && (upload.staffId !== only.staffId || upload.replaces !== null)) return failure(403, "uploadFailed", onlyOwnPhotoMessage);
    if (upload.replaces !== null && mediaIdSize(upload.replaces) === null) return failure(400, "uploadFailed");
    const item = await uploadImage(db, {
      bucket,
      fileName: upload.fileName,
      path: upload.path,
      admin,
      staffId: upload.staffId ?? undefined,
      replaces: upload.replaces ?? undefined,
    });
    return { status: 200, result: { status: "success" }, toast: upload.replaces ? mediaToasts.replaced : mediaToasts.uploaded, item };
  } catch (error) {
    if (error instanceof ImageRejected) return failure(error.status, "uploadFailed", error.message);
    if (error instanceof UploaderSignedOut) return failure(401, "uploadFailed", signedOutMessage);
    if (error instanceof ReplacedImageGone)
      return failure(404, "uploadFailed", "The image to replace was deleted or replaced meanwhile: nothing was changed.");
    log.error("Error storing an upload", error);
    return failure(500, "uploadFailed");
  } finally {
    await upload.discard();
  }
}

/**
 * Spec call 10: deletes one upload; local images are refused. The form says which pages showing
 * the image staff were told of (`seenUses`): when a page took it up since, nothing is deleted and
 * they are told which (review F13: a photo in use was deleted without a word).
 */
export async function handleDelete(
  db: Db,
  input: { category: string | null; id: unknown; seenUses: unknown },
  admin: AdminIdentity,
): Promise<AdminAnswer> {
  if (input.category === localBucket) return failure(400, "cannotDelete");
  if (typeof input.id !== "string" || input.id.length === 0 || input.id.length > 100) return failure(400, "deleteFailed");
  const seen = new Set(typeof input.seenUses === "string" ? input.seenUses.split("\n") : []);
  const unseen = ((await mediaUses(db)).get(input.id) ?? []).filter((use) => !seen.has(use));
  if (unseen.length > 0) {
    const reason = `Not deleted: this image is now also used on ${unseen.join(", ")}. Look at it again before deleting it.`;
    return failure(409, "deleteFailed", reason);
  }
  try {
    const result = await deleteImage(db, { id: input.id, admin });
    if (result === "not-found") return failure(404, "deleteFailed", "The image was already deleted.");
    return { status: 200, result: { status: "success" }, toast: mediaToasts.deleted };
  } catch (error) {
    log.error("Error deleting an image", error);
    return failure(500, "deleteFailed");
  }
}
