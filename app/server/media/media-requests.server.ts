// The Images tab's writes as the routes receive them: an upload (multipart, read with a size
// cap) and a delete. The page's action (forms without JavaScript) and the upload endpoint
// (scripted uploads with progress) both answer from here.
import { isUploadBucket, localBucket } from "#app/content/media.ts";
import type { MediaFailure } from "#app/lib/media-messages.ts";
import type { Db } from "../db/db.server.ts";
import { limitBody } from "../request-body.server.ts";
import type { AdminIdentity } from "../session.server.ts";
import { deleteImage, type MediaItem, uploadImage } from "./media.server.ts";
import { ImageRejected, maxUploadBytes, rejection } from "./process-image.server.ts";
import { staffIdPattern } from "#app/content/about.ts";

/** The file plus the multipart framing and the other fields. */
export const maxUploadRequestBytes = maxUploadBytes + 256 * 1024;

export type UploadOutcome = { ok: true; item: MediaItem; status: 200 } | (MediaFailure & { status: number });

/** The category a request names in its query (`?category=`), checked before any body is read. */
export function categoryOf(request: Request): string | null {
  return new URL(request.url).searchParams.get("category");
}

function failure(status: number, toast: MediaFailure["toast"], reason?: string): UploadOutcome {
  return { ok: false, status, toast, reason };
}

const tooLargeFailure = () => failure(413, "uploadFailed", rejection.tooLarge().message);

/** Spec call 9: an upload into the bucket named by `?category=`. */
export async function handleUpload(db: Db, request: Request, admin: AdminIdentity): Promise<UploadOutcome> {
  const bucket = categoryOf(request);
  if (bucket === localBucket) return failure(400, "cannotUpload");
  if (!isUploadBucket(bucket)) return failure(400, "uploadFailed", "Choose a category to upload into.");
  if (Number(request.headers.get("Content-Length")) > maxUploadRequestBytes) return tooLargeFailure();
  // Read as it arrives and stopped past the limit, so nothing beyond it is ever held in memory.
  let tooLarge = false;
  let form: FormData;
  try {
    const body = request.body ? limitBody(request.body, maxUploadRequestBytes, () => (tooLarge = true)) : null;
    form = await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    if (tooLarge) return tooLargeFailure();
    return failure(400, "uploadFailed", "The upload could not be read. Please try again.");
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return failure(400, "uploadFailed", rejection.empty().message);
  const staffId = form.get("staffId");
  if (staffId !== null && (typeof staffId !== "string" || !staffIdPattern.test(staffId))) return failure(400, "uploadFailed");

  try {
    const item = await uploadImage(db, {
      bucket,
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      admin,
      staffId: staffId ?? undefined,
    });
    return { ok: true, item, status: 200 };
  } catch (error) {
    if (error instanceof ImageRejected) return failure(error.status, "uploadFailed", error.message);
    console.error("Error storing an upload:", error);
    return failure(500, "uploadFailed");
  }
}

export type DeleteOutcome = { ok: true; status: 200 } | (MediaFailure & { status: number });

/** Spec call 10: deletes one upload; local images are refused. */
export async function handleDelete(db: Db, input: { category: string | null; id: unknown }, admin: AdminIdentity): Promise<DeleteOutcome> {
  if (input.category === localBucket) return { ok: false, status: 400, toast: "cannotDelete" };
  if (typeof input.id !== "string" || input.id.length === 0 || input.id.length > 100)
    return { ok: false, status: 400, toast: "deleteFailed" };
  try {
    const result = await deleteImage(db, { id: input.id, admin });
    if (result === "not-found") return { ok: false, status: 404, toast: "deleteFailed", reason: "The image was already deleted." };
    return { ok: true, status: 200 };
  } catch (error) {
    console.error("Error deleting an image:", error);
    return { ok: false, status: 500, toast: "deleteFailed" };
  }
}
