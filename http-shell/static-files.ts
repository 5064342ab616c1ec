import { existsSync, readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, relative, sep } from "node:path";
import sirv from "sirv";
import { acceptedCodings } from "./content-coding.ts";

// Text types carry their charset, as they always have here.
const textTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

function cacheControl(path: string): string {
  // Vite names build assets and islands by content hash, so they never change; everything
  // else (bundled images, favicon) is revalidated daily by its ETag.
  const hashed = path.startsWith("/assets/") || path.startsWith("/islands/");
  return hashed ? "public, max-age=31536000, immutable" : "public, max-age=86400, stale-while-revalidate=604800";
}

/**
 * Serves the client build (hashed assets, islands, bundled images) with sirv: the file list is
 * read once at start, each file is streamed from disk with an ETag (304 when it matches), and a
 * text file is sent as the `.br` or `.gz` copy the build wrote beside it when the request
 * accepts that coding. Answers whether it served the request; other paths go on to the pages.
 */
export function createStaticFiles(
  root: string,
): (request: IncomingMessage, response: ServerResponse, path: string, headers?: Record<string, string>) => boolean {
  const filesOf = servableFiles(root);
  const serve = sirv(root, {
    etag: true,
    brotli: true,
    gzip: true,
    extensions: [],
    setHeaders(response, path) {
      const textType = textTypes[path.slice(path.lastIndexOf("."))];
      if (textType) response.setHeader("Content-Type", textType);
    },
  });
  return (request, response, path, headers = {}) => {
    // The islands build's manifest is for the server, not for browsers.
    if (path.endsWith("-manifest.json")) return false;
    // Every other path (a page, an unknown path's 404) goes on at once: asking sirv costs as much
    // as serving a cached page (measured: the 404 page at 27,000 answers a second instead of 31,000).
    const files = filesOf(path);
    if (!files) return false;
    // sirv streams a file it listed at start without minding an error: one removed since (the
    // build made again in this folder while the site runs) would end the process. Such a path
    // goes on to the pages' 404 instead.
    if (!files.every((file) => existsSync(file))) return false;
    // Set before sirv answers, so that its 304s carry them too; taken back when it has no file.
    const own = { ...headers, "Cache-Control": cacheControl(path), Vary: "Accept-Encoding" };
    for (const [name, value] of Object.entries(own)) response.setHeader(name, value);
    // sirv looks for the words "br" and "gzip" in Accept-Encoding and ignores q-values, so it is
    // shown the codings negotiator accepts instead (a "br;q=0" must not get brotli).
    const acceptEncoding = request.headers["accept-encoding"];
    request.headers["accept-encoding"] = acceptedCodings(request).join(", ");
    let served = true;
    serve(request, response, () => {
      served = false;
      for (const name of Object.keys(own)) response.removeHeader(name);
    });
    if (acceptEncoding === undefined) delete request.headers["accept-encoding"];
    else request.headers["accept-encoding"] = acceptEncoding;
    return served;
  };
}

/**
 * Whether sirv could answer `path` from the files under `root`, which it lists once at start as
 * this does: a file's own path, the path a `.br` or `.gz` copy stands for, a folder's `index`,
 * each with or without a trailing slash, percent-decoded as sirv decodes it. Never false for a
 * path sirv would serve.
 */
export function servablePaths(root: string): (path: string) => boolean {
  const filesOf = servableFiles(root);
  return (path) => filesOf(path) !== undefined;
}

/** The files on disk (at start) that sirv may send for `path` (servablePaths), or undefined for none. */
function servableFiles(root: string): (path: string) => ReadonlyArray<string> | undefined {
  const files = new Map<string, Array<string>>();
  const add = (path: string, file: string) => files.set(path, [...(files.get(path) ?? []), file]);
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = join(entry.parentPath, entry.name);
    const file = `/${relative(root, absolute).split(sep).join("/")}`;
    const stands = file.replace(/\.(br|gz)$/, "");
    add(file, absolute);
    if (stands !== file) add(stands, absolute);
    if (stands.endsWith("/index")) add(stands.slice(0, -"/index".length) || "/", absolute);
  }
  return (path) => {
    let decoded = path;
    if (decoded.includes("%")) {
      try {
        decoded = decodeURI(decoded);
      } catch {
        // sirv looks up a malformed path as it is
      }
    }
    if (decoded.length > 1 && decoded.endsWith("/")) decoded = decoded.slice(0, -1);
    return files.get(decoded) ?? files.get(`${decoded}/index`);
  };
}
