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
import { type BodyLimit, defaultBodyLimit } from "#app/lib/body-limit.ts";
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
   * For the address a form's page links to fetch its signed token (a stylesheet), the cookie
   * carrying a token made for this request; null for any other path. The page itself is the
   * same bytes for everyone, so a shared cache may keep it; this answer no cache keeps.
   */
  formTokenCookie(path: string, secure: boolean): string | null;
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

/** The listener's options, and what it keeps from one request to the next. */
type Shell = ListenerOptions & {
  /**
   * Compresses what React Router answers (the contact page, the admin, data requests) as it is
   * sent; cached pages and static files come compressed already.
   */
  compress: ReturnType<typeof compression>;
  /** Logs, once (in the request's scope), that proxy headers came from a sender TRUST_PROXY does not name. */
  warnOfUnbelievedForwarding(answering: Answering): void;
};

/** What answering a request knows of it (`describeRequest`). */
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
 * The site's HTTP shell around React Router. Each request goes through these steps, each a
 * function below: `describeRequest` (path, client, request id, the headers every answer
 * carries), the request log, then `answer`: path checks and probes, then for a read the page
 * cache (`sendPage`), the built files, the uploaded images and the cached 404 document
 * (`answerUncachedRead`); what none of them answers, and every write, goes to React Router
 * (`answerWithReactRouter`: its body within the route's limit, `BodyWithinLimit`, and its answer
 * compressed, `sendCompressed`). Request policy a route sees (cross-site writes, the client's
 * address) is React Router's: app/root.tsx's middleware and app/server/load-context.server.ts.
 */
export function createRequestListener(options: ListenerOptions): RequestListener {
  let warned = false;
  const shell: Shell = {
    ...options,
    compress: compression(),
    warnOfUnbelievedForwarding({ inScope }) {
      if (warned) return;
      warned = true;
      inScope(() =>
        log.warn(
          `A request carried proxy headers (X-Forwarded-For, Forwarded, X-Real-IP or Via), but TRUST_PROXY does not name the address it came from: the headers are ignored, so the rate limits count every visitor through that proxy as one. Behind a reverse proxy, set TRUST_PROXY to its address. (Said once.)`,
        ),
      );
    },
  };
  return (request, response) => {
    const started = performance.now();
    const answering = describeRequest(shell, request);
    if (shell.logRequests && !probePaths.has(answering.rawPath)) logWhenSent(request, response, answering, started);
    const fail = (error: unknown) => answerFailure(request, response, answering, error);
    try {
      answer(shell, request, response, answering)?.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

/** The request's path and query, who sent it, its id and the headers every answer to it carries. */
function describeRequest(shell: Shell, request: IncomingMessage): Answering {
  const url = request.url ?? "/";
  const queryStart = url.indexOf("?");
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? "" : url.slice(queryStart + 1);
  const client = requestClient(request.socket.remoteAddress, request.headers, shell.trustedProxies);
  const forwardedId = request.headers["x-request-id"];
  const requestId =
    client.viaTrustedProxy && typeof forwardedId === "string" && requestIdPattern.test(forwardedId) ? forwardedId : randomUUID();
  // The headers every answer carries; each answer writes them (answer).
  const headers = { ...shell.headers, "X-Request-Id": requestId };
  // The request's id is on every line logged while it is answered. Only what waits for
  // something enters that scope (answer): a cached page is sent without it or any await.
  const inScope = <T>(work: () => T): T => withRequestId(requestId, work);
  return { client, rawPath, query, headers, inScope };
}

/** One log line once the answer is sent: its id, method, path and status, and the time it took. */
function logWhenSent(request: IncomingMessage, response: ServerResponse, { rawPath: path, headers }: Answering, started: number): void {
  const requestId = headers["X-Request-Id"];
  // The query string is never logged: an inbox search is a name or a phone number.
  response.once("finish", () => {
    const ms = Math.round((performance.now() - started) * 10) / 10;
    log.info("request", { requestId, method: request.method, path, status: response.statusCode, ms });
  });
}

/** A request whose answer failed: 500 if nothing was sent yet, else the connection cut. */
function answerFailure(request: IncomingMessage, response: ServerResponse, { rawPath, headers, inScope }: Answering, error: unknown): void {
  inScope(() => {
    log.error("Error handling a request", error, { method: request.method, path: rawPath });
    if (!response.headersSent) sendPlainError(response, 500, "Internal Server Error", headers);
    else response.destroy();
  });
}

/**
 * Answers a request: what memory holds (a cached page) at once, in this call; what must wait
 * for something goes on in the request's log scope (`inScope`), and the promise is returned.
 * Only reads are answered here: every write goes to React Router.
 */
function answer(shell: Shell, request: IncomingMessage, response: ServerResponse, answering: Answering): Promise<void> | undefined {
  const { client, rawPath, query, headers, inScope } = answering;
  const secure = client.https || shell.siteUrl?.protocol === "https:";
  if (secure) headers["Strict-Transport-Security"] = strictTransportSecurity;
  if (client.unbelievedForwarding) shell.warnOfUnbelievedForwarding(answering);
  if (rawPath.length > maxPathLength) return void sendPlainError(response, 414, "URI Too Long", headers);
  if (!isDecodable(rawPath)) return void sendPlainError(response, 400, "Bad Request", headers);
  if (!isRead(request)) return inScope(() => answerWithReactRouter(shell, request, response, answering));
  if (probePaths.has(rawPath)) {
    return inScope(async () => answerProbe(response, rawPath === "/healthz" || (await shell.ready()), headers));
  }

  // Until a page is rendered for this request, every answer is written with its headers in one
  // writeHead (see sendCachedPage): no header is set on the response before.
  const tokenCookie = shell.formTokenCookie(rawPath, secure);
  if (tokenCookie) return void answerFormToken(request, response, tokenCookie, headers);
  // Cached pages first: they are the busiest paths, and no file of the build shares a path with one.
  const page = shell.cachedPage(rawPath, query);
  const uncached = () => answerUncachedRead(shell, request, response, answering);
  return page === null ? uncached() : sendPage(request, response, answering, page, uncached);
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
function answerUncachedRead(
  shell: Shell,
  request: IncomingMessage,
  response: ServerResponse,
  answering: Answering,
): Promise<void> | undefined {
  const { rawPath, headers, inScope } = answering;
  if (shell.serveStatic(request, response, rawPath, headers)) return;
  // Uploaded images, beside the build's files: React Router never sees these addresses.
  const media = shell.mediaFile(request, rawPath);
  if (media) return inScope(() => sendMedia(response, headers, media));
  const missing = shell.notFoundPage(rawPath);
  const dynamic = () => inScope(() => answerWithReactRouter(shell, request, response, answering));
  return missing === null ? dynamic() : sendPage(request, response, answering, missing, dynamic);
}

/** An uploaded image from the media store, in one write of its stored bytes: no stream between the database row and the socket. */
async function sendMedia(response: ServerResponse, headers: Record<string, string>, media: () => Promise<MediaAnswer>): Promise<void> {
  const answer = await media();
  response.writeHead(answer.status, Object.assign(headers, answer.headers));
  response.end(answer.body ?? undefined);
}

/** What React Router answers: a write, or a read nothing above answered. */
async function answerWithReactRouter(
  shell: Shell,
  request: IncomingMessage,
  response: ServerResponse,
  answering: Answering,
): Promise<void> {
  const { client, rawPath, headers } = answering;
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  // The URL is SITE_URL's, or (only from a trusted proxy) the host and protocol it forwarded.
  const origin: RequestOptions = shell.siteUrl
    ? { host: shell.siteUrl.host, protocol: shell.siteUrl.protocol }
    : { trustProxy: client.viaTrustedProxy };
  let fetchRequest: Request;
  try {
    fetchRequest = createRequest(request, response, origin);
  } catch {
    return sendPlainError(response, 400, "Bad Request");
  }
  // A read has no body: the route table is matched only for writes.
  const body = new BodyWithinLimit(request, response, fetchRequest, isRead(request) ? defaultBodyLimit : shell.bodyLimitOf(rawPath));
  const withBody = await body.read();
  if (!withBody) return; // refused, and the refusal sent
  const fetchResponse = await shell.handleRequest(withBody, client);
  // A streamed body that went over its limit failed the route's reading of it.
  if (body.tooLarge) {
    fetchResponse.body?.cancel().catch(() => {});
    return body.refuseTooLarge();
  }
  await body.finishReading();
  await sendCompressed(shell, request, response, fetchResponse);
}

/**
 * A request's body on its way to React Router, within its route's limit: read whole before the
 * route runs, so that no route sees half a form, or, for a route that reads its own (an image
 * upload, `streamed`), handed on as it comes and cut off at the limit. What the answer leaves
 * unread is read and thrown away before the answer goes (`finishReading`).
 */
class BodyWithinLimit {
  /** More than the limit came. */
  tooLarge = false;
  readonly #incoming: IncomingMessage;
  readonly #response: ServerResponse;
  readonly #limit: BodyLimit;
  /** What React Router is given: the request, with the body as `read` made it. */
  #request: Request;
  readonly #stopReading = new AbortController();
  /**
   * What is read and thrown away of a body the answer did not need: twice the path's limit, so
   * that a body a little too large still gets its 413 (a client sends its whole body before it
   * reads the answer), and no more.
   */
  readonly #drainBytes: number;

  constructor(incoming: IncomingMessage, response: ServerResponse, request: Request, limit: BodyLimit) {
    this.#incoming = incoming;
    this.#response = response;
    this.#request = request;
    this.#limit = limit;
    this.#drainBytes = Math.max(2 * limit.maxBytes, 1024 * 1024);
  }

  /** The request for React Router with its body within the limit; null when it was refused (413, or 400 when the client stopped sending). */
  async read(): Promise<Request | null> {
    const { body } = this.#request;
    if (!body) return this.#request;
    // A streamed route answers a too-large declared length itself (with its own reason).
    if (!this.#limit.streamed && Number(this.#incoming.headers["content-length"]) > this.#limit.maxBytes) {
      await this.refuseTooLarge();
      return null;
    }
    const onTooLarge = () => {
      this.tooLarge = true;
    };
    const limited = limitBody(body, this.#limit.maxBytes, onTooLarge, this.#stopReading.signal);
    if (this.#limit.streamed) {
      // Node needs `duplex` for a streamed body; the DOM types do not know it yet.
      this.#request = new Request(this.#request, { body: limited, duplex: "half" } as RequestInit);
      return this.#request;
    }
    // The route sees the body only once all of it has come, within the limit.
    const bytes = await new Response(limited).arrayBuffer().catch(() => null);
    if (this.tooLarge) {
      await this.refuseTooLarge();
      return null;
    }
    if (!bytes) {
      await this.#refuse(400, "Bad Request"); // the client stopped sending
      return null;
    }
    this.#request = new Request(this.#request, { body: bytes });
    return this.#request;
  }

  /**
   * Reads what the answer left unread of the body and throws it away: a connection closed with
   * unread bytes is reset, so the client (or a proxy still sending them, nginx) sees a broken
   * connection instead of our answer (nginx answers 502). Past `#drainBytes`, or 10 s, the
   * connection closes after the answer instead.
   */
  async finishReading(): Promise<void> {
    if (this.#incoming.complete || isRead(this.#incoming)) return;
    const { body } = this.#request;
    if (body && !body.locked) await body.cancel().catch(() => {});
    else this.#stopReading.abort();
    if (!(await drainRequest(this.#incoming, this.#drainBytes))) this.#response.setHeader("Connection", "close");
  }

  /** A body over its limit: 413, after the rest is read and thrown away unless it declares more than that takes. */
  async refuseTooLarge(): Promise<void> {
    if (Number(this.#incoming.headers["content-length"]) > this.#drainBytes) {
      this.#response.setHeader("Connection", "close");
      return sendPlainError(this.#response, 413, "Content Too Large");
    }
    await this.#refuse(413, "Content Too Large");
  }

  async #refuse(status: number, message: string): Promise<void> {
    await this.finishReading();
    sendPlainError(this.#response, status, message);
  }
}

/** Sends React Router's answer, compressed as it is sent when the request accepts a coding. */
async function sendCompressed(shell: Shell, request: IncomingMessage, response: ServerResponse, fetchResponse: Response): Promise<void> {
  shell.compress(request, response, () => {});
  forwardDrainRemoval(response);
  await sendResponse(response, fetchResponse);
}

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

// The form token's answer is a stylesheet with nothing to style: what it carries is its cookie.
const formTokenBody = "/* The contact form's token is in this answer's cookie. */\n";

/** The form token's answer: its cookie, for this visitor alone and never kept by any cache. */
function answerFormToken(request: IncomingMessage, response: ServerResponse, cookie: string, headers: Record<string, string>): void {
  response.writeHead(200, {
    ...headers,
    "Content-Type": "text/css; charset=utf-8",
    "Cache-Control": "no-store",
    "Set-Cookie": cookie,
    "Content-Length": formTokenBody.length,
  });
  response.end(request.method === "HEAD" ? undefined : formTokenBody);
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
