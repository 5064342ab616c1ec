import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { createRequest, type RequestOptions, sendResponse } from "@remix-run/node-fetch-server";
import compression from "compression";
import { crossSiteRefusal } from "./cross-site.ts";
import { type CachedPage, sendCachedPage } from "./page-cache.ts";

const maxPathLength = 2048;
// Forms are a few kilobytes; a larger body is refused before it is read into memory.
const maxBodyBytes = 1024 * 1024;

export type ListenerOptions = {
  /** Headers every response carries (the security headers). */
  headers: Record<string, string>;
  /** Serves a file of the client build and answers true, or answers false. */
  serveStatic(request: IncomingMessage, response: ServerResponse, path: string): boolean;
  /** The page cache's copy of a path; null when the path is not cached. */
  cachedPage(path: string): Promise<CachedPage | null> | null;
  /** Answers every other request (React Router). */
  handleRequest(request: Request, incoming: IncomingMessage): Promise<Response>;
  /** How a request's URL is made: SITE_URL's host and protocol, or whether to trust a proxy's. */
  requestOrigin: RequestOptions;
  logRequests: boolean;
};

/**
 * The site's HTTP shell around React Router: path checks, cached public pages, static files,
 * the body limit, one rule against cross-site writes, and compression of the rest.
 */
export function createRequestListener(options: ListenerOptions): RequestListener {
  // Dynamic responses (the contact page, the admin, data requests) are compressed as they are
  // sent; cached pages and static files come compressed already.
  const compress = compression();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(options.headers)) response.setHeader(name, value);
    const rawPath = (request.url ?? "/").split("?", 1)[0] ?? "/";
    if (rawPath.length > maxPathLength) return sendPlainError(response, 414, "URI Too Long");
    if (!isDecodable(rawPath)) return sendPlainError(response, 400, "Bad Request");
    const isRead = request.method === "GET" || request.method === "HEAD";

    if (isRead) {
      // Cached pages first: they are the busiest paths, and no file of the build shares a path with one.
      const page = await options.cachedPage(rawPath);
      if (page) return sendCachedPage(request, response, page);
      if (options.serveStatic(request, response, rawPath)) return;
    }

    if (!isRead && request.method !== "OPTIONS") {
      const length = request.headers["content-length"];
      if (length === undefined && request.headers["transfer-encoding"]) return sendPlainError(response, 411, "Length Required");
      if (Number(length) > maxBodyBytes) return sendPlainError(response, 413, "Content Too Large");
    }

    let fetchRequest: Request;
    try {
      fetchRequest = createRequest(request, response, options.requestOrigin);
    } catch {
      return sendPlainError(response, 400, "Bad Request");
    }
    // The one check against writes from another site, for every route (see cross-site.ts).
    const crossSite = crossSiteRefusal(fetchRequest.method, fetchRequest.headers, new URL(fetchRequest.url).origin);
    if (crossSite) {
      console.warn(`403 cross-site ${request.method} ${rawPath}: ${crossSite}`);
      return sendPlainError(response, 403, "Forbidden");
    }
    const fetchResponse = await options.handleRequest(fetchRequest, request);
    compress(request, response, () => {});
    await sendResponse(response, fetchResponse);
  }

  return (request, response) => {
    const started = performance.now();
    if (options.logRequests) {
      response.once("finish", () => {
        const path = (request.url ?? "/").split("?", 1)[0];
        const ms = (performance.now() - started).toFixed(1);
        process.stdout.write(`${new Date().toISOString()} ${request.method} ${path} ${response.statusCode} ${ms}ms\n`);
      });
    }
    handle(request, response).catch((error: unknown) => {
      console.error(`Error handling ${request.method} ${request.url}:`, error);
      if (!response.headersSent) sendPlainError(response, 500, "Internal Server Error");
      else response.destroy();
    });
  };
}

function isDecodable(path: string): boolean {
  try {
    // The result is used so the bundler cannot drop the call as side-effect free.
    return typeof decodeURI(path) === "string";
  } catch {
    return false;
  }
}

function sendPlainError(response: ServerResponse, status: number, message: string): void {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message}</title></head><body><main><h1>${message}</h1><p><a href="/">Return to the home page</a></p></main></body></html>`;
  response.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
  response.end(body);
}
