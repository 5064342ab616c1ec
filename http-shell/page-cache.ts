import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { acceptedCodings } from "./content-coding.ts";

/** A rendered page kept in memory with its compressed forms, made once and sent many times. */
export type CachedPage = {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
};

/**
 * Public pages depend only on the site's content, so each is rendered and compressed once
 * per content change instead of once per request. A render that started before an
 * invalidation is not stored, so a page never outlives the content it was made from.
 */
export class PageCache {
  readonly #pages = new Map<string, CachedPage>();
  readonly #pending = new Map<string, Promise<CachedPage | null>>();
  readonly #render: (path: string) => Promise<Response>;
  #generation = 0;

  constructor(render: (path: string) => Promise<Response>) {
    this.#render = render;
  }

  /** The cached page, rendering it on a miss; null when the page must not be cached. */
  async get(path: string): Promise<CachedPage | null> {
    const cached = this.#pages.get(path);
    if (cached) return cached;
    let pending = this.#pending.get(path);
    if (!pending) {
      pending = this.#fill(path).finally(() => this.#pending.delete(path));
      this.#pending.set(path, pending);
    }
    return pending;
  }

  invalidate(): void {
    this.#generation += 1;
    this.#pages.clear();
  }

  async #fill(path: string): Promise<CachedPage | null> {
    const generation = this.#generation;
    const response = await this.#render(path);
    // Only a complete, successful, public document is worth keeping.
    if (response.status !== 200 || response.headers.has("Set-Cookie")) return null;
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== "content-length" && name !== "content-encoding") headers[name] = value;
    });
    headers.vary = "Accept-Encoding";
    // Cached copies are shared, so they may be kept briefly by browsers but always
    // revalidated: an edit in the admin shows up on the next load.
    headers["cache-control"] = "public, max-age=0, must-revalidate";
    const page: CachedPage = {
      status: response.status,
      headers,
      body,
      gzip: gzipSync(body, { level: 9 }),
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    };
    if (generation === this.#generation) this.#pages.set(path, page);
    return page;
  }
}

/** Sends a cached page in the coding the request accepts, with ETag revalidation and HEAD support. */
export function sendCachedPage(request: IncomingMessage, response: ServerResponse, page: CachedPage): void {
  response.setHeader("ETag", page.etag);
  for (const [name, value] of Object.entries(page.headers)) response.setHeader(name, value);
  if (page.status === 200 && request.headers["if-none-match"] === page.etag) {
    response.writeHead(304);
    response.end();
    return;
  }
  const [coding] = acceptedCodings(request);
  const body = coding ? page[coding] : page.body;
  if (coding) response.setHeader("Content-Encoding", coding);
  response.setHeader("Content-Length", body.length);
  response.writeHead(page.status);
  response.end(request.method === "HEAD" ? undefined : body);
}
