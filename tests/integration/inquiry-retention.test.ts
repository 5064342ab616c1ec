import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, vi } from "vitest";
import { deleteExpiredInquiries, startInquiryRetention } from "#app/inquiries/inquiry-retention.server.ts";
import { ConfigError, parseConfig } from "#app/server/config.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { enqueueMail, pruneSentMail, sentMailRetentionMs } from "#app/server/outbox.server.ts";
import { insertInquiries, newInquiry } from "#tests/fixtures/admin.ts";
import { storedBytes, testOnEachEngine } from "#tests/setup/test-database.ts";

const dayMs = 24 * 60 * 60 * 1000;
const now = Date.parse("2026-11-20T18:00:00Z");
const daysAgo = (days: number) => new Date(now - days * dayMs).toISOString();

/** A notification about `inquiryId` in the outbox, sent, with its copy in the mail folder. */
async function notification(db: Db, mailDir: string, inquiryId: string): Promise<string> {
  const id = await enqueueMail(db, {
    kind: "inquiry-notification",
    referenceId: inquiryId,
    to: ["staff@example.com"],
    subject: "New",
    text: "x",
  });
  await db
    .updateTable("mail_outbox")
    .set({ sent_at: new Date(now - dayMs).toISOString() })
    .where("id", "=", id)
    .execute();
  writeFileSync(join(mailDir, `${id}.eml`), "a copy");
  return id;
}

function withMailDir(run: (mailDir: string) => Promise<void>) {
  return async () => {
    const mailDir = mkdtempSync(join(tmpdir(), "retention-mail-"));
    try {
      await run(mailDir);
    } finally {
      rmSync(mailDir, { recursive: true, force: true });
    }
  };
}

testOnEachEngine(
  "retention deletes exactly the inquiries read more than N days ago, with their notifications and copies",
  async (db, dialect) => {
    await withMailDir(async (mailDir) => {
      const expired = newInquiry({ is_read: 1, archived: 0, created_at: daysAgo(50), read_at: daysAgo(31) });
      const archived = newInquiry({ is_read: 1, archived: 1, created_at: daysAgo(60), read_at: daysAgo(45) });
      const recent = newInquiry({ is_read: 1, archived: 0, created_at: daysAgo(50), read_at: daysAgo(29) });
      const unread = newInquiry({ is_read: 0, archived: 0, created_at: daysAgo(400), read_at: null });
      await insertInquiries(db, [expired, archived, recent, unread]);
      const goes = await notification(db, mailDir, expired.id);
      const stays = await notification(db, mailDir, recent.id);
      const other = await enqueueMail(db, {
        kind: "new-sign-in",
        referenceId: expired.id,
        to: ["owner@example.com"],
        subject: "s",
        text: "t",
      });

      const deleted = [expired.id, archived.id];
      const sealed = await db.selectFrom("inquiries").select("sealed_fields").where("id", "in", deleted).execute();
      const tokens = await db.selectFrom("inquiry_search_tokens").select("inquiry_id").where("inquiry_id", "in", deleted).execute();
      expect(tokens).not.toEqual([]);

      expect(await deleteExpiredInquiries(db, { days: 30, mailDir }, now)).toBe(2);
      expect(await db.selectFrom("inquiry_search_tokens").select("inquiry_id").where("inquiry_id", "in", deleted).execute()).toEqual([]);
      if (dialect === "sqlite") {
        // Nor is anything of them left in the file or its write-ahead log (secure_delete, then the log emptied).
        const stored = await storedBytes(db);
        for (const row of sealed) expect(stored.includes(row.sealed_fields)).toBe(false);
      }
      const kept = await db.selectFrom("inquiries").select("id").orderBy("created_at").execute();
      expect(kept.map((row) => row.id).sort()).toEqual([recent.id, unread.id].sort());
      const outbox = await db.selectFrom("mail_outbox").select("id").execute();
      expect(outbox.map((row) => row.id).sort()).toEqual([stays, other].sort());
      expect(readdirSync(mailDir)).toEqual([`${stays}.eml`]);
      expect(goes).not.toBe(stays);

      const audit = await db.selectFrom("audit_log").select(["action", "admin_email", "target", "details"]).execute();
      expect(audit).toEqual([
        { action: "inquiries-deleted-by-retention", admin_email: null, target: null, details: JSON.stringify({ count: 2, days: 30 }) },
      ]);
      // Nothing more to do: nothing deleted, nothing recorded.
      expect(await deleteExpiredInquiries(db, { days: 30, mailDir }, now)).toBe(0);
      expect(await db.selectFrom("audit_log").select("id").execute()).toHaveLength(1);
    })();
  },
);

testOnEachEngine("retention works through any number in batches, and the server runs it by itself", async (db) => {
  await withMailDir(async (mailDir) => {
    await insertInquiries(
      db,
      Array.from({ length: 450 }, () => newInquiry({ is_read: 1, created_at: daysAgo(20), read_at: daysAgo(10) })),
    );
    expect(await deleteExpiredInquiries(db, { days: 7, mailDir }, now)).toBe(450);
    expect(await db.selectFrom("inquiries").select("id").execute()).toEqual([]);
    const batches = await db.selectFrom("audit_log").select("details").execute();
    expect(batches.map((row) => JSON.parse(row.details!).count).sort()).toEqual([200, 200, 50]);

    await insertInquiries(db, [
      newInquiry({ is_read: 1, created_at: daysAgo(3), read_at: new Date(Date.now() - 2 * dayMs).toISOString() }),
    ]);
    vi.useFakeTimers({ toFake: ["setTimeout", "setInterval"] });
    try {
      const stop = startInquiryRetention(db, { days: 1, mailDir });
      await vi.advanceTimersByTimeAsync(5_000);
      await stop();
    } finally {
      vi.useRealTimers();
    }
    expect(await db.selectFrom("inquiries").select("id").execute()).toEqual([]);
  })();
});

testOnEachEngine("sent mail leaves the mail folder when it leaves the outbox", async (db) => {
  await withMailDir(async (mailDir) => {
    const id = await enqueueMail(db, { kind: "inquiry-notification", referenceId: null, to: ["s@example.com"], subject: "s", text: "t" });
    await db
      .updateTable("mail_outbox")
      .set({ sent_at: new Date(now - sentMailRetentionMs - dayMs).toISOString() })
      .where("id", "=", id)
      .execute();
    writeFileSync(join(mailDir, `${id}.eml`), "a copy");
    writeFileSync(join(mailDir, "unrelated.eml"), "kept");
    expect(await pruneSentMail(db, new Date(now - sentMailRetentionMs), mailDir)).toBe(1);
    expect(readdirSync(mailDir)).toEqual(["unrelated.eml"]);
  })();
});

test("INQUIRY_RETENTION_DAYS is off unless set to a whole number of days", () => {
  expect(parseConfig({}).inquiryRetentionDays).toBeNull();
  expect(parseConfig({ INQUIRY_RETENTION_DAYS: "365" }).inquiryRetentionDays).toBe(365);
  for (const bad of ["0", "-3", "1.5", "a year"]) {
    expect(() => parseConfig({ INQUIRY_RETENTION_DAYS: bad }), bad).toThrow(ConfigError);
  }
});
