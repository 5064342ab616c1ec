// A picture staff gave by its address on another site is copied into the media library when the
// page is saved, and the page keeps the library's copy: visitors' browsers then never ask another
// site for it (review F6; decision 011). The copy goes through the upload pipeline, so it is
// checked, stripped of metadata and given its variants like any upload.
import { type ImageRef, imagePlacesIn, replaceImageRefs } from "#app/media/image-ref.ts";
import { staffIdPattern } from "#app/pages/about.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import { deleteImage, UploaderSignedOut, uploadImage } from "./media.server.ts";
import { ImageRejected } from "./image-rejection.ts";
import { fetchRemoteImage, type RemoteImageOptions } from "./remote-image.server.ts";

type Uploader = { id: string; email: string; sessionId?: string };

/** The names this site answers to (the request's, and SITE_URL's): an address there is never fetched as another site's. */
export function ownHostsOf(request: Request): Array<string> {
  const siteUrl = getConfig().siteUrl;
  return [new URL(request.url).hostname, ...(siteUrl ? [new URL(siteUrl).hostname] : [])];
}

export type CopiedContent<T> = { ok: true; content: T } | { ok: false; fieldErrors: Record<string, Array<string>> };

/** A path in content as the form names its field: ["staff", 2, "image"] is `staff[2].image`. */
function fieldName(path: ReadonlyArray<string | number>): string {
  return path.reduce<string>((name, part) => (typeof part === "number" ? `${name}[${part}]` : name ? `${name}.${part}` : part), "");
}

/** The staff member a picture belongs to, when it is one's photo (its copy is named after them). */
function staffIdAt(content: unknown, path: ReadonlyArray<string | number>): string | undefined {
  let owner: unknown = content;
  for (const part of path.slice(0, -1)) owner = (owner as Record<string | number, unknown> | undefined)?.[part];
  const id = (owner as { id?: unknown } | undefined)?.id;
  return typeof id === "string" && staffIdPattern.test(id) ? id : undefined;
}

/**
 * Copies every picture of `content` that is an address on another site into the library and
 * returns the content naming the copies. When one cannot be copied, nothing is kept (the copies
 * already made are deleted again) and the answer says, beside each such field, why.
 */
export async function copyTypedImages<T>(db: Db, content: T, admin: Uploader, options: RemoteImageOptions = {}): Promise<CopiedContent<T>> {
  const places = imagePlacesIn(content).filter((place) => place.ref.source === "external");
  if (places.length === 0) return { ok: true, content };
  const copies = new Map<string, ImageRef>();
  const fieldErrors: Record<string, Array<string>> = {};
  for (const { path, ref } of places) {
    if (ref.source !== "external" || copies.has(ref.url)) continue;
    const failed = (reason: string) => (fieldErrors[fieldName(path)] = [`The picture could not be copied from that address: ${reason}`]);
    const fetched = await fetchRemoteImage(ref.url, options);
    if (!fetched.ok) {
      failed(fetched.reason);
      continue;
    }
    try {
      const item = await uploadImage(db, {
        bucket: "hero-images",
        fileName: fetched.fileName,
        bytes: fetched.bytes,
        admin,
        staffId: staffIdAt(content, path),
      });
      copies.set(ref.url, { source: "media", id: item.id });
    } catch (error) {
      if (error instanceof ImageRejected) failed(error.message);
      else if (error instanceof UploaderSignedOut) failed("your session ended meanwhile. Sign in again and save.");
      else throw error;
    }
  }
  if (Object.keys(fieldErrors).length > 0) {
    for (const copy of copies.values()) if (copy.source === "media") await deleteImage(db, { id: copy.id, admin });
    return { ok: false, fieldErrors };
  }
  return { ok: true, content: replaceImageRefs(content, (ref) => (ref.source === "external" ? (copies.get(ref.url) ?? null) : ref)) };
}
