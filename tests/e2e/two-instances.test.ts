import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { z } from "zod";
import { officeDateAndTime } from "#app/content/office-time.ts";
import { mediaIdSize, mediaVariantFormats, variantFile, variantWidths } from "#app/media/media.ts";
import { signInLimits } from "#app/staff/auth.server.ts";
import { uniqueClientAddress } from "#tests/fixtures/client-address.ts";
import { pngImage } from "#tests/fixtures/images.ts";
import { textFormOf } from "#tests/fixtures/page-form.ts";
import { createPostgresDatabase, type PostgresDatabase, withClient } from "#tests/setup/postgres-database.ts";
import { type SmtpPeer, startSmtpPeer } from "#tests/setup/smtp-peer.ts";
import { fetchContactFormToken } from "../../bench/contact-page.ts";
import { type LocalServer, startLocalServer } from "../../bench/local-server.ts";

// Two production servers on one PostgreSQL database, as two instances behind one load balancer
// (docs/decisions/026-several-instances.md): whatever one of them does, the other honours.
// Started once for the file; the tests run in order, the last one kills an instance.
test.describe.configure({ mode: "serial" });

const postgresUrl = process.env.E2E_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
test.skip(!postgresUrl, "Needs a PostgreSQL server: E2E_POSTGRES_URL or TEST_POSTGRES_URL");

/** The public address both instances serve (a load balancer's); every post says it comes from there. */
const siteUrl = "http://counseling.test";
const contactLimit = 3;
const outboxLockMs = 8000;
/** What the issue asks: an edit on one instance is served by the other within 2 s (CONTENT_POLL_MS is 1 s, then a render). */
const freshWithinMs = 2000;
/** How long the tests outside the timing project wait for what must come: only a bound on a hang. */
const hangMs = 60_000;

type Instance = { name: string; server: LocalServer };

let database: PostgresDatabase | undefined;
let smtp: SmtpPeer;
let a: Instance;
let b: Instance;
const staff = { email: "two-instances@practice.test", password: "a long password for two instances" };
/** Where staff sign in from (a usual address once they did). */
const staffAddress = uniqueClientAddress();
/** The staff notifications the mail server accepted (not the staff's "New sign-in" mail, tested apart). */
function notificationsAccepted(peer: SmtpPeer) {
  return peer.accepted.filter((mail) => !mail.subject.startsWith("New sign-in"));
}

/** Every staff notification the site queued (one per contact message accepted), and their visitors' names. */
const notified: Array<string> = [];

test.beforeAll(async () => {
  if (!postgresUrl) return;
  const shared = await createPostgresDatabase(postgresUrl, "site_two_instances");
  database = shared;
  // A 250 takes a moment, as a real server's does, so the two senders' passes overlap.
  const peer = await startSmtpPeer({ acceptDelayMs: 20 });
  smtp = peer;
  const start = async (name: string): Promise<Instance> => ({
    name,
    server: await startLocalServer({
      DATABASE_URL: shared.url,
      SITE_URL: siteUrl,
      TRUST_PROXY: "true",
      DEMO_MODE: "off",
      // Each instance names itself to the mail server, so the peer can tell who sent what.
      SMTP_URL: `smtp://127.0.0.1:${peer.port}/?name=${name}`,
      MAIL_FROM: "Website <no-reply@practice.test>",
      NOTIFY_TO: "intake@practice.test",
      // The visitor's name is in the e-mail: each notification can be matched to its message.
      NOTIFY_INCLUDE_DETAILS: "true",
      CONTACT_RATE_LIMIT: String(contactLimit),
      CONTACT_RATE_WINDOW_MINUTES: "60",
      CONTACT_MIN_FILL_MS: "0",
      OUTBOX_POLL_MS: "200",
      // Both look for due scheduled changes often, so they race for each.
      SCHEDULE_POLL_MS: "200",
      OUTBOX_LOCK_SECONDS: String(outboxLockMs / 1000),
    }),
  });
  // Started together, as a deploy starts them: both migrate the one database at once.
  const [first, second] = await Promise.allSettled([start("instance-a.test"), start("instance-b.test")]);
  if (first.status === "fulfilled") a = first.value;
  if (second.status === "fulfilled") b = second.value;
  for (const result of [first, second]) if (result.status === "rejected") throw result.reason;
  execFileSync(process.execPath, ["scripts/admin.ts", "create", "--email", staff.email], {
    env: { ...process.env, DATABASE_URL: shared.url, ADMIN_PASSWORD: staff.password, NODE_ENV: "production" },
    timeout: 120_000, // a bound on a hang
  });
});

test.afterAll(async () => {
  await Promise.all([a?.server.stop(), b?.server.stop()]);
  await smtp?.close();
  await database?.drop();
});

function request(
  instance: Instance,
  path: string,
  options: { method?: string; body?: URLSearchParams | FormData; cookie?: string; from?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.body) headers.Origin = siteUrl;
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.from) headers["X-Forwarded-For"] = options.from;
  return fetch(`${instance.server.origin}${path}`, {
    method: options.method ?? (options.body ? "POST" : "GET"),
    headers,
    body: options.body,
    redirect: "manual",
    signal: AbortSignal.timeout(120_000), // a bound on a hang
  });
}

function signIn(instance: Instance, password: string, from: string): Promise<Response> {
  return request(instance, "/admin/login", { body: new URLSearchParams({ email: staff.email, password }), from });
}

async function signedInCookie(instance: Instance): Promise<string> {
  const answer = await signIn(instance, staff.password, staffAddress);
  expect(answer.status).toBe(302);
  return answer.headers
    .getSetCookie()
    .map((header) => header.split(";", 1)[0])
    .join("; ");
}

/** A contact message as the form's script sends it, on a form rendered by `renderedBy`. */
async function sendContact(to: Instance, visitor: { name: string; from: string; renderedBy?: Instance }): Promise<Response> {
  const formToken = await fetchContactFormToken((visitor.renderedBy ?? to).server.origin);
  const body = new URLSearchParams({
    firstName: "Visitor",
    lastName: visitor.name,
    email: "visitor@example.com",
    phone: "435-555-0100",
    subject: "Individual Counseling",
    paymentMethod: "Self-Pay",
    message: `Sent by the two-instances test as ${visitor.name}.`,
    formToken,
  });
  const answer = await request(to, "/api/inquiries", { body, from: visitor.from });
  if (answer.status === 201) notified.push(visitor.name);
  return answer;
}

/** Checks until `check` holds, for at most `ms`; returns how long it took. */
async function within(ms: number, what: string, check: () => Promise<boolean> | boolean): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return Math.round(performance.now() - started);
    if (performance.now() - started > ms) throw new Error(`Not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Every message in the outbox is sent and no sender holds a claim: nothing is being sent by
 * either instance, so a second copy of anything would have reached the mail server by now.
 */
async function outboxSettled(): Promise<boolean> {
  const { rows } = await withClient(database!.url, (client) =>
    client.query<{ busy: string }>("select count(*) as busy from mail_outbox where sent_at is null or locked_until is not null"),
  );
  return Number(rows[0]!.busy) === 0;
}

/** `promise`'s value, or an error when it has none after `ms`. */
async function inTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Not within ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the upload endpoint answers about the image it stored (the part this test reads). */
const uploadAnswerSchema = z.object({ item: z.object({ id: z.string(), name: z.string() }) });

const pageOf = async (instance: Instance, path: string) => (await request(instance, path)).text();

test("a session made on one instance is valid on the other, and a logout on one ends it on both", async () => {
  const cookie = await signedInCookie(a);
  for (const instance of [a, b]) expect((await request(instance, "/admin/inquiries", { cookie })).status, instance.name).toBe(200);

  expect((await request(b, "/admin/logout", { body: new URLSearchParams(), cookie })).status).toBe(302);
  for (const instance of [a, b]) {
    const inbox = await request(instance, "/admin/inquiries", { cookie });
    expect(inbox.status, instance.name).toBe(302);
    expect(inbox.headers.get("Location"), instance.name).toBe("/admin/login");
  }
});

test("the contact limit and the sign-in throttle count across both instances", async () => {
  // One visitor, alternating between the instances, each form rendered by the other one.
  const visitor = uniqueClientAddress();
  const contactAnswers: Array<number> = [];
  for (let index = 0; index <= contactLimit; index++) {
    const [renderedBy, to] = index % 2 === 0 ? [a, b] : [b, a];
    contactAnswers.push((await sendContact(to, { name: `Limited${index}x${randomUUID().slice(0, 6)}`, from: visitor, renderedBy })).status);
  }
  expect(contactAnswers).toEqual([...Array<number>(contactLimit).fill(201), 429]);

  // Wrong passwords for one account from one address, alternating: the pair's limit is reached as
  // on one instance, and then even the right password is refused there.
  const guesser = uniqueClientAddress();
  const signIns: Array<number> = [];
  for (let attempt = 0; attempt <= signInLimits.pair; attempt++) {
    signIns.push((await signIn(attempt % 2 === 0 ? a : b, `wrong password ${attempt}`, guesser)).status);
  }
  expect(signIns).toEqual([...Array<number>(signInLimits.pair).fill(401), 429]);
  expect((await signIn(a, staff.password, guesser)).status).toBe(429);
});

/** A page save, a restore, an image upload and an image delete on A, each served by B within `limitMs`. */
async function servedByTheOther(limitMs: number): Promise<void> {
  const cookie = await signedInCookie(a);
  const seen: Record<string, number> = {};

  // An upload on A: the original and every variant are B's to serve, byte for byte.
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await pngImage(1400, 800))], { type: "image/png" }), "two-instances.png");
  const upload = await request(a, "/admin/images/upload?category=general-images", { body: form, cookie });
  expect(upload.status).toBe(200);
  const { item } = uploadAnswerSchema.parse(await upload.json());
  const width = mediaIdSize(item.id)?.width ?? 0;
  const files = [item.name, ...variantWidths(width).flatMap((w) => mediaVariantFormats.map((format) => variantFile(w, format)))];
  expect(files).toHaveLength(1 + 5 * 2);
  const fileStatuses = (instance: Instance) =>
    Promise.all(files.map(async (file) => (await request(instance, `/media/${item.id}/${file}`, { method: "HEAD" })).status));
  seen.upload = await within(limitMs, "B serves every file of the upload", async () =>
    (await fileStatuses(b)).every((status) => status === 200),
  );
  for (const file of files) {
    const [onA, onB] = await Promise.all([request(a, `/media/${item.id}/${file}`), request(b, `/media/${item.id}/${file}`)]);
    expect(onB.headers.get("ETag"), file).toBe(onA.headers.get("ETag"));
    expect(Buffer.from(await onB.arrayBuffer()).equals(Buffer.from(await onA.arrayBuffer())), file).toBe(true);
  }

  // A save on A with that picture as the hero: B's cached home page gives way to it.
  const homepageTexts = textFormOf("homepage");
  const title = `Saved through instance A ${randomUUID().slice(0, 8)}`;
  expect(await pageOf(b, "/")).not.toContain(title);
  const save = await request(a, "/admin/homepage", {
    body: new URLSearchParams({ ...homepageTexts, heroTitle: title, heroImage: `media:${item.id}`, baseVersion: "0" }),
    cookie,
  });
  expect(save.status).toBe(200);
  let home = "";
  seen.save = await within(limitMs, "B's home page shows the save", async () => {
    home = await pageOf(b, "/");
    return home.includes(title);
  });
  // The hero names the upload's variants, and B serves each of them.
  const named = [...new Set([...home.matchAll(new RegExp(`/media/${item.id}/([\\w.]+)`, "g"))].map((match) => match[1]!))];
  expect(named.length).toBeGreaterThanOrEqual(2);
  for (const file of named) expect((await request(b, `/media/${item.id}/${file}`)).status, file).toBe(200);

  // A restore of the built-in text (version 0) on A.
  const restore = await request(a, "/admin/history/homepage", { body: new URLSearchParams({ version: "0", baseVersion: "1" }), cookie });
  expect(restore.status).toBe(302);
  seen.restore = await within(limitMs, "B's home page shows the restored text", async () => {
    const page = await pageOf(b, "/");
    return !page.includes(title) && !page.includes(`/media/${item.id}/`) && page.includes("have to carry it alone");
  });

  // A delete on A: every file of it is gone from B.
  const remove = await request(a, "/admin/images?category=general-images", {
    body: new URLSearchParams({ id: item.id, intent: "delete" }),
    cookie,
  });
  expect(remove.status).toBe(302);
  seen.delete = await within(limitMs, "B answers 404 for every file of the deleted image", async () =>
    (await fileStatuses(b)).every((status) => status === 404),
  );
  test.info().annotations.push({ type: "ms until the other instance served it", description: JSON.stringify(seen) });
}

test("a page save, a restore, an image upload and an image delete on one are served by the other, variants included", async () => {
  await servedByTheOther(hangMs);
});

// The same within the time the issue asks for, in the timing project, where nothing else runs.
test(`a page save, a restore, an image upload and an image delete on one are served by the other within ${freshWithinMs / 1000} s`, {
  tag: "@timing",
}, async () => {
  await servedByTheOther(freshWithinMs);
});

test("each queued e-mail is sent exactly once by the pair", async () => {
  const peer = smtp;
  const run = randomUUID().slice(0, 6);
  // Twelve visitors at once, half on each instance: both senders are woken and claim from one queue.
  const names = Array.from({ length: 12 }, (_, index) => `Queued${index}x${run}`);
  const answers = await Promise.all(
    names.map((name, index) => sendContact(index % 2 === 0 ? a : b, { name, from: uniqueClientAddress() })),
  );
  expect(answers.map((answer) => answer.status)).toEqual(names.map(() => 201));

  await within(hangMs, "every notification accepted by the mail server", () =>
    notified.every((name) => peer.accepted.some((mail) => mail.body.includes(name))),
  );
  await within(hangMs, "every message sent and no claim held", outboxSettled);
  for (const name of notified)
    expect(
      peer.accepted.filter((mail) => mail.body.includes(name)),
      name,
    ).toHaveLength(1);
  expect(notificationsAccepted(peer)).toHaveLength(notified.length);
  expect(new Set(notificationsAccepted(peer).map((mail) => mail.messageId)).size).toBe(notified.length);
  // Sent by the pair, not by one of them.
  expect(new Set(notificationsAccepted(peer).map((mail) => mail.sender))).toEqual(new Set([a.name, b.name]));
  // The owner's sign-ins from new browsers (the tests before) were mailed too, each message once
  // (one a day: two only if the run crossed the office's midnight).
  const signInMails = peer.accepted.filter((mail) => mail.subject.startsWith("New sign-in"));
  expect(signInMails.length).toBeGreaterThanOrEqual(1);
  expect(new Set(signInMails.map((mail) => mail.messageId)).size).toBe(signInMails.length);
});

test("a draft scheduled on one instance goes live once, by whichever claims it, and both serve it", async () => {
  const cookie = await signedInCookie(a);
  const page = "family-counseling";
  const title = `Scheduled through instance A ${randomUUID().slice(0, 8)}`;
  const draft = await request(a, `/admin/services?page=${page}`, {
    body: new URLSearchParams({ ...textFormOf(page), title, baseVersion: "0", saveAs: "draft" }),
    cookie,
  });
  expect(draft.status).toBe(200);
  const soon = officeDateAndTime(new Date(Date.now() + 2 * 60_000).toISOString());
  const scheduled = await request(a, "/admin/scheduled", {
    body: new URLSearchParams({ intent: "schedule", draft: `${page}|en`, date: soon.date, time: soon.time }),
    cookie,
  });
  expect(scheduled.status).toBe(200);
  expect(await pageOf(b, `/services/${page}`)).not.toContain(title);
  // The clock moved past its time (both instances read it from the database's row).
  await withClient(database!.url, (client) =>
    client.query("update scheduled_publications set publish_at = $1 where page_name = $2", [
      new Date(Date.now() - 1000).toISOString(),
      page,
    ]),
  );
  for (const instance of [a, b]) {
    await within(hangMs, `${instance.name} serves the scheduled change`, async () =>
      (await pageOf(instance, `/services/${page}`)).includes(title),
    );
  }
  const { rows } = await withClient(database!.url, (client) =>
    client.query<{ published: string; logged: string; status: string }>(
      `select (select count(*) from page_revisions where page_name = $1 and published <> 0) as published,
              (select count(*) from audit_log where target = $1 and action = 'page-saved') as logged,
              (select status from scheduled_publications where page_name = $1) as status`,
      [page],
    ),
  );
  expect(rows[0]).toEqual({ published: "1", logged: "1", status: "published" });
});

test("killing an instance mid-send loses no mail and sends none twice", async () => {
  const peer = smtp;
  const held = peer.holdNext();
  const name = `Held${randomUUID().slice(0, 6)}`;
  expect((await sendContact(a, { name, from: uniqueClientAddress() })).status).toBe(201);
  // The whole message has reached the mail server, which has not answered: the sender waits.
  const attempt = await inTime(held, hangMs, "the message reaches the mail server");
  expect(attempt.body).toContain(name);
  const [victim, survivor] = attempt.sender === a.name ? [a, b] : [b, a];
  process.kill(victim.server.pid, "SIGKILL");

  // Once the dead sender's claim has expired, the other instance sends the message, once.
  await within(outboxLockMs + hangMs, "the message accepted from the surviving instance", () =>
    peer.accepted.some((mail) => mail.messageId === attempt.messageId),
  );
  expect(peer.dropped.map((mail) => mail.messageId)).toEqual([attempt.messageId]);
  const resent = peer.accepted.filter((mail) => mail.messageId === attempt.messageId);
  expect(resent.map((mail) => mail.sender)).toEqual([survivor.name]);
  for (const copy of resent) {
    expect(copy.body).toContain(name);
    // Not while the claim held (it was made just before the message reached the server).
    expect(copy.arrivedAt - attempt.arrivedAt).toBeGreaterThanOrEqual(outboxLockMs - 1000);
  }

  await within(hangMs, "every message sent and no claim held", outboxSettled);
  expect(notificationsAccepted(peer)).toHaveLength(notified.length);
  expect(new Set(notificationsAccepted(peer).map((mail) => mail.messageId)).size).toBe(notified.length);
  expect((await request(survivor, "/")).status).toBe(200);
});
