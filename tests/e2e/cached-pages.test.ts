// The server's page cache (docs/decisions/004-page-cache.md): every visitor is sent the same
// cached bytes, and a save shows on the next page served, without waiting for the content poll.
import { randomUUID } from "node:crypto";
import { get } from "node:http";
import { expect, test } from "@playwright/test";
import { textFormOf } from "#tests/fixtures/page-form.ts";
import { type LocalServer, signedInAdminCookie, startLocalServer } from "../../bench/local-server.ts";
import { parseConfig } from "#app/server/config.server.ts";
import { createDb } from "#app/server/db/db.server.ts";

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

test("a Spanish page is cached apart from its English one, and a save of the content it shows reaches it", async () => {
  for (const path of ["/es", "/es/contact", "/es/services/couples-counseling"]) {
    const answers = await Promise.all(Array.from({ length: 12 }, () => freshGet(path)));
    expect(
      answers.map((answer) => answer.status),
      path,
    ).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((answer) => answer.etag)).size, path).toBe(1);
    expect(answers[0]!.etag, path).toBeDefined();
    expect(answers[0]!.body, path).toContain('<html lang="es"');
  }
  expect((await freshGet("/es")).etag).not.toBe((await freshGet("/")).etag);
  // Every Spanish address no page has gets the one Spanish 404 document.
  const missing = await Promise.all(["/es/no-existe", "/es/otra/pagina", "/es/no-existe"].map((path) => freshGet(path)));
  expect(new Set(missing.map((answer) => `${answer.status} ${answer.etag}`))).toEqual(new Set([`404 ${missing[0]!.etag}`]));
  expect(missing[0]!.etag).toBeDefined();
  expect(missing[0]!.body).toContain("No encontramos esta página");
  expect(missing[0]!.etag).not.toBe((await freshGet("/no-such-page")).etag);
  // The sent panel is per visitor: never from the cache.
  expect((await freshGet("/es/contact?sent=1")).etag).toBeUndefined();

  const cookie = await signedInAdminCookie(server, "cache-es@example.com");
  const title = `Shown in both ${randomUUID().slice(0, 8)}`;
  const db = createDb(parseConfig({ ...process.env, DATABASE_URL: server.databaseFile }).database);
  const stored = await db.selectFrom("page_content").select("version").where("page_name", "=", "homepage").executeTakeFirst();
  await db.destroy();
  const version = stored?.version ?? 0;
  const save = (path: string, form: Record<string, string>) =>
    fetch(`${server.origin}${path}`, {
      method: "POST",
      headers: { Origin: server.origin, Cookie: cookie },
      body: new URLSearchParams(form),
      redirect: "manual",
    });
  expect((await save("/admin/homepage", { ...textFormOf("homepage"), heroTitle: title, baseVersion: String(version) })).status).toBe(200);
  expect((await freshGet("/")).body).toContain(title);
  // The Spanish home page shows its translation; a save of it reaches /es, and only /es.
  const spanishTitle = `Mostrado en español ${randomUUID().slice(0, 8)}`;
  const translation = { ...textFormOf("homepage"), heroTitle: spanishTitle, baseVersion: "0", sourceVersion: String(version + 1) };
  expect((await save("/admin/homepage?lang=es", translation)).status).toBe(200);
  expect((await freshGet("/es")).body).toContain(spanishTitle);
  expect((await freshGet("/")).body).not.toContain(spanishTitle);
});

test("a service staff add and publish is a cached page like the twelve, and a therapist's page is one too", async () => {
  const cookie = await signedInAdminCookie(server, "services@example.com");
  const post = (path: string, form: Record<string, string>) =>
    fetch(`${server.origin}${path}`, {
      method: "POST",
      headers: { Origin: server.origin, Cookie: cookie },
      body: new URLSearchParams(form),
      redirect: "manual",
    });
  const title = `Art Therapy ${randomUUID().slice(0, 6)}`;
  // Added, the list's editor leads on to the new service's page editor.
  const added = await post("/admin/services/list", { intent: "add", listVersion: "0", title, summary: "Making things, and talking." });
  expect(added.status).toBe(302);
  expect(added.headers.get("location")).toMatch(/^\/admin\/services\?page=service-/);
  // Its name and its first draft's version, as the list's editor would show them.
  const db = createDb(parseConfig({ ...process.env, DATABASE_URL: server.databaseFile }).database);
  try {
    const entry = await db.selectFrom("collection_entries").select(["id", "slug"]).where("title", "=", title).executeTakeFirstOrThrow();
    const row = await db.selectFrom("page_content").select("version").where("page_name", "=", entry.id).executeTakeFirstOrThrow();
    const texts = { ...textFormOf("couples-counseling"), title, baseVersion: String(row.version) };
    expect((await post(`/admin/services?page=${entry.id}`, texts)).status).toBe(200);
    const path = `/services/${entry.slug}`;
    const answers = await Promise.all(Array.from({ length: 24 }, () => freshGet(path)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(answers.filter((answer) => !answer.body.includes(title))).toHaveLength(0);
    // The same cached bytes for every visitor, as for the twelve built-in services.
    expect(answers[0]!.etag).toBeDefined();
    expect(new Set(answers.map((answer) => answer.etag)).size).toBe(1);
  } finally {
    await db.destroy();
  }
  const team = await Promise.all(Array.from({ length: 12 }, () => freshGet("/team/daniel-reyes")));
  expect(team[0]!.etag).toBeDefined();
  expect(new Set(team.map((answer) => `${answer.status} ${answer.etag}`)).size).toBe(1);
  // A page rendered for its visitor (a query on the form's page) is not from the cache: no ETag.
  expect((await freshGet("/contact?sent=1")).etag).toBeUndefined();
});
