import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { PageCache, renderedPages, sendCachedPage } from "./page-cache.ts";

const html = (text: string) => new Response(`<!doctype html><p>${text}</p>`.repeat(50), { headers: { "Content-Type": "text/html" } });
/** A render that read nothing named (as robots.txt). */
const rendered = (response: Response) => ({ response, reads: new Set<string>() });

test("a page is rendered once and then served from memory; requests during the render share it", async () => {
  let renders = 0;
  const cache = new PageCache(
    renderedPages(async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return rendered(html(`render ${renders}`));
    }),
  );
  const [first, second] = await Promise.all([cache.get("/"), cache.get("/")]);
  expect(renders).toBe(1);
  expect(first).toBe(second);
  expect(await cache.get("/")).toBe(first);
  expect(first!.answers.notModified["cache-control"]).toBe("public, max-age=0, must-revalidate");
  expect(first!.answers.notModified.vary).toBe("Accept-Encoding");
  expect(gunzipSync(first!.gzip!).equals(first!.body)).toBe(true);
  expect(first!.etag).toMatch(/^"[\w-]+"$/);
});

test("a page that holds only until a moment (a notice's end) is made again after it, with no change to say so", async () => {
  let now = 1_000;
  let renders = 0;
  const cache = new PageCache(
    renderedPages(async () => {
      renders += 1;
      // The first render shows a notice ending at 2000; the next has none and holds until a change.
      return { ...rendered(html(`render ${renders}`)), until: { at: renders === 1 ? 2_000 : null } };
    }),
    () => now,
  );
  const first = await cache.get("/");
  now = 1_999;
  expect(await cache.get("/")).toBe(first);
  now = 2_000;
  const second = await cache.get("/");
  expect(second).not.toBe(first);
  expect(renders).toBe(2);
  now = 1_000_000;
  expect(await cache.get("/")).toBe(second);
});

test("a page made after its own moment had passed is sent but not kept", async () => {
  let renders = 0;
  const cache = new PageCache(
    renderedPages(async () => {
      renders += 1;
      return { ...rendered(html("late")), until: { at: 500 } };
    }),
    () => 1_000,
  );
  expect(await cache.get("/")).not.toBeNull();
  await cache.get("/");
  expect(renders).toBe(2);
});

test("the 404 document is rendered once, kept with its status, and a 200 in its place is not kept", async () => {
  let renders = 0;
  let status = 404;
  const cache = new PageCache(
    renderedPages(async () => {
      renders += 1;
      return rendered(new Response(`<!doctype html><p>Oops</p>`, { status, headers: { "Content-Type": "text/html" } }));
    }),
  );
  const [first, second] = await Promise.all([cache.notFound(), cache.notFound()]);
  expect(first).toBe(second);
  expect(first!.status).toBe(404);
  expect(await cache.notFound()).toBe(first);
  expect(renders).toBe(1);
  cache.invalidate();
  status = 200;
  expect(await cache.notFound()).toBeNull();
});

test("each language has its own 404 document, rendered once", async () => {
  const paths: Array<string> = [];
  const cache = new PageCache(
    renderedPages(async (path) => {
      paths.push(path);
      return rendered(new Response(`<!doctype html><p>${path}</p>`, { status: 404, headers: { "Content-Type": "text/html" } }));
    }),
  );
  const [english, spanish, again] = await Promise.all([cache.notFound(), cache.notFound("es"), cache.notFound("es")]);
  expect(spanish).toBe(again);
  expect(english!.body.toString()).not.toBe(spanish!.body.toString());
  expect(paths.sort()).toEqual(["/__not-found__", "/es/__not-found__"]);
});

test("invalidation drops every page; the next request renders the new content", async () => {
  let text = "old";
  const cache = new PageCache(renderedPages(async () => rendered(html(text))));
  const before = await cache.get("/about");
  text = "new";
  cache.invalidate();
  const after = await cache.get("/about");
  expect(after!.body.toString()).toContain("new");
  expect(after!.etag).not.toBe(before!.etag);
});

test("a change drops only the pages that read what it changed", async () => {
  const readsOf: Record<string, Array<string>> = {
    "/": ["page:homepage", "page:practice", "media:a"],
    "/about": ["page:about", "page:practice", "media:b"],
    "/robots.txt": [],
  };
  const renders: Array<string> = [];
  const cache = new PageCache(
    renderedPages(async (path) => {
      renders.push(path);
      return { response: html(path), reads: new Set(readsOf[path]) };
    }),
  );
  const paths = Object.keys(readsOf);
  for (const path of paths) await cache.get(path);
  cache.invalidate(new Set(["page:about"]));
  for (const path of paths) await cache.get(path);
  expect(renders.slice(3)).toEqual(["/about"]);
  cache.invalidate(new Set(["media:a", "media:unused"]));
  for (const path of paths) await cache.get(path);
  expect(renders.slice(4)).toEqual(["/"]);
  // The practice details are on every page; an unnamed change drops all, config-only ones too.
  cache.invalidate(new Set(["page:practice"]));
  for (const path of paths) await cache.get(path);
  expect(renders.slice(5)).toEqual(["/", "/about"]);
  cache.invalidate();
  for (const path of paths) await cache.get(path);
  expect(renders.slice(7)).toEqual(paths);
  cache.invalidate(new Set());
  for (const path of paths) await cache.get(path);
  expect(renders).toHaveLength(10);
});

test("a render that began before an invalidation is answered but not kept (its content may be stale)", async () => {
  let text = "old";
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const cache = new PageCache(
    renderedPages(async () => {
      const snapshot = text;
      if (snapshot === "old") await held;
      return rendered(html(snapshot));
    }),
  );
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
  const cache = new PageCache(renderedPages(async () => rendered(answers[renders++]!)));
  for (let index = 0; index < answers.length; index++) expect(await cache.get("/x")).toBeNull();
  expect(renders).toBe(3);
});

let server: ReturnType<typeof createServer>;
let base = "";

beforeAll(async () => {
  const cache = new PageCache(renderedPages(async () => rendered(html("served"))));
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    Promise.resolve(cache.get("/")).then((page) => sendCachedPage(request, response, page!));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(headers: Record<string, string>, method = "GET") {
  type Answer = { status: number; encoding: string | undefined; etag: string | undefined; length: number; keptUntil: string | undefined };
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = httpRequest(base, { method, headers }, (response) => {
      let length = 0;
      response.on("data", (chunk: Buffer) => (length += chunk.length));
      response.on("end", () =>
        resolve({
          status: response.statusCode!,
          encoding: response.headers["content-encoding"],
          etag: response.headers.etag,
          length,
          keptUntil: response.headers["x-accel-expires"] as string | undefined,
        }),
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

test("a page tells nginx's cache to keep it to the end of the current second, so an edit is public within 1 s", async () => {
  const before = Math.floor(Date.now() / 1000);
  const { keptUntil } = await get({ "Accept-Encoding": "gzip" });
  const after = Math.floor(Date.now() / 1000);
  expect(keptUntil).toMatch(/^@\d+$/);
  expect(Number(keptUntil!.slice(1))).toBeGreaterThanOrEqual(before);
  expect(Number(keptUntil!.slice(1))).toBeLessThanOrEqual(after);
});
