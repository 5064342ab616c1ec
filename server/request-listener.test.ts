import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { createRequestListener, type ListenerOptions } from "./request-listener.ts";

// The shell around React Router, over real HTTP, with a stand-in for React Router that records
// what reached it.
type Seen = { method: string; url: string; body: Buffer | null; bodyError: string | null };
let seen: Array<Seen> = [];
let answer: () => Response = () => new Response("ok");

async function startShell(options: Partial<ListenerOptions> = {}): Promise<{ server: Server; origin: string }> {
  const listener = createRequestListener({
    headers: { "X-Content-Type-Options": "nosniff" },
    serveStatic: () => false,
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
});
beforeEach(() => {
  seen = [];
  answer = () => new Response("ok");
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
