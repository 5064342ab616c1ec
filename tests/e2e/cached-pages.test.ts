// The server's page cache (docs/decisions/004-page-cache.md): every visitor is sent the same
// cached bytes, and a save shows on the next page served, without waiting for the content poll.
import { randomUUID } from "node:crypto";
import { get } from "node:http";
import { expect, test } from "@playwright/test";
import { textFormOf } from "#tests/fixtures/page-form.ts";
import { type LocalServer, signedInAdminCookie, startLocalServer } from "../../bench/local-server.ts";

let server: LocalServer;

test.beforeAll(async () => {
  // A poll too slow to be what carries a save to the page cache.
  server = await startLocalServer({ CONTENT_POLL_MS: "600000", DEMO_MODE: "off" });
});

test.afterAll(async () => {
  await server?.stop();
});

/** `path` on a new connection each time. */
function freshGet(path: string): Promise<{ status: number; etag: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    get(`${server.origin}${path}`, { agent: false }, (answer) => {
      let body = "";
      answer.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, etag: answer.headers.etag, body }));
    }).on("error", reject);
  });
}

test("every visitor gets the same cached page, and a save shows on the next page served", async () => {
  const before = await Promise.all(Array.from({ length: 24 }, () => freshGet("/")));
  expect(before.map((answer) => answer.status)).toEqual(before.map(() => 200));
  expect(new Set(before.map((answer) => answer.etag)).size).toBe(1);
  const missing = await Promise.all(Array.from({ length: 24 }, () => freshGet("/no-such-page")));
  expect(new Set(missing.map((answer) => `${answer.status} ${answer.etag}`))).toEqual(new Set([`404 ${missing[0]!.etag}`]));

  const cookie = await signedInAdminCookie(server, "cache@example.com");
  const title = `Saved just now ${randomUUID().slice(0, 8)}`;
  const homepageTexts = textFormOf("homepage");
  const save = await fetch(`${server.origin}/admin/homepage`, {
    method: "POST",
    headers: { Origin: server.origin, Cookie: cookie },
    body: new URLSearchParams({ ...homepageTexts, heroTitle: title, baseVersion: "0" }),
    redirect: "manual",
  });
  expect(save.status).toBe(200);

  const after = await Promise.all(Array.from({ length: 24 }, () => freshGet("/")));
  expect(after.filter((answer) => !answer.body.includes(title))).toHaveLength(0);
  expect(new Set(after.map((answer) => answer.etag)).size).toBe(1);
});
