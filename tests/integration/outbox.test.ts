import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, vi } from "vitest";
import { log } from "#app/server/log.server.ts";
import type { InquiryPayload } from "#app/inquiries/contact-form.ts";
import { getConfig, replaceConfig } from "#app/server/config.server.ts";
import { testConfigWith } from "#tests/setup/test-config.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { createInquiry } from "#app/inquiries/inquiry-store.server.ts";
import { createMailTransport } from "#app/server/mail.server.ts";
import {
  deliverDueMail,
  enqueueMail,
  pruneSentMail,
  retryDelayMs,
  sentMailRetentionMs,
  startOutboxSender,
} from "#app/server/outbox.server.ts";
import { type SmtpPeer, startSmtpPeer } from "#tests/setup/smtp-peer.ts";
import { openInquiry } from "#app/inquiries/inquiry-sealing.server.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

const payload: InquiryPayload = {
  name: "Jane Doe",
  email: "jane@example.com",
  phone: "435-555-0199",
  service: "Couples Counseling",
  message: "We keep arguing about my depression.",
  payment_method: "Insurance",
  insurance_company: "Select Health",
};
const privateDetails = ["Jane", "jane@example.com", "435-555-0199", "depression", "Select Health"];

/** A loopback port with nothing listening on it (for now). */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A mail server that accepts connections and then never says a word. */
async function startSilentServer(): Promise<{ port: number; connections(): number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    /** Connections accepted so far. */
    connections: () => sockets.size,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls `check` until it gives a value; the minute is only a bound on a hang. */
async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function outboxRows(db: Db) {
  return db.selectFrom("mail_outbox").selectAll().orderBy("created_at").execute();
}

function smtpConfig(port: number, extra: Record<string, string> = {}) {
  return testConfigWith({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    NOTIFY_TO: "intake@practice.test, director@practice.test",
    SITE_URL: "https://counseling.example",
    ...extra,
  });
}

test("failed attempts wait 30 s, 1 min, 2 min, 5 min ... then an hour, for ever", () => {
  expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 300_000]);
  expect(retryDelayMs(8)).toBe(3_600_000);
  expect(retryDelayMs(50)).toBe(3_600_000);
  for (let attempts = 2; attempts < 12; attempts++) expect(retryDelayMs(attempts)).toBeGreaterThanOrEqual(retryDelayMs(attempts - 1));
});

testOnEachEngine("a new inquiry is stored and staff get an e-mail without its private details", async (db) => {
  const smtp = await startSmtpPeer();
  replaceConfig(smtpConfig(smtp.port));
  vi.spyOn(log, "info").mockImplementation(() => {});
  // A long poll: only createInquiry's nudge can make this sender deliver within the test.
  const sender = startOutboxSender({ pollMs: 60_000 });
  try {
    const id = await createInquiry(db, payload);
    const stored = openInquiry(await db.selectFrom("inquiries").selectAll().where("id", "=", id).executeTakeFirstOrThrow());
    expect(stored).toMatchObject({
      name: "Jane Doe",
      service: "Couples Counseling",
      insurance_company: "Select Health",
      is_read: 0,
      read_at: null,
    });

    const [mail] = await waitFor(() => (smtp.accepted.length > 0 ? smtp.accepted : undefined), "the notification");
    expect(smtp.accepted).toHaveLength(1);
    expect(mail!.envelopeTo).toEqual(["intake@practice.test", "director@practice.test"]);
    expect(mail!.to).toBe("intake@practice.test, director@practice.test");
    expect(mail!.subject).toBe("New website inquiry: Couples Counseling");
    expect(mail!.body).toContain("Service: Couples Counseling");
    expect(mail!.body).toContain("https://counseling.example/admin/inquiries");
    for (const secret of privateDetails) expect(mail!.body).not.toContain(secret);

    const rows = await waitFor(async () => {
      const current = await outboxRows(db);
      return current[0]?.sent_at ? current : undefined;
    }, "the outbox row to be marked sent");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "inquiry-notification", reference_id: id, attempts: 1, locked_until: null, last_error: null });
  } finally {
    await sender.stop();
    await smtp.close();
  }
});

testOnEachEngine("an inquiry whose notification cannot be queued is not stored either", async (db) => {
  await db.schema.dropTable("mail_outbox").execute();
  await expect(createInquiry(db, payload)).rejects.toThrow();
  // The visitor is told it failed, so nothing is kept that staff would never hear about.
  expect(await db.selectFrom("inquiries").select("id").execute()).toEqual([]);
});

testOnEachEngine("with NOTIFY_INCLUDE_DETAILS the e-mail carries the inquiry's details", async (db) => {
  const smtp = await startSmtpPeer();
  replaceConfig(smtpConfig(smtp.port, { NOTIFY_INCLUDE_DETAILS: "true" }));
  vi.spyOn(log, "info").mockImplementation(() => {});
  const transport = createMailTransport(getConfig());
  try {
    await createInquiry(db, payload);
    expect(await deliverDueMail({ db, transport })).toEqual({ sent: 1, failed: 0 });
    expect(smtp.accepted).toHaveLength(1);
    const { body, subject } = smtp.accepted[0]!;
    expect(subject).toBe("New website inquiry: Couples Counseling");
    for (const detail of privateDetails) expect(body).toContain(detail);
    expect(body).toContain("Payment method: Insurance");
  } finally {
    transport.close();
    await smtp.close();
  }
});

testOnEachEngine("with the mail server down the inquiry is kept, and sent once when it is back", async (db) => {
  const port = await unusedPort();
  replaceConfig(smtpConfig(port));
  const transport = createMailTransport({ ...getConfig(), mailSendTimeoutMs: 2000 });
  const errors = vi.spyOn(log, "error").mockImplementation(() => {});
  vi.spyOn(log, "info").mockImplementation(() => {});
  const sender = startOutboxSender({ transport, pollMs: 60_000 });
  let smtp: SmtpPeer | undefined;
  try {
    const id = await createInquiry(db, payload);
    // The visitor is answered before the mail is even tried: no attempt has failed yet.
    expect(errors).not.toHaveBeenCalled();
    expect(await db.selectFrom("inquiries").select("id").where("id", "=", id).executeTakeFirst()).toEqual({ id });

    const [failed] = await waitFor(async () => {
      const rows = await outboxRows(db);
      return rows[0]?.last_error ? rows : undefined;
    }, "the failed attempt to be recorded");
    await sender.stop();
    expect(failed).toMatchObject({ reference_id: id, attempts: 1, sent_at: null, locked_until: null });
    expect(failed!.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(failed!.next_attempt_at) - Date.parse(failed!.created_at)).toBeGreaterThanOrEqual(30_000);
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining("Mail attempt 1 failed"),
      expect.anything(),
      expect.objectContaining({ mail: failed!.id, kind: "inquiry-notification" }),
    );

    // Not due yet, so a pass leaves it alone.
    expect(await deliverDueMail({ db, transport })).toEqual({ sent: 0, failed: 0 });

    smtp = await startSmtpPeer({ port });
    const afterRetryTime = () => new Date(Date.parse(failed!.next_attempt_at) + 1000);
    expect(await deliverDueMail({ db, transport, now: afterRetryTime })).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueMail({ db, transport, now: afterRetryTime })).toEqual({ sent: 0, failed: 0 });
    expect(smtp.accepted).toHaveLength(1);
    expect(smtp.accepted[0]!.subject).toBe("New website inquiry: Couples Counseling");
    const [sent] = await outboxRows(db);
    expect(sent).toMatchObject({ attempts: 2, last_error: null, locked_until: null });
    expect(sent!.sent_at).not.toBeNull();
  } finally {
    await sender.stop();
    transport.close();
    await smtp?.close();
  }
});

testOnEachEngine("a mail server that never answers neither blocks the visitor nor holds the message", async (db) => {
  const silent = await startSilentServer();
  replaceConfig(smtpConfig(silent.port));
  const transport = createMailTransport({ ...getConfig(), mailSendTimeoutMs: 300 });
  const errors = vi.spyOn(log, "error").mockImplementation(() => {});
  const sender = startOutboxSender({ transport, pollMs: 60_000 });
  try {
    // Each visitor is answered before their mail's attempt ends (it can only end by timing out):
    // checked as each call returns, so however slow the machine, a call that waited for it fails.
    const failedAttempts = () => errors.mock.calls.filter(([message]) => String(message).includes("Mail attempt")).length;
    await createInquiry(db, payload);
    expect(failedAttempts()).toBe(0);
    await expect.poll(() => silent.connections(), { interval: 1 }).toBeGreaterThan(0);
    await createInquiry(db, payload); // while the sender is stuck on the first
    expect(failedAttempts()).toBeLessThanOrEqual(1);
    const rows = await waitFor(async () => {
      const current = await outboxRows(db);
      return current.every((row) => row.last_error) ? current : undefined;
    }, "both attempts to time out");
    for (const row of rows) expect(row).toMatchObject({ attempts: 1, sent_at: null, locked_until: null });
  } finally {
    await sender.stop();
    transport.close();
    await silent.close();
  }
});

testOnEachEngine("a message that keeps failing is retried on schedule, then hourly, and never dropped", async (db) => {
  replaceConfig(smtpConfig(await unusedPort()));
  const transport = createMailTransport(getConfig());
  const errors = vi.spyOn(log, "error").mockImplementation(() => {});
  try {
    await createInquiry(db, payload);
    let clock = Date.now();
    const waits: Array<number> = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect(await deliverDueMail({ db, transport, now: () => new Date(clock) })).toEqual({ sent: 0, failed: 1 });
      const [row] = await outboxRows(db);
      waits.push(Date.parse(row!.next_attempt_at) - clock);
      clock = Date.parse(row!.next_attempt_at);
    }
    expect(waits).toEqual([30_000, 60_000, 120_000, 300_000, 600_000, 1_200_000, 1_800_000, 3_600_000, 3_600_000, 3_600_000]);
    expect(errors).toHaveBeenLastCalledWith(
      expect.stringContaining("attempt 10 failed (still failing; check SMTP_URL"),
      expect.anything(),
      expect.anything(),
    );
    const [row] = await outboxRows(db);
    expect(row).toMatchObject({ attempts: 10, sent_at: null });
  } finally {
    transport.close();
  }
});

testOnEachEngine("killing the app between storing and sending loses nothing", async (db) => {
  const smtp = await startSmtpPeer();
  replaceConfig(smtpConfig(smtp.port));
  vi.spyOn(log, "info").mockImplementation(() => {});
  const transport = createMailTransport(getConfig());
  try {
    // Stored with its outbox row while no sender runs: as if the process died right after.
    const first = await createInquiry(db, payload);
    expect(await outboxRows(db)).toMatchObject([{ reference_id: first, sent_at: null, attempts: 0 }]);

    // The next instance resumes it on start, without being woken.
    const restarted = startOutboxSender({ transport, pollMs: 60_000 });
    await waitFor(() => (smtp.accepted.length > 0 ? true : undefined), "the resumed notification");
    await restarted.stop();
    expect(smtp.accepted).toHaveLength(1);

    // A row claimed by an instance that then died is left alone until its lock expires.
    const second = await createInquiry(db, { ...payload, service: "Family Counseling" });
    const lockedUntil = new Date(Date.now() + 5 * 60_000);
    await db
      .updateTable("mail_outbox")
      .set({ locked_until: lockedUntil.toISOString(), attempts: 1 })
      .where("reference_id", "=", second)
      .execute();
    expect(await deliverDueMail({ db, transport })).toEqual({ sent: 0, failed: 0 });
    expect(smtp.accepted).toHaveLength(1);
    const afterLock = () => new Date(lockedUntil.getTime() + 1000);
    expect(await deliverDueMail({ db, transport, now: afterLock })).toEqual({ sent: 1, failed: 0 });
    expect(smtp.accepted.map((mail) => mail.subject)).toEqual([
      "New website inquiry: Couples Counseling",
      "New website inquiry: Family Counseling",
    ]);
  } finally {
    transport.close();
    await smtp.close();
  }
});

testOnEachEngine("a claim lasts OUTBOX_LOCK_SECONDS and a send gives up within half of it, so nobody sends it meanwhile", async (db) => {
  const silent = await startSilentServer();
  const smtp = await startSmtpPeer();
  // Four seconds: the send gives up after two, and has two more to record it (one UPDATE), so a
  // busy machine does not make the claim run out first.
  replaceConfig(smtpConfig(silent.port, { OUTBOX_LOCK_SECONDS: "4" }));
  const stuck = createMailTransport(getConfig());
  const otherInstance = createMailTransport({ ...getConfig(), smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  vi.spyOn(log, "error").mockImplementation(() => {});
  try {
    await createInquiry(db, payload);
    const started = Date.now();
    const pass = deliverDueMail({ db, transport: stuck });
    const claimed = await waitFor(async () => (await outboxRows(db)).find((row) => row.locked_until !== null), "the claim");
    const claimedUntil = Date.parse(claimed.locked_until!);
    // The configured claim (4 s from the moment it was made), not a default of the code.
    expect(claimedUntil - started).toBeGreaterThanOrEqual(4000);
    expect(claimedUntil - started).toBeLessThan(4000 + (Date.now() - started));
    // Another instance finds nothing to send while the claim holds, up to its last moment.
    expect(await deliverDueMail({ db, transport: otherInstance })).toEqual({ sent: 0, failed: 0 });
    expect(await deliverDueMail({ db, transport: otherInstance, now: () => new Date(claimedUntil - 1) })).toEqual({ sent: 0, failed: 0 });

    expect(await pass).toEqual({ sent: 0, failed: 1 });
    const gaveUpAt = Date.now();
    // The send waited its 2 s (half the claim) and was given up and recorded while the claim held.
    expect(gaveUpAt - started).toBeGreaterThanOrEqual(2000);
    expect(gaveUpAt).toBeLessThan(claimedUntil);
    const [row] = await outboxRows(db);
    expect(row).toMatchObject({ attempts: 1, sent_at: null, locked_until: null });
    expect(row!.last_error).not.toBeNull();
    expect(smtp.accepted).toEqual([]);
  } finally {
    stuck.close();
    otherInstance.close();
    await silent.close();
    await smtp.close();
  }
});

testOnEachEngine("a message its sender sent but did not record (it died) is sent again with the same Message-ID", async (db) => {
  const smtp = await startSmtpPeer();
  replaceConfig(smtpConfig(smtp.port, { MAIL_FROM: "Red Cliffs <no-reply@practice.test>" }));
  vi.spyOn(log, "info").mockImplementation(() => {});
  const transport = createMailTransport(getConfig());
  try {
    await createInquiry(db, payload);
    const [queued] = await outboxRows(db);
    expect(await deliverDueMail({ db, transport })).toEqual({ sent: 1, failed: 0 });
    // What a sender that died after the mail server's 250, before its UPDATE, leaves: claimed, unsent.
    const claimedUntil = Date.now() + getConfig().outboxLockMs;
    await db
      .updateTable("mail_outbox")
      .set({ sent_at: null, locked_until: new Date(claimedUntil).toISOString() })
      .where("id", "=", queued!.id)
      .execute();
    expect(await deliverDueMail({ db, transport })).toEqual({ sent: 0, failed: 0 });
    expect(await deliverDueMail({ db, transport, now: () => new Date(claimedUntil + 1000) })).toEqual({ sent: 1, failed: 0 });
    // Twice, as one message: the receiving server and mail clients can tell.
    expect(smtp.accepted.map((mail) => mail.messageId)).toEqual([`<${queued!.id}@practice.test>`, `<${queued!.id}@practice.test>`]);
  } finally {
    transport.close();
    await smtp.close();
  }
});

testOnEachEngine("two senders on one database send each message once", async (db) => {
  const smtp = await startSmtpPeer();
  replaceConfig(smtpConfig(smtp.port));
  vi.spyOn(log, "info").mockImplementation(() => {});
  const transports = [createMailTransport(getConfig()), createMailTransport(getConfig())];
  try {
    const ids = new Set<string>();
    for (let index = 0; index < 8; index++) ids.add(await createInquiry(db, payload));
    const [a, b] = await Promise.all(transports.map((transport) => deliverDueMail({ db, transport })));
    expect(a!.sent + b!.sent).toBe(8);
    expect(a!.failed + b!.failed).toBe(0);
    expect(smtp.accepted).toHaveLength(8);
    expect(new Set(smtp.accepted.map((mail) => mail.messageId)).size).toBe(8);
    const rows = await outboxRows(db);
    expect(new Set(rows.map((row) => row.reference_id))).toEqual(ids);
    for (const row of rows) expect(row.attempts).toBe(1);
  } finally {
    for (const transport of transports) transport.close();
    await smtp.close();
  }
});

testOnEachEngine("without SMTP_URL each message is written as an .eml file and logged in one line", async (db) => {
  const dir = mkdtempSync(join(tmpdir(), "site-mail-"));
  replaceConfig(testConfigWith({ MAIL_DIR: dir }));
  const logged = vi.spyOn(log, "info").mockImplementation(() => {});
  const sender = startOutboxSender({ pollMs: 60_000 });
  try {
    await createInquiry(db, payload);
    const line = await waitFor(
      () => logged.mock.calls.map((call) => String(call[0])).find((text) => text.includes("written to")),
      "the log line",
    );
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(line).toContain(join(dir, files[0]!));
    expect(logged).toHaveBeenCalledTimes(1);
    const eml = readFileSync(join(dir, files[0]!), "utf8");
    expect(eml).toContain("Subject: New website inquiry: Couples Counseling");
    expect(eml).toMatch(/^To: staff@localhost\r?$/m);
    expect(eml).toContain("http://localhost:3000/admin/inquiries");
    for (const secret of privateDetails) expect(eml).not.toContain(secret);
  } finally {
    await sender.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

testOnEachEngine("sent mail is deleted after the retention period; unsent mail never is", async (db) => {
  const now = new Date("2026-06-01T12:00:00.000Z");
  const day = 24 * 60 * 60 * 1000;
  const old = new Date(now.getTime() - sentMailRetentionMs - day);
  const recent = new Date(now.getTime() - day);
  const mail = { kind: "test", referenceId: null, to: ["staff@localhost"], subject: "S", text: "T" };
  const oldSent = await enqueueMail(db, mail, old);
  const recentSent = await enqueueMail(db, mail, recent);
  const oldUnsent = await enqueueMail(db, mail, old);
  await db.updateTable("mail_outbox").set({ sent_at: old.toISOString() }).where("id", "=", oldSent).execute();
  await db.updateTable("mail_outbox").set({ sent_at: recent.toISOString() }).where("id", "=", recentSent).execute();
  expect(await pruneSentMail(db, new Date(now.getTime() - sentMailRetentionMs))).toBe(1);
  const left = (await db.selectFrom("mail_outbox").select("id").execute()).map((row) => row.id).sort();
  expect(left).toEqual([recentSent, oldUnsent].sort());
});
