import { getDb } from "#app/server/db/db.server.ts";
import { databaseMediaStore } from "#app/server/media/media-store.server.ts";
import type { Route } from "./+types/media";

// Every stored file of an upload is written once and never changed (a new upload gets a new
// id), so its address can be cached for a year without asking again.
const immutable = "public, max-age=31536000, immutable";

// What a page that still names a deleted (or unknown) image shows: a neutral picture with a
// 404 status, so the address is known to be gone but the page never shows a broken image.
const placeholderSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9" width="1600" height="900"><rect width="16" height="9" fill="#ece6dc"/><path d="M5.5 6.5 7.5 4l1.5 1.8L10 4.8l1.5 1.7z" fill="#c9bfae"/><circle cx="6.3" cy="3.2" r=".7" fill="#c9bfae"/></svg>';

function placeholder(status: 404 | 503): Response {
  return new Response(placeholderSvg, {
    status,
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": status === 404 ? "public, max-age=60" : "no-store" },
  });
}

const segment = /^[A-Za-z0-9._-]{1,100}$/;

function etagMatches(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  return header.trim() === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** `/media/:id/:file`: one stored file of an upload, from the media store as it was stored. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { id, file } = params;
  if (!segment.test(id) || !segment.test(file)) return placeholder(404);
  try {
    const db = await getDb();
    // A revalidation asks for the ETag only, without the bytes; a first load reads the file once.
    if (request.headers.has("If-None-Match")) {
      const head = await databaseMediaStore.head(db, id, file);
      if (!head) return placeholder(404);
      if (etagMatches(request, head.etag))
        return new Response(null, { status: 304, headers: { ETag: head.etag, "Cache-Control": immutable } });
    }
    const stored = await databaseMediaStore.read(db, id, file);
    if (!stored) return placeholder(404);
    return new Response(request.method === "HEAD" ? null : stored.bytes, {
      headers: { ETag: stored.etag, "Cache-Control": immutable, "Content-Type": stored.contentType, "Content-Length": String(stored.size) },
    });
  } catch (error) {
    console.error(`Error reading media ${id}/${file}:`, error);
    return placeholder(503);
  }
}
