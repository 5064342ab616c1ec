import { expect, test } from "vitest";
import { aboutDefaults } from "#app/pages/about.ts";
import { savePage } from "#app/content/page-store.server.ts";
import { markInquiryRead } from "#app/inquiries/inquiry-store.server.ts";
import * as activityRoute from "#app/routes/admin/activity.tsx";
import * as exportRoute from "#app/routes/admin/inquiries-export.ts";
import * as inquiriesRoute from "#app/routes/admin/inquiries.tsx";
import { createAdmin, setAdminRole } from "#app/staff/staff-accounts.server.ts";
import { recordAudit } from "#app/server/audit.server.ts";
import { signIn } from "#app/staff/auth.server.ts";
import { decodeCursor } from "#app/server/list-cursor.server.ts";
import { activityPageSize, describeActivity, listActivity } from "#app/staff/activity-log.server.ts";
import {
  answerOf,
  createTestAdmin,
  insertInquiries,
  newInquiry,
  routeArgs,
  signedIn,
  signedInCookie,
  siteRequest,
} from "#tests/fixtures/admin.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

const everyone = { person: "", from: "", to: "" };
/** Entries of one millisecond are ordered by their random id: each step here gets its own. */
const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));
const activity = signedIn(activityRoute);

type Shown = {
  entries: Array<{ who: string | null; what: string; inquiries: Array<string> }>;
  errors: Record<string, string>;
  olderHref: string | null;
};

async function activityPage(cookie: string, query = ""): Promise<Shown> {
  const answer = await answerOf(() => activity.loader(routeArgs(siteRequest(`/admin/activity${query}`, { cookie }))));
  expect(answer.status).toBe(200);
  return answer.data as Shown;
}

testOnEachEngine("the activity log says who signed in, opened, changed and exported which inquiry, and changed which page", async (db) => {
  const owner = await createTestAdmin(db, "owner@example.com");
  const inbox = await createAdmin(db, { email: "desk@example.com", password: "a long test password", role: "inbox" });
  const ownerCookie = await signedInCookie(db, owner.id);
  const deskCookie = await signedInCookie(db, inbox.id);
  const jane = newInquiry({ name: "Jane Roe", email: "jane@example.com", message: "Private words about my health." });
  const john = newInquiry({ name: "John Poe", created_at: new Date(Date.now() - 60_000).toISOString() });
  await insertInquiries(db, [jane, john]);
  await nextMillisecond();

  expect((await signIn(db, { email: "desk@example.com", password: "a long test password", address: "192.0.2.10" })).ok).toBe(true);
  await nextMillisecond();
  expect((await signIn(db, { email: "desk@example.com", password: "not the password", address: "192.0.2.11" })).ok).toBe(false);
  await nextMillisecond();
  const inboxLoader = signedIn(inquiriesRoute).loader;
  // A search is a name or a phone number: it is never recorded.
  await answerOf(() => inboxLoader(routeArgs(siteRequest("/admin/inquiries?q=Roe", { cookie: deskCookie }))));
  await nextMillisecond();
  await markInquiryRead(db, jane.id, { id: inbox.id, email: inbox.email });
  await nextMillisecond();
  await answerOf(() =>
    signedIn(exportRoute).loader(
      routeArgs(siteRequest("/admin/inquiries/export?from=2026-01-01&to=2026-12-31&status=new", { cookie: deskCookie })),
    ),
  );
  await nextMillisecond();
  const saved = await savePage(db, { name: "about", content: aboutDefaults, baseVersion: 0, admin: { id: owner.id, email: owner.email } });
  await nextMillisecond();
  expect(saved.status).toBe("saved");
  await nextMillisecond();

  const desk = await activityPage(ownerCookie, "?person=desk%40example.com");
  expect(desk.entries.map(({ who, what, inquiries }) => ({ who, what, inquiries }))).toEqual([
    {
      who: "desk@example.com",
      what: "Exported inquiries received 2026-01-01 to 2026-12-31 (New) to a spreadsheet",
      inquiries: [],
    },
    { who: "desk@example.com", what: "Marked an inquiry as read", inquiries: [expect.stringMatching(/^Jane Roe, received /)] },
    { who: "desk@example.com", what: "Opened 1 inquiry in the inbox", inquiries: [expect.stringMatching(/^Jane Roe, received /)] },
    // A refused sign-in in their name is theirs to see too.
    { who: null, what: "Sign-in refused for desk@example.com (wrong e-mail or password) from 192.0.2.11", inquiries: [] },
    { who: "desk@example.com", what: "Signed in from 192.0.2.10", inquiries: [] },
    { who: null, what: "Created the account desk@example.com (Inbox)", inquiries: [] },
  ]);
  const mine = await activityPage(ownerCookie, "?person=owner%40example.com");
  expect(mine.entries.map((entry) => entry.what)).toEqual([
    'Published the page "About" (version 1)',
    "Created the account owner@example.com (Owner)",
  ]);

  // Nothing a visitor wrote, and not the search, is in the log.
  const stored = JSON.stringify(await db.selectFrom("audit_log").selectAll().execute());
  for (const secret of ["Private words", "Jane Roe", "jane@example.com", "Roe"]) expect(stored).not.toContain(secret);

  // An inquiry erased later is still counted, no longer named.
  await db.deleteFrom("inquiries").where("id", "=", jane.id).execute();
  const after = await activityPage(ownerCookie, "?person=desk%40example.com");
  expect(after.entries[1]!.inquiries).toEqual(["an inquiry since deleted"]);
});

testOnEachEngine("the log is filtered by the office's days, both included, and paged newest first without gaps", async (db) => {
  const owner = await createTestAdmin(db, "owner@example.com");
  const cookie = await signedInCookie(db, owner.id);
  // 23:30 in Utah on Nov 3 is Nov 4 in UTC; 00:30 on Nov 5 is still Nov 5 there.
  await recordAudit(db, { action: "sign-out", admin: owner, target: "late" }, Date.parse("2026-11-04T06:30:00Z"));
  await recordAudit(db, { action: "sign-out", admin: owner, target: "early" }, Date.parse("2026-11-05T07:30:00Z"));
  await recordAudit(db, { action: "sign-out", admin: owner, target: "next" }, Date.parse("2026-11-06T07:30:00Z"));
  const days = async (from: string, to: string) =>
    (await listActivity(db, { person: "", from, to }, null)).entries.map((entry) => entry.at);
  expect(await days("2026-11-03", "2026-11-03")).toEqual(["2026-11-04T06:30:00.000Z"]);
  expect(await days("2026-11-04", "2026-11-05")).toEqual(["2026-11-05T07:30:00.000Z"]);
  expect(await days("2026-11-05", "2026-11-06")).toEqual(["2026-11-06T07:30:00.000Z", "2026-11-05T07:30:00.000Z"]);

  const invalid = await activityPage(cookie, "?from=2026-11-06&to=2026-11-01");
  expect(invalid.entries).toEqual([]);
  expect(invalid.errors).toEqual({ to: "Choose the first day on or before the last day." });
  expect((await activityPage(cookie, "?from=yesterday")).errors).toEqual({ from: "Enter a date as YYYY-MM-DD." });
  expect((await activityPage(cookie, "?person=a%00b")).errors).toEqual({ person: "Choose a person from the list." });

  const at = Date.parse("2026-10-01T12:00:00Z");
  for (let index = 0; index < 2 * activityPageSize + 7; index += 1) {
    // Several entries share a millisecond: the id orders them.
    await recordAudit(db, { action: "sign-in", admin: owner, details: { address: `192.0.2.${index % 200}` } }, at + Math.floor(index / 3));
  }
  const seen: Array<string> = [];
  let before = null;
  for (let page = 0; page < 3; page += 1) {
    const { entries, older } = await listActivity(db, { ...everyone, to: "2026-10-31" }, before);
    seen.push(...entries.map((entry) => entry.id));
    before = older;
  }
  expect(before).toBeNull();
  expect(seen).toHaveLength(2 * activityPageSize + 7);
  expect(new Set(seen).size).toBe(seen.length);
  const first = await activityPage(cookie, "?to=2026-10-31");
  expect(first.entries).toHaveLength(activityPageSize);
  const olderHref = new URL(first.olderHref!, "http://x");
  expect(olderHref.searchParams.get("to")).toBe("2026-10-31");
  expect(decodeCursor(olderHref.searchParams.get("before"))).not.toBeNull();
});

testOnEachEngine("only Owners read the activity log", async (db) => {
  await createTestAdmin(db, "owner@example.com");
  const helper = await createAdmin(db, { email: "helper@example.com", password: "a long test password", role: "inbox" });
  for (const role of ["editor", "inbox"] as const) {
    await setAdminRole(db, { email: helper.email, role });
    const cookie = await signedInCookie(db, helper.id);
    const answer = await answerOf(() => activity.loader(routeArgs(siteRequest("/admin/activity", { cookie }))));
    expect(answer.status, role).toBe(403);
  }
});

test("an entry about one inquiry says so in the singular", () => {
  const entry = (action: string, details: object) =>
    describeActivity({
      id: "e",
      created_at: "2026-11-20T18:00:00.000Z",
      admin_email: null,
      action,
      target: null,
      details: JSON.stringify(details),
    });
  expect(entry("person-erased", { count: 1, ids: "a" })).toBe("Erased everything held about one person (1 inquiry) for a privacy request");
  expect(entry("person-data-exported", { count: 2, ids: "a b" })).toBe(
    "Exported everything held about one person (2 inquiries) for a privacy request",
  );
  expect(entry("inquiries-viewed", { list: "archived", ids: "a" })).toBe("Opened 1 inquiry in Archived");
  expect(entry("inquiries-deleted-by-retention", { count: 1, days: 90 })).toBe(
    "Deleted 1 inquiry read more than 90 days ago (INQUIRY_RETENTION_DAYS)",
  );
});

test("a page staff added is named by its title in the services list; the clinicians' reviews by the member", () => {
  const entry = (action: string, target: string | null, details: object) =>
    describeActivity(
      { id: "e", created_at: "2026-11-20T18:00:00.000Z", admin_email: null, action, target, details: JSON.stringify(details) },
      new Map([["service-abcdefghij", "Art Therapy"]]),
    );
  expect(entry("page-saved", "service-abcdefghij", { version: 3 })).toBe('Published the page "Art Therapy" (version 3)');
  expect(entry("page-saved", "about", { version: 4 })).toBe('Published the page "About" (version 4)');
  expect(entry("profile-submitted", "staff-daniel-reyes", { member: "Daniel Reyes" })).toBe(
    "Sent their profile changes for review (Daniel Reyes)",
  );
  expect(entry("profile-approved", "about", { member: "Daniel Reyes", version: 5 })).toBe(
    "Approved and published the profile changes of Daniel Reyes (About, version 5)",
  );
  expect(entry("new-clients-changed", "about", { member: "Daniel Reyes", to: "Caseload full", version: 6 })).toBe(
    `Set Daniel Reyes's page to "Caseload full" (About, version 6)`,
  );
});
