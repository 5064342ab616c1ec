// How a stored file of an upload is answered at /media/<id>/<file>. The HTTP shell answers these
// addresses itself, beside the build's files (http-shell/request-listener.ts), so React Router never
// sees them and no `.data` twin of an image exists (review F5: one turned a 729 KB picture into
// 1.7 MB of escaped text on the main thread, for anyone). `npm run dev` runs the same shell.
import { getDb } from "../db/db.server.ts";
import { databaseMediaStore } from "./media-store.server.ts";

/**
 * A day, then asked again by ETag (a 304 costs a few bytes): an image deleted because it should
 * not be public (a client in the background, a departed clinician) leaves browsers and shared
 * caches within a day, instead of the year an `immutable` answer would keep it (review F14).
 */
export const mediaCacheControl = "public, max-age=86400, must-revalidate";

// What a page that still names a deleted (or unknown) image shows: a neutral picture with a
// 404 status, so the address is known to be gone but the page never shows a broken image.
const placeholderSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9" width="1600" height="900"><rect width="16" height="9" fill="#ece6dc"/><path d="M5.5 6.5 7.5 4l1.5 1.8L10 4.8l1.5 1.7z" fill="#c9bfae"/><circle cx="6.3" cy="3.2" r=".7" fill="#c9bfae"/></svg>';

/** An answer to write as it is: the shell sends it with one write. */
export type MediaAnswer = { status: number; headers: Record<string, string>; body: Uint8Array | string | null };

function placeholder(status: 404 | 503, method: string): MediaAnswer {
  return {
    status,
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": status === 404 ? "public, max-age=60" : "no-store" },
    body: method === "HEAD" ? null : placeholderSvg,
  };
}

const segment = /^[A-Za-z0-9._-]{1,100}$/;

function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** The id and file of a path under /media/, or null when it is not `/media/<id>/<file>` (nothing more). */
function mediaPathParts(path: string): { id: string; file: string } | null {
  const parts = path.split("/");
  if (parts.length !== 4) return null;
  try {
    return { id: decodeURIComponent(parts[2]!), file: decodeURIComponent(parts[3]!) };
  } catch {
    return null;
  }
}

/**
 * The answer for a GET or HEAD of `path`, or null when it is not under /media/. Every address
 * there is answered: one that names no stored file (or is not `/media/<id>/<file>`) gets the placeholder.
 */
export function mediaAnswerFor(path: string, method: string, ifNoneMatch: string | null): Promise<MediaAnswer> | null {
  if (!path.startsWith("/media/")) return null;
  const { id, file } = mediaPathParts(path) ?? { id: "", file: "" };
  return mediaFileAnswer({ method, id, file, ifNoneMatch });
}

/** The answer to a GET or HEAD of one stored file: its bytes, a 304, or the placeholder. */
export async function mediaFileAnswer(input: {
  method: string;
  id: string;
  file: string;
  ifNoneMatch: string | null;
}): Promise<MediaAnswer> {
  const { method, id, file } = input;
  if (!segment.test(id) || !segment.test(file)) return placeholder(404, method);
  try {
    const db = await getDb();
    // A revalidation asks for the ETag only, without the bytes; a first load reads the file once.
    if (input.ifNoneMatch) {
      const head = await databaseMediaStore.head(db, id, file);
      if (!head) return placeholder(404, method);
      if (etagMatches(input.ifNoneMatch, head.etag)) {
        return { status: 304, headers: { ETag: head.etag, "Cache-Control": mediaCacheControl }, body: null };
      }
    }
    const stored = await databaseMediaStore.read(db, id, file);
    if (!stored) return placeholder(404, method);
    return {
      status: 200,
      headers: {
        ETag: stored.etag,
        "Cache-Control": mediaCacheControl,
        "Content-Type": stored.contentType,
        "Content-Length": String(stored.size),
      },
      body: method === "HEAD" ? null : stored.bytes,
    };
  } catch (error) {
    console.error(`Error reading media ${id}/${file}:`, error);
    return placeholder(503, method);
  }
}
