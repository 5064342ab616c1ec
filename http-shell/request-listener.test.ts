import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { currentRequestId, log } from "#app/server/log.server.ts";
import { TrustedProxies } from "#app/server/client-address.server.ts";
import { refuseCrossSiteWrites } from "#app/server/cross-site.server.ts";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import siteRoutes from "#app/routes.ts";
import { maxUploadRequestBytes } from "#app/media/media.ts";
import { type RouteManifest, routeBodyLimits, unknownPaths } from "./body-limits.ts";
import { PageCache, renderedPages } from "./page-cache.ts";
import { createRequestListener, type ListenerOptions } from "./request-listener.ts";
import { createStaticFiles } from "./static-files.ts";

// The shell around React Router, over real HTTP, with a stand-in for React Router: the root
// route's middleware (app/root.tsx) in front of a route that records what reached it.
type Seen = { method: string; url: string; body: Buffer | null; bodyError: string | null };
let seen: Array<Seen> = [];
let answer: () => Response = () => new Response("ok");
/** false: the route answers without reading the body, a moment later (as a 405 does). */
let readBody = true;
/** Called when such a route has its answer ready. */
let routeAnswered = () => {};

/** Lets the event loop go round `count` times: I/O ready at the start has been handled by then. */
async function eventLoopTurns(count: number): Promise<void> {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** A server build's route manifest, with only what the body limits read: paths and handles. */
function manifest(routes: Array<{ id: string; parentId?: string; path?: string; index?: boolean; handle?: unknown }>): RouteManifest {
  return Object.fromEntries(routes.map((route) => [route.id, { ...route, module: { handle: route.handle } }]));
}

// Routes with limits of their own, and the default (1 MiB) for everything else.
const testLimits = routeBodyLimits(
  manifest([
    { id: "root", path: "" },
    { id: "form", parentId: "root", path: "form", handle: { bodyLimit: { maxBytes: 1000 } } },
    { id: "upload", parentId: "root", path: "upload", handle: { bodyLimit: { maxBytes: 100_000, streamed: true } } },
    { id: "big", parentId: "root", path: "big", handle: { bodyLimit: { maxBytes: 4_000_000, streamed: true } } },
    { id: "other", parentId: "root", path: "*", handle: { bodyLimit: { maxBytes: 1000 } } },
  ]),
);

/** The site's own route manifest, from app/routes.ts and each route module's handle. */
async function siteManifest(): Promise<RouteManifest> {
  const routes: Array<{ id: string; parentId?: string; path?: string; index?: boolean; handle?: unknown }> = [{ id: "root", path: "" }];
  async function add(entries: ReadonlyArray<RouteConfigEntry>, parentId: string) {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      const module = (await import(`../app/${entry.file}`)) as { handle?: unknown };
      routes.push({
        id,
        parentId,
        ...(entry.path === undefined ? {} : { path: entry.path }),
        index: entry.index ?? false,
        handle: module.handle,
      });
      await add(entry.children ?? [], id);
    }
  }
  await add(siteRoutes, "root");
  return manifest(routes);
}

const staticRoot = mkdtempSync(join(tmpdir(), "static-files-"));
const script = Buffer.from(`export const text = "${"static script ".repeat(200)}";`);
mkdirSync(join(staticRoot, "assets"));
mkdirSync(join(staticRoot, "images"));
writeFileSync(join(staticRoot, "assets", "app-abc123.js"), script);
writeFileSync(join(staticRoot, "assets", "app-abc123.js.gz"), gzipSync(script));
writeFileSync(join(staticRoot, "assets", "app-abc123.js.br"), brotliCompressSync(script));
writeFileSync(join(staticRoot, "images", "photo.webp"), Buffer.alloc(3000, 1));
writeFileSync(join(staticRoot, "islands-manifest.json"), "{}");

/** `afterCall`: what a test looks at once the listener's call has returned. */
async function startShell(
  options: Partial<ListenerOptions> = {},
  afterCall?: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ server: Server; origin: string }> {
  const listener = createRequestListener({
    headers: { "X-Content-Type-Options": "nosniff" },
    serveStatic: createStaticFiles(staticRoot),
    cachedPage: () => null,
    mediaFile: () => null,
    handleRequest: (request) =>
      refuseCrossSiteWrites({ request } as Parameters<typeof refuseCrossSiteWrites>[0], () => route(request)) as Promise<Response>,
    siteUrl: null,
    trustedProxies: new TrustedProxies([]),
    bodyLimitOf: testLimits,
    logRequests: false,
    ready: async () => true,
    formTokenCookie: () => null,
    notFoundPage: () => null,
    ...options,
  });
  /** What the route behind the middleware does. */
  async function route(request: Request): Promise<Response> {
    const entry: Seen = { method: request.method, url: request.url, body: null, bodyError: null };
    seen.push(entry);
    if (!readBody) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      routeAnswered();
    } else if (request.body) {
      try {
        entry.body = Buffer.from(await request.arrayBuffer());
      } catch (error) {
        entry.bodyError = String(error);
      }
    }
    return answer();
  }
  const server = createServer((request, response) => {
    listener(request, response);
    afterCall?.(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

type Reply = { status: number; headers: IncomingHttpHeaders; body: Buffer; reusedSocket: boolean };

/** One request; `chunks` are sent without a Content-Length (chunked), `body` with one. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; chunks?: Array<Buffer>; agent?: Agent } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: options.method ?? "GET", headers: options.headers, agent: options.agent }, (incoming) => {
      const parts: Array<Buffer> = [];
      incoming.on("data", (part: Buffer) => parts.push(part));
      incoming.on("end", () =>
        resolve({
          status: incoming.statusCode!,
          headers: incoming.headers,
          body: Buffer.concat(parts),
          reusedSocket: outgoing.reusedSocket,
        }),
      );
    });
    outgoing.on("error", reject);
    for (const chunk of options.chunks ?? []) outgoing.write(chunk);
    outgoing.end(options.body);
  });
}

let shell: { server: Server; origin: string };
beforeAll(async () => {
  shell = await startShell();
});
afterAll(async () => {
  await new Promise<void>((resolve) => shell.server.close(() => resolve()));
  rmSync(staticRoot, { recursive: true, force: true });
});
beforeEach(() => {
  seen = [];
  answer = () => new Response("ok");
  readBody = true;
  routeAnswered = () => {};
});

const post = (path: string, headers: Record<string, string>, body = "a=b") =>
  send(shell.origin + path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body });

describe("cross-site writes (the root middleware behind the shell)", () => {
  test("every path, resource routes included, refuses a foreign or missing origin with 403 before the route runs", async () => {
    for (const path of ["/api/inquiries", "/admin/logout", "/admin/login.data", "/contact"]) {
      const foreign: Array<Record<string, string>> = [
        { Origin: "https://attacker.example" },
        { Origin: "null" },
        {},
        { Referer: "https://attacker.example/" },
      ];
      for (const headers of foreign) {
        const reply = await post(path, headers);
        expect(reply.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(reply.body.toString()).toContain("<h1>Forbidden</h1>");
        expect(reply.headers["x-content-type-options"]).toBe("nosniff");
      }
    }
    expect(seen).toEqual([]);
    expect((await post("/api/inquiries", { Origin: shell.origin })).status).toBe(200);
    expect((await post("/api/inquiries", { Referer: `${shell.origin}/contact` })).status).toBe(200);
    expect((await send(`${shell.origin}/admin`, { headers: { Origin: "https://attacker.example" } })).status).toBe(200);
    expect(seen.map((entry) => entry.url)).toEqual([
      `${shell.origin}/api/inquiries`,
      `${shell.origin}/api/inquiries`,
      `${shell.origin}/admin`,
    ]);
  });

  test("with SITE_URL, posts must come from it, whatever address the site was reached at", async () => {
    const behindProxy = await startShell({ siteUrl: new URL("https://www.example.com") });
    try {
      const postTo = (origin: string) =>
        send(`${behindProxy.origin}/admin/logout`, { method: "POST", headers: { Origin: origin }, body: "" });
      expect((await postTo("https://www.example.com")).status).toBe(200);
      expect((await postTo(behindProxy.origin)).status).toBe(403);
      expect((await postTo("http://www.example.com")).status).toBe(403);
    } finally {
      behindProxy.server.close();
    }
  });

  test("without SITE_URL, the address the site was opened at is this site; under TRUST_PROXY, the proxy's", async () => {
    expect((await post("/admin/login", { Origin: shell.origin, Host: new URL(shell.origin).host })).status).toBe(200);
    expect((await post("/admin/login", { Origin: "http://localhost:3000", Host: "127.0.0.1:3000" })).status).toBe(403);
    const proxied = await startShell({ trustedProxies: new TrustedProxies(["127.0.0.1"]) });
    try {
      const forwarded = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "www.example.com" };
      const postTo = (origin: string) =>
        send(`${proxied.origin}/admin/login`, { method: "POST", headers: { ...forwarded, Origin: origin }, body: "" });
      expect((await postTo("https://www.example.com")).status).toBe(200);
      expect((await postTo(proxied.origin)).status).toBe(403);
    } finally {
      proxied.server.close();
    }
    // A proxy TRUST_PROXY does not name (here: this test's address is 127.0.0.1) is not believed.
    const elsewhere = await startShell({ trustedProxies: new TrustedProxies(["10.0.0.1"]) });
    try {
      const forged = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "www.example.com", Origin: "https://www.example.com" };
      expect((await send(`${elsewhere.origin}/admin/login`, { method: "POST", headers: forged, body: "" })).status).toBe(403);
    } finally {
      elsewhere.server.close();
    }
  });

  test("proxy headers from a sender TRUST_PROXY does not name are ignored, and the log says so once", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const fresh = await startShell();
    try {
      for (let round = 0; round < 3; round++) await send(`${fresh.origin}/admin`, { headers: { "X-Forwarded-For": "198.51.100.1" } });
      const lines = warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("TRUST_PROXY"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("set TRUST_PROXY to its address");
    } finally {
      fresh.server.close();
      warn.mockRestore();
    }
  });

  test("HSTS is sent when the request came over https: SITE_URL is https, or a trusted proxy says so (review F10)", async () => {
    const hsts = (reply: Reply) => reply.headers["strict-transport-security"];
    expect(hsts(await send(`${shell.origin}/admin`, { headers: { "X-Forwarded-Proto": "https" } }))).toBeUndefined();
    const proxied = await startShell({ trustedProxies: new TrustedProxies(["127.0.0.1"]) });
    const https = await startShell({ siteUrl: new URL("https://www.example.com") });
    try {
      expect(hsts(await send(`${proxied.origin}/admin`, { headers: { "X-Forwarded-Proto": "https" } }))).toBe(
        "max-age=31536000; includeSubDomains",
      );
      expect(hsts(await send(`${proxied.origin}/assets/app-abc123.js`, { headers: { "X-Forwarded-Proto": "https" } }))).toBeDefined();
      expect(hsts(await send(`${proxied.origin}/admin`))).toBeUndefined();
      expect(hsts(await send(`${https.origin}/admin`))).toBeDefined();
      // The route sees the request as https, so its cookies are Secure (session.server.ts).
      await send(`${proxied.origin}/admin`, { headers: { "X-Forwarded-Proto": "https" } });
      expect(seen.at(-1)?.url).toMatch(/^https:/);
    } finally {
      proxied.server.close();
      https.server.close();
    }
  });
});

describe("body limits", () => {
  const from = { Origin: "" };
  beforeEach(() => {
    from.Origin = shell.origin;
  });

  test("the site's routes: public forms get a small limit, a route's .data requests share it, editors take a page, everything else the default", async () => {
    const bodyLimitFor = routeBodyLimits(await siteManifest());
    for (const path of ["/contact", "/contact.data", "/Contact/", "/api/inquiries", "/admin/login", "/admin/login.data"]) {
      expect(bodyLimitFor(path), path).toEqual({ maxBytes: 128 * 1024 });
    }
    for (const path of ["/admin/inquiries", "/admin/inquiries.data", "/", "/admin/history/about", "/no-such-page"])
      expect(bodyLimitFor(path), path).toEqual({ maxBytes: 1024 * 1024 });
    for (const path of ["/admin/homepage", "/admin/about.data", "/admin/services"])
      expect(bodyLimitFor(path), path).toEqual({ maxBytes: 4 * 1024 * 1024 });
    expect(testLimits("/upload.data")).toEqual({ maxBytes: 100_000, streamed: true });
    // Image uploads read their own body and answer for its size; the server's count is a backstop above it.
    for (const path of ["/admin/images", "/admin/images/upload", "/admin/images.data"]) {
      expect(bodyLimitFor(path), path).toMatchObject({ streamed: true });
      expect(bodyLimitFor(path).maxBytes, path).toBeGreaterThan(maxUploadRequestBytes);
    }
  });

  test("a body over its route's limit gets 413 and the route never sees it, with a Content-Length or in chunks", async () => {
    expect((await post("/form", from, "x".repeat(1001))).status).toBe(413);
    const chunked = await send(`${shell.origin}/form`, {
      method: "POST",
      headers: from,
      chunks: [Buffer.alloc(600, 1), Buffer.alloc(600, 2)],
    });
    expect(chunked.status).toBe(413);
    expect(chunked.body.toString()).toContain("Content Too Large");
    expect(seen).toEqual([]);
  });

  test("a chunked body within the limit reaches the route whole (it was refused with 411 before)", async () => {
    const reply = await send(`${shell.origin}/form`, {
      method: "POST",
      headers: from,
      chunks: [Buffer.alloc(500, 1), Buffer.alloc(500, 2)],
    });
    expect(reply.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toEqual(Buffer.concat([Buffer.alloc(500, 1), Buffer.alloc(500, 2)]));
  });

  test("a route with its own streamed limit takes more than the default, and no more than its own", async () => {
    const chunks = (count: number) => Array.from({ length: count }, (_, index) => Buffer.alloc(10_000, index));
    const within = await send(`${shell.origin}/upload`, { method: "POST", headers: from, chunks: chunks(9) });
    expect(within.status).toBe(200);
    expect(seen[0]!.body).toEqual(Buffer.concat(chunks(9)));

    seen = [];
    const over = await send(`${shell.origin}/upload.data`, { method: "POST", headers: from, chunks: chunks(15) });
    expect(over.status).toBe(413);
    // The route read the body as it came and saw it fail; it never had more than the limit.
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toBeNull();
    expect(seen[0]!.bodyError).toContain("larger than 100000 bytes");
    expect((await post("/upload", from, "x".repeat(100_001))).status).toBe(413);
  });

  test("an answer or a refusal that left a body within its limit unread reads the rest first: the connection carries the next request", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // Two megabytes: more than the socket buffers hold, so the rest is still coming when the answer is ready.
      const chunks = Array.from({ length: 40 }, () => Buffer.alloc(50_000, 1));
      const body = { method: "POST", headers: from, agent };
      expect((await send(`${shell.origin}/big`, { ...body, headers: { Origin: "https://attacker.example" }, chunks })).status).toBe(403);
      readBody = false;
      expect(await send(`${shell.origin}/big`, { ...body, chunks })).toMatchObject({ status: 200, reusedSocket: true });
      readBody = true;
      const next = await send(`${shell.origin}/form`, { ...body, body: "a=b" });
      expect(next).toMatchObject({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  });

  test("a body over its limit gets 413 once read and thrown away up to twice the limit (1 MiB at least); past that the connection closes", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // 600 KB, chunked, to a form of 1,000 bytes: thrown away as it comes, the client gets the 413.
      const within = await send(`${shell.origin}/form`, {
        method: "POST",
        headers: from,
        agent,
        chunks: Array.from({ length: 12 }, () => Buffer.alloc(50_000, 1)),
      });
      expect(within.status).toBe(413);
      expect(await send(`${shell.origin}/form`, { method: "POST", headers: from, agent, body: "a=b" })).toMatchObject({
        status: 200,
        reusedSocket: true,
      });
      // Two megabytes: the server stops reading at its drain limit and closes after the answer.
      const chunks = Array.from({ length: 40 }, () => Buffer.alloc(50_000, 1));
      const refused = await send(`${shell.origin}/form`, { method: "POST", headers: from, agent, chunks }).catch((error: Error) => error);
      if (!(refused instanceof Error)) {
        expect(refused.status).toBe(413);
        expect(refused.headers.connection).toBe("close");
      }
      expect(await send(`${shell.origin}/form`, { method: "POST", headers: from, agent, body: "a=b" })).toMatchObject({
        status: 200,
        reusedSocket: false,
      });
    } finally {
      agent.destroy();
    }
  });

  // A connection closed with bytes of the request still unread is reset; a proxy that is still
  // sending them (nginx) then answers its client 502 instead of the site's answer.
  test("an answer ready before the whole body has come waits for the rest of it", async () => {
    readBody = false;
    const socket = connect(Number(new URL(shell.origin).port), "127.0.0.1");
    try {
      const received: Array<Buffer> = [];
      socket.on("data", (chunk: Buffer) => received.push(chunk));
      const half = Buffer.alloc(100_000, 1);
      socket.write(
        `POST /big HTTP/1.1\r\nHost: ${new URL(shell.origin).host}\r\nOrigin: ${shell.origin}\r\nContent-Length: ${2 * half.length}\r\nConnection: close\r\n\r\n`,
      );
      const answered = new Promise<void>((resolve) => (routeAnswered = resolve));
      socket.write(half);
      // The route answers without reading. A listener that sent the answer at once would have, and
      // its bytes reached this socket, within a few turns of the event loop, however busy the machine.
      await answered;
      await eventLoopTurns(20);
      expect(Buffer.concat(received).toString()).toBe("");
      socket.write(half);
      await new Promise((resolve) => socket.once("close", resolve));
      expect(Buffer.concat(received).toString()).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      socket.destroy();
    }
  });
});

describe("compression of dynamic responses", () => {
  const page = "<!doctype html><p>A page rendered for this request.</p>".repeat(100);

  test("text is compressed as the request accepts, q=0 honoured; HEAD and bodies known to be small are sent as they are", async () => {
    answer = () => new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    const brotli = await send(`${shell.origin}/contact`, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(brotli.headers).toMatchObject({ "content-encoding": "br", vary: "Accept-Encoding", "x-content-type-options": "nosniff" });
    expect(brotliDecompressSync(brotli.body).toString()).toBe(page);
    const gzip = await send(`${shell.origin}/contact`, { headers: { "Accept-Encoding": "br;q=0, gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    const plain = await send(`${shell.origin}/contact`, { headers: { "Accept-Encoding": "br;q=0, gzip;q=0" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    const head = await send(`${shell.origin}/contact`, { method: "HEAD", headers: { "Accept-Encoding": "gzip" } });
    expect(head).toMatchObject({ status: 200, body: Buffer.alloc(0) });

    answer = () => new Response("short", { headers: { "Content-Type": "text/plain", "Content-Length": "5" } });
    const small = await send(`${shell.origin}/api/thing`, { headers: { "Accept-Encoding": "gzip" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers.vary).toBe("Accept-Encoding");
  });
});

test("a large compressed answer leaves no drain listener behind on the zlib stream (expressjs/compression#135)", async () => {
  // Text that compresses little, in chunks larger than zlib's buffer: most writes wait for a drain.
  const chunk = () => Buffer.from(Array.from({ length: 16_384 }, () => Math.random().toString(36).slice(2)).join(""));
  answer = () =>
    new Response(
      new ReadableStream({
        start(controller) {
          for (let index = 0; index < 40; index++) controller.enqueue(chunk());
          controller.close();
        },
      }),
      { headers: { "Content-Type": "text/plain; charset=utf-8" } },
    );
  const warnings: Array<string> = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  process.on("warning", onWarning);
  try {
    const reply = await send(`${shell.origin}/export`, { headers: { "Accept-Encoding": "gzip" } });
    expect(reply.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(reply.body).length).toBeGreaterThan(5_000_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((message) => message.includes("drain listeners"))).toEqual([]);
  } finally {
    process.off("warning", onWarning);
  }
});

describe("static files", () => {
  const asset = () => `${shell.origin}/assets/app-abc123.js`;

  test("the build's compressed copy the request accepts, with immutable caching for hashed assets", async () => {
    const brotli = await send(asset(), { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(brotli.headers).toMatchObject({
      "content-encoding": "br",
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      vary: "Accept-Encoding",
      "x-content-type-options": "nosniff",
    });
    expect(brotliDecompressSync(brotli.body)).toEqual(script);
    // sirv alone would send brotli to a request that refused it.
    const gzip = await send(asset(), { headers: { "Accept-Encoding": "br;q=0, gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body)).toEqual(script);
    const plain = await send(asset(), { headers: { "Accept-Encoding": "br;q=0.0, gzip;q=0" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toEqual(script);
    expect((await send(asset())).body).toEqual(script);
    expect(seen).toEqual([]);
  });

  test("ETag revalidation, HEAD, and daily revalidation for files that are not hashed", async () => {
    const first = await send(asset(), { headers: { "Accept-Encoding": "gzip" } });
    const again = await send(asset(), { headers: { "Accept-Encoding": "gzip", "If-None-Match": first.headers.etag! } });
    expect(again).toMatchObject({ status: 304, body: Buffer.alloc(0) });
    expect(again.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const head = await send(asset(), { method: "HEAD", headers: { "Accept-Encoding": "gzip" } });
    expect(head).toMatchObject({ status: 200, body: Buffer.alloc(0) });
    expect(head.headers["content-length"]).toBe(first.headers["content-length"]);
    const image = await send(`${shell.origin}/images/photo.webp`);
    expect(image.headers).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "public, max-age=86400, stale-while-revalidate=604800",
    });
  });

  test("the islands manifest, unknown files and writes go on to the routes", async () => {
    for (const path of ["/islands-manifest.json", "/assets/missing.js"]) {
      const reply = await send(shell.origin + path);
      expect(reply.body.toString(), path).toBe("ok");
      expect(reply.headers["cache-control"], path).toBeUndefined();
    }
    expect((await post("/assets/app-abc123.js", { Origin: shell.origin })).body.toString()).toBe("ok");
    expect(seen).toHaveLength(3);
  });
});

test("an over-long path answers 414 and a malformed one 400, before anything else", async () => {
  expect((await send(`${shell.origin}/${"a".repeat(5000)}`)).status).toBe(414);
  expect((await send(`${shell.origin}/%E0%A4%A`)).status).toBe(400);
  expect(seen).toEqual([]);
});

test("every kind of answer carries the site's headers and its request id, and HSTS when the site is https", async () => {
  const cache = new PageCache(
    renderedPages(async (path) => ({
      response: new Response(`<!doctype html><p>${path}</p>`, {
        status: path === "/cached" ? 200 : 404,
        headers: { "Content-Type": "text/html" },
      }),
      reads: new Set<string>(),
    })),
  );
  const secured = await startShell({
    siteUrl: new URL("https://practice.example"),
    cachedPage: (path) => (path === "/cached" ? cache.get(path) : null),
    formTokenCookie: (path) => (path === "/form-token.css" ? "__Host-proof=1; Path=/; Secure; HttpOnly" : null),
    notFoundPage: (path) => (path === "/missing" ? cache.notFound() : null),
    mediaFile: (_request, path) =>
      path.startsWith("/media/") ? async () => ({ status: 200, headers: { "Content-Type": "image/webp" }, body: "webp" }) : null,
    async handleRequest(request) {
      if (request.url.endsWith("/fails")) throw new Error("the route failed");
      return new Response("dynamic");
    },
  });
  const error = vi.spyOn(log, "error").mockImplementation(() => {});
  try {
    const answers = {
      cached: await send(`${secured.origin}/cached`, { headers: { "Accept-Encoding": "gzip" } }),
      formToken: await send(`${secured.origin}/form-token.css`),
      notModified: await send(`${secured.origin}/cached`, { headers: { "If-None-Match": (await cache.get("/cached"))!.etag } }),
      missing: await send(`${secured.origin}/missing`),
      asset: await send(`${secured.origin}/assets/app-abc123.js`),
      media: await send(`${secured.origin}/media/a/b.webp`),
      probe: await send(`${secured.origin}/healthz`),
      tooLong: await send(`${secured.origin}/${"a".repeat(5000)}`),
      dynamic: await send(`${secured.origin}/dynamic`),
      failed: await send(`${secured.origin}/fails`),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, reply]) => [name, reply.status]))).toEqual({
      cached: 200,
      formToken: 200,
      notModified: 304,
      missing: 404,
      asset: 200,
      media: 200,
      probe: 200,
      tooLong: 414,
      dynamic: 200,
      failed: 500,
    });
    for (const [name, reply] of Object.entries(answers)) {
      expect([name, reply.headers["x-content-type-options"], reply.headers["strict-transport-security"]]).toEqual([
        name,
        "nosniff",
        expect.stringContaining("max-age="),
      ]);
      expect([name, reply.headers["x-request-id"]]).toEqual([name, expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    }
    // A cached page keeps its own headers, and sets no cookie: every visitor gets the same answer.
    expect(answers.cached.headers).toMatchObject({ "content-encoding": "gzip", vary: "Accept-Encoding", "content-type": "text/html" });
    expect(answers.cached.headers["set-cookie"]).toBeUndefined();
    // The form token's address: the cookie made for this request, in an answer no cache keeps.
    expect(answers.formToken.headers).toMatchObject({ "content-type": "text/css; charset=utf-8", "cache-control": "no-store" });
    expect(answers.formToken.headers["set-cookie"]).toEqual(["__Host-proof=1; Path=/; Secure; HttpOnly"]);
    expect(gunzipSync(answers.cached.body).toString()).toBe("<!doctype html><p>/cached</p>");
    expect(answers.notModified.headers.etag).toBe((await cache.get("/cached"))!.etag);
    expect(answers.asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answers.media.headers["content-type"]).toBe("image/webp");
    // Two requests never share an id.
    expect(new Set(Object.values(answers).map((reply) => reply.headers["x-request-id"])).size).toBe(Object.keys(answers).length);
  } finally {
    error.mockRestore();
    await new Promise<void>((resolve) => secured.server.close(() => resolve()));
  }
});

test("a page or the 404 document the cache holds is sent within the listener's call; what waits runs with the request's id", async () => {
  const cache = new PageCache(
    renderedPages(async (path) => ({
      response: new Response(`<!doctype html><p>${path}</p>`, { status: path === "/cached" ? 200 : 404 }),
      reads: new Set<string>(),
    })),
  );
  // Entering the request's log scope, or awaiting anything, cost a fifth to a third of what a
  // cached page's answer does (measured beside the old listener): held pages need neither.
  const endedInCall = new Map<string, boolean>();
  let mediaAskedIn: string | undefined;
  const held = await startShell(
    {
      cachedPage: (path) => (path === "/cached" ? cache.get(path) : null),
      notFoundPage: (path) => (path === "/missing" ? cache.notFound() : null),
      mediaFile: (_request, path) =>
        path.startsWith("/media/")
          ? async () => {
              mediaAskedIn = currentRequestId();
              return { status: 200, headers: { "Content-Type": "image/webp" }, body: "webp" };
            }
          : null,
    },
    (request, response) => endedInCall.set(`${endedInCall.has(request.url ?? "") ? "again " : ""}${request.url}`, response.writableEnded),
  );
  try {
    for (const path of ["/cached", "/missing", "/cached", "/missing"]) await send(held.origin + path);
    const media = await send(`${held.origin}/media/a/b.webp`);
    expect(Object.fromEntries(endedInCall)).toEqual({
      // The first asks made the pages: those answers waited for them.
      "/cached": false,
      "/missing": false,
      "again /cached": true,
      "again /missing": true,
      "/media/a/b.webp": false,
    });
    expect(mediaAskedIn).toBe(media.headers["x-request-id"]);
  } finally {
    await new Promise<void>((resolve) => held.server.close(() => resolve()));
  }
});

describe("operations", () => {
  test("/healthz answers while /readyz follows readiness; neither reaches the site or is cached", async () => {
    let ready = true;
    const probed = await startShell({ ready: async () => ready });
    try {
      const health = await send(`${probed.origin}/healthz`);
      expect([health.status, health.body.toString(), health.headers["cache-control"]]).toEqual([200, "ok\n", "no-store"]);
      expect((await send(`${probed.origin}/readyz`)).status).toBe(200);
      ready = false;
      const notReady = await send(`${probed.origin}/readyz`);
      expect([notReady.status, notReady.body.toString()]).toEqual([503, "not ready\n"]);
      expect((await send(`${probed.origin}/healthz`)).status).toBe(200);
      expect(seen).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => probed.server.close(() => resolve()));
    }
  });

  test("each request gets an id; a trusted proxy's own id is kept, anyone else's replaced", async () => {
    const own = await send(`${shell.origin}/page`, { headers: { "X-Request-Id": "chosen-by-client-123" } });
    expect(own.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const behindProxy = await startShell({ trustedProxies: new TrustedProxies(["127.0.0.1"]) });
    try {
      const forwarded = await send(`${behindProxy.origin}/page`, { headers: { "X-Request-Id": "0123456789abcdef" } });
      expect(forwarded.headers["x-request-id"]).toBe("0123456789abcdef");
      const malformed = await send(`${behindProxy.origin}/page`, { headers: { "X-Request-Id": "bad id;" } });
      expect(malformed.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await new Promise<void>((resolve) => behindProxy.server.close(() => resolve()));
    }
  });

  test("the request log is one JSON line per request: id, method, path without its query, status, time", async () => {
    const logged = await startShell({ logRequests: true });
    const lines: Array<string> = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      answer = () => new Response("missing", { status: 404 });
      const reply = await send(`${logged.origin}/admin/inquiries?q=Jane%20Doe`);
      await send(`${logged.origin}/healthz`);
      // A request after the probe: once its line is written, the probe's would have been too.
      await send(`${logged.origin}/after-the-probe`);
      const requests = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === "request");
      await expect.poll(() => requests().at(-1)?.path).toBe("/after-the-probe");
      const entries = requests();
      expect(entries.map((entry) => entry.path)).toEqual(["/admin/inquiries", "/after-the-probe"]); // a load balancer's probes are not logged
      expect(entries[0]).toMatchObject({
        level: "info",
        method: "GET",
        path: "/admin/inquiries",
        status: 404,
        requestId: reply.headers["x-request-id"],
      });
      expect(typeof entries[0]!.ms).toBe("number");
      expect(lines.join("")).not.toContain("Jane");
    } finally {
      write.mockRestore();
      await new Promise<void>((resolve) => logged.server.close(() => resolve()));
    }
  });
});

test("a path is unknown when only the catch-all (404) route takes it, as React Router matches", async () => {
  const isUnknown = unknownPaths(await siteManifest(), "/__manifest");
  for (const path of ["/nope", "/a/b/c", "/services", "/x%20y"]) expect(isUnknown(path), path).toBe(true);
  // Known pages, a service slug (its page says 404 for a slug it lacks), the admin, data requests.
  for (const path of [
    "/",
    "/about",
    "/About/",
    "/contact",
    "/services/anything",
    "/admin/anything",
    "/robots.txt",
    "/nope.data",
    "/__manifest",
  ]) {
    expect(isUnknown(path), path).toBe(false);
  }
});
