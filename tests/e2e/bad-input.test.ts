import { randomUUID } from "node:crypto";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

test("an over-long path answers 414, not 500", async ({ request }) => {
  const response = await request.get(`/${"a".repeat(5000)}`);
  expect(response.status()).toBe(414);
});

test("a malformed percent-encoding answers 400", async ({ request }) => {
  for (const path of ["/%E0%A4%A", "/services/%", "/about/%ZZ"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
  }
});

test("POST to a page without an action answers 405 without a stack trace", async ({ request }) => {
  for (const path of ["/", "/about", "/resources", "/services/group-therapy"]) {
    const response = await request.post(path, { form: { a: "b" } });
    expect(response.status(), path).toBe(405);
    expect(await response.text()).not.toMatch(/at \w+ \(/);
  }
});

test("HEAD answers like GET without a body", async ({ request }) => {
  const response = await request.head("/about");
  expect(response.status()).toBe(200);
  expect(await response.body()).toHaveLength(0);
  expect((await request.head("/nope")).status()).toBe(404);
});

test("pages are compressed and revalidated by ETag", async ({ request }) => {
  const first = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(first.headers()["content-encoding"]).toBe("gzip");
  const etag = first.headers().etag;
  expect(etag).toBeTruthy();
  const second = await request.get("/", { headers: { "If-None-Match": etag!, "Accept-Encoding": "gzip" } });
  expect(second.status()).toBe(304);
});

test("responses carry security headers", async ({ request }) => {
  for (const path of ["/", "/contact", "/nope"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["content-security-policy"], path).toContain("default-src 'self'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
  }
});

test("a body over 1 MiB is refused with 413 before it is read", async ({ request }) => {
  const response = await request.post("/api/inquiries", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: `message=${"x".repeat(1024 * 1024 + 10)}`,
  });
  expect(response.status()).toBe(413);
});

test("a POST to an unknown path answers 404", async ({ request }) => {
  expect((await request.post("/no-such-page", { form: { a: "b" } })).status()).toBe(404);
});

test("a malformed form body to /contact answers 400 with the page, not 500", async ({ request }) => {
  const response = await request.post("/contact", { headers: { "Content-Type": "multipart/form-data" }, data: "x=1" });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("We could not read the form.");
});

test("PUT, DELETE and PATCH on /contact answer 405 with Allow and store nothing", async ({ request, inquiriesFrom }) => {
  const email = `method.${randomUUID()}@example.com`;
  const form = { firstName: "M", lastName: "Ethod", email, phone: "1", subject: "Other", paymentMethod: "Self-Pay" };
  for (const method of ["PUT", "DELETE", "PATCH"]) {
    const response = await request.fetch("/contact", { method, form });
    expect(response.status(), method).toBe(405);
    expect(response.headers().allow, method).toBe("GET, HEAD, POST");
  }
  expect(await inquiriesFrom(email)).toEqual([]);
});

test("a forged Host header never reaches the page's canonical link or Open Graph URL", async ({ request }) => {
  const html = await (await request.get("/contact", { headers: { Host: "evil.example" } })).text();
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/contact"/);
  expect(html).not.toContain("evil.example");
});

test("the contact page and every answer to its form are never stored by a cache", async ({ request }) => {
  expect((await request.get("/contact")).headers()["cache-control"]).toBe("no-store");
  const invalid = await request.post("/contact", { form: { firstName: "Typed by a visitor" } });
  expect(invalid.status()).toBe(400);
  expect(invalid.headers()["cache-control"]).toBe("no-store");
  const scripted = await request.post("/api/inquiries", { form: { firstName: "Typed by a visitor" } });
  expect(scripted.status()).toBe(400);
  expect(scripted.headers()["cache-control"]).toBe("no-store");
});
