import { expect } from "vitest";
import { aboutDefaults } from "#app/pages/about.ts";
import type { PageName } from "#app/content/pages.ts";
import { getService } from "#app/pages/services.ts";
import * as historyRoute from "#app/routes/admin/history.tsx";
import { listAuditLog } from "#app/server/audit.server.ts";
import { listRevisions, readPage, savePage } from "#app/content/page-store.server.ts";
import { getContentVersion } from "#app/content/content-version.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { readFlashToast } from "#app/admin-action/toast.server.ts";
import { answerOf, createTestAdmin, routeArgs, signedIn, signedInCookie, siteRequest } from "#tests/fixtures/admin.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// Signed-in admin routes, run with their session middleware as the router runs them.
const history = signedIn(historyRoute);

const [firstMember, removedMember, ...otherMembers] = aboutDefaults.staff;
const fullTeam = aboutDefaults;
const smallerTeam = { ...aboutDefaults, staff: [firstMember!, ...otherMembers] };

type Editor = { id: string; email: string };

/** Saves each content in turn as `editor`, as the About editor would; returns the last version. */
async function saveVersions(db: Db, name: PageName, contents: Array<unknown>, editor: Editor): Promise<number> {
  let version = (await readPage(db, name)).version;
  for (const content of contents) {
    const result = await savePage(db, { name, content, baseVersion: version, admin: editor });
    if (result.status !== "saved") throw new Error(`Could not save ${name}: ${result.status}`);
    version = result.version;
  }
  return version;
}

function openHistory(page: string, cookie: string | null, query = "") {
  const path = `/admin/history/${page}${query}`;
  return answerOf(() => history.loader(routeArgs(siteRequest(path, { cookie }), undefined, { page })));
}

function postRestore(page: string, cookie: string | null, form: Record<string, string>, headers?: Record<string, string>) {
  const path = `/admin/history/${page}?compare=${form.version ?? ""}`;
  return answerOf(() => history.action(routeArgs(siteRequest(path, { cookie, form, headers }), undefined, { page })));
}

/** What a restore must leave alone when it is refused. */
async function storedState(db: Db, name: PageName) {
  const page = await readPage(db, name);
  return {
    version: page.version,
    content: page.content,
    revisions: (await listRevisions(db, name)).map((revision) => revision.version),
    contentCounter: await getContentVersion(db),
    restores: (await listAuditLog(db)).filter((entry) => entry.action === "page-restored").length,
  };
}

testOnEachEngine("the history and its restore refuse requests without a valid session, and change nothing", async (db) => {
  const admin = await createTestAdmin(db);
  await saveVersions(db, "about", [fullTeam, smallerTeam], admin);
  const before = await storedState(db, "about");
  const expired = await signedInCookie(db, admin.id, Date.now() - 25 * 60 * 60 * 1000);
  for (const cookie of [null, expired, `admin_session=${btoa('"forged"')}`]) {
    expect(await openHistory("about", cookie, "?compare=1")).toMatchObject({ status: 302, location: "/admin/login" });
    const dataRequest = siteRequest("/admin/history/about.data?compare=1", { cookie });
    expect(await answerOf(() => history.loader(routeArgs(dataRequest, undefined, { page: "about" })))).toMatchObject({ status: 401 });

    const form = { version: "1", baseVersion: "2" };
    expect(await postRestore("about", cookie, form)).toMatchObject({ status: 401 });
    const navigation = await postRestore("about", cookie, form, { "Sec-Fetch-Mode": "navigate" });
    expect(navigation).toMatchObject({ status: 302, location: "/admin/login" });
  }
  // Even for a page that does not exist, the session is checked first.
  expect(await openHistory("no-such-page", null)).toMatchObject({ status: 302, location: "/admin/login" });
  expect(await storedState(db, "about")).toEqual(before);
});

testOnEachEngine("the history lists the last 20 versions newest first: who saved each, when, and which is current", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  const defaults = getService("couples-counseling")!.defaults;
  const contents = Array.from({ length: 22 }, (_, index) => ({ ...defaults, title: `Title ${index + 1}` }));
  await saveVersions(db, "couples-counseling", contents, admin);

  const answer = await openHistory("couples-counseling", cookie);
  expect(answer.status).toBe(200);
  expect(answer.data).toMatchObject({
    page: "couples-counseling",
    label: "Couples Counseling",
    editorHref: "/admin/services?page=couples-counseling",
    builtInOnly: false,
    currentVersion: 22,
    compare: null,
  });
  const versions = (answer.data as { versions: Array<{ version: number; savedBy: string; savedAtText: string; isCurrent: boolean }> })
    .versions;
  // The last 20 saved, then version 0: the built-in text.
  expect(versions.map((entry) => entry.version)).toEqual([...Array.from({ length: 20 }, (_, index) => 22 - index), 0]);
  expect(versions.map((entry) => entry.isCurrent)).toEqual([true, ...Array(20).fill(false)]);
  expect(versions.at(-1)).toMatchObject({ builtIn: true, savedBy: null, savedAt: null });
  expect(versions[0]).toMatchObject({ savedBy: admin.email, savedAtText: expect.stringMatching(/ (MST|MDT)$/) });
  // What each changed from the one before it, the oldest listed included; version 0 changed nothing.
  expect(versions.map((entry) => (entry as unknown as { changed: Array<string> | null }).changed)).toEqual([
    ...Array(20).fill(["Title"]),
    null,
  ]);
});

testOnEachEngine("the history of a page with nothing saved, of a built-in-only page, and of no page", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  expect(await openHistory("homepage", cookie)).toMatchObject({
    status: 200,
    data: {
      label: "Homepage",
      editorHref: "/admin/homepage",
      builtInOnly: false,
      saved: false,
      versions: [{ version: 0, builtIn: true, isCurrent: true }],
    },
  });
  expect(await openHistory("esa-letters", cookie)).toMatchObject({ status: 200, data: { builtInOnly: true, versions: [] } });
  expect(await openHistory("no-such-page", cookie)).toMatchObject({ status: 404 });
});

testOnEachEngine("comparing a version lists what differs from the current one, field by field", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  await saveVersions(db, "about", [fullTeam, { ...smallerTeam, mission: "A <b>newer</b> mission." }], admin);

  const compared = await openHistory("about", cookie, "?compare=1");
  expect(compared.data).toMatchObject({
    currentVersion: 2,
    compare: {
      found: true,
      version: 1,
      isCurrent: false,
      savedBy: admin.email,
      differences: [
        { kind: "text", label: "Mission", current: "A <b>newer</b> mission.", version: aboutDefaults.mission },
        { kind: "objectList", label: "Staff", onlyInVersion: [removedMember!.name], onlyInCurrent: [], changed: [] },
      ],
    },
  });
  expect(await openHistory("about", cookie, "?compare=2")).toMatchObject({
    data: { compare: { found: true, isCurrent: true, differences: [] } },
  });
  for (const query of ["?compare=7", "?compare=abc"]) {
    expect(await openHistory("about", cookie, query)).toMatchObject({ status: 404, data: { compare: { found: false } } });
  }
});

testOnEachEngine("a restore from a stale version is refused with who saved meanwhile, and changes nothing", async (db) => {
  const admin = await createTestAdmin(db);
  const colleague = await createTestAdmin(db, "colleague@example.com");
  const cookie = await signedInCookie(db, admin.id);
  await saveVersions(db, "about", [fullTeam, smallerTeam], admin);
  // The history was opened at version 2; a colleague saved version 3 since.
  await saveVersions(db, "about", [{ ...smallerTeam, title: "Colleague's title" }], colleague);
  const before = await storedState(db, "about");

  const answer = await postRestore("about", cookie, { version: "1", baseVersion: "2" });
  expect(answer.status).toBe(409);
  const message = (answer.data as { result: { error: Record<string, Array<string>> } }).result.error[""]![0];
  expect(message).toMatch(
    /^This page was saved by colleague@example\.com at .+ (MST|MDT) after you opened the history\. Look at the current version before restoring\.$/,
  );
  expect(answer.setCookies).toEqual([]);
  expect(await storedState(db, "about")).toEqual(before);
});

testOnEachEngine("a restore makes the earlier version current as a new, audited revision and returns to the editor", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  await saveVersions(db, "about", [fullTeam, smallerTeam], admin);
  const counter = await getContentVersion(db);

  const answer = await postRestore("about", cookie, { version: "1", baseVersion: "2" });
  expect(answer).toMatchObject({ status: 302, location: "/admin/about" });
  expect(answer.setCookies[0]).toMatch(/^admin_toast=/);

  const page = await readPage(db, "about");
  expect(page.version).toBe(3);
  expect(page.content.staff.map((member) => member.id)).toEqual(aboutDefaults.staff.map((member) => member.id));
  expect((await listRevisions(db, "about")).map((revision) => [revision.version, revision.savedBy, revision.restoredFrom])).toEqual([
    [3, admin.email, 1],
    [2, admin.email, null],
    [1, admin.email, null],
  ]);
  expect(await getContentVersion(db)).toBe(counter + 1); // public pages reload it
  const restores = (await listAuditLog(db)).filter((entry) => entry.action === "page-restored");
  expect(restores).toEqual([expect.objectContaining({ admin_email: admin.email, target: "about" })]);
  expect(JSON.parse(String(restores[0]!.details))).toMatchObject({ restoredVersion: 1, version: 3 });

  // The flash toast the editor tab then shows.
  const toastCookie = answer.setCookies[0]!.split(";", 1)[0]!;
  const { toast } = await readFlashToast(siteRequest("/admin/about", { cookie: toastCookie }));
  expect(toast).toMatchObject({
    type: "success",
    title: "Earlier version restored",
    description: "It is now the current version; the version it replaced stays in the history.",
  });

  // A service page goes back to the Service Pages tab with that page chosen.
  const defaults = getService("family-counseling")!.defaults;
  await saveVersions(db, "family-counseling", [defaults, { ...defaults, title: "Changed" }], admin);
  expect(await postRestore("family-counseling", cookie, { version: "1", baseVersion: "2" })).toMatchObject({
    status: 302,
    location: "/admin/services?page=family-counseling",
  });
});

testOnEachEngine("a restore of no version, of a version that does not exist, or of a built-in-only page is refused", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  await saveVersions(db, "about", [fullTeam, smallerTeam], admin);
  const before = await storedState(db, "about");
  const errorOf = (answer: { data: unknown }) => (answer.data as { result: { error: Record<string, Array<string>> } }).result.error;

  const empty = await postRestore("about", cookie, { version: "", baseVersion: "two" });
  expect(empty.status).toBe(400);
  expect(errorOf(empty)).toMatchObject({ version: ["Choose a version to restore."], baseVersion: [expect.any(String)] });
  const missing = await postRestore("about", cookie, { version: "9", baseVersion: "2" });
  expect(missing.status).toBe(404);
  expect(errorOf(missing)[""]).toEqual(["Version 9 of this page does not exist, so it cannot be restored."]);
  const builtInOnly = await postRestore("esa-letters", cookie, { version: "1", baseVersion: "0" });
  expect(builtInOnly.status).toBe(400);
  expect(await postRestore("no-such-page", cookie, { version: "1", baseVersion: "0" })).toMatchObject({ status: 404 });
  expect(await storedState(db, "about")).toEqual(before);
});

testOnEachEngine("version 0 is the built-in text: compared like any version, and restored, it undoes even a first save", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  const defaults = getService("family-counseling")!.defaults;
  await saveVersions(db, "family-counseling", [{ ...defaults, title: "Families, together" }], admin);

  const compared = await openHistory("family-counseling", cookie, "?compare=0");
  expect(compared).toMatchObject({
    status: 200,
    data: { currentVersion: 1, compare: { found: true, version: 0, builtIn: true, isCurrent: false, savedBy: null } },
  });
  const differences = (compared.data as { compare: { differences: Array<{ key: string }> } }).compare.differences;
  expect(differences.map((difference) => difference.key)).toEqual(["title"]);

  const restored = await postRestore("family-counseling", cookie, { version: "0", baseVersion: "1" });
  expect(restored).toMatchObject({ status: 302, location: "/admin/services?page=family-counseling" });
  expect(await readPage(db, "family-counseling")).toMatchObject({ saved: true, version: 2, content: { title: defaults.title } });
  const [entry] = await listAuditLog(db, 1);
  expect(entry).toMatchObject({ action: "page-restored", admin_email: admin.email });
  expect(JSON.parse(entry!.details ?? "{}")).toMatchObject({ restoredVersion: 0 });
  // Version 1 stays in the history, and version 0 still ends it.
  const versions = ((await openHistory("family-counseling", cookie)).data as { versions: Array<{ version: number }> }).versions;
  expect(versions.map((each) => each.version)).toEqual([2, 1, 0]);
});
