import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createRequestListener, type ListenerOptions } from "./request-listener.ts";
import { createStaticFiles } from "./static-files.ts";

// The shell around React Router, over real HTTP, with a stand-in for React Router that records
// what reached it.
type Seen = { method: string; url: string; body: Buffer | null; bodyError: string | null };
let seen: Array<Seen> = [];
let answer: () => Response = () => new Response("ok");

const staticRoot = mkdtempSync(join(tmpdir(), "static-files-"));
const script = Buffer.from(`export const text = "${"static script ".repeat(200)}";`);
mkdirSync(join(staticRoot, "assets"));
mkdirSync(join(staticRoot, "images"));
writeFileSync(join(staticRoot, "assets", "app-abc123.js"), script);
writeFileSync(join(staticRoot, "assets", "app-abc123.js.gz"), gzipSync(script));
writeFileSync(join(staticRoot, "assets", "app-abc123.js.br"), brotliCompressSync(script));
writeFileSync(join(staticRoot, "images", "photo.webp"), Buffer.alloc(3000, 1));
writeFileSync(join(staticRoot, "islands-manifest.json"), "{}");

async function startShell(options: Partial<ListenerOptions> = {}): Promise<{ server: Server; origin: string }> {
  const listener = createRequestListener({
    headers: { "X-Content-Type-Options": "nosniff" },
    serveStatic: createStaticFiles(staticRoot),
    cachedPage: () => null,
    async handleRequest(request) {
      const entry: Seen = { method: request.method, url: request.url, body: null, bodyError: null };
      seen.push(entry);
      if (request.body) {
        try {
          entry.body = Buffer.from(await request.arrayBuffer());
        } catch (error) {
          entry.bodyError = String(error);
        }
      }
      return answer();
    },
    requestOrigin: {},
    logRequests: false,
    ...options,
  });
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

type Reply = { status: number; headers: IncomingHttpHeaders; body: Buffer; reusedSocket: boolean };

/** One request; `chunks` are sent without a Content-Length (chunked), `body` with one. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; chunks?: Array<Buffer> } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: options.method ?? "GET", headers: options.headers }, (incoming) => {
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
});

const post = (path: string, headers: Record<string, string>, body = "a=b") =>
  send(shell.origin + path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body });

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

test("what no file or cached page answers reaches the route, with the headers every response carries", async () => {
  const reply = await send(`${shell.origin}/contact?x=1`);
  expect(reply).toMatchObject({ status: 200, body: Buffer.from("ok") });
  expect(reply.headers["x-content-type-options"]).toBe("nosniff");
  expect(seen).toMatchObject([{ method: "GET", url: `${shell.origin}/contact?x=1` }]);
});
