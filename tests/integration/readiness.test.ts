import { expect, test } from "vitest";
import { createDb } from "#app/server/db/db.server.ts";
import { enqueueMail } from "#app/server/outbox.server.ts";
import { isReady, outboxStuckAfterMs } from "#app/server/readiness.server.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

const mail = { kind: "test", referenceId: null, to: ["staff@example.com"], subject: "s", text: "t" };

testOnEachEngine("ready while mail waits less than the stuck time, or is being retried, or is locked by a live sender", async (db) => {
  const now = new Date();
  expect(await isReady(db, now)).toBe(true);
  await enqueueMail(db, mail, new Date(now.getTime() - outboxStuckAfterMs + 60_000));
  expect(await isReady(db, now)).toBe(true);
  // Long due but claimed by a sender until later: a slow delivery, not a stuck outbox.
  const locked = await enqueueMail(db, mail, new Date(now.getTime() - 2 * outboxStuckAfterMs));
  await db
    .updateTable("mail_outbox")
    .set({ locked_until: new Date(now.getTime() + 60_000).toISOString() })
    .where("id", "=", locked)
    .execute();
  expect(await isReady(db, now)).toBe(true);
});

testOnEachEngine("not ready when due mail has waited past the stuck time with no sender on it", async (db) => {
  const now = new Date();
  const id = await enqueueMail(db, mail, new Date(now.getTime() - outboxStuckAfterMs - 1000));
  expect(await isReady(db, now)).toBe(false);
  await db.updateTable("mail_outbox").set({ sent_at: now.toISOString() }).where("id", "=", id).execute();
  expect(await isReady(db, now)).toBe(true);
});

test("not ready when the database does not answer or has no tables", async () => {
  const unmigrated = createDb({ dialect: "sqlite", file: ":memory:" });
  const unreachable = createDb({ dialect: "postgres", url: "postgres://postgres@127.0.0.1:1/none" });
  try {
    expect(await isReady(unmigrated)).toBe(false);
    expect(await isReady(unreachable)).toBe(false);
  } finally {
    await Promise.all([unmigrated.destroy(), unreachable.destroy()]);
  }
});
