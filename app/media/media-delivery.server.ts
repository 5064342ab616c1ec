// How a stored file of an upload is answered at /media/<id>/<file>. The HTTP shell answers these
// addresses itself, beside the build's files (http-shell/request-listener.ts), so React Router never
// sees them and no `.data` twin of an image exists (review F5: one turned a 729 KB picture into
// 1.7 MB of escaped text on the main thread, for anyone). `npm run dev` runs the same shell.
import { getDb } from "#app/server/db/db.server.ts";
import { mediaStore } from "./configured-media-store.server.ts";
import { log } from "#app/server/log.server.ts";
import type { MediaFileHead } from "./media-store.server.ts";

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

export type MediaPacerOptions = {
  bytesPerSecond: number;
  /** A turn further away than this is refused (the answer says busy) rather than waited for. */
  maxWaitMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

/**
 * Large answers leave an instance at a bounded rate: each waits its turn before its bytes are read
 * (a waiting one holds no bytes), so a crowd downloading big files takes its turns while pages
 * and small pictures are answered at once. Measured (docs/decisions/027-bounded-photo-master.md):
 * on loopback two clients alone sent 450 MB/s of 462 KB masters and pushed the home page's p95
 * to 70 ms; a limit on how many answers run at once cannot help when two already fill the
 * machine, a limit on the bytes per second can. A lone download never waits.
 */
export class MediaPacer {
  readonly #options: MediaPacerOptions;
  /** When the bytes given turns so far have left, at the rate: the next turn starts then (or now). */
  #nextFreeAt = 0;

  constructor(options: MediaPacerOptions) {
    this.#options = options;
  }

  /** Waits for `size` bytes' turn; false (without waiting) when the turn is further away than maxWaitMs. */
  async turn(size: number): Promise<boolean> {
    const now = this.#options.now?.() ?? performance.now();
    const start = Math.max(now, this.#nextFreeAt);
    if (start - now > this.#options.maxWaitMs) return false;
    this.#nextFreeAt = start + (size / this.#options.bytesPerSecond) * 1000;
    if (start > now) await (this.#options.sleep ?? delay)(start - now);
    return true;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Answers this large or larger take turns: a photo's master, 1920 px variants and 1280 px WebP; not a phone's 1280 px AVIF (about 57 KB) or smaller. */
export const pacedAnswerBytes = 64 * 1024;
// 10 MB/s (80 Mbit/s): about 50 desktop heroes (the 1920 px WebP of a photo) a second; measured in decision 027.
const pacer = new MediaPacer({ bytesPerSecond: 10_000_000, maxWaitMs: 10_000 });

/** An answer to write as it is: the shell sends it with one write. */
export type MediaAnswer = { status: number; headers: Record<string, string>; body: Uint8Array | string | null };

function placeholder(status: 404 | 503, method: string): MediaAnswer {
  return {
    status,
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": status === 404 ? "public, max-age=60" : "no-store" },
    body: method === "HEAD" ? null : placeholderSvg,
  };
}

/** Too many large answers waiting: try again in a moment (nothing cached). */
function busy(): MediaAnswer {
  return {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "2" },
    body: "Busy, try again in a moment.\n",
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
    const store = mediaStore();
    // The row first, without the bytes: a revalidation needs only its ETag, and a large file
    // waits its turn before its bytes are read.
    const head = await store.head(db, id, file);
    if (!head) return placeholder(404, method);
    if (etagMatches(input.ifNoneMatch, head.etag)) {
      return { status: 304, headers: { ETag: head.etag, "Cache-Control": mediaCacheControl }, body: null };
    }
    const headers = (of: MediaFileHead) => ({
      ETag: of.etag,
      "Cache-Control": mediaCacheControl,
      "Content-Type": of.contentType,
      "Content-Length": String(of.size),
    });
    if (method === "HEAD") return { status: 200, headers: headers(head), body: null };
    if (head.size >= pacedAnswerBytes && !(await pacer.turn(head.size))) return busy();
    const stored = await store.read(db, id, file, head);
    if (!stored) return placeholder(404, method);
    return { status: 200, headers: headers(stored), body: stored.bytes };
  } catch (error) {
    log.error("Error reading media", error, { media: id, file });
    return placeholder(503, method);
  }
}
