import { createHmac } from "node:crypto";
import { afterEach, expect, vi } from "vitest";
import { log } from "#app/server/log.server.ts";
import { replaceConfig } from "#app/server/config.server.ts";
import { testConfigWith } from "#tests/setup/test-config.ts";
import { contactFormTokenMaxAgeMs, issueContactFormToken } from "#app/inquiries/contact-form-token.server.ts";
import { receiveInquiry } from "#app/inquiries/receive-inquiry.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { openInquiry } from "#app/inquiries/inquiry-sealing.server.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

const valid = {
  firstName: "Ana",
  lastName: "Ruiz",
  email: "ana@example.com",
  phone: "435-555-0101",
  subject: "Telehealth Therapy",
  paymentMethod: "Bishop Pay",
  message: "Evenings work best.",
};

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** The contact messages counted against the test client in the current window. */
async function contactHits(db: Db): Promise<number> {
  const row = await db
    .selectFrom("rate_limit_counters")
    .select("count")
    .where("key", "like", `contact:${client.address}:%`)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

const client = { address: "192.0.2.10" };

/** The stored messages' names and spam marks, oldest first. */
async function storedRows(db: Db) {
  const rows = await db
    .selectFrom("inquiries")
    .select(["id", "sealed_fields", "possible_spam", "spam_reason"])
    .orderBy("created_at")
    .execute();
  return rows.map((row) => {
    const { name, possible_spam, spam_reason } = openInquiry(row);
    return { name, possible_spam, spam_reason };
  });
}

async function rowCount(db: Db, table: "inquiries" | "mail_outbox"): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many messages are stored. */
const storedCount = (db: Db) => rowCount(db, "inquiries");

/** How many e-mails wait in the outbox. */
const queuedMail = (db: Db) => rowCount(db, "mail_outbox");

afterEach(() => {
  replaceConfig(testConfigWith());
  vi.restoreAllMocks();
});

testOnEachEngine("bot traps, validation order and the rate limit", async (db) => {
  replaceConfig(testConfigWith({ CONTACT_RATE_LIMIT: "2", CONTACT_MIN_FILL_MS: "1500", MAIL_DIR: "data/test-mail" }));
  vi.spyOn(log, "warn").mockImplementation(() => {});
  const now = Date.now();
  // Each a page of its own, shown in a millisecond of its own (pages of one millisecond share a token).
  let pagesShown = 0;
  const shownAMinuteAgo = () => issueContactFormToken(db, now - 60_000 - pagesShown++);
  // A filled honeypot looks like success and stores nothing.
  expect(await receiveInquiry(db, form({ ...valid, website: "spam", formToken: await shownAMinuteAgo() }), client, null, now)).toEqual({
    status: "sent",
  });
  expect(await storedCount(db)).toBe(0);
  // An incomplete form sent too fast still gets its errors back.
  const invalid = await receiveInquiry(
    db,
    form({ ...valid, lastName: "", formToken: await issueContactFormToken(db, now - 100) }),
    client,
    null,
    now,
  );
  expect(invalid).toMatchObject({ status: "invalid", errors: { lastName: "Last name is required." } });
  // A complete form sent faster than a person could type is kept as possible spam, with the
  // reason, and no notification is queued for it.
  expect(await receiveInquiry(db, form({ ...valid, formToken: await issueContactFormToken(db, now - 100) }), client, null, now)).toEqual({
    status: "sent",
  });
  expect(await storedRows(db)).toEqual([{ name: "Ana Ruiz", possible_spam: 1, spam_reason: "sent 100 ms after the form was shown" }]);
  expect(await queuedMail(db)).toBe(0);
  // It counts against the limit like any message: one more is accepted, with its notification.
  expect(await receiveInquiry(db, form({ ...valid, formToken: await shownAMinuteAgo() }), client, null, now)).toEqual({ status: "sent" });
  expect(await storedCount(db)).toBe(2);
  expect(await queuedMail(db)).toBe(1);
  // The third message within the window is refused, with typed values kept.
  const refused = await receiveInquiry(db, form({ ...valid, formToken: await shownAMinuteAgo() }), client, null, now);
  expect(refused).toMatchObject({ status: "refused", httpStatus: 429, values: { firstName: "Ana" } });
  expect(await storedCount(db)).toBe(2);
  // Another visitor is not affected.
  expect(await receiveInquiry(db, form({ ...valid, formToken: await shownAMinuteAgo() }), { address: "192.0.2.11" }, null, now)).toEqual({
    status: "sent",
  });
});

testOnEachEngine("a NUL byte in any field is refused with a field error, before the rate limit", async (db) => {
  replaceConfig(testConfigWith({ CONTACT_MIN_FILL_MS: "0", MAIL_DIR: "data/test-mail" }));
  const now = Date.now();
  const formToken = await issueContactFormToken(db, now - 60_000);
  for (const field of ["firstName", "lastName", "email", "phone", "insuranceCompany", "message"]) {
    const fields = { ...valid, paymentMethod: "Insurance", insuranceCompany: "Aetna", formToken, [field]: "NUL\u0000BYTE" };
    expect(await receiveInquiry(db, form(fields), client, null, now), field).toMatchObject({
      status: "invalid",
      errors: { [field]: expect.any(String) },
    });
  }
  expect(await storedCount(db)).toBe(0);
  expect(await contactHits(db)).toBe(0);
});

testOnEachEngine("leaving out the form's start time or claiming to be the page's script skips no bot check", async (db) => {
  replaceConfig(testConfigWith({ CONTACT_MIN_FILL_MS: "1500", MAIL_DIR: "data/test-mail" }));
  vi.spyOn(log, "warn").mockImplementation(() => {});
  const now = Date.now();
  expect(await receiveInquiry(db, form(valid), client, null, now)).toEqual({ status: "sent" });
  expect(await receiveInquiry(db, form({ ...valid, _js: "1", formStartedAt: String(now - 100) }), client, null, now)).toEqual({
    status: "sent",
  });
  const kept = { name: "Ana Ruiz", possible_spam: 1, spam_reason: "no valid form token" };
  expect(await storedRows(db)).toEqual([kept, kept]);
  expect(await queuedMail(db)).toBe(0);
});

testOnEachEngine("a complete form with a missing or forged form token is kept as possible spam, with one log line", async (db) => {
  replaceConfig(testConfigWith({ CONTACT_MIN_FILL_MS: "1500", MAIL_DIR: "data/test-mail" }));
  const warnings = vi.spyOn(log, "warn").mockImplementation(() => {});
  const now = Date.now();
  const [issuedAt, key, ours] = (await issueContactFormToken(db, now - 60_000)).split(".") as [string, string, string];
  const signedElsewhere = `${issuedAt}.${key}.${createHmac("sha256", "not our secret").update(`contact-form:${issuedAt}.${key}`).digest("base64url")}`;
  const forgedTokens = [
    "",
    "x",
    `${now - 60_000}`,
    `${Number(issuedAt) - 1}.${key}.${ours}`,
    `${issuedAt}.${"A".repeat(22)}.${ours}`,
    signedElsewhere,
    `${issuedAt}.${key}.${ours}x`,
  ];
  for (const formToken of forgedTokens) {
    expect(await receiveInquiry(db, form({ ...valid, formToken }), client, null, now), formToken).toEqual({ status: "sent" });
  }
  const rows = await storedRows(db);
  expect(rows).toHaveLength(forgedTokens.length);
  expect(rows.every((row) => Number(row.possible_spam) === 1 && row.spam_reason === "no valid form token")).toBe(true);
  expect(await queuedMail(db)).toBe(0);
  // Each counts against the sender's limit, so a flood of them is refused like any other.
  expect(await contactHits(db)).toBe(forgedTokens.length);
  expect(warnings).toHaveBeenCalledTimes(forgedTokens.length);
  expect(warnings.mock.calls.every(([msg, fields]) => msg.includes("as possible spam") && fields?.reason === "no valid form token")).toBe(
    true,
  );
});

testOnEachEngine("a form left open past a day is refused as expired, its values kept, nothing spent", async (db) => {
  replaceConfig(testConfigWith({ MAIL_DIR: "data/test-mail" }));
  const now = Date.now();
  const lastGoodToken = await issueContactFormToken(db, now - contactFormTokenMaxAgeMs);
  expect(
    await receiveInquiry(
      db,
      form({ ...valid, formToken: await issueContactFormToken(db, now - contactFormTokenMaxAgeMs - 1) }),
      client,
      null,
      now,
    ),
  ).toEqual({
    status: "expired",
    values: { ...valid, insuranceCompany: "" },
    error: "This form has expired. Please send it again.",
  });
  expect(await storedCount(db)).toBe(0);
  expect(await contactHits(db)).toBe(0);
  expect(await receiveInquiry(db, form({ ...valid, formToken: lastGoodToken }), client, null, now)).toEqual({ status: "sent" });
  expect(await storedCount(db)).toBe(1);
});

async function outboxCount(db: Db): Promise<number> {
  return Number(
    (
      await db
        .selectFrom("mail_outbox")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

testOnEachEngine("a resent submission is answered 'sent', stored once and spends no second slot", async (db) => {
  replaceConfig(testConfigWith({ MAIL_DIR: "data/test-mail" }));
  const now = Date.now();
  // The same rendering of the form, sent again after the answer to the first was lost.
  const formToken = await issueContactFormToken(db, now - 60_000);
  expect(await receiveInquiry(db, form({ ...valid, formToken }), client, null, now)).toEqual({ status: "sent" });
  expect(await receiveInquiry(db, form({ ...valid, formToken }), client, null, now + 5_000)).toEqual({ status: "sent" });
  expect(await storedCount(db)).toBe(1);
  expect(await outboxCount(db)).toBe(1);
  expect(await contactHits(db)).toBe(1);
  // The same words from another rendering of the form are another message.
  expect(await receiveInquiry(db, form({ ...valid, formToken: await issueContactFormToken(db, now - 30_000) }), client, null, now)).toEqual(
    {
      status: "sent",
    },
  );
  expect(await storedCount(db)).toBe(2);
});

testOnEachEngine("the same submission sent many times at once is stored once, with one notification", async (db) => {
  replaceConfig(testConfigWith({ MAIL_DIR: "data/test-mail" }));
  const now = Date.now();
  const formToken = await issueContactFormToken(db, now - 60_000);
  const outcomes = await Promise.all(Array.from({ length: 8 }, () => receiveInquiry(db, form({ ...valid, formToken }), client, null, now)));
  expect(outcomes).toEqual(Array.from({ length: 8 }, () => ({ status: "sent" })));
  expect(await storedCount(db)).toBe(1);
  expect(await outboxCount(db)).toBe(1);
});

testOnEachEngine("a message that could not be stored does not count against the visitor's limit", async (db) => {
  replaceConfig(testConfigWith({ MAIL_DIR: "data/test-mail" }));
  vi.spyOn(log, "error").mockImplementation(() => {});
  const now = Date.now();
  // The notification cannot be queued, so the transaction that stores the inquiry fails.
  await db.schema.dropTable("mail_outbox").execute();
  const outcome = await receiveInquiry(db, form({ ...valid, formToken: await issueContactFormToken(db, now - 60_000) }), client, null, now);
  expect(outcome).toMatchObject({ status: "refused", httpStatus: 500, values: { firstName: "Ana" } });
  expect(await storedCount(db)).toBe(0);
  expect(await contactHits(db)).toBe(0);
});

testOnEachEngine("addresses of one IPv6 /64 share one contact limit (review F4)", async (db) => {
  replaceConfig(testConfigWith({ CONTACT_RATE_LIMIT: "20", MAIL_DIR: "data/test-mail" }));
  const now = Date.now();
  const statuses: Array<string> = [];
  for (let host = 1; host <= 30; host++) {
    const formToken = await issueContactFormToken(db, now - 60_000 - host);
    const sender = { address: `2001:db8:1:2::${host.toString(16)}` };
    statuses.push((await receiveInquiry(db, form({ ...valid, formToken }), sender, null, now)).status);
  }
  expect(statuses.filter((status) => status === "sent")).toHaveLength(20);
  expect(statuses.filter((status) => status === "refused")).toHaveLength(10);
  expect(await storedCount(db)).toBe(20);
  // Another /64 has its own.
  const neighbour = { address: "2001:db8:1:3::1" };
  expect(
    (await receiveInquiry(db, form({ ...valid, formToken: await issueContactFormToken(db, now - 59_000) }), neighbour, null, now)).status,
  ).toBe("sent");
});

testOnEachEngine(
  "a form opened for a therapist stores their name as it is now; an address no member has, or garbage, is an inquiry for anyone",
  async (db) => {
    replaceConfig(testConfigWith({ MAIL_DIR: "data/test-mail" }));
    const now = Date.now();
    const send = async (therapist: string) =>
      receiveInquiry(
        db,
        form({ ...valid, message: `About ${therapist}`, formToken: await issueContactFormToken(db, now - 60_000), therapist }),
        client,
        null,
        now,
      );
    for (const therapist of ["daniel-reyes", "someone-who-left", "Daniel Reyes\n<script>", "samuel-okafor"]) {
      expect(await send(therapist), therapist).toEqual({ status: "sent" });
    }
    const rows = await db.selectFrom("inquiries").select("therapist").orderBy("created_at").orderBy("id").execute();
    expect(rows.map((row) => row.therapist).sort()).toEqual(["Daniel Reyes", "Dr. Samuel Okafor", null, null].sort());
  },
);

testOnEachEngine(
  "a form sent from a Spanish page is answered in Spanish and stored as Spanish; no language, or one the site has not, is English",
  async (db) => {
    replaceConfig(testConfigWith({ MAIL_DIR: "data/test-mail" }));
    const now = Date.now();
    const token = () => issueContactFormToken(db, now - 60_000);
    const spanish = { ...valid, language: "es" };

    expect(
      await receiveInquiry(db, form({ ...spanish, firstName: " ", email: "ana@", formToken: await token() }), client, null, now),
    ).toEqual({
      status: "invalid",
      values: { ...valid, firstName: " ", email: "ana@", insuranceCompany: "" },
      errors: { firstName: "Escriba su nombre.", email: "Escriba un correo electrónico válido." },
    });
    const expired = await issueContactFormToken(db, now - contactFormTokenMaxAgeMs - 1);
    expect(await receiveInquiry(db, form({ ...spanish, formToken: expired }), client, null, now)).toMatchObject({
      status: "expired",
      error: "Este formulario venció. Envíelo de nuevo, por favor.",
    });
    expect(await storedCount(db)).toBe(0);

    for (const [message, language] of [
      ["Spanish", "es"],
      ["English", "en"],
      ["French", "fr"],
      ["Nothing", null],
    ] as const) {
      const fields = { ...valid, message, formToken: await token(), ...(language ? { language } : {}) };
      expect(await receiveInquiry(db, form(fields), client, null, now), message).toEqual({ status: "sent" });
    }
    const rows = await db.selectFrom("inquiries").select(["id", "sealed_fields", "language"]).execute();
    const languageOf = Object.fromEntries(rows.map((row) => [openInquiry(row).message, row.language]));
    expect(languageOf).toEqual({ Spanish: "es", English: "en", French: "en", Nothing: "en" });
  },
);
