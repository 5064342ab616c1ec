import { execFileSync } from "node:child_process";
import { openInquiry } from "#app/inquiries/inquiry-sealing.server.ts";
import { randomBytes, randomUUID } from "node:crypto";
import { request as httpsRequest } from "node:https";
import { networkInterfaces } from "node:os";
import { connect as tlsConnect } from "node:tls";
import { expect, test } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";
import { maxUploadBytes } from "#app/media/media.ts";
import { readPage, savePage } from "#app/content/page-store.server.ts";
import { parseConfig } from "#app/server/config.server.ts";
import { createDb } from "#app/server/db/db.server.ts";
import { hasNginx, type LocalNginx, localhostCertificate, shippedConfigFor, startNginxWith } from "../../bench/local-nginx.ts";
import { formTokenAddress } from "../../bench/contact-page.ts";
import { freePort, type LocalServer, startLocalServer } from "../../bench/local-server.ts";
import { createPostgresDatabase, type PostgresDatabase } from "../setup/postgres-database.ts";

// The site as the README's Operations section deploys it: deploy/nginx/practice-site.conf, as
// shipped (only its ports, certificate and cache paths swapped for this test's: shippedConfigFor),
// ending TLS in front of two instances on one PostgreSQL database, with its page cache.

// Visitors come from this machine's network address, not loopback: the instances trust loopback,
// where nginx is, and a visitor there would be taken for the proxy itself.
const visitorAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

const postgresServer = process.env.E2E_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
test.skip(
  !postgresServer || !hasNginx() || !visitorAddress,
  "needs PostgreSQL (E2E_POSTGRES_URL), nginx and a network address besides loopback, as npm test on CI has them",
);
test.describe.configure({ mode: "serial" });

type Answer = { status: number; headers: Record<string, string | Array<string> | undefined>; body: Buffer };

let database: PostgresDatabase;
let certificate: { cert: string; key: string };
let ports: { tls: number; plain: number; instances: [number, number] };
let env: Record<string, string>;
/** The instances running, each added as it starts: what afterAll stops, also after a failed start. */
const instances: Array<LocalServer> = [];
let nginx: LocalNginx;
let siteUrl: string;
const password = "a long password for the proxy test";

/** One request to nginx over TLS (the test's certificate is the only one trusted). */
function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpsRequest(
      {
        host: visitorAddress,
        port: ports.tls,
        servername: "localhost",
        ca: certificate.cert,
        path,
        method: options.method ?? "GET",
        headers: { Host: `localhost:${ports.tls}`, ...options.headers },
        agent: false,
      },
      (incoming) => {
        const parts: Array<Buffer> = [];
        incoming.on("data", (part: Buffer) => parts.push(part));
        incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(parts) }));
      },
    );
    outgoing.setTimeout(120_000, () => outgoing.destroy(new Error(`no answer to ${path}`))); // a bound on a hang
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

const cookiesOf = (answer: Answer) => [answer.headers["set-cookie"] ?? []].flat();

/** The contact form's token cookie an answer set, as the browser sends it back: `__Host-` and Secure over https. */
function formCookieOf(answer: Answer): string {
  const cookie = cookiesOf(answer).find((value) => value.startsWith("__Host-contact_form="));
  if (!cookie?.includes("; Secure")) throw new Error("no __Host- Secure form cookie was set");
  return cookie.split(";", 1)[0]!;
}

/** A visitor opening /contact: the page, then the stylesheet it links, whose answer sets the form's token. */
async function openContact(): Promise<{ page: Answer; token: Answer; cookie: string }> {
  const page = await send("/contact");
  const token = await send(formTokenAddress(page.body.toString()));
  return { page, token, cookie: formCookieOf(token) };
}

async function signIn(): Promise<string> {
  const answer = await send("/admin/login", {
    method: "POST",
    headers: { Origin: siteUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "owner@example.com", password }).toString(),
  });
  expect(answer.status).toBe(302);
  return cookiesOf(answer)
    .map((cookie) => cookie.split(";", 1)[0])
    .join("; ");
}

function startInstance(port: number): Promise<LocalServer> {
  return startLocalServer({ ...env, PORT: String(port) });
}

test.beforeAll(async () => {
  database = await createPostgresDatabase(postgresServer!, "proxy_test");
  certificate = localhostCertificate();
  ports = { tls: await freePort(), plain: await freePort(), instances: [await freePort(), await freePort()] };
  siteUrl = `https://localhost:${ports.tls}`;
  env = { DATABASE_URL: database.url, TRUST_PROXY: "127.0.0.1", SITE_URL: siteUrl, CONTACT_MIN_FILL_MS: "0", CONTACT_RATE_LIMIT: "1000" };
  // One after the other: the first creates and migrates the database.
  for (const port of ports.instances) instances.push(await startInstance(port));
  execFileSync(process.execPath, ["scripts/admin.ts", "create", "--email", "owner@example.com"], {
    env: { ...process.env, DATABASE_URL: database.url, ADMIN_PASSWORD: password, NODE_ENV: "production" },
    stdio: "ignore",
  });
  nginx = await startNginxWith({
    http: (folder) =>
      shippedConfigFor(folder, {
        host: visitorAddress!,
        port: ports.tls,
        redirectPort: ports.plain,
        instances: ports.instances,
        https: true,
      }),
    listensOn: { host: visitorAddress!, port: ports.tls },
    files: { "cert.pem": certificate.cert, "key.pem": certificate.key },
  });
});

test.afterAll(async () => {
  nginx?.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
  await database?.drop();
});

test("TLS with HTTP/2, HSTS on every answer, and plain http sent to https", async () => {
  const protocol = await new Promise<string | false | null>((resolve, reject) => {
    const socket = tlsConnect(
      { host: visitorAddress, port: ports.tls, servername: "localhost", ca: certificate.cert, ALPNProtocols: ["h2", "http/1.1"] },
      () => {
        resolve(socket.alpnProtocol);
        socket.destroy();
      },
    );
    socket.on("error", reject);
  });
  expect(protocol).toBe("h2");
  for (const path of ["/", "/contact", "/admin/login", "/robots.txt"]) {
    const answer = await send(path);
    expect(answer.status, path).toBe(200);
    expect(answer.headers["strict-transport-security"], path).toBe("max-age=31536000; includeSubDomains");
  }
  const plain = await fetch(`http://${visitorAddress}:${ports.plain}/about?x=1`, { redirect: "manual" });
  expect([plain.status, plain.headers.get("location")]).toEqual([301, "https://localhost/about?x=1"]);
});

test("the session cookie is __Host- and Secure, and works on both instances", async () => {
  const answer = await send("/admin/login", {
    method: "POST",
    headers: { Origin: siteUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "owner@example.com", password }).toString(),
  });
  const session = cookiesOf(answer).find((cookie) => cookie.startsWith("__Host-admin_session="));
  expect(session).toBeDefined();
  expect(session).toMatch(/;\s*Secure/i);
  expect(session).toMatch(/;\s*Path=\//);
  expect(session).not.toMatch(/Domain=/i);
  // nginx spreads requests over both instances: every one of them is signed in.
  const cookie = session!.split(";", 1)[0]!;
  for (let round = 0; round < 4; round++) expect((await send("/admin/inquiries", { headers: { Cookie: cookie } })).status).toBe(200);
});

test("the client's address is the one nginx saw: a forged X-Forwarded-For changes nothing", async () => {
  for (const forged of ["203.0.113.7", "203.0.113.8, 198.51.100.9"]) {
    const { cookie } = await openContact();
    const answer = await send("/api/inquiries", {
      method: "POST",
      headers: {
        Origin: siteUrl,
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": forged,
        Cookie: cookie,
      },
      body: new URLSearchParams({
        ...{ firstName: "Ada", lastName: "Proxy", email: "ada@example.com", phone: "435-555-0100" },
        ...{ subject: "Individual Counseling", paymentMethod: "Self-Pay", message: "Hello." },
      }).toString(),
    });
    expect(answer.status).toBe(201);
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const keys = (await client.query<{ key: string }>("SELECT DISTINCT key FROM rate_limit_counters WHERE key LIKE 'contact:%'")).rows.map(
      (row) => row.key,
    );
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((key) => key.startsWith(`contact:${visitorAddress}:`))).toBe(true);
  } finally {
    await client.end();
  }
});

test("canonical links use SITE_URL, whatever Host the request named", async () => {
  const answer = await send("/about", { headers: { Host: "evil.example" } });
  const html = answer.body.toString();
  expect(html).toContain(`<link rel="canonical" href="${siteUrl}/about"`);
  expect(html).not.toContain("evil.example");
});

test("the admin is never cached; built files and images are", async () => {
  const cookie = await signIn();
  const signedIn = await send("/admin/inquiries", { headers: { Cookie: cookie } });
  expect(signedIn.status).toBe(200);
  expect(signedIn.headers["cache-control"]).toContain("no-store");
  expect(signedIn.headers["x-cache-status"]).toBeUndefined();
  // An answer the site made names the request it logged.
  expect(signedIn.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
  const stranger = await send("/admin/inquiries");
  expect([stranger.status, stranger.headers.location]).toEqual([302, "/admin/login"]);
  const asset = /\/assets\/[\w.-]+\.css/.exec((await send("/")).body.toString())?.[0];
  expect(asset).toBeDefined();
  await send(asset!);
  expect((await send(asset!)).headers["x-cache-status"]).toBe("HIT");
});

// nginx's page cache (docs/decisions/042-nginx-page-cache.md): public pages kept 1 s, never for
// staff, a write, the admin or the contact form's token.

const cacheStatus = (answer: Answer) => answer.headers["x-cache-status"];

test("a public page asked again is nginx's kept copy, one per compression, with no other request's id", async () => {
  for (const coding of ["br", "gzip", ""]) {
    const headers: Record<string, string> = coding ? { "Accept-Encoding": coding } : {};
    // Two requests in a row: the second within the copy's second (asked again while a busy
    // machine took longer than that).
    await expect(async () => {
      const first = await send("/about", { headers });
      const second = await send("/about", { headers });
      expect(cacheStatus(second), coding).toBe("HIT");
      expect(second.headers["content-encoding"], coding).toBe(coding || undefined);
      expect(second.body.equals(first.body), coding).toBe(true);
      // No instance logged a kept copy's answer: it names no request, least of all the first visitor's.
      expect(second.headers["x-request-id"]).toBeUndefined();
      expect(second.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    }).toPass({ timeout: 30_000 });
  }
  // The 404 page is kept too, with its status.
  await expect(async () => {
    await send("/no-such-page");
    const again = await send("/no-such-page");
    expect([again.status, cacheStatus(again)]).toEqual([404, "HIT"]);
  }).toPass({ timeout: 30_000 });
});

test("an edit is public through nginx within seconds", async () => {
  const db = createDb(parseConfig({ ...process.env, DATABASE_URL: database.url }).database);
  try {
    const mission = `Edited behind the proxy ${randomUUID()}`;
    expect(cacheStatus(await send("/about"))).toBeDefined();
    const { content, version } = await readPage(db, "about");
    // Saved as staff save it, from this process: both instances learn of it by their poll of the
    // content version, the slower of the two ways.
    const saved = await savePage(db, { name: "about", content: { ...content, mission }, baseVersion: version, admin: null });
    expect(saved.status).toBe("saved");
    const savedAt = Date.now();
    await expect
      .poll(async () => (await send("/about")).body.toString().includes(mission), { intervals: [50], timeout: 15_000 })
      .toBe(true);
    // Kept to the end of the second it was made in (X-Accel-Expires, http-shell/page-cache.ts),
    // plus an instance's poll (1 s). Reported, not bounded: a busy machine adds its own delay.
    const tookMs = Date.now() - savedAt;
    test.info().annotations.push({ type: "edit public after", description: `${tookMs} ms` });
    // What tells nginx how long to keep a page is for nginx alone.
    expect((await send("/about")).headers["x-accel-expires"]).toBeUndefined();
  } finally {
    await db.destroy();
  }
});

test("signed-in staff are never answered from the cache, and what they are answered is never kept", async () => {
  const cookie = await signIn();
  // A copy kept for visitors is not given to staff.
  await expect(async () => {
    await send("/about");
    expect(cacheStatus(await send("/about"))).toBe("HIT");
    expect(cacheStatus(await send("/about", { headers: { Cookie: cookie } }))).toBe("BYPASS");
  }).toPass({ timeout: 30_000 });
  // A page staff asked for first is not kept for the next visitor (a path nobody asked for yet).
  const path = `/about?asked-by-staff=${randomUUID()}`;
  const staff = await send(path, { headers: { Cookie: cookie } });
  expect([staff.status, cacheStatus(staff)]).toEqual([200, "BYPASS"]);
  expect(cacheStatus(await send(path))).toBe("MISS");
});

test("a POST is never answered from the cache nor kept in it", async () => {
  const path = `/about?posted=${randomUUID()}`;
  const post = () =>
    send(path, { method: "POST", headers: { Origin: siteUrl, "Content-Type": "application/x-www-form-urlencoded" }, body: "x=1" });
  const posted = await post();
  expect(cacheStatus(posted)).toBeUndefined();
  expect(cacheStatus(await send(path))).toBe("MISS");
  // With the page kept now, a POST still goes to the site.
  expect(cacheStatus(await post())).toBeUndefined();
});

test("the admin is never kept, signed in or not", async () => {
  for (let round = 0; round < 2; round++) {
    const login = await send("/admin/login");
    expect(login.status).toBe(200);
    expect(cacheStatus(login)).toBeUndefined();
  }
  const cookie = await signIn();
  for (let round = 0; round < 2; round++) expect(cacheStatus(await send("/admin", { headers: { Cookie: cookie } }))).toBeUndefined();
});

test("/contact is kept like every page; the stylesheet that gives its form token never is: each visitor a token of their own", async () => {
  await expect(async () => {
    await send("/contact");
    const again = await send("/contact");
    expect([again.status, cacheStatus(again)]).toEqual([200, "HIT"]);
    expect(cookiesOf(again)).toEqual([]);
  }).toPass({ timeout: 30_000 });
  const tokens = new Set<string>();
  for (let visitor = 0; visitor < 4; visitor++) {
    const { page, token, cookie } = await openContact();
    expect([page.status, token.status]).toEqual([200, 200]);
    // Not even looked up: under the cache's lock, visitors asking at once would wait on each other.
    expect(cacheStatus(token)).toBeUndefined();
    expect(token.headers["cache-control"]).toBe("no-store");
    tokens.add(cookie);
  }
  expect(tokens.size).toBe(4);
});

test("an upload just under the site's limit passes through nginx and is stored", async () => {
  const cookie = await signIn();
  // Noise does not compress: an uncompressed PNG as large as the limit allows.
  const width = 2400;
  const height = Math.floor((maxUploadBytes - 64 * 1024) / (width * 3));
  const png = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(png.byteLength).toBeGreaterThan(maxUploadBytes - 128 * 1024);
  expect(png.byteLength).toBeLessThanOrEqual(maxUploadBytes);
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "large.png");
  const request = new Request("http://x/", { method: "POST", body: form });
  const answer = await send("/admin/images/upload?category=general-images", {
    method: "POST",
    headers: { Origin: siteUrl, Cookie: cookie, "Content-Type": request.headers.get("content-type")! },
    body: Buffer.from(await request.arrayBuffer()),
  });
  expect(answer.status).toBe(200);
  const { item } = JSON.parse(answer.body.toString()) as { item: { id: string } };
  expect((await send(`/media/${item.id}/640.webp`)).status).toBe(200);
});

test("a rolling restart of both instances, one at a time, loses no request", async () => {
  let stopLoad = false;
  const statuses: Array<number | string> = [];
  let sent = 0;
  async function visitor() {
    while (!stopLoad) {
      try {
        const contact = await openContact();
        statuses.push(contact.page.status, contact.token.status);
        statuses.push((await send("/about")).status);
        const answer = await send("/api/inquiries", {
          method: "POST",
          headers: { Origin: siteUrl, "Content-Type": "application/x-www-form-urlencoded", Cookie: contact.cookie },
          body: new URLSearchParams({
            ...{ firstName: "Rolling", lastName: "Restart", email: `rolling-${sent++}@example.com`, phone: "435-555-0100" },
            ...{ subject: "Individual Counseling", paymentMethod: "Self-Pay", message: "Sent during a restart." },
          }).toString(),
        });
        statuses.push(answer.status);
      } catch (error) {
        statuses.push(String(error));
      }
    }
  }
  const load = Promise.all(Array.from({ length: 4 }, visitor));
  // Counted in inquiries answered, not in seconds: a busy machine answers fewer in a second.
  const answeredSoFar = () => statuses.filter((status) => status === 201).length;
  const afterFourMoreAnswered = async () => {
    const before = answeredSoFar();
    await expect.poll(answeredSoFar).toBeGreaterThanOrEqual(before + 4);
  };
  for (const index of [0, 1] as const) {
    await afterFourMoreAnswered();
    const old = instances[index]!;
    process.kill(old.pid, "SIGTERM");
    expect(await old.exited).toBe(0);
    await old.stop();
    instances[index] = await startInstance(ports.instances[index]);
  }
  await afterFourMoreAnswered();
  stopLoad = true;
  await load;

  const failures = statuses.filter((status) => status !== 200 && status !== 201);
  expect(failures).toEqual([]);
  const answered = statuses.filter((status) => status === 201).length;
  expect(answered).toBeGreaterThan(10);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    // Sealed with the key this process gave the servers (bench/local-server.ts).
    const stored = await client.query<{ id: string; sealed_fields: string }>("SELECT id, sealed_fields FROM inquiries");
    expect(stored.rows.filter((row) => openInquiry(row).email.startsWith("rolling-"))).toHaveLength(answered);
  } finally {
    await client.end();
  }
});
