import { MessageChannel, type MessagePort } from "node:worker_threads";
import { afterEach, expect, test } from "vitest";
import type { RequestClient } from "#app/server/client-address.server.ts";
import { currentRequestId, withRequestId } from "#app/server/log.server.ts";
import type { StaleContent } from "#app/content/page-store.server.ts";
import { type AppCore, coreOverPort, exposeCore } from "./core-channel.ts";
import { renderedPages } from "./page-cache.ts";

const client: RequestClient = { address: "203.0.113.7", https: true, viaTrustedProxy: true, unbelievedForwarding: false };
const ports: Array<MessagePort> = [];

afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

/** A core that records what it was asked, and can report content changes. */
function fakeCore(overrides: Partial<AppCore> = {}) {
  const listeners = new Set<(stale: StaleContent) => void>();
  const seen: Array<{ request: Request; client: RequestClient; requestId: string | undefined }> = [];
  const core: AppCore = {
    async handleRequest(request, from) {
      seen.push({ request, client: from, requestId: currentRequestId() });
      const headers = new Headers({ "Content-Type": "text/plain" });
      headers.append("Set-Cookie", "a=1");
      headers.append("Set-Cookie", "b=2");
      return new Response(`${request.method} ${new URL(request.url).pathname}: ${await request.text()}`, { status: 201, headers });
    },
    page: renderedPages(async (path) => ({
      response: new Response(`page ${path}`, { headers: { "Content-Type": "text/html" } }),
      reads: new Set([`page:${path}`]),
    })),
    mediaAnswer: async (path, method, ifNoneMatch) => ({
      status: 200,
      headers: { ETag: `"${path}"` },
      body: new Uint8Array([1, 2, method.length, ifNoneMatch ? 1 : 0]),
    }),
    ready: async () => true,
    formTokenSecret: async () => "secret",
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    syncChanges() {},
    ...overrides,
  };
  const report = (stale: StaleContent) => {
    for (const listener of listeners) listener(stale);
  };
  return { core, seen, report };
}

/** The core exposed at one end of a channel, and the loop's view of it at the other. */
function connect(core: AppCore) {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const changes = new Int32Array(new SharedArrayBuffer(4));
  exposeCore(core, core.page, [port1], changes);
  return coreOverPort(port2, changes);
}

test("a request and its answer cross with their bodies, headers, status, client and request id", async () => {
  const { core, seen } = fakeCore();
  const loop = connect(core);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("first "));
      controller.enqueue(new TextEncoder().encode("second"));
      controller.close();
    },
  });
  const request = new Request("https://site.example/contact?x=1", {
    method: "POST",
    headers: { "Content-Type": "text/plain", Cookie: "k=v" },
    body,
    duplex: "half",
  } as RequestInit);
  const response = await withRequestId("request-42", () => loop.handleRequest(request, client));

  expect(response.status).toBe(201);
  expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  expect(await response.text()).toBe("POST /contact: first second");
  expect(seen).toHaveLength(1);
  expect(seen[0]!.request.url).toBe("https://site.example/contact?x=1");
  expect(seen[0]!.request.headers.get("cookie")).toBe("k=v");
  expect(seen[0]!.client).toEqual(client);
  expect(seen[0]!.requestId).toBe("request-42");
});

test("a visitor who goes away aborts the request the core is answering", async () => {
  let coreRequest: Request | undefined;
  const { core } = fakeCore({
    handleRequest(request) {
      coreRequest = request;
      return new Promise((resolve) => request.signal.addEventListener("abort", () => resolve(new Response("gone", { status: 499 }))));
    },
  });
  const loop = connect(core);
  const gone = new AbortController();
  const answer = loop.handleRequest(new Request("http://site.example/admin", { signal: gone.signal }), client);
  await expect.poll(() => coreRequest).toBeDefined();
  expect(coreRequest!.signal.aborted).toBe(false);
  gone.abort();
  expect((await answer).status).toBe(499);
  expect(coreRequest!.signal.aborted).toBe(true);
});

test("a failure in the core fails the loop's call with its message, thrown at once or later", async () => {
  const later = connect(fakeCore({ handleRequest: async () => Promise.reject(new TypeError("no such table: pages")) }).core);
  await expect(later.handleRequest(new Request("http://site.example/"), client)).rejects.toMatchObject({
    name: "TypeError",
    message: "no such table: pages",
  });
  const atOnce = connect(
    fakeCore({
      handleRequest: () => {
        throw new RangeError("thrown before any await");
      },
    }).core,
  );
  await expect(atOnce.handleRequest(new Request("http://site.example/"), client)).rejects.toMatchObject({ name: "RangeError" });
});

test("cached pages, images, readiness and the token secret cross too", async () => {
  const { core } = fakeCore();
  const loop = connect(core);
  const { page, reads } = await loop.page("/about", 200);
  const here = (await core.page("/about", 200)).page!;
  expect(Buffer.isBuffer(page!.body) && Buffer.isBuffer(page!.gzip) && Buffer.isBuffer(page!.br)).toBe(true);
  expect(page!.body.toString()).toBe("page /about");
  expect(page!.etag).toBe(here.etag);
  expect(page!.br.equals(here.br)).toBe(true);
  expect(page!.answers.gzip["content-type"]).toBe("text/html");
  expect([...reads]).toEqual(["page:/about"]);
  expect((await loop.page("/about", 404)).page).toBeNull();
  const media = await loop.mediaAnswer("/media/x/a.webp", "GET", '"etag"');
  expect(media).toEqual({ status: 200, headers: { ETag: '"/media/x/a.webp"' }, body: new Uint8Array([1, 2, 3, 1]) });
  expect(await loop.ready()).toBe(true);
  expect(await loop.formTokenSecret()).toBe("secret");
});

test("a content change is known to a loop before it serves its next page, without waiting for its event loop", async () => {
  const { core, report } = fakeCore();
  const loop = connect(core);
  const heard: Array<StaleContent> = [];
  loop.watch((stale) => heard.push(stale));
  loop.syncChanges();
  expect(heard).toEqual([]);

  // A save answered by another loop: the news is posted, and the shared counter moved.
  report(new Set(["page:about"]));
  report("everything");
  // No await in between: the loop reads its port at once because the counter moved.
  loop.syncChanges();
  expect(heard).toEqual([new Set(["page:about"]), "everything"]);
  // Each change is heard once: an answer posted after the changes comes after anything the port
  // still held of them, so once it is here, a second hearing would have been too.
  expect(await loop.ready()).toBe(true);
  expect(heard).toHaveLength(2);
});

test("an answer posted after a change reaches the loop after the change", async () => {
  const order: Array<string> = [];
  const { core, report } = fakeCore({
    async handleRequest() {
      report(new Set(["page:homepage"])); // the save's commit, reported before its answer
      return new Response("saved");
    },
  });
  const loop = connect(core);
  loop.watch(() => order.push("change"));
  await loop.handleRequest(new Request("http://site.example/admin/homepage", { method: "POST", body: "x" }), client);
  order.push("answer");
  expect(order).toEqual(["change", "answer"]);
});

test("an answer written in many small pieces crosses whole, and one over a megabyte as a stream, byte for byte", async () => {
  const pieces = (count: number, size: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < count; index++) controller.enqueue(new Uint8Array(size).fill(index % 251));
        controller.close();
      },
    });
  const expected = (count: number, size: number) =>
    Buffer.concat(Array.from({ length: count }, (_, index) => Buffer.alloc(size, index % 251)));
  for (const [count, size] of [
    [2000, 40], // an admin document as React writes it: 80 KB in small chunks
    [40, 64 * 1024], // a large export: 2.6 MB
  ] as const) {
    const { core } = fakeCore({ handleRequest: async () => new Response(pieces(count, size), { status: 200 }) });
    const loop = connect(core);
    const response = await loop.handleRequest(new Request("http://site.test/admin/inquiries"), client);
    expect(Buffer.from(await response.arrayBuffer()).equals(expected(count, size)), `${count} x ${size}`).toBe(true);
  }
});
