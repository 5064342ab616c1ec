import { sql } from "kysely";
import { expect } from "vitest";
import { getContentVersion } from "#app/content/content-version.server.ts";
import { officeDateAndTime } from "#app/content/office-time.ts";
import { listRevisions, loadPageIn, readEditedPage, readEditedTranslation, readPage, savePage } from "#app/content/page-store.server.ts";
import { addService, liveServices, offeredSubjects, readServiceList } from "#app/content/collection-store.server.ts";
import { type AddedServiceName, getService } from "#app/pages/services.ts";
import * as scheduledModule from "#app/routes/admin/scheduled.tsx";
import { scheduleMessages } from "#app/scheduling/schedule-form.ts";
import { changeSchedule, listSchedules, publishDueSchedules, waitingSchedule } from "#app/scheduling/scheduled-publications.server.ts";
import { listAuditLog } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { describeActivity } from "#app/staff/activity-log.server.ts";
import { answerOf, createTestAdmin, routeArgs, signedIn, signedInCookie, siteRequest } from "#tests/fixtures/admin.ts";
import { couplesSpanishTexts } from "#tests/fixtures/translation.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// Scheduled publishing (issue 44): a page's saved draft goes live at its time, exactly once
// whichever instance looks first, and a schedule can be moved or cancelled until then.

const page = "couples-counseling";
const english = getService(page)!.defaults;
const minute = 60_000;
const at = Date.parse("2027-03-01T15:00:00.000Z"); // 8:00 AM MST, 1 March 2027

async function saveDraft(db: Db, admin: { id: string; email: string }, title: string) {
  const baseVersion = (await readEditedPage(db, page)).version;
  const saved = await savePage(db, { name: page, content: { ...english, title }, baseVersion, admin, asDraft: true });
  if (saved.status !== "saved") throw new Error(`not saved: ${saved.status}`);
  return saved.version;
}

testOnEachEngine("a scheduled draft goes live at its time, not before, once; the pages are refreshed and the log says so", async (db) => {
  const admin = await createTestAdmin(db);
  await saveDraft(db, admin, "Couples counseling, from March");
  const scheduled = await changeSchedule(db, { intent: "schedule", page, language: "en", publishAt: new Date(at).toISOString() }, admin);
  expect(scheduled).toMatchObject({ status: "done" });
  expect(await waitingSchedule(db, page, "en")).toMatchObject({ publishAt: new Date(at).toISOString(), scheduledBy: admin.email });

  // A minute early: nothing.
  const counter = await getContentVersion(db);
  expect(await publishDueSchedules(db, at - minute)).toBe(0);
  expect((await readPage(db, page)).content.title).toBe(english.title);

  // At its time: live, the draft gone, the counter every instance watches moved.
  expect(await publishDueSchedules(db, at)).toBe(1);
  expect((await readPage(db, page)).content.title).toBe("Couples counseling, from March");
  expect((await readEditedPage(db, page)).isDraft).toBe(false);
  expect(await getContentVersion(db)).toBe(counter + 1);
  // Looked at again (another instance, a restart): nothing more.
  expect(await publishDueSchedules(db, at + minute)).toBe(0);
  expect((await listRevisions(db, page, 10)).filter((revision) => revision.published)).toHaveLength(1);

  const { waiting, done } = await listSchedules(db);
  expect(waiting).toEqual([]);
  expect(done).toMatchObject([{ status: "published", publishedVersion: 2 }]);
  const log = await listAuditLog(db);
  const published = log.find((entry) => entry.action === "page-saved");
  expect(published?.admin_email).toBe(admin.email);
  expect(describeActivity({ id: "", ...published! })).toBe(
    'Published the page "Couples Counseling" as scheduled for Mar 1, 2027, 8:00 AM MST (version 2)',
  );
  expect(log.map((entry) => entry.action)).toContain("publish-scheduled");
});

testOnEachEngine("two instances looking at once publish a due schedule exactly once", async (db) => {
  const admin = await createTestAdmin(db);
  await saveDraft(db, admin, "Published once");
  await changeSchedule(db, { intent: "schedule", page, language: "en", publishAt: new Date(at).toISOString() }, admin);
  const counts = await Promise.all([publishDueSchedules(db, at), publishDueSchedules(db, at), publishDueSchedules(db, at)]);
  expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
  expect((await listRevisions(db, page, 10)).filter((revision) => revision.published)).toHaveLength(1);
  expect((await listAuditLog(db)).filter((entry) => entry.action === "page-saved")).toHaveLength(1);
});

testOnEachEngine("a schedule is moved or cancelled only as shown; a cancelled one publishes nothing; one per draft", async (db) => {
  const admin = await createTestAdmin(db);
  // No draft: nothing to schedule.
  expect(await changeSchedule(db, { intent: "schedule", page, language: "en", publishAt: new Date(at).toISOString() }, admin)).toEqual({
    status: "noDraft",
  });
  await saveDraft(db, admin, "Moved, then cancelled");
  // Two schedules of one draft at once: one is made.
  const both = await Promise.all(
    [at, at + minute].map((when) =>
      changeSchedule(db, { intent: "schedule", page, language: "en", publishAt: new Date(when).toISOString() }, admin),
    ),
  );
  expect(both.map((outcome) => outcome.status).sort()).toEqual(["alreadyScheduled", "done"]);
  const schedule = (await waitingSchedule(db, page, "en"))!;

  const later = new Date(at + 60 * minute).toISOString();
  expect(await changeSchedule(db, { intent: "move", id: schedule.id, version: schedule.version, publishAt: later }, admin)).toMatchObject({
    status: "done",
    schedule: { publishAt: later, version: 2 },
  });
  // The version shown before the move is no longer the one stored.
  expect(await changeSchedule(db, { intent: "cancel", id: schedule.id, version: 1 }, admin)).toEqual({ status: "changed" });
  expect(await publishDueSchedules(db, at + minute)).toBe(0);
  expect(await changeSchedule(db, { intent: "cancel", id: schedule.id, version: 2 }, admin)).toMatchObject({ status: "done" });
  expect(await publishDueSchedules(db, at + 120 * minute)).toBe(0);
  expect((await readPage(db, page)).content.title).toBe(english.title);
  expect((await listSchedules(db)).done).toMatchObject([{ status: "cancelled", note: `Cancelled by ${admin.email}` }]);
  // The activity log says each step in words.
  const said = (await listAuditLog(db))
    .filter((entry) => entry.action.startsWith("publish-"))
    .map((entry) => describeActivity({ id: "", ...entry }));
  expect(said).toEqual(
    expect.arrayContaining([
      'Scheduled the draft of the page "Couples Counseling" to publish on Mar 1, 2027, 8:00 AM MST',
      'Moved the publishing of the page "Couples Counseling" to Mar 1, 2027, 9:00 AM MST',
      'Cancelled the publishing of the page "Couples Counseling" on Mar 1, 2027, 9:00 AM MST',
    ]),
  );
});

testOnEachEngine(
  "a draft published by hand before its time ends its schedule at once, saying so; nothing is published again",
  async (db) => {
    const admin = await createTestAdmin(db);
    const version = await saveDraft(db, admin, "Published early");
    await changeSchedule(db, { intent: "schedule", page, language: "en", publishAt: new Date(at).toISOString() }, admin);
    const early = await savePage(db, { name: page, content: { ...english, title: "Published early" }, baseVersion: version, admin });
    expect(early).toMatchObject({ status: "saved" });
    expect(await listSchedules(db)).toMatchObject({
      waiting: [],
      done: [{ status: "cancelled", note: `Published by ${admin.email} before its time: nothing was left to publish.` }],
    });
    expect(await publishDueSchedules(db, at)).toBe(0);
    expect((await listRevisions(db, page, 10)).filter((revision) => revision.published)).toHaveLength(1);
  },
);

testOnEachEngine("a Spanish draft scheduled goes live on the Spanish page only", async (db) => {
  const admin = await createTestAdmin(db);
  const saved = await savePage(db, {
    name: page,
    content: couplesSpanishTexts,
    baseVersion: 0,
    admin,
    asDraft: true,
    translation: { language: "es", sourceVersion: 0 },
  });
  expect(saved).toMatchObject({ status: "saved" });
  await changeSchedule(db, { intent: "schedule", page, language: "es", publishAt: new Date(at).toISOString() }, admin);
  expect((await loadPageIn(db, page, "es")).content.title).not.toBe(couplesSpanishTexts.title);
  expect(await publishDueSchedules(db, at)).toBe(1);
  expect((await loadPageIn(db, page, "es")).content.title).toBe(couplesSpanishTexts.title);
  expect((await readPage(db, page)).content.title).toBe(english.title);
});

testOnEachEngine(
  "a new service's first publish, scheduled, puts it on the site at its time: its page, the menus and the contact form",
  async (db) => {
    const admin = await createTestAdmin(db);
    const id = (await addService(db, {
      listVersion: (await readServiceList(db)).version,
      title: "Art Therapy",
      summary: "Making things.",
      staff: admin,
    })) as AddedServiceName;
    const page = await readEditedPage(db, id);
    const draft = await savePage(db, {
      name: id,
      content: { ...page.content, description: "Making things, together.", additionalInfo: "Fifty minutes." },
      baseVersion: page.version,
      admin,
      asDraft: true,
    });
    expect(draft).toMatchObject({ status: "saved" });
    await changeSchedule(db, { intent: "schedule", page: id, language: "en", publishAt: new Date(at).toISOString() }, admin);
    expect((await liveServices(db)).map((service) => service.title)).not.toContain("Art Therapy");

    expect(await publishDueSchedules(db, at)).toBe(1);
    expect((await liveServices(db)).map((service) => service.title)).toContain("Art Therapy");
    expect(await offeredSubjects(db)).toContain("Art Therapy");
    expect((await readPage(db, id)).content.description).toBe("Making things, together.");
  },
);

testOnEachEngine("a draft saved at the moment its schedule publishes is the one published, not a reason to skip it", async (db) => {
  const admin = await createTestAdmin(db);
  await saveDraft(db, admin, "As scheduled");
  await changeSchedule(db, { intent: "schedule", page, language: "en", publishAt: new Date(at).toISOString() }, admin);
  // A colleague's draft save, caught mid-write (its transaction open) when the publisher looks.
  let publishing: Promise<number> | undefined;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("page_content")
      .set({ draft: JSON.stringify({ ...english, title: "Amended meanwhile" }), version: sql`version + 1` })
      .where("page_name", "=", page)
      .where("lang", "=", "en")
      .execute();
    publishing = publishDueSchedules(db, at);
    // Time for the publisher to reach the page's row (on PostgreSQL it then waits for this save).
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  expect(await publishing).toBe(1);
  expect((await listSchedules(db)).done).toMatchObject([{ status: "published" }]);
  expect((await readPage(db, page)).content.title).toBe("Amended meanwhile");
});

testOnEachEngine(
  "a Spanish draft that cannot go live as it is (texts missing) is not published at its time: the schedule and the log say why",
  async (db) => {
    const admin = await createTestAdmin(db);
    // Half done: a draft may be; a publish must have every text the English has.
    const draft = await savePage(db, {
      name: page,
      content: { title: couplesSpanishTexts.title },
      baseVersion: 0,
      admin,
      asDraft: true,
      translation: { language: "es", sourceVersion: 0 },
    });
    expect(draft).toMatchObject({ status: "saved" });
    await changeSchedule(db, { intent: "schedule", page, language: "es", publishAt: new Date(at).toISOString() }, admin);
    expect(await publishDueSchedules(db, at)).toBe(0);
    const note =
      "Not published: the draft cannot go live as it is (a text is missing or wrong). Open it in its editor, mend it and publish it.";
    expect((await listSchedules(db)).done).toMatchObject([{ status: "skipped", note }]);
    expect((await readEditedTranslation(db, page, "es")).isDraft).toBe(true);
    const skipped = (await listAuditLog(db)).find((entry) => entry.action === "publish-skipped");
    expect(describeActivity({ id: "", ...skipped! })).toBe(
      `Did not publish the page "Couples Counseling" in Spanish as scheduled for Mar 1, 2027, 8:00 AM MST: ${note}`,
    );
  },
);

const scheduledRoute = signedIn(scheduledModule);

testOnEachEngine("the Scheduled page says when a schedule is late (its time long passed, still waiting), and not before", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  await saveDraft(db, admin, "Late");
  // Its time three minutes ago, and no publisher has looked since (none runs in this test).
  await changeSchedule(db, { intent: "schedule", page, language: "en", publishAt: new Date(Date.now() - 3 * minute).toISOString() }, admin);
  await savePage(db, {
    name: "family-counseling",
    content: getService("family-counseling")!.defaults,
    baseVersion: 0,
    admin,
    asDraft: true,
  });
  await changeSchedule(
    db,
    { intent: "schedule", page: "family-counseling", language: "en", publishAt: new Date(Date.now() + 60 * minute).toISOString() },
    admin,
  );
  const answer = await answerOf(() => scheduledRoute.loader(routeArgs(siteRequest("/admin/scheduled", { cookie }))));
  const { waiting } = answer.data as { waiting: Array<{ name: string; overdue: boolean }> };
  expect(waiting.map(({ name, overdue }) => [name, overdue])).toEqual([
    ["Couples Counseling", true],
    ["Family Counseling", false],
  ]);
});

testOnEachEngine("the Scheduled form refuses bad input, each with its message, and stores nothing", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  const post = (form: Record<string, string>) =>
    answerOf(() => scheduledRoute.action(routeArgs(siteRequest("/admin/scheduled", { cookie, form }))));
  const tomorrow = officeDateAndTime(new Date(Date.now() + 24 * 60 * minute).toISOString());
  const good = { intent: "schedule", draft: `${page}|en`, date: tomorrow.date, time: "08:00" };
  const refusals: Array<[Record<string, string>, string, string]> = [
    [{ date: "2020-01-01" }, "date", scheduleMessages.past],
    [{ date: "2027-03-14", time: "02:30" }, "time", scheduleMessages.skippedTime],
    [{ date: "tomorrow" }, "date", scheduleMessages.date],
    [{ time: "25:00" }, "time", scheduleMessages.time],
    [{ draft: "<script>|en" }, "draft", scheduleMessages.page],
  ];
  for (const [changes, field, message] of refusals) {
    const answer = await post({ ...good, ...changes });
    expect(answer.status, JSON.stringify(changes)).toBe(400);
    expect(JSON.stringify(answer.data), JSON.stringify(changes)).toContain(JSON.stringify({ [field]: [message] }).slice(1, -1));
  }
  // A page with no draft: said under the choice.
  const noDraft = await post(good);
  expect(noDraft.status).toBe(409);
  expect(JSON.stringify(noDraft.data)).toContain(JSON.stringify(scheduleMessages.noDraft));
  expect(await db.selectFrom("scheduled_publications").selectAll().execute()).toEqual([]);

  await saveDraft(db, admin, "Scheduled from the form");
  expect(await post(good)).toMatchObject({ status: 200 });
  expect(await waitingSchedule(db, page, "en")).toMatchObject({ scheduledBy: admin.email });
});
