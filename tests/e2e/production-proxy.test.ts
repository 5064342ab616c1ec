import { execFileSync } from "node:child_process";
import { openInquiry } from "#app/inquiries/inquiry-sealing.server.ts";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { connect as tlsConnect } from "node:tls";
import { expect, test } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";
import { maxUploadBytes } from "#app/media/media.ts";
import { hasNginx, type LocalNginx, startNginxWith } from "../../bench/local-nginx.ts";
import { freePort, type LocalServer, startLocalServer } from "../../bench/local-server.ts";
import { createPostgresDatabase, type PostgresDatabase } from "../setup/postgres-database.ts";

// The site as the README's Operations section deploys it: deploy/nginx/practice-site.conf, as
// shipped (only its ports, certificate and cache paths swapped for this test's), ending TLS in
// front of two instances on one PostgreSQL database.

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

const sampleConfig = readFileSync(new URL("../../deploy/nginx/practice-site.conf", import.meta.url), "utf8");

/** The shipped configuration with this test's ports and paths: each swap must find its text. */
function configFor(folder: string, ports: { tls: number; plain: number; instances: [number, number] }): string {
  const swaps: Array<[string, string]> = [
    ["127.0.0.1:3001", `127.0.0.1:${ports.instances[0]}`],
    ["127.0.0.1:3002", `127.0.0.1:${ports.instances[1]}`],
    ["/var/cache/nginx/practice-site", join(folder, "cache")],
    ["listen [::]:80;\n", ""],
    ["listen 80;", `listen ${visitorAddress}:${ports.plain};`],
    ["listen [::]:443 ssl http2;\n", ""],
    ["listen 443 ssl http2;", `listen ${visitorAddress}:${ports.tls} ssl http2;`],
    ["/etc/letsencrypt/live/www.example.com/fullchain.pem", join(folder, "cert.pem")],
    ["/etc/letsencrypt/live/www.example.com/privkey.pem", join(folder, "key.pem")],
    ["www.example.com", "localhost"],
  ];
  return swaps.reduce((config, [from, to]) => {
    if (!config.includes(from)) throw new Error(`deploy/nginx/practice-site.conf no longer has ${JSON.stringify(from)}`);
    return config.replaceAll(from, to);
  }, sampleConfig);
}

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

/** The contact form's token cookie a /contact answer set, as the browser sends it back: `__Host-` and Secure over https. */
function formCookieOf(contact: Answer): string {
  const cookie = cookiesOf(contact).find((value) => value.startsWith("__Host-contact_form="));
  if (!cookie?.includes("; Secure")) throw new Error("/contact set no __Host- Secure form cookie");
  return cookie.split(";", 1)[0]!;
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
  const certFolder = mkdtempSync(join(tmpdir(), "site-cert-"));
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
      ...["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost", "-keyout", join(certFolder, "key.pem")],
      ...["-out", join(certFolder, "cert.pem")],
    ],
    { stdio: "ignore" },
  );
  certificate = { cert: readFileSync(join(certFolder, "cert.pem"), "utf8"), key: readFileSync(join(certFolder, "key.pem"), "utf8") };
  rmSync(certFolder, { recursive: true, force: true });

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
    http: (folder) => configFor(folder, ports),
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
    const contact = await send("/contact");
    const answer = await send("/api/inquiries", {
      method: "POST",
      headers: {
        Origin: siteUrl,
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": forged,
        Cookie: formCookieOf(contact),
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
  const stranger = await send("/admin/inquiries");
  expect([stranger.status, stranger.headers.location]).toEqual([302, "/admin/login"]);
  const asset = /\/assets\/[\w.-]+\.css/.exec((await send("/")).body.toString())?.[0];
  expect(asset).toBeDefined();
  await send(asset!);
  expect((await send(asset!)).headers["x-cache-status"]).toBe("HIT");
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
        const contact = await send("/contact");
        statuses.push(contact.status);
        statuses.push((await send("/about")).status);
        const answer = await send("/api/inquiries", {
          method: "POST",
          headers: { Origin: siteUrl, "Content-Type": "application/x-www-form-urlencoded", Cookie: formCookieOf(contact) },
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
