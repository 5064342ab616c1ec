import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { createInquiry } from "#app/inquiries/inquiry-store.server.ts";
import { erasePerson, exportPersonData, findPersonData } from "#app/inquiries/person-data.server.ts";
import { personLookupSchema } from "#app/inquiries/person-data.ts";
import * as privacyRoute from "#app/routes/admin/privacy.tsx";
import { createAdmin } from "#app/staff/staff-accounts.server.ts";
import { replaceConfig } from "#app/server/config.server.ts";
import { testConfigWith } from "#tests/setup/test-config.ts";
import { answerOf, createTestAdmin, routeArgs, signedIn, signedInCookie, siteRequest } from "#tests/fixtures/admin.ts";
import { everythingStored, storedBytes, testOnEachEngine } from "#tests/setup/test-database.ts";

const jane = {
  name: "Janet Quill",
  email: "Janet.Quill@Example.com",
  phone: "(435) 555-0199",
  service: "Individual Counseling",
  message: "I have been struggling with grief since March.",
  payment_method: "Insurance",
  insurance_company: "SelectHealth",
};
const other = { ...jane, name: "Other Person", email: "janet.quill@example.co", phone: "(435) 555-0100", message: "Someone else." };

testOnEachEngine(
  "a privacy request finds one person by e-mail or phone, exports it, and erases it leaving nothing behind",
  async (db, dialect) => {
    const mailDir = mkdtempSync(join(tmpdir(), "privacy-mail-"));
    replaceConfig(testConfigWith({ MAIL_DIR: mailDir, NOTIFY_INCLUDE_DETAILS: "true" }));
    try {
      const owner = await createTestAdmin(db, "owner@example.com");
      const first = await createInquiry(db, jane);
      const second = await createInquiry(db, { ...jane, message: "A second message, with more detail." });
      await createInquiry(db, other);
      // The notifications' copies, as the file transport writes them.
      for (const row of await db.selectFrom("mail_outbox").select("id").execute()) writeFileSync(join(mailDir, `${row.id}.eml`), "copy");

      for (const who of ["janet.quill@example.com", "JANET.QUILL@EXAMPLE.COM", "435-555-0199", "+1 (435) 555 0199", "4355550199"]) {
        const { inquiries, notifications } = await findPersonData(db, personLookupSchema.parse({ who }).who);
        expect(inquiries.map((inquiry) => inquiry.id).sort(), who).toEqual([first, second].sort());
        expect(notifications, who).toBe(2);
      }
      expect((await findPersonData(db, "quill@example.com")).inquiries).toEqual([]);
      expect((await findPersonData(db, "555-0199")).inquiries).toEqual([]);

      const copy = JSON.parse(await exportPersonData(db, "janet.quill@example.com", owner));
      expect(copy.inquiries).toHaveLength(2);
      expect(copy.inquiries[0]).toMatchObject({ name: "Janet Quill", email: "Janet.Quill@Example.com", phone: "(435) 555-0199" });
      expect(JSON.stringify(copy)).not.toContain("Someone else");

      // What is stored of them, as stored: their rows' ids, sealed values and search tokens, and their notifications'.
      const theirs = [first, second];
      const mail = await db.selectFrom("mail_outbox").select(["id", "body_text"]).where("reference_id", "in", theirs).execute();
      const sealed = await db.selectFrom("inquiries").select("sealed_fields").where("id", "in", theirs).execute();
      expect(mail).toHaveLength(2);
      const ids = [...theirs, ...mail.map((row) => row.id)];
      const values = [...sealed.map((row) => row.sealed_fields), ...mail.map((row) => row.body_text)];
      expect(await db.selectFrom("inquiry_search_tokens").select("inquiry_id").where("inquiry_id", "in", theirs).execute()).not.toEqual([]);

      expect(await erasePerson(db, "435.555.0199", owner, mailDir)).toBe(2);
      const held = await everythingStored(db);
      for (const trace of ["Janet Quill", "janet.quill@example.com", "4355550199", "555-0199", "grief", "more detail", ...values]) {
        expect(held.toLowerCase(), trace).not.toContain(trace.toLowerCase());
      }
      // No row refers to them (their tokens and notifications included), but the activity log's
      // entries, which keep the random id of what was opened and name no one.
      const referring = await everythingStored(db, ["audit_log"]);
      for (const id of ids) expect(referring, id).not.toContain(id);
      if (dialect === "sqlite") {
        // Nor is what was deleted left in the file's free space (secure_delete), as a thief of the file and its key would read it.
        const stored = await storedBytes(db);
        for (const value of values) expect(stored.includes(value), value.slice(0, 40)).toBe(false);
      }
      expect((await findPersonData(db, "janet.quill@example.com")).inquiries).toEqual([]);
      // The other person, and their notification and its copy, stay.
      expect((await findPersonData(db, "janet.quill@example.co")).inquiries.map((inquiry) => inquiry.name)).toEqual(["Other Person"]);
      expect(readdirSync(mailDir)).toHaveLength(1);
      const audit = await db
        .selectFrom("audit_log")
        .select(["action", "details"])
        .where("action", "in", ["person-erased", "person-data-exported"])
        .execute();
      expect(audit.map((row) => [row.action, JSON.parse(row.details!).count]).sort()).toEqual([
        ["person-data-exported", 2],
        ["person-erased", 2],
      ]);
    } finally {
      replaceConfig(testConfigWith());
      rmSync(mailDir, { recursive: true, force: true });
    }
  },
);

testOnEachEngine("erasing asks for the box to be ticked, and only Owners may", async (db) => {
  const owner = await createTestAdmin(db, "owner@example.com");
  const helper = await createAdmin(db, { email: "desk@example.com", password: "a long test password", role: "inbox" });
  await createInquiry(db, jane);
  const privacy = signedIn(privacyRoute);
  const ownerCookie = await signedInCookie(db, owner.id);
  const form = { who: "janet.quill@example.com" };

  const unconfirmed = await answerOf(() => privacy.action(routeArgs(siteRequest("/admin/privacy", { cookie: ownerCookie, form }))));
  expect(unconfirmed.status).toBe(400);
  expect(JSON.stringify(unconfirmed.data)).toContain("Tick the box to confirm");
  const helperCookie = await signedInCookie(db, helper.id);
  const refused = await answerOf(() =>
    privacy.action(routeArgs(siteRequest("/admin/privacy", { cookie: helperCookie, form: { ...form, confirm: "on" } }))),
  );
  expect(refused.status).toBe(403);
  expect(await db.selectFrom("inquiries").select("id").execute()).toHaveLength(1);

  const erased = await answerOf(() =>
    privacy.action(routeArgs(siteRequest("/admin/privacy", { cookie: ownerCookie, form: { ...form, confirm: "on" } }))),
  );
  expect(erased).toMatchObject({ status: 302, location: "/admin/privacy?who=janet.quill%40example.com" });
  expect(await db.selectFrom("inquiries").select("id").execute()).toEqual([]);

  const badLookup = await answerOf(() => privacy.loader(routeArgs(siteRequest("/admin/privacy?who=12345", { cookie: ownerCookie }))));
  expect(badLookup.data).toMatchObject({ error: expect.stringContaining("at least 7 digits"), found: null });
});
