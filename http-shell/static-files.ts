import type { IncomingMessage, ServerResponse } from "node:http";
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
export function createStaticFiles(root: string): (request: IncomingMessage, response: ServerResponse, path: string) => boolean {
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
  return (request, response, path) => {
    // The islands build's manifest is for the server, not for browsers.
    if (path.endsWith("-manifest.json")) return false;
    // Set before sirv answers, so that its 304s carry them too; taken back when it has no file.
    response.setHeader("Cache-Control", cacheControl(path));
    response.setHeader("Vary", "Accept-Encoding");
    // sirv looks for the words "br" and "gzip" in Accept-Encoding and ignores q-values, so it is
    // shown the codings negotiator accepts instead (a "br;q=0" must not get brotli).
    const acceptEncoding = request.headers["accept-encoding"];
    request.headers["accept-encoding"] = acceptedCodings(request).join(", ");
    let served = true;
    serve(request, response, () => {
      served = false;
      response.removeHeader("Cache-Control");
      response.removeHeader("Vary");
    });
    if (acceptEncoding === undefined) delete request.headers["accept-encoding"];
    else request.headers["accept-encoding"] = acceptEncoding;
    return served;
  };
}
