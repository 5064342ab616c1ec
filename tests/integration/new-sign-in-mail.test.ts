import { expect } from "vitest";
import { createAdmin } from "#app/staff/staff-accounts.server.ts";
import { InsertQueryNode } from "kysely";
import { signIn } from "#app/staff/auth.server.ts";
import { mailNewSignIn } from "#app/staff/new-sign-in-mail.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { cookieFrom } from "#tests/fixtures/admin.ts";
import { openMailBody } from "#app/server/outbox.server.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

const password = "a long test password";
const browser = "Mozilla/5.0 (X11; Linux x86_64) Test\u0007Browser";

async function newSignInMails(db: Db) {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["id", "to_address", "subject", "body_text"])
    .where("kind", "=", "new-sign-in")
    .execute();
  return rows.map(({ id, ...row }) => ({ ...row, body_text: openMailBody({ id, body_text: row.body_text }) }));
}

testOnEachEngine("an Owner's first sign-in of the office day from a new browser mails the account, once", async (db) => {
  await createAdmin(db, { email: "owner@example.com", password });
  // 10:00 in Utah on Nov 10.
  const morning = Date.parse("2026-11-10T17:00:00Z");
  const first = await signIn(db, { email: "owner@example.com", password, address: "203.0.113.9", userAgent: browser }, morning);
  expect(first.ok).toBe(true);
  const mails = await newSignInMails(db);
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatchObject({ to_address: "owner@example.com", subject: "New sign-in to the Red Cliffs Counseling admin" });
  expect(mails[0]!.body_text).toContain("From the address: 203.0.113.9");
  expect(mails[0]!.body_text).toContain("Browser: Mozilla/5.0 (X11; Linux x86_64) Test Browser");
  expect(mails[0]!.body_text).toContain("Nov 10, 2026, 10:00 AM MST");
  expect(mails[0]!.body_text).toContain("/admin/activity");

  // Another new browser the same office day (23:30 there is the next day in UTC): no second mail.
  const lateEvening = Date.parse("2026-11-11T06:30:00Z");
  expect((await signIn(db, { email: "owner@example.com", password, address: "198.51.100.4" }, lateEvening)).ok).toBe(true);
  expect(await newSignInMails(db)).toHaveLength(1);

  // The next day, the browser that signed in before is known: no mail. A new one is told of again.
  const nextDay = Date.parse("2026-11-11T16:00:00Z");
  const cookies = first.ok ? first.setCookies.map(cookieFrom).join("; ") : "";
  expect((await signIn(db, { email: "owner@example.com", password, address: "203.0.113.9", cookies }, nextDay)).ok).toBe(true);
  expect(await newSignInMails(db)).toHaveLength(1);
  expect((await signIn(db, { email: "owner@example.com", password, address: "192.0.2.77" }, nextDay + 60_000)).ok).toBe(true);
  expect(await newSignInMails(db)).toHaveLength(2);
  const logged = await db.selectFrom("audit_log").select("action").where("action", "=", "new-sign-in-mailed").execute();
  expect(logged).toHaveLength(2);
});

testOnEachEngine("sign-ins at once from new browsers send one mail; Editors and Inbox accounts get none", async (db) => {
  await createAdmin(db, { email: "owner@example.com", password });
  await createAdmin(db, { email: "editor@example.com", password, role: "editor" });
  await createAdmin(db, { email: "desk@example.com", password, role: "inbox" });
  const now = Date.parse("2026-11-12T17:00:00Z");
  const results = await Promise.all(
    [1, 2, 3].map((n) => signIn(db, { email: "owner@example.com", password, address: `203.0.113.${n}` }, now)),
  );
  expect(results.every((result) => result.ok)).toBe(true);
  for (const email of ["editor@example.com", "desk@example.com"]) {
    expect((await signIn(db, { email, password, address: "203.0.113.50" }, now)).ok).toBe(true);
  }
  expect((await newSignInMails(db)).map((mail) => mail.to_address)).toEqual(["owner@example.com"]);
});

testOnEachEngine("a mail that cannot be queued leaves the day unclaimed: the next new browser that day is told of", async (db) => {
  const owner = await createAdmin(db, { email: "owner@example.com", password });
  const now = Date.parse("2026-11-13T17:00:00Z");
  // The outbox refuses the insert, as a full disk or a lost connection would.
  const outboxDown = db.withPlugin({
    transformQuery: ({ node }) => {
      if (InsertQueryNode.is(node) && node.into?.table.identifier.name === "mail_outbox") throw new Error("outbox unavailable");
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  });
  await expect(mailNewSignIn(outboxDown, owner, { address: "203.0.113.9", userAgent: null }, now)).rejects.toThrow("outbox unavailable");
  expect(await newSignInMails(db)).toEqual([]);

  await mailNewSignIn(db, owner, { address: "203.0.113.9", userAgent: null }, now + 60_000);
  expect(await newSignInMails(db)).toHaveLength(1);
});
