import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import { createRequestHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { clientAddress } from "#app/server/client-address.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import { onContentChange, watchContentVersion } from "#app/server/content.server.ts";
import { closeDb, getDb } from "#app/server/db/db.server.ts";
import { contentSecurityPolicy, securityHeaders } from "#app/server/security-headers.server.ts";
import { onServerStart } from "#app/server/startup.server.ts";
import { cacheablePaths } from "#app/lib/public-paths.ts";
import { clientInfoContext } from "#app/lib/request-context.ts";
import { sendCompressed } from "./compressed-response.ts";
import { PageCache } from "./page-cache.ts";
import { loadStaticFiles } from "./static-files.ts";

const gzipAsync = promisify(gzip);
const maxPathLength = 2048;
// Forms are a few kilobytes; a larger body is refused before it is read into memory.
const maxBodyBytes = 1024 * 1024;

export type App = {
  listener: RequestListener;
  port: number;
  host: string;
  /** Renders every cacheable page once, so the first visitors are served from memory. */
  warm(): Promise<void>;
  close(): Promise<void>;
};

/** Where to listen, from the configuration (reading it touches no state). */
export function listenAddress(): { port: number; host: string } {
  const { port, host } = getConfig();
  return { port, host };
}

/** Builds the site's request listener: static files, cached public pages, then React Router. */
export async function createApp(): Promise<App> {
  const config = getConfig();
  const db = await getDb(); // creates and migrates the database before the first request
  const stopServices = await onServerStart(db);
  const staticFiles = loadStaticFiles(fileURLToPath(new URL("../client", import.meta.url)));
  const handleRequest = createRequestHandler(build, config.isProduction ? "production" : "development");
  const baseHeaders = securityHeaders(config.httpsOnly);
  // Requests carry the public address when it is known (behind a proxy that terminates TLS the
  // socket says http), so same-origin checks compare like with like.
  const publicUrl = config.siteUrl ? new URL(config.siteUrl) : null;
  const requestOrigin = publicUrl ? { host: publicUrl.host, protocol: publicUrl.protocol } : { trustProxy: config.trustedProxies > 0 };

  const pageCache = new PageCache(async (path) => {
    const response = await handleRequest(
      new Request(config.linkOrigin + path, { headers: { "User-Agent": "page-cache" } }),
      new RouterContextProvider(),
    );
    // Cached documents carry no inline scripts, so their policy needs no nonce.
    response.headers.set("Content-Security-Policy", contentSecurityPolicy());
    return response;
  });

  const stopListening = onContentChange(() => pageCache.invalidate());
  // Several instances may share one database: each notices an edit made through another.
  const stopWatching = await watchContentVersion(db, config.contentPollMs, () => pageCache.invalidate());

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(baseHeaders)) response.setHeader(name, value);
    const rawPath = (request.url ?? "/").split("?", 1)[0] ?? "/";
    if (rawPath.length > maxPathLength) return sendPlainError(response, 414, "URI Too Long");
    if (!isDecodable(rawPath)) return sendPlainError(response, 400, "Bad Request");
    const isRead = request.method === "GET" || request.method === "HEAD";

    if (isRead) {
      const file = staticFiles.get(rawPath);
      if (file) return sendCompressed(request, response, 200, file.headers, file);
      if (cacheablePaths.has(rawPath)) {
        const page = await pageCache.get(rawPath);
        if (page) return sendCompressed(request, response, page.status, page.headers, page);
      }
    }

    if (!isRead && request.method !== "OPTIONS") {
      const length = request.headers["content-length"];
      if (length === undefined && request.headers["transfer-encoding"]) return sendPlainError(response, 411, "Length Required");
      if (Number(length) > maxBodyBytes) return sendPlainError(response, 413, "Content Too Large");
    }

    let fetchRequest: Request;
    try {
      fetchRequest = createRequest(request, response, requestOrigin);
    } catch {
      return sendPlainError(response, 400, "Bad Request");
    }
    // A browser names the page a form was sent from: a write from another site is refused here,
    // before any action runs (admin actions also check it themselves).
    const origin = fetchRequest.headers.get("Origin");
    if (!isRead && origin && origin !== new URL(fetchRequest.url).origin) {
      console.warn(`403 cross-site ${request.method} ${rawPath} from ${origin.slice(0, 200)}`);
      return sendPlainError(response, 403, "Forbidden");
    }
    const context = new RouterContextProvider();
    context.set(clientInfoContext, {
      address: clientAddress(request.socket.remoteAddress, request.headers["x-forwarded-for"], config.trustedProxies),
    });
    const fetchResponse = await handleRequest(fetchRequest, context);
    await sendMaybeCompressed(request, response, fetchResponse);
  }

  const listener: RequestListener = (request, response) => {
    const started = performance.now();
    if (config.logRequests) {
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

  return {
    listener,
    port: config.port,
    host: config.host,
    async warm() {
      await Promise.all([...cacheablePaths].map((path) => pageCache.get(path)));
    },
    async close() {
      stopWatching();
      stopListening();
      await stopServices();
      await closeDb();
    },
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

/** Dynamic responses (contact page, admin, data requests) are compressed per request. */
async function sendMaybeCompressed(request: IncomingMessage, response: ServerResponse, fetchResponse: Response) {
  const type = fetchResponse.headers.get("Content-Type") ?? "";
  const acceptsGzip = /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
  const compressible = /^(text\/|application\/(json|xml|javascript))|turbo-stream/.test(type);
  if (!acceptsGzip || !compressible || !fetchResponse.body || fetchResponse.headers.has("Content-Encoding")) {
    await sendResponse(response, fetchResponse);
    return;
  }
  const body = Buffer.from(await fetchResponse.arrayBuffer());
  const headers = new Headers(fetchResponse.headers);
  headers.append("Vary", "Accept-Encoding");
  if (body.length < 1024) {
    await sendResponse(response, new Response(body, { status: fetchResponse.status, headers }));
    return;
  }
  const compressed = await gzipAsync(body);
  headers.set("Content-Encoding", "gzip");
  headers.delete("Content-Length");
  await sendResponse(response, new Response(compressed, { status: fetchResponse.status, headers }));
}

function sendPlainError(response: ServerResponse, status: number, message: string): void {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message}</title></head><body><main><h1>${message}</h1><p><a href="/">Return to the home page</a></p></main></body></html>`;
  response.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
  response.end(body);
}
