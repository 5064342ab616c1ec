import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
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

test("POST to a page without an action answers 405 without a stack trace", async ({ request, baseURL }) => {
  for (const path of ["/", "/about", "/resources", "/services/group-therapy"]) {
    const response = await request.post(path, { form: { a: "b" }, headers: { Origin: baseURL! } });
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

test("a body over 1 MiB is refused with 413 before it is read", async ({ request, baseURL }) => {
  const response = await request.post("/api/inquiries", {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL! },
    data: `message=${"x".repeat(1024 * 1024 + 10)}`,
  });
  expect(response.status()).toBe(413);
});

test("a post of 200 KB to the contact form is refused with 413, though the admin's limit is larger", async ({ request, baseURL }) => {
  const data = `message=${"x".repeat(200 * 1024)}`;
  const headers = { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL! };
  expect((await request.post("/contact", { headers, data })).status()).toBe(413);
  // Read, and refused for want of a session instead: a browser's form post is sent to sign in,
  // a script's is answered 401 (the session middleware, app/routes/admin/signed-in.tsx).
  const admin = await request.post("/admin/inquiries", { headers: { ...headers, "Sec-Fetch-Mode": "navigate" }, data, maxRedirects: 0 });
  expect(admin.status()).toBe(302);
  expect(admin.headers().location).toBe("/admin/login");
  expect((await request.post("/admin/inquiries", { headers, data, maxRedirects: 0 })).status()).toBe(401);
});

/** Posts a form in chunks, without a Content-Length, as a browser may send an upload. */
function postInChunks(url: string, chunks: Array<string>, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } },
      (incoming) => {
        let body = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (part: string) => (body += part));
        incoming.on("end", () => resolve({ status: incoming.statusCode!, body }));
      },
    );
    outgoing.on("error", reject);
    for (const chunk of chunks) outgoing.write(chunk);
    outgoing.end();
  });
}

test("a form sent in chunks is read (it was refused with 411); over its route's limit it gets 413", async ({ baseURL }) => {
  const origin = { Origin: baseURL! };
  const read = await postInChunks(`${baseURL}/api/inquiries`, ["firstName=", "x".repeat(101)], origin);
  expect(read.status).toBe(400);
  expect(JSON.parse(read.body).errors.firstName).toBe("First name must be at most 100 characters.");
  const chunks = ["message=", ...Array.from({ length: 200 }, () => "y".repeat(1024))];
  const tooLarge = await postInChunks(`${baseURL}/api/inquiries`, chunks, origin);
  expect(tooLarge.status).toBe(413);
});

test("a write from another site, or naming no site at all, is refused with 403 on every route", async ({
  request,
  baseURL,
  inquiriesFrom,
}) => {
  const email = `cross.${randomUUID()}@example.com`;
  const form = { firstName: "Cross", lastName: "Site", email, phone: "1", subject: "Other", paymentMethod: "Self-Pay" };
  const foreign: Array<Record<string, string>> = [
    { Origin: "https://attacker.example" },
    { Origin: "null" },
    { Referer: "https://attacker.example/page" },
    {},
  ];
  for (const path of ["/api/inquiries", "/contact", "/admin/login", "/admin/login.data", "/admin/logout", "/admin/inquiries"]) {
    for (const headers of foreign) {
      const response = await request.post(path, { form, headers, maxRedirects: 0 });
      expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(403);
    }
  }
  expect(await inquiriesFrom(email)).toEqual([]);
  // An old browser that sends no Origin names the page in Referer.
  const fromReferer = await request.post("/api/inquiries", { form: { firstName: "x" }, headers: { Referer: `${baseURL}/contact` } });
  expect(fromReferer.status()).toBe(400);
});

test("a streamed form the route answers without reading is answered at once", async ({ baseURL }) => {
  // The image library takes streamed bodies; signed out, it answers 401 without reading one.
  const body = "id=a&".repeat(180_000);
  const timings = await Promise.all(
    Array.from({ length: 9 }, async () => {
      const started = performance.now();
      const answer = await fetch(`${baseURL}/admin/images?category=general-images`, {
        method: "POST",
        headers: { Origin: baseURL!, "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
      await answer.arrayBuffer();
      return { status: answer.status, ms: performance.now() - started };
    }),
  );
  expect(timings.map(({ status }) => status)).toEqual(timings.map(() => 401));
  // A server that waited for the rest of a body it had handed on waited the whole 10 s of its
  // drain (request-listener.ts) however fast the machine, and an answer that does not wait comes
  // long before it however busy, so this bound does not depend on the machine.
  expect(timings.filter(({ ms }) => ms >= 10_000)).toEqual([]);
});

test("a POST to an unknown path answers 404", async ({ request, baseURL }) => {
  expect((await request.post("/no-such-page", { form: { a: "b" }, headers: { Origin: baseURL! } })).status()).toBe(404);
});

test("a malformed form body to /contact answers 400 with the page, not 500", async ({ request, baseURL }) => {
  const response = await request.post("/contact", { headers: { "Content-Type": "multipart/form-data", Origin: baseURL! }, data: "x=1" });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("We could not read the form.");
});

test("PUT, DELETE and PATCH on /contact answer 405 with Allow and store nothing", async ({ request, inquiriesFrom, baseURL }) => {
  const email = `method.${randomUUID()}@example.com`;
  const form = { firstName: "M", lastName: "Ethod", email, phone: "1", subject: "Other", paymentMethod: "Self-Pay" };
  for (const method of ["PUT", "DELETE", "PATCH"]) {
    const response = await request.fetch("/contact", { method, form, headers: { Origin: baseURL! } });
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

test("no cache keeps a visitor's form token, nor any answer to the form", async ({ request, baseURL }) => {
  // The page is the same for everyone; its form token comes apart, for each visitor.
  expect((await request.get("/contact")).headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
  expect((await request.get("/contact/form-token.css")).headers()["cache-control"]).toBe("no-store");
  const invalid = await request.post("/contact", { form: { firstName: "Typed by a visitor" }, headers: { Origin: baseURL! } });
  expect(invalid.status()).toBe(400);
  expect(invalid.headers()["cache-control"]).toBe("no-store");
  const scripted = await request.post("/api/inquiries", { form: { firstName: "Typed by a visitor" }, headers: { Origin: baseURL! } });
  expect(scripted.status()).toBe(400);
  expect(scripted.headers()["cache-control"]).toBe("no-store");
});
