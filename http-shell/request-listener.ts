import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { createRequest, type RequestOptions, sendResponse } from "@remix-run/node-fetch-server";
import compression from "compression";
import { randomUUID } from "node:crypto";
import { type RequestClient, requestClient, type TrustedProxies } from "#app/server/client-address.server.ts";
import { log, withRequestId } from "#app/server/log.server.ts";
import type { MediaAnswer } from "#app/media/media-delivery.server.ts";
import { plainErrorPage } from "#app/server/plain-error.server.ts";
import { limitBody } from "#app/server/request-body.server.ts";
import { strictTransportSecurity } from "#app/server/security-headers.server.ts";
import { defaultBodyLimit } from "#app/lib/body-limit.ts";
import type { BodyLimitOf } from "./body-limits.ts";
import { type PageLookup, sendCachedPage } from "./page-cache.ts";

const maxPathLength = 2048;

export type ListenerOptions = {
  /** Headers every response carries (the security headers). */
  headers: Record<string, string>;
  /** Serves a file of the client build, with `headers` besides its own, and answers true; or answers false. */
  serveStatic(request: IncomingMessage, response: ServerResponse, path: string, headers: Record<string, string>): boolean;
  /** For an uploaded image's address (/media/<id>/<file>), what asks for its answer; null for any other path. */
  mediaFile(request: IncomingMessage, path: string): (() => Promise<MediaAnswer>) | null;
  /**
   * The page cache's copy of a path (`query`: the URL's, "" when none): at once when the cache
   * holds it, a promise while it is made; null when the path is no cached page.
   */
  cachedPage(path: string, query: string): PageLookup | null;
  /**
   * A cookie to set with this page, made for this request (a form's signed token), or null:
   * headers are not part of the cached body, so every visitor still gets the same bytes.
   */
  pageCookie(path: string, secure: boolean): string | null;
  /** The cached 404 document for a path no route but the catch-all takes (as cachedPage gives it); null otherwise. */
  notFoundPage(path: string): PageLookup | null;
  /** Answers every other request (React Router), knowing who sent it. */
  handleRequest(request: Request, client: RequestClient): Promise<Response>;
  /** SITE_URL: every request's URL is made with its host and protocol (a proxy that ends TLS talks http to us). */
  siteUrl: URL | null;
  /** The proxies TRUST_PROXY names: only their X-Forwarded-* headers are believed. */
  trustedProxies: TrustedProxies;
  /** How large a body the route a path goes to takes (routeBodyLimits: from the routes' `handle`). */
  bodyLimitOf: BodyLimitOf;
  logRequests: boolean;
  /** /healthz (the process answers) and /readyz (it can serve: see readiness.server.ts). */
  ready(): Promise<boolean>;
};

const probePaths = new Set(["/healthz", "/readyz"]);
// An id a proxy made for the request (nginx's $request_id), so its log and ours can be matched.
const requestIdPattern = /^[\w.-]{8,64}$/;

/**
 * The site's HTTP shell around React Router: path checks, cached public pages, static files and
 * uploaded images, then one rule against cross-site writes and the body limits, and compression
 * of the rest.
 */
export function createRequestListener(options: ListenerOptions): RequestListener {
  // Dynamic responses (the contact page, the admin, data requests) are compressed as they are
  // sent; cached pages and static files come compressed already.
  const compress = compression();
  let warnedOfForwarding = false;

  /**
   * Answers a request: what memory holds (a cached page) at once, in this call; what must wait
   * for something goes on in the request's log scope (`inScope`), and the promise is returned.
   */
  function handle(request: IncomingMessage, response: ServerResponse, context: Answering): Promise<void> | undefined {
    const { client, rawPath, query, headers, inScope } = context;
    const secure = client.https || options.siteUrl?.protocol === "https:";
    if (secure) headers["Strict-Transport-Security"] = strictTransportSecurity;
    if (client.unbelievedForwarding && !warnedOfForwarding) {
      warnedOfForwarding = true;
      inScope(() =>
        log.warn(
          `A request carried proxy headers (X-Forwarded-For, Forwarded, X-Real-IP or Via), but TRUST_PROXY does not name the address it came from: the headers are ignored, so the rate limits count every visitor through that proxy as one. Behind a reverse proxy, set TRUST_PROXY to its address. (Said once.)`,
        ),
      );
    }
    if (rawPath.length > maxPathLength) return void sendPlainError(response, 414, "URI Too Long", headers);
    if (!isDecodable(rawPath)) return void sendPlainError(response, 400, "Bad Request", headers);
    if (!isRead(request)) return inScope(() => answerDynamic(request, response, context));
    if (probePaths.has(rawPath)) {
      return inScope(async () => answerProbe(response, rawPath === "/healthz" || (await options.ready()), headers));
    }

    // Until a page is rendered for this request, every answer is written with its headers in one
    // writeHead (see sendCachedPage): no header is set on the response before.
    const cookie = options.pageCookie(rawPath, secure);
    if (cookie) headers["Set-Cookie"] = cookie;
    // Cached pages first: they are the busiest paths, and no file of the build shares a path with one.
    const page = options.cachedPage(rawPath, query);
    const uncached = () => answerUncachedRead(request, response, context);
    return page === null ? uncached() : sendPage(request, response, context, page, uncached);
  }

  /**
   * Sends a page as the cache gives it: one it holds now, with no promise, no scope and no turn of
   * the event loop; one being made once it is, in the request's scope; or, when it is not to be
   * kept, what `otherwise` answers.
   */
  function sendPage(
    request: IncomingMessage,
    response: ServerResponse,
    { headers, inScope }: Answering,
    lookup: PageLookup,
    otherwise: () => Promise<void> | undefined,
  ): Promise<void> | undefined {
    if (!(lookup instanceof Promise)) return void sendCachedPage(request, response, lookup, headers);
    return inScope(async () => {
      const made = await lookup;
      if (made) return sendCachedPage(request, response, made, headers);
      await otherwise();
    });
  }

  /**
   * A read no cached page answers: a built file, an uploaded image, the 404 document, or React
   * Router. The 404 document, like a cached page, is sent outside the request's scope when held.
   */
  function answerUncachedRead(request: IncomingMessage, response: ServerResponse, context: Answering): Promise<void> | undefined {
    const { rawPath, headers, inScope } = context;
    if (options.serveStatic(request, response, rawPath, headers)) return;
    // Uploaded images, beside the build's files: React Router never sees these addresses.
    const media = options.mediaFile(request, rawPath);
    if (media) {
      return inScope(async () => {
        const answer = await media();
        // One write of the stored bytes: no stream between the database row and the socket.
        response.writeHead(answer.status, Object.assign(headers, answer.headers));
        response.end(answer.body ?? undefined);
      });
    }
    const missing = options.notFoundPage(rawPath);
    const dynamic = () => inScope(() => answerDynamic(request, response, context));
    return missing === null ? dynamic() : sendPage(request, response, context, missing, dynamic);
  }

  /** What React Router answers (a write, or a read no cached page or file answers), after the rules every request to it passes. */
  async function answerDynamic(request: IncomingMessage, response: ServerResponse, context: Answering): Promise<void> {
    const { client, rawPath, headers } = context;
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);

    // The URL is SITE_URL's, or (only from a trusted proxy) the host and protocol it forwarded.
    const origin: RequestOptions = options.siteUrl
      ? { host: options.siteUrl.host, protocol: options.siteUrl.protocol }
      : { trustProxy: client.viaTrustedProxy };
    let fetchRequest: Request;
    try {
      fetchRequest = createRequest(request, response, origin);
    } catch {
      return sendPlainError(response, 400, "Bad Request");
    }
    // A read has no body: the route table is matched only for writes.
    const limit = isRead(request) ? defaultBodyLimit : options.bodyLimitOf(rawPath);
    // What is read and thrown away of a body the answer did not need: twice the path's limit, so
    // that a body a little too large still gets its 413 (a client sends its whole body before it
    // reads the answer), and no more.
    const drainBytes = Math.max(2 * limit.maxBytes, 1024 * 1024);
    const stopReading = new AbortController();
    // What the answer leaves unread of the body is read and thrown away before the answer goes:
    // a connection closed with unread bytes is reset, so the client (or a proxy still sending
    // them, nginx) sees a broken connection instead of our answer (nginx answers 502). Past
    // `drainBytes`, or 10 s, the connection closes after the answer instead.
    const finishReadingBody = async () => {
      if (request.complete || isRead(request)) return;
      if (fetchRequest.body && !fetchRequest.body.locked) await fetchRequest.body.cancel().catch(() => {});
      else stopReading.abort();
      if (!(await drainRequest(request, drainBytes))) response.setHeader("Connection", "close");
    };
    const refuse = async (status: number, message: string) => {
      await finishReadingBody();
      sendPlainError(response, status, message);
    };
    /** A body over its limit: 413, after the rest is read and thrown away unless it declares more than that takes. */
    const refuseTooLarge = async () => {
      if (Number(request.headers["content-length"]) > drainBytes) {
        response.setHeader("Connection", "close");
        return sendPlainError(response, 413, "Content Too Large");
      }
      await refuse(413, "Content Too Large");
    };

    let tooLarge = false;
    if (fetchRequest.body) {
      // A streamed route answers a too-large declared length itself (with its own reason).
      if (!limit.streamed && Number(request.headers["content-length"]) > limit.maxBytes) return refuseTooLarge();
      const body = limitBody(
        fetchRequest.body,
        limit.maxBytes,
        () => {
          tooLarge = true;
        },
        stopReading.signal,
      );
      if (limit.streamed) {
        // Node needs `duplex` for a streamed body; the DOM types do not know it yet.
        fetchRequest = new Request(fetchRequest, { body, duplex: "half" } as RequestInit);
      } else {
        // The route sees the body only once all of it has come, within the limit.
        const bytes = await new Response(body).arrayBuffer().catch(() => null);
        if (tooLarge) return refuseTooLarge();
        if (!bytes) return refuse(400, "Bad Request"); // the client stopped sending
        fetchRequest = new Request(fetchRequest, { body: bytes });
      }
    }

    const fetchResponse = await options.handleRequest(fetchRequest, client);
    // A streamed body that went over its limit failed the route's reading of it.
    if (tooLarge) {
      fetchResponse.body?.cancel().catch(() => {});
      return refuseTooLarge();
    }
    await finishReadingBody();
    compress(request, response, () => {});
    forwardDrainRemoval(response);
    await sendResponse(response, fetchResponse);
  }

  return (request, response) => {
    const started = performance.now();
    const url = request.url ?? "/";
    const queryStart = url.indexOf("?");
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const query = queryStart === -1 ? "" : url.slice(queryStart + 1);
    const client = requestClient(request.socket.remoteAddress, request.headers, options.trustedProxies);
    const forwardedId = request.headers["x-request-id"];
    const requestId =
      client.viaTrustedProxy && typeof forwardedId === "string" && requestIdPattern.test(forwardedId) ? forwardedId : randomUUID();
    // The headers every answer carries; each answer writes them (handle).
    const headers = { ...options.headers, "X-Request-Id": requestId };
    // The request's id is on every line logged while it is answered. Only what waits for
    // something enters that scope (handle): a cached page is sent without it or any await.
    const inScope = <T>(work: () => T): T => withRequestId(requestId, work);
    // The query string is never logged: an inbox search is a name or a phone number.
    if (options.logRequests && !probePaths.has(path)) {
      response.once("finish", () => {
        const ms = Math.round((performance.now() - started) * 10) / 10;
        log.info("request", { requestId, method: request.method, path, status: response.statusCode, ms });
      });
    }
    const fail = (error: unknown) =>
      inScope(() => {
        log.error("Error handling a request", error, { method: request.method, path });
        if (!response.headersSent) sendPlainError(response, 500, "Internal Server Error", headers);
        else response.destroy();
      });
    try {
      handle(request, response, { client, rawPath: path, query, headers, inScope })?.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

/** What answering a request knows of it (see the listener). */
type Answering = {
  client: RequestClient;
  rawPath: string;
  query: string;
  /** The headers every answer carries; each answer writes them. */
  headers: Record<string, string>;
  /** Runs `work` in the request's log scope: its id on every line logged, through every await. */
  inScope<T>(work: () => T): T;
};

/**
 * `compression` hands a response's "drain" listeners to its zlib stream but not their removal
 * (expressjs/compression#135), so each `once("drain")` of sendResponse, one per write that had to
 * wait, stayed on the stream and ran again at every later drain. The removal goes there too.
 */
function forwardDrainRemoval(response: ServerResponse): void {
  const on = response.on;
  const removeListener = response.removeListener;
  let stream: NodeJS.EventEmitter | null = null;
  type Listener = Parameters<NodeJS.EventEmitter["on"]>[1];
  response.on = function (this: ServerResponse, type: string | symbol, listener: Listener) {
    // compression answers with the stream it added the listener to.
    const target: NodeJS.EventEmitter = on.call(this, type, listener);
    if (type === "drain" && target !== this) stream = target;
    return this;
  };
  response.removeListener = response.off = function (this: ServerResponse, type: string | symbol, listener: Listener) {
    if (type === "drain") stream?.removeListener(type, listener);
    return removeListener.call(this, type, listener);
  };
}

/** A GET or HEAD: a request that reads, with no body. */
function isRead(request: IncomingMessage): boolean {
  return request.method === "GET" || request.method === "HEAD";
}

/** A load balancer's probe: 200 "ok" or 503, never cached, nothing else said. */
function answerProbe(response: ServerResponse, ok: boolean, headers: Record<string, string>): void {
  const body = ok ? "ok\n" : "not ready\n";
  response.writeHead(ok ? 200 : 503, {
    ...headers,
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Length": body.length,
  });
  response.end(body);
}

function isDecodable(path: string): boolean {
  try {
    // The result is used so the bundler cannot drop the call as side-effect free.
    return typeof decodeURI(path) === "string";
  } catch {
    return false;
  }
}

/**
 * Reads the rest of `request`'s body and throws it away; true once it has all come, false when
 * more than `maxBytes` come or it takes longer than `waitMs` (the rest is then left unread).
 */
function drainRequest(request: IncomingMessage, maxBytes: number, waitMs = 10_000): Promise<boolean> {
  if (request.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    let received = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      request.off("data", onData).off("end", onEnd).off("close", onClose);
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(request.complete);
    const timer = setTimeout(() => finish(false), waitMs);
    request.on("data", onData).once("end", onEnd).once("close", onClose);
    request.resume();
  });
}

/** A short error page; `headers` (those every answer carries) when they are not set on the response yet. */
function sendPlainError(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  const body = plainErrorPage(message);
  response.writeHead(status, { ...headers, "Content-Type": "text/html; charset=utf-8", "Content-Length": String(Buffer.byteLength(body)) });
  response.end(body);
}
