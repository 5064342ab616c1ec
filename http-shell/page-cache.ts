import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { acceptedCodings, type ContentCoding } from "./content-coding.ts";
import { type Language, pathIn } from "#app/i18n/languages.ts";

/** A rendered page kept in memory with its compressed forms, made once and sent many times. */
export type CachedPage = {
  status: number;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** The page's headers as each form of its body is sent (ETag, coding and length added), and as a 304 (ETag added). */
  answers: Record<ContentCoding | "identity" | "notModified", Record<string, string>>;
};

/** A cached page: at once when the cache holds it, else a promise of it being made (null: not to be kept). */
export type PageLookup = CachedPage | Promise<CachedPage | null>;

/** A path no page has: rendering it gives the site's 404 document (in Spanish under /es). */
const notFoundPath = "/__not-found__";

/**
 * A render's answer, the names of the content it read (what makes it stale when changed), and
 * until when it holds by the clock (null: until a change; read once the body is made).
 */
export type RenderedPage = { response: Response; reads: ReadonlySet<string>; until?: { readonly at: number | null } };

/** A page as the cache keeps it (null: not to be kept), the names of the content it read, and the moment it goes stale by itself (null: never). */
export type PageEntry = { page: CachedPage | null; reads: ReadonlySet<string>; expiresAt?: number | null };

/** Where a cache's pages come from: `renderedPages`, the site rendered and compressed. */
export type PageSource = (path: string, status: number) => Promise<PageEntry>;

/**
 * Public pages depend only on the site's content, so each is rendered and compressed once
 * per change of the content it read instead of once per request. A page made before an
 * invalidation is not stored, so a page never outlives the content it was made from; one that
 * holds only until a moment (a notice's end) is made again after it, with no change to say so.
 */
export class PageCache {
  /** Only entries with a page: what must not be kept is made again each time. */
  readonly #pages = new Map<string, PageEntry>();
  readonly #pending = new Map<string, Promise<PageEntry>>();
  readonly #source: PageSource;
  #generation = 0;

  readonly #now: () => number;

  constructor(source: PageSource, now: () => number = Date.now) {
    this.#source = source;
    this.#now = now;
  }

  /** The cached page, made on a miss; null when the page must not be cached. */
  get(path: string): PageLookup {
    return this.#lookup(path, 200);
  }

  /** The one "page not found" document of a language every unknown path in it is answered with (status 404). */
  notFound(language: Language = "en"): PageLookup {
    return this.#lookup(pathIn(language, notFoundPath), 404);
  }

  // A page held is given as it is: sending it then needs no promise (request-listener.ts).
  #lookup(path: string, status: number): PageLookup {
    return this.#held(path)?.page ?? this.#entry(path, status).then((entry) => entry.page);
  }

  /** The entry kept for `path`, unless its moment has passed (it is dropped then). */
  #held(path: string): PageEntry | undefined {
    const entry = this.#pages.get(path);
    if (entry?.expiresAt != null && entry.expiresAt <= this.#now()) {
      this.#pages.delete(path);
      return undefined;
    }
    return entry;
  }

  /** The page at `path` (the 404 document's own path for status 404) with what it read, made on a miss. */
  #entry(path: string, status: number): Promise<PageEntry> {
    const cached = this.#held(path);
    if (cached) return Promise.resolve(cached);
    let pending = this.#pending.get(path);
    if (!pending) {
      pending = this.#fill(path, status).finally(() => this.#pending.delete(path));
      this.#pending.set(path, pending);
    }
    return pending;
  }

  /** Drops the pages that read any of `changed` (every page when none are named). */
  invalidate(changed?: ReadonlySet<string>): void {
    this.#generation += 1;
    if (!changed) {
      this.#pages.clear();
      return;
    }
    for (const [path, { reads }] of this.#pages) {
      if ([...reads].some((key) => changed.has(key))) this.#pages.delete(path);
    }
  }

  async #fill(path: string, status: number): Promise<PageEntry> {
    const generation = this.#generation;
    const entry = await this.#source(path, status);
    const stale = entry.expiresAt != null && entry.expiresAt <= this.#now();
    if (entry.page && !stale && generation === this.#generation) this.#pages.set(path, entry);
    return entry;
  }
}

/** Pages made by `render`: rendered, then compressed for keeping. */
export function renderedPages(render: (path: string) => Promise<RenderedPage>): PageSource {
  return async (path, status) => {
    const { response, reads, until } = await render(path);
    const page = await cachedPageOf(response, status);
    return { page, reads, expiresAt: until?.at ?? null };
  };
}

/** A render's answer as the cache keeps it, or null unless it is a complete public document with `status`. */
async function cachedPageOf(response: Response, status: number): Promise<CachedPage | null> {
  if (response.status !== status || response.headers.has("Set-Cookie")) return null;
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== "content-length" && name !== "content-encoding") headers[name] = value;
  });
  headers.vary = "Accept-Encoding";
  // Browsers and shared caches may keep a copy but always revalidate it: an edit in the admin
  // shows up on the next load. Every visitor gets the same bytes (a form's token comes apart).
  headers["cache-control"] = "public, max-age=0, must-revalidate";
  const gzip = gzipSync(body, { level: 9 });
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  const answer = (coding: ContentCoding | null, sent: Buffer) => ({
    ...headers,
    etag,
    ...(coding ? { "content-encoding": coding } : {}),
    "content-length": String(sent.length),
  });
  const answers = { identity: answer(null, body), gzip: answer("gzip", gzip), br: answer("br", br), notModified: { ...headers, etag } };
  return { status: response.status, body, gzip, br, etag, answers };
}

/**
 * Sends a cached page in the coding the request accepts, with ETag revalidation and HEAD support;
 * `headers` (the security headers, the request id) go with it. All of them are written in one
 * writeHead on a response with no header set yet: Node's fast path, which a cached page needs
 * (measured: setting its 14 headers one by one cost about a fifth of the server's time per page).
 */
export function sendCachedPage(
  request: IncomingMessage,
  response: ServerResponse,
  page: CachedPage,
  headers: Record<string, string> = {},
): void {
  if (page.status === 200 && request.headers["if-none-match"] === page.etag) {
    response.writeHead(304, Object.assign(headers, page.answers.notModified));
    response.end();
    return;
  }
  const [coding] = acceptedCodings(request);
  // For nginx's page cache in front (deploy/nginx/practice-site.conf): keep this copy to the end of
  // the current second, no longer, so an edit is public within 1 s. Its own 1 s validity counts
  // whole seconds and kept copies up to 2 s; nginx passes this header to no visitor.
  headers["X-Accel-Expires"] = `@${Math.floor(Date.now() / 1000)}`;
  response.writeHead(page.status, Object.assign(headers, page.answers[coding ?? "identity"]));
  response.end(request.method === "HEAD" ? undefined : coding ? page[coding] : page.body);
}
