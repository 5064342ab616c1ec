import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { PageCache, sendCachedPage } from "./page-cache.ts";

const html = (text: string) => new Response(`<!doctype html><p>${text}</p>`.repeat(50), { headers: { "Content-Type": "text/html" } });

test("a page is rendered once and then served from memory; requests during the render share it", async () => {
  let renders = 0;
  const cache = new PageCache(async () => {
    renders += 1;
    await new Promise((resolve) => setTimeout(resolve, 10));
    return html(`render ${renders}`);
  });
  const [first, second] = await Promise.all([cache.get("/"), cache.get("/")]);
  expect(renders).toBe(1);
  expect(first).toBe(second);
  expect(await cache.get("/")).toBe(first);
  expect(first!.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
  expect(first!.headers.vary).toBe("Accept-Encoding");
  expect(gunzipSync(first!.gzip!).equals(first!.body)).toBe(true);
  expect(first!.etag).toMatch(/^"[\w-]+"$/);
});

test("invalidation drops every page; the next request renders the new content", async () => {
  let text = "old";
  const cache = new PageCache(async () => html(text));
  const before = await cache.get("/about");
  text = "new";
  cache.invalidate();
  const after = await cache.get("/about");
  expect(after!.body.toString()).toContain("new");
  expect(after!.etag).not.toBe(before!.etag);
});

test("a render that began before an invalidation is answered but not kept (its content may be stale)", async () => {
  let text = "old";
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const cache = new PageCache(async () => {
    const snapshot = text;
    if (snapshot === "old") await held;
    return html(snapshot);
  });
  const slow = cache.get("/");
  text = "new";
  cache.invalidate();
  release();
  expect((await slow)!.body.toString()).toContain("old");
  expect((await cache.get("/"))!.body.toString()).toContain("new");
});

test("errors, redirects and responses that set cookies are never cached", async () => {
  const answers = [
    new Response("x", { status: 500 }),
    new Response(null, { status: 302, headers: { Location: "/" } }),
    new Response("x", { headers: { "Set-Cookie": "a=b" } }),
  ];
  let renders = 0;
  const cache = new PageCache(async () => answers[renders++]!);
  for (let index = 0; index < answers.length; index++) expect(await cache.get("/x")).toBeNull();
  expect(renders).toBe(3);
});

let server: ReturnType<typeof createServer>;
let base = "";

beforeAll(async () => {
  const cache = new PageCache(async () => html("served"));
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    cache.get("/").then((page) => sendCachedPage(request, response, page!));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(headers: Record<string, string>, method = "GET") {
  return new Promise<{ status: number; encoding: string | undefined; etag: string | undefined; length: number }>((resolve, reject) => {
    const outgoing = httpRequest(base, { method, headers }, (response) => {
      let length = 0;
      response.on("data", (chunk: Buffer) => (length += chunk.length));
      response.on("end", () =>
        resolve({ status: response.statusCode!, encoding: response.headers["content-encoding"], etag: response.headers.etag, length }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

test("encodings: by the client's q-values, then brotli before gzip, never one refused with q=0", async () => {
  expect((await get({ "Accept-Encoding": "gzip, deflate, br, zstd" })).encoding).toBe("br");
  expect((await get({ "Accept-Encoding": "gzip" })).encoding).toBe("gzip");
  expect((await get({ "Accept-Encoding": "br;q=0, gzip" })).encoding).toBe("gzip");
  expect((await get({ "Accept-Encoding": "br;q=0.0, gzip;q=0" })).encoding).toBeUndefined();
  expect((await get({})).encoding).toBeUndefined();
  // The client's own preference counts first; a wildcard accepts brotli.
  expect((await get({ "Accept-Encoding": "gzip;q=1, br;q=0.5" })).encoding).toBe("gzip");
  expect((await get({ "Accept-Encoding": "*" })).encoding).toBe("br");
});

test("a matching If-None-Match answers 304 with no body; HEAD sends headers only", async () => {
  const first = await get({ "Accept-Encoding": "gzip" });
  const again = await get({ "If-None-Match": first.etag! });
  expect(again).toMatchObject({ status: 304, length: 0 });
  expect((await get({ "If-None-Match": '"something else"' })).status).toBe(200);
  expect(await get({ "Accept-Encoding": "gzip" }, "HEAD")).toMatchObject({ status: 200, length: 0, encoding: "gzip" });
});
