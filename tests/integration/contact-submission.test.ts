import { expect, test } from "vitest";
import { parseConfig, useConfig } from "#app/server/config.server.ts";
import { receiveInquiry } from "#app/server/contact-submission.server.ts";
import { useDatabase } from "#app/server/db/db.server.ts";
import { peekRateLimit } from "#app/server/rate-limit.server.ts";
import { createTestDatabase, testDialects } from "#tests/setup/test-database.ts";

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

const client = { address: "192.0.2.10" };

test.each(testDialects)("%s: bot traps, validation order and the rate limit", async (dialect) => {
  const { db, drop } = await createTestDatabase(dialect);
  useDatabase(db);
  useConfig(parseConfig({ CONTACT_RATE_LIMIT: "2", CONTACT_MIN_FILL_MS: "1500", MAIL_DIR: "data/test-mail" }));
  const count = async () => Number((await db.selectFrom("contact_submissions").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  try {
    const now = Date.now();
    // A filled honeypot looks like success and stores nothing.
    expect(await receiveInquiry(form({ ...valid, website: "spam" }), client, now)).toEqual({ status: "sent" });
    // An incomplete form sent too fast still gets its errors back.
    const invalid = await receiveInquiry(form({ ...valid, lastName: "", formStartedAt: String(now - 100) }), client, now);
    expect(invalid).toMatchObject({ status: "invalid", errors: { lastName: "Last name is required." } });
    // A complete plain post faster than a person could type is dropped; a scripted one is not.
    expect(await receiveInquiry(form({ ...valid, formStartedAt: String(now - 100) }), client, now)).toEqual({ status: "sent" });
    expect(await count()).toBe(0);
    expect(await receiveInquiry(form({ ...valid, formStartedAt: String(now - 100), _js: "1" }), client, now)).toEqual({ status: "sent" });
    expect(await receiveInquiry(form({ ...valid, formStartedAt: String(now - 60_000) }), client, now)).toEqual({ status: "sent" });
    expect(await count()).toBe(2);
    // The third accepted message within the window is refused, with typed values kept.
    const refused = await receiveInquiry(form(valid), client, now);
    expect(refused).toMatchObject({ status: "refused", httpStatus: 429, values: { firstName: "Ana" } });
    expect(await count()).toBe(2);
    // Another visitor is not affected.
    expect(await receiveInquiry(form(valid), { address: "192.0.2.11" }, now)).toEqual({ status: "sent" });
  } finally {
    useConfig(parseConfig({}));
    await drop();
  }
});

test.each(testDialects)("%s: a NUL byte in any field is refused with a field error, before the rate limit", async (dialect) => {
  const { db, drop } = await createTestDatabase(dialect);
  useDatabase(db);
  useConfig(parseConfig({ CONTACT_MIN_FILL_MS: "0", MAIL_DIR: "data/test-mail" }));
  try {
    const now = Date.now();
    for (const field of ["firstName", "lastName", "email", "phone", "insuranceCompany", "message"]) {
      const outcome = await receiveInquiry(form({ ...valid, paymentMethod: "Insurance", insuranceCompany: "Aetna", [field]: "NUL\u0000BYTE" }), client, now);
      expect(outcome, field).toMatchObject({ status: "invalid", errors: { [field]: expect.any(String) } });
    }
    expect(await db.selectFrom("contact_submissions").selectAll().execute()).toEqual([]);
    expect(await peekRateLimit(`contact:${client.address}`, parseConfig({}).contactRateLimit.windowMs, now)).toBe(0);
  } finally {
    useConfig(parseConfig({}));
    await drop();
  }
});
