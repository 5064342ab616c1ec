import { expect } from "vitest";
import { withContentReads } from "#app/content/content-keys.server.ts";
import { getContentVersion } from "#app/content/content-version.server.ts";
import { officeDateAndTime } from "#app/content/office-time.ts";
import { type NoticeFields, noticeFieldsSchema, noticeMessages } from "#app/notices/notice-form.ts";
import * as noticesModule from "#app/routes/admin/notices.tsx";
import { changeNotice, listNotices, noticesKey, shownNotice } from "#app/notices/notices.server.ts";
import { listAuditLog } from "#app/server/audit.server.ts";
import { answerOf, createTestAdmin, routeArgs, signedIn, signedInCookie, siteRequest } from "#tests/fixtures/admin.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// Notices (issue 44): one shows at a time, between its start and its end, and a page that shows
// one (or shows none before the next) holds only until that changes.

const hour = 3_600_000;
const now = Date.parse("2026-11-25T17:00:00.000Z"); // 10:00 AM MST

/** A notice's form, from `from` to `to` (instants), as the office's clock reads them. */
function fields(text: string, from: number, to: number, more: Partial<NoticeFields> = {}): NoticeFields {
  const start = officeDateAndTime(new Date(from).toISOString());
  const end = officeDateAndTime(new Date(to).toISOString());
  return noticeFieldsSchema.parse({
    textEn: text,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    ...more,
  });
}

testOnEachEngine("a notice shows between its start and its end; a page notes when that changes by itself", async (db) => {
  const admin = await createTestAdmin(db);
  const before = await getContentVersion(db);
  const added = await changeNotice(
    db,
    { intent: "add", fields: fields("Closed for Thanksgiving", now + hour, now + 3 * hour) },
    admin,
    now,
  );
  expect(added).toMatchObject({ status: "saved" });
  expect(await getContentVersion(db)).toBe(before + 1);

  // Before it starts: none shown, and the page holds until it starts.
  const early = await withContentReads(() => shownNotice(db, now));
  expect(early.result).toBeNull();
  expect(early.reads).toContain(noticesKey);
  expect(early.until.at).toBe(now + hour);
  // While it shows: it, until its end.
  const during = await withContentReads(() => shownNotice(db, now + 2 * hour));
  expect(during.result).toMatchObject({ textEn: "Closed for Thanksgiving" });
  expect(during.until.at).toBe(now + 3 * hour);
  // After: none, and nothing to wait for.
  const after = await withContentReads(() => shownNotice(db, now + 3 * hour));
  expect(after.result).toBeNull();
  expect(after.until.at).toBeNull();

  expect(await listNotices(db, now + 2 * hour)).toMatchObject({ showing: { textEn: "Closed for Thanksgiving" }, upcoming: [], ended: [] });
  expect((await listAuditLog(db)).map((entry) => entry.action)).toContain("notice-added");
});

testOnEachEngine("one notice at a time: an overlap is refused, naming the other; two saves at once save one", async (db) => {
  const admin = await createTestAdmin(db);
  await changeNotice(db, { intent: "add", fields: fields("Closed Thursday", now + hour, now + 5 * hour) }, admin, now);
  const refused = await changeNotice(db, { intent: "add", fields: fields("Saturday hours", now + 4 * hour, now + 8 * hour) }, admin, now);
  expect(refused).toMatchObject({ status: "overlaps", other: { textEn: "Closed Thursday" } });
  // Right after it ends is not an overlap.
  expect(
    await changeNotice(db, { intent: "add", fields: fields("Saturday hours", now + 5 * hour, now + 8 * hour) }, admin, now),
  ).toMatchObject({
    status: "saved",
  });

  const [first, second] = await Promise.all([
    changeNotice(db, { intent: "add", fields: fields("One", now + 10 * hour, now + 12 * hour) }, admin, now),
    changeNotice(db, { intent: "add", fields: fields("Two", now + 11 * hour, now + 13 * hour) }, admin, now),
  ]);
  expect([first.status, second.status].sort()).toEqual(["overlaps", "saved"]);
  expect((await listNotices(db, now)).upcoming.map((notice) => notice.textEn)).toEqual([
    "Closed Thursday",
    "Saturday hours",
    first.status === "saved" ? "One" : "Two",
  ]);
});

testOnEachEngine("a change or a removal names the version it was shown; one made meanwhile is not overwritten", async (db) => {
  const admin = await createTestAdmin(db);
  const added = await changeNotice(db, { intent: "add", fields: fields("Closed Friday", now + hour, now + 2 * hour) }, admin, now);
  if (added.status !== "saved") throw new Error(added.status);
  const moved = fields("Closed Friday afternoon", now + hour, now + 4 * hour);
  expect(await changeNotice(db, { intent: "change", id: added.id, version: 1, fields: moved }, admin, now)).toMatchObject({
    status: "saved",
  });
  // The version shown was 1; it is 2 now.
  expect(await changeNotice(db, { intent: "change", id: added.id, version: 1, fields: moved }, admin, now)).toEqual({ status: "changed" });
  expect(await changeNotice(db, { intent: "remove", id: added.id, version: 1 }, admin, now)).toEqual({ status: "changed" });
  expect((await listNotices(db, now)).upcoming).toMatchObject([{ textEn: "Closed Friday afternoon", version: 2 }]);
  expect(await changeNotice(db, { intent: "remove", id: added.id, version: 2 }, admin, now)).toEqual({ status: "removed" });
  expect(await listNotices(db, now)).toEqual({ showing: null, upcoming: [], ended: [] });
});

const noticesRoute = signedIn(noticesModule);

function postNotice(cookie: string, form: Record<string, string>) {
  return answerOf(() => noticesRoute.action(routeArgs(siteRequest("/admin/notices", { cookie, form }))));
}

testOnEachEngine("the notices form refuses bad input, each with its message, and stores nothing", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  const later = officeDateAndTime(new Date(Date.now() + 48 * hour).toISOString());
  const good = { intent: "add", textEn: "Closed Friday", startDate: later.date, startTime: "08:00", endDate: later.date, endTime: "17:00" };
  const refusals: Array<[Record<string, string>, string, string]> = [
    [{ textEn: "Closed\nFriday" }, "textEn", "Use one line: no line breaks or control characters."],
    [{ textEn: "Closed\u0000Friday" }, "textEn", "Use one line: no line breaks or control characters."],
    [{ textEn: "" }, "textEn", noticeMessages.text],
    [{ link: "javascript:alert(1)", linkTextEn: "Hours" }, "link", noticeMessages.link],
    [{ link: "data:text/html,<script>alert(1)</script>", linkTextEn: "Hours" }, "link", noticeMessages.link],
    [{ link: "//elsewhere.example/x", linkTextEn: "Hours" }, "link", noticeMessages.link],
    [{ link: "/contact" }, "linkTextEn", noticeMessages.linkText],
    [{ endTime: "07:00" }, "endDate", noticeMessages.endBeforeStart],
    [{ startDate: "2020-01-01", endDate: "2020-01-02" }, "endDate", noticeMessages.endPassed],
    [{ startDate: "2027-03-14", startTime: "02:30", endDate: "2027-03-15" }, "startTime", noticeMessages.skippedTime],
    [{ textEn: "x".repeat(201) }, "textEn", "Keep this under 200 characters."],
    [{ startDate: "tomorrow" }, "startDate", noticeMessages.date],
    [{ endTime: "25:00" }, "endTime", noticeMessages.time],
  ];
  for (const [changes, field, message] of refusals) {
    const answer = await postNotice(cookie, { ...good, ...changes });
    expect(answer.status, JSON.stringify(changes)).toBe(400);
    expect(JSON.stringify(answer.data), JSON.stringify(changes)).toContain(JSON.stringify({ [field]: [message] }).slice(1, -1));
  }
  expect(await db.selectFrom("notices").selectAll().execute()).toEqual([]);

  expect(await postNotice(cookie, good)).toMatchObject({ status: 200 });
  const overlap = await postNotice(cookie, { ...good, textEn: "Another" });
  expect(overlap.status).toBe(409);
  expect(JSON.stringify(overlap.data)).toContain('Another notice shows then (\\"Closed Friday\\"');
  expect((await db.selectFrom("notices").select("text_en").execute()).map((row) => row.text_en)).toEqual(["Closed Friday"]);
});
