import { expect, vi } from "vitest";
import { log } from "#app/server/log.server.ts";
import * as historyRoute from "#app/routes/admin/history.tsx";
import * as imagesRoute from "#app/routes/admin/images.tsx";
import * as adminIndexRoute from "#app/routes/admin/index.tsx";
import * as inquiriesRoute from "#app/routes/admin/inquiries.tsx";
import * as layoutRoute from "#app/routes/admin/layout.tsx";
import * as login from "#app/routes/admin/login.tsx";
import * as logoutRoute from "#app/routes/admin/logout.tsx";
import { aboutDefaults } from "#app/pages/about.ts";
import { homepageDefaults } from "#app/pages/homepage.ts";
import { editorTabs, pageDefinition } from "#app/content/pages.ts";
import { imagesAsAddresses } from "#app/media/image-ref.ts";
import { listAuditLog } from "#app/server/audit.server.ts";
import { listRevisions, loadPage } from "#app/content/page-store.server.ts";
import { getContentVersion } from "#app/content/content-version.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { startDemoMode } from "#app/staff/demo-admin.server.ts";
import {
  answerOf,
  contentTab,
  cookieFrom,
  createTestAdmin,
  insertInquiries,
  newInquiry,
  routeArgs,
  signedIn,
  signedInCookie,
  siteRequest,
} from "#tests/fixtures/admin.ts";
import { storeRawPageContent } from "#tests/fixtures/page-content.ts";
import { textFormOf } from "#tests/fixtures/page-form.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// Signed-in admin routes, run with their session middleware as the router runs them.
const history = signedIn(historyRoute);
const images = signedIn(imagesRoute);
const adminIndex = signedIn(adminIndexRoute);
const inquiries = signedIn(inquiriesRoute);
const layout = signedIn(layoutRoute);
const logout = signedIn(logoutRoute);

const homepageTexts = textFormOf("homepage");

const homepage = contentTab("homepage");
const about = contentTab("about");
const services = contentTab("services");

/** Every content tab and page the registry has, as the address that edits it. */
const contentPages = editorTabs.flatMap((tab) =>
  tab.views.map((view) => ({
    path: tab.views.length > 1 ? `${tab.path}?page=${view.page}` : tab.path,
    route: contentTab(tab.path.slice("/admin/".length)),
    page: view.page,
  })),
);

const guardedLoaders = [
  { path: "/admin", loader: layout.loader },
  { path: "/admin", loader: adminIndex.loader },
  ...contentPages.map(({ path, route }) => ({ path, loader: route.loader })),
  { path: "/admin/images", loader: images.loader },
  { path: "/admin/inquiries", loader: inquiries.loader },
  { path: "/admin/history/about", loader: history.loader },
];

const guardedActions: Array<{ path: string; action: (args: never) => unknown; form: Record<string, string> }> = [
  { path: "/admin/logout", action: logout.action, form: {} },
  { path: "/admin/inquiries", action: inquiries.action, form: { id: "00000000-0000-4000-8000-000000000000" } },
  ...contentPages.map(({ path, route, page }) => ({ path, action: route.action, form: { ...textFormOf(page), baseVersion: "0" } })),
  { path: "/admin/history/about", action: history.action, form: { version: "1", baseVersion: "1" } },
];

const expiredCookie = async (db: Db, adminId: string) => signedInCookie(db, adminId, Date.now() - 25 * 60 * 60 * 1000);

testOnEachEngine("every admin loader refuses a request without a valid session", async (db) => {
  const admin = await createTestAdmin(db);
  const cookies = { none: null, expired: await expiredCookie(db, admin.id), forged: `admin_session=${btoa('"forged"')}` };
  for (const { path, loader } of guardedLoaders) {
    for (const [label, cookie] of Object.entries(cookies)) {
      const page = await answerOf(() => loader(routeArgs(siteRequest(path, { cookie }))));
      expect(page, `${path} (${label} cookie)`).toMatchObject({ status: 302, location: "/admin/login" });
      const { pathname, search } = new URL(path, "http://x");
      const dataRequest = await answerOf(() => loader(routeArgs(siteRequest(`${pathname}.data${search}`, { cookie }))));
      expect(dataRequest, `${path}.data (${label} cookie)`).toMatchObject({ status: 401 });
    }
  }
});

testOnEachEngine("every admin action refuses a request without a valid session and changes nothing", async (db) => {
  const admin = await createTestAdmin(db);
  const inquiry = newInquiry({ id: "00000000-0000-4000-8000-000000000000" });
  await insertInquiries(db, [inquiry]);
  for (const cookie of [null, await expiredCookie(db, admin.id)]) {
    for (const { path, action, form } of guardedActions) {
      const scripted = await answerOf(() => action(routeArgs(siteRequest(path, { cookie, form }))));
      expect(scripted, path).toMatchObject({ status: 401 });
      const navigation = siteRequest(path, { cookie, form, headers: { "Sec-Fetch-Mode": "navigate" } });
      expect(await answerOf(() => action(routeArgs(navigation))), path).toMatchObject({ status: 302, location: "/admin/login" });
    }
  }
  const stored = await db.selectFrom("inquiries").select(["is_read", "read_at"]).executeTakeFirstOrThrow();
  expect(stored).toEqual({ is_read: 0, read_at: null });
  expect(await db.selectFrom("page_content").selectAll().execute()).toEqual([]);
  expect(await db.selectFrom("page_revisions").selectAll().execute()).toEqual([]);
});

testOnEachEngine(
  "a save that meets another save merges what only one changed; a clash is a calm 409, and mine over theirs replaces only my fields",
  async (db) => {
    const admin = await createTestAdmin(db);
    const cookie = await signedInCookie(db, admin.id);
    const save = (form: Record<string, string>) =>
      answerOf(() => homepage.action(routeArgs(siteRequest("/admin/homepage", { cookie, form }))));
    const stored = async () => JSON.parse((await db.selectFrom("page_content").select("content").executeTakeFirstOrThrow()).content);

    // Two people open version 0; one changes the title, the other the subtitle.
    expect(await save({ ...homepageTexts, heroTitle: "Their title", baseVersion: "0" })).toMatchObject({
      status: 200,
      data: { version: 1 },
    });
    const merged = await save({ ...homepageTexts, heroSubtitle: "My subtitle", baseVersion: "0" });
    expect(merged).toMatchObject({
      status: 200,
      data: {
        version: 2,
        toast: { type: "success", description: expect.stringContaining(`Saved together with the changes made by ${admin.email}`) },
      },
    });
    expect(JSON.stringify(merged.data)).toContain("to Hero title.");
    expect(await stored()).toMatchObject({ heroTitle: "Their title", heroSubtitle: "My subtitle" });

    // From version 2: they change the title and the description, I change the title too.
    const opened = { ...homepageTexts, heroTitle: "Their title", heroSubtitle: "My subtitle" };
    await save({ ...opened, heroTitle: "Their newer title", heroDescription: "Their description", baseVersion: "2" });
    const clash = await save({ ...opened, heroTitle: "My title", baseVersion: "2" });
    // The clash names each field both changed, with theirs, for the page to set beside mine.
    expect(clash).toMatchObject({
      status: 409,
      data: { status: 409, version: 3, clashes: [{ key: "heroTitle", label: "Hero title", theirs: "Their newer title" }] },
    });
    expect(JSON.stringify(clash.data)).toContain("You both changed Hero title.");
    expect((clash.data as { toast?: unknown }).toast).toBeUndefined();
    expect(await stored()).toMatchObject({ heroTitle: "Their newer title" });

    // Mine over theirs, having seen version 3: my title goes over theirs, their description stays.
    const over = await save({ ...opened, heroTitle: "My title", baseVersion: "2", overwriteVersion: "3" });
    expect(over).toMatchObject({ status: 200, data: { version: 4 } });
    expect(JSON.stringify(over.data)).toContain("Yours replaced theirs in Hero title.");
    expect(await stored()).toMatchObject({ heroTitle: "My title", heroDescription: "Their description", heroSubtitle: "My subtitle" });
    // The picture nobody changed is still the built-in one (stored as none: the built-in shows).
    expect((await stored()).heroImage).toBeNull();
  },
);

testOnEachEngine(
  "Save draft keeps work without publishing it; Save Changes publishes it; a publish over a draft saved meanwhile publishes only mine",
  async (db) => {
    const admin = await createTestAdmin(db);
    const cookie = await signedInCookie(db, admin.id);
    const save = (form: Record<string, string>) =>
      answerOf(() => homepage.action(routeArgs(siteRequest("/admin/homepage", { cookie, form }))));
    const open = async () =>
      (await answerOf(() => homepage.loader(routeArgs(siteRequest("/admin/homepage", { cookie }))))).data as {
        source: string;
        editor: { version: number; isDraft: boolean; content: { heroTitle: string; heroSubtitle: string } };
      };
    const counter = await getContentVersion(db);

    // A draft of a never-published page: kept, versioned, opened again, but not live.
    const draft = await save({ ...homepageTexts, heroTitle: "Draft title", baseVersion: "0", saveAs: "draft" });
    expect(draft).toMatchObject({ status: 200, data: { version: 1, toast: { title: "Draft saved" } } });
    expect((await loadPage(db, "homepage")).heroTitle).toBe(homepageDefaults.heroTitle);
    expect(await getContentVersion(db)).toBe(counter);
    expect(await open()).toMatchObject({ source: "draft", editor: { version: 1, isDraft: true, content: { heroTitle: "Draft title" } } });
    expect((await listRevisions(db, "homepage")).map((revision) => revision.published)).toEqual([false]);
    expect((await listAuditLog(db)).map((entry) => entry.action)).toContain("page-draft-saved");

    // Save Changes publishes what the editor shows (the draft, here with one more change).
    const published = await save({ ...homepageTexts, heroTitle: "Draft title", heroSubtitle: "Live subtitle", baseVersion: "1" });
    expect(published).toMatchObject({ status: 200, data: { version: 2, toast: { title: "Homepage content updated successfully!" } } });
    expect(await loadPage(db, "homepage")).toMatchObject({ heroTitle: "Draft title", heroSubtitle: "Live subtitle" });
    expect(await getContentVersion(db)).toBe(counter + 1);
    expect(await open()).toMatchObject({ source: "saved", editor: { version: 2, isDraft: false } });

    // I open version 2; meanwhile someone saves a draft with a new title. My publish of a new
    // subtitle publishes my subtitle only, and their draft stays a draft, with my subtitle in it.
    const live = { ...homepageTexts, heroTitle: "Draft title", heroSubtitle: "Live subtitle" };
    await save({ ...live, heroTitle: "Their unfinished title", baseVersion: "2", saveAs: "draft" });
    const mine = await save({ ...live, heroSubtitle: "My subtitle", baseVersion: "2" });
    expect(mine).toMatchObject({ status: 200, data: { version: 4 } });
    expect(JSON.stringify(mine.data)).toContain("Only your changes to Hero subtitle went live.");
    expect(await loadPage(db, "homepage")).toMatchObject({ heroTitle: "Draft title", heroSubtitle: "My subtitle" });
    expect(await open()).toMatchObject({
      source: "draft",
      editor: { version: 4, content: { heroTitle: "Their unfinished title", heroSubtitle: "My subtitle" } },
    });

    // A draft saved over a publish made meanwhile merges with it, and stays a draft.
    await save({
      ...live,
      heroTitle: "Their unfinished title",
      heroSubtitle: "My subtitle",
      heroDescription: "Live now",
      baseVersion: "4",
    });
    const mergedDraft = await save({
      ...live,
      heroTitle: "Their unfinished title",
      heroSubtitle: "My subtitle",
      ctaTitle: "Next",
      baseVersion: "4",
      saveAs: "draft",
    });
    expect(mergedDraft).toMatchObject({ status: 200, data: { version: 6, toast: { title: "Draft saved" } } });
    expect((await loadPage(db, "homepage")).ctaTitle).toBe(homepageDefaults.ctaTitle);
    expect(await open()).toMatchObject({
      source: "draft",
      editor: { version: 6, content: { heroDescription: "Live now", ctaTitle: "Next" } },
    });

    // Only "draft" and "publish" are ways to save.
    expect(await save({ ...live, baseVersion: "6", saveAs: "later" })).toMatchObject({ status: 400 });
  },
);

testOnEachEngine("an editor's save inserts the page, then updates it from the version it names; a stale one is a 409", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  const save = (path: string, action: (args: never) => unknown, form: Record<string, string>) =>
    answerOf(() => action(routeArgs(siteRequest(path, { cookie, form }))));

  const first = await save("/admin/homepage", homepage.action, { ...homepageTexts, heroTitle: "First", baseVersion: "0" });
  expect(first).toMatchObject({ status: 200, data: { status: 200, version: 1 } });
  const second = await save("/admin/homepage", homepage.action, { ...homepageTexts, heroTitle: "Second", baseVersion: "1" });
  expect(second).toMatchObject({ status: 200, data: { status: 200, version: 2 } });
  const stale = await save("/admin/homepage", homepage.action, { ...homepageTexts, heroTitle: "Stale", baseVersion: "1" });
  expect(stale).toMatchObject({ status: 409, data: { status: 409, version: 2 } });
  expect(JSON.stringify(stale.data)).toContain(`This page was saved by ${admin.email}`);
  const rows = await db.selectFrom("page_content").select(["page_name", "content", "version"]).execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ page_name: "homepage", version: 2 });
  expect(JSON.parse(rows[0]!.content).heroTitle).toBe("Second");

  // Refused by the schema: a field's reason, nothing stored.
  const invalid = await save("/admin/homepage", homepage.action, { ...homepageTexts, heroTitle: "", baseVersion: "2" });
  expect(invalid).toMatchObject({
    status: 400,
    data: { status: 400, result: { error: { heroTitle: ["This field cannot be empty."] } } },
  });
  // A built-in-only page stores nothing.
  const esa = await save("/admin/services?page=esa-letters", services.action, { ...textFormOf("esa-letters"), baseVersion: "0" });
  expect(esa).toMatchObject({
    status: 400,
    data: { status: 400, result: { error: { "": [expect.stringContaining("always shows its built-in text")] } } },
  });
  const audit = await listAuditLog(db);
  expect(audit.filter((entry) => entry.action === "page-saved")).toHaveLength(2);
  expect(await db.selectFrom("page_content").select("page_name").execute()).toEqual([{ page_name: "homepage" }]);
});

testOnEachEngine("the 'about' variant's save keeps the team and the texts it does not show", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  const variant = await answerOf(() =>
    services.action(
      routeArgs(
        siteRequest("/admin/services?page=about", {
          cookie,
          // A crafted post naming the team is ignored: the variant owns three fields.
          form: { title: "Who we are", description: "About us.", additionalInfo: "More.", "staff[0].name": "Intruder", baseVersion: "0" },
        }),
      ),
    ),
  );
  expect(variant).toMatchObject({ status: 200, data: { status: 200, version: 1 } });
  const about = await loadPage(db, "about");
  expect(about).toEqual({ ...aboutDefaults, title: "Who we are", description: "About us.", additionalInfo: "More." });
});

testOnEachEngine(
  "a sign-in that stays in place (a page whose session ended) answers there with the new session, no redirect",
  async (db) => {
    const admin = await createTestAdmin(db);
    const signInHere = (password: string) =>
      answerOf(() => login.action(routeArgs(siteRequest("/admin/login", { form: { email: admin.email, password, stay: "in-place" } }))));
    expect(await signInHere("wrong password")).toMatchObject({ status: 401, location: null, setCookies: [] });
    const signedIn = await signInHere(admin.password);
    expect(signedIn).toMatchObject({ status: 200, location: null, data: { status: 200 } });
    const [sessionCookie, deviceCookie, ...rest] = signedIn.setCookies;
    expect(sessionCookie).toMatch(/^admin_session=/);
    expect(deviceCookie).toMatch(/^admin_device=/);
    // No flash toast for a dashboard the page is not going to: the save that follows has its own.
    expect(rest).toEqual([]);
    const dashboard = await answerOf(() =>
      layout.loader(routeArgs(siteRequest("/admin/homepage", { cookie: cookieFrom(sessionCookie!) }))),
    );
    expect(dashboard).toMatchObject({ status: 200, data: { email: admin.email } });
    // Only "in-place" stays.
    expect(
      await answerOf(() =>
        login.action(routeArgs(siteRequest("/admin/login", { form: { email: admin.email, password: admin.password, stay: "1" } }))),
      ),
    ).toMatchObject({ status: 400 });
  },
);

testOnEachEngine("the login action signs in, sets the session and a flash toast, and redirects to /admin", async (db) => {
  const admin = await createTestAdmin(db);
  const invalid = await answerOf(() => login.action(routeArgs(siteRequest("/admin/login", { form: { email: "nope", password: "" } }))));
  expect(invalid).toMatchObject({
    status: 400,
    data: { result: { error: { email: ["Please enter a valid email address"], password: ["Password is required"] } } },
  });
  const wrong = await answerOf(() =>
    login.action(routeArgs(siteRequest("/admin/login", { form: { email: admin.email, password: "wrong password" } }))),
  );
  expect(wrong).toMatchObject({
    status: 401,
    data: { result: { error: { "": ["Invalid credentials. Please try again."] }, initialValue: { email: admin.email } } },
  });
  // What was typed comes back into the page, but never the password.
  expect(JSON.stringify([invalid.data, wrong.data])).not.toContain("wrong password");
  expect((wrong.data as { result: { initialValue: Record<string, unknown> } }).result.initialValue).not.toHaveProperty("password");

  const referer = siteRequest("/admin/login", {
    origin: null,
    form: { email: admin.email, password: admin.password },
    headers: { Referer: "http://localhost/admin/login" },
  });
  const success = await answerOf(() => login.action(routeArgs(referer)));
  expect(success).toMatchObject({ status: 302, location: "/admin" });
  const [sessionCookie, deviceCookie, toastCookie] = success.setCookies;
  expect(deviceCookie).toMatch(/^admin_device=/);
  expect(toastCookie).toMatch(/^admin_toast=[^;]+; Max-Age=60; Path=\/admin; HttpOnly; SameSite=Lax$/);
  const cookie = `${cookieFrom(sessionCookie!)}; ${cookieFrom(toastCookie!)}`;

  // The dashboard shows the toast once and clears it.
  const dashboard = await answerOf(() => layout.loader(routeArgs(siteRequest("/admin/homepage", { cookie }))));
  expect(dashboard.data).toMatchObject({
    email: admin.email,
    toast: { title: "Login successful", description: "Welcome to the admin dashboard." },
  });
  expect(dashboard.setCookies[0]).toMatch(/^admin_toast=; Max-Age=0/);
  // Signed in, the login page sends the admin on to the dashboard.
  expect(await answerOf(() => login.loader(routeArgs(siteRequest("/admin/login", { cookie }))))).toMatchObject({
    status: 302,
    location: "/admin",
  });
});

testOnEachEngine("logout ends the session and returns to the login page", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  const answer = await answerOf(() => logout.action(routeArgs(siteRequest("/admin/logout", { cookie, form: {} }))));
  expect(answer).toMatchObject({ status: 302, location: "/admin/login" });
  expect(answer.setCookies[0]).toMatch(/^admin_session=; Max-Age=0/);
  expect(await answerOf(() => homepage.loader(routeArgs(siteRequest("/admin/homepage", { cookie }))))).toMatchObject({ status: 302 });
});

testOnEachEngine("opening /admin/logout leads to the login page and signs nobody out", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  expect(await answerOf(() => logout.loader(routeArgs(siteRequest("/admin/logout", { cookie }))))).toMatchObject({
    status: 302,
    location: "/admin/login",
    setCookies: [],
  });
  expect(await answerOf(() => homepage.loader(routeArgs(siteRequest("/admin/homepage", { cookie }))))).toMatchObject({ status: 200 });
});

testOnEachEngine(
  "the login page shows demo credentials only to a browser that opened the console's link, while demo mode lasts",
  async (db) => {
    const messages: Array<string> = [];
    await startDemoMode(db, (message) => messages.push(message));
    const path = /http:\/\/localhost:\d+(\/admin\/login\?demo=\S+) /.exec(messages[0]!)?.[1];
    if (!path) throw new Error(`no link on the console: ${messages[0]}`);
    // Not shown to a browser without the link, even on this machine: it is told where the link is.
    const local = "127.0.0.1";
    expect(await answerOf(() => login.loader(routeArgs(siteRequest("/admin/login"), local)))).toMatchObject({ data: { demo: "link" } });

    // The link gives its browser an HttpOnly cookie and takes the secret out of the address.
    const opened = await answerOf(() => login.loader(routeArgs(siteRequest(path), local)));
    expect(opened).toMatchObject({ status: 302, location: "/admin/login" });
    expect(opened.setCookies).toEqual([expect.stringMatching(/^admin_demo=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/)]);
    const cookie = cookieFrom(opened.setCookies[0]!);
    const demoPage = await answerOf(() => login.loader(routeArgs(siteRequest("/admin/login", { cookie }), "203.0.113.8")));
    const demo = (demoPage.data as { demo: { email: string; password: string } }).demo;
    expect(demo.email).toBe("demo@redcliffscounseling.example");
    expect(demo.password.length).toBeGreaterThanOrEqual(12);
    expect(messages.join("\n")).not.toContain(demo.password); // the console shows the link, not the password
    // Over https the cookie is Secure and __Host- prefixed, as the session's is.
    const overHttps = await answerOf(() => login.loader(routeArgs(new Request(`https://localhost${path}`), local)));
    expect(overHttps.setCookies).toEqual([expect.stringMatching(/^__Host-admin_demo=[^;]+; .*Path=\/; HttpOnly; Secure; SameSite=Lax$/)]);
    // Any other secret opens nothing, and leaves the address clean all the same.
    const wrong = await answerOf(() => login.loader(routeArgs(siteRequest(`/admin/login?demo=${"A".repeat(43)}`), local)));
    expect(wrong).toMatchObject({ status: 302, location: "/admin/login", setCookies: [] });

    // The demo credentials sign in from that browser only.
    const form = { email: demo.email, password: demo.password };
    expect(await answerOf(() => login.action(routeArgs(siteRequest("/admin/login", { form }), local)))).toMatchObject({ status: 401 });
    expect(await answerOf(() => login.action(routeArgs(siteRequest("/admin/login", { form, cookie }), "203.0.113.8")))).toMatchObject({
      status: 302,
      location: "/admin",
    });

    await createTestAdmin(db);
    expect(await answerOf(() => login.loader(routeArgs(siteRequest("/admin/login", { cookie }), local)))).toMatchObject({
      data: { demo: null },
    });
    const afterwards = await answerOf(() => login.action(routeArgs(siteRequest("/admin/login", { form, cookie }), local)));
    expect(afterwards).toMatchObject({ status: 401 });
  },
);

testOnEachEngine("content tabs load the current content for a signed-in admin", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  await storeRawPageContent(db, "homepage", { heroTitle: "Stored hero" });
  const home = await answerOf(() => homepage.loader(routeArgs(siteRequest("/admin/homepage", { cookie }))));
  expect(home.data).toMatchObject({
    source: "saved",
    editor: { version: 1, content: { heroTitle: "Stored hero", servicesTitle: "What We Offer" } },
  });

  const aboutTab = await answerOf(() => about.loader(routeArgs(siteRequest("/admin/about", { cookie }))));
  expect(aboutTab.data).toMatchObject({ source: "builtIn", editor: { version: 0 } });
  const team = (aboutTab.data as { editor: { content: { staff: Array<{ name: string; image: string }> } } }).editor.content.staff;
  expect(team).toHaveLength(11);
  // A photo is edited as the address it is shown at.
  expect(team[0]).toMatchObject({ name: "Ava Morgan", image: expect.stringMatching(/^\/images\/staff\/staff-01-\d+\.webp$/) });

  // A service page with nothing stored opens with the text it shows now, never placeholders (and
  // any picture as the address it is shown at).
  const couples = await answerOf(() => services.loader(routeArgs(siteRequest("/admin/services?page=couples-counseling", { cookie }))));
  expect(couples.data).toMatchObject({
    source: "builtIn",
    editor: { version: 0, isDraft: false, content: imagesAsAddresses(pageDefinition("couples-counseling").defaults) },
  });

  const esa = await answerOf(() => services.loader(routeArgs(siteRequest("/admin/services?page=esa-letters", { cookie }))));
  expect(esa.data).toMatchObject({ page: "esa-letters", source: "builtInOnly", editor: null });
  const aboutVariant = await answerOf(() => services.loader(routeArgs(siteRequest("/admin/services?page=about", { cookie }))));
  expect(aboutVariant.data).toMatchObject({ page: "about", source: "builtIn" });
  expect((aboutVariant.data as { pageOptions: Array<{ value: string }> }).pageOptions.map((option) => option.value)).toHaveLength(13);
  expect(await answerOf(() => services.loader(routeArgs(siteRequest("/admin/services?page=nope", { cookie }))))).toMatchObject({
    status: 404,
  });

  const imageTab = await answerOf(() => images.loader(routeArgs(siteRequest("/admin/images?category=local-images", { cookie }))));
  const list = (imageTab.data as { images: Array<{ name: string; sizeKb: number | null }> }).images;
  expect(list.length).toBeGreaterThanOrEqual(48);
  expect(list.every((image) => typeof image.sizeKb === "number" && image.sizeKb > 0)).toBe(true);
});

testOnEachEngine("Mark as Read sets read_at once, is idempotent, and is audited", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  const inquiry = newInquiry();
  await insertInquiries(db, [inquiry]);
  const markRead = () => inquiries.action(routeArgs(siteRequest("/admin/inquiries", { cookie, form: { id: inquiry.id } })));

  const first = await answerOf(markRead);
  expect(first).toMatchObject({ status: 302, location: "/admin/inquiries" });
  expect(first.setCookies[0]).toMatch(/^admin_toast=/);
  const afterFirst = await db.selectFrom("inquiries").select(["is_read", "read_at"]).executeTakeFirstOrThrow();
  expect(Number(afterFirst.is_read)).toBe(1);
  expect(afterFirst.read_at).not.toBeNull();

  expect(await answerOf(markRead)).toMatchObject({ status: 302 });
  const afterSecond = await db.selectFrom("inquiries").select(["is_read", "read_at"]).executeTakeFirstOrThrow();
  expect(afterSecond).toEqual(afterFirst); // read_at keeps the first time

  const audit = (await listAuditLog(db)).filter((entry) => entry.action === "inquiry-marked-read");
  expect(audit).toEqual([expect.objectContaining({ admin_email: admin.email, target: inquiry.id })]);

  const missing = await answerOf(() => inquiries.action(routeArgs(siteRequest("/admin/inquiries", { cookie, form: { id: "missing" } }))));
  expect(missing).toMatchObject({
    status: 404,
    data: {
      result: { error: { "": ["Failed to update submission."] } },
      toast: { title: "Error", description: "Failed to update submission." },
    },
  });
  const empty = await answerOf(() => inquiries.action(routeArgs(siteRequest("/admin/inquiries", { cookie, form: {} }))));
  expect(empty).toMatchObject({
    status: 400,
    data: {
      result: { error: { "": ["Failed to update submission."] } },
      toast: { title: "Error", description: "Failed to update submission." },
    },
  });
});

testOnEachEngine(
  "the inbox's search, New and Read filters and archive travel in the address, and each change comes back to it",
  async (db) => {
    const admin = await createTestAdmin(db);
    const cookie = await signedInCookie(db, admin.id);
    const maria = newInquiry({ name: "Maria Lopez", email: "maria@example.com", created_at: "2026-11-01T12:00:00.000Z" });
    const tom = newInquiry({ name: "Tom Reed", email: "tom@example.com", created_at: "2026-11-01T12:01:00.000Z" });
    await insertInquiries(db, [maria, tom]);
    type Inbox = { view: { list: string; show: string; q: string }; inquiries: Array<{ name: string }> };
    const open = async (path: string) => (await answerOf(() => inquiries.loader(routeArgs(siteRequest(path, { cookie }))))).data as Inbox;

    expect(await open("/admin/inquiries?q=%20maria%0A")).toMatchObject({ view: { q: "maria" }, inquiries: [{ name: "Maria Lopez" }] });
    expect((await open(`/admin/inquiries?q=${"x".repeat(500)}`)).view.q).toHaveLength(100);
    // Anything unknown is the default view.
    expect((await open("/admin/inquiries?list=deleted&show=everything")).view).toEqual({ list: "inbox", show: "all", q: "" });

    const act = (path: string, form: Record<string, string>) =>
      answerOf(() => inquiries.action(routeArgs(siteRequest(path, { cookie, form }))));
    expect(await act("/admin/inquiries?show=new&q=tom", { id: tom.id, intent: "mark-read" })).toMatchObject({
      status: 302,
      location: "/admin/inquiries?show=new&q=tom",
    });
    expect((await open("/admin/inquiries?show=read")).inquiries.map((each) => each.name)).toEqual(["Tom Reed"]);
    expect(await act("/admin/inquiries?show=read", { id: tom.id, intent: "mark-unread" })).toMatchObject({ status: 302 });
    expect((await open("/admin/inquiries?show=new")).inquiries.map((each) => each.name)).toEqual(["Tom Reed", "Maria Lopez"]);
    expect(await act("/admin/inquiries", { id: maria.id, intent: "archive" })).toMatchObject({
      status: 302,
      location: "/admin/inquiries",
    });
    expect((await open("/admin/inquiries")).inquiries.map((each) => each.name)).toEqual(["Tom Reed"]);
    expect((await open("/admin/inquiries?list=archived")).inquiries.map((each) => each.name)).toEqual(["Maria Lopez"]);
    expect(await act("/admin/inquiries?list=archived", { id: maria.id, intent: "unarchive" })).toMatchObject({
      status: 302,
      location: "/admin/inquiries?list=archived",
    });
    expect(await act("/admin/inquiries", { id: maria.id, intent: "delete" })).toMatchObject({ status: 400 });
    expect((await open("/admin/inquiries")).inquiries).toHaveLength(2);
  },
);

testOnEachEngine("possible spam is listed apart, not counted as New, and Not spam moves it to the inquiries, audited", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  const ordinary = newInquiry({ name: "Ordinary" });
  const quick = newInquiry({ name: "Quick", possible_spam: 1, spam_reason: "sent 400 ms after the form was shown" });
  await insertInquiries(db, [ordinary, quick]);
  type Inbox = { view: { list: string }; possibleSpam: number; inquiries: Array<{ id: string; spamReason: string | null }> };
  const open = async (path: string) => (await answerOf(() => inquiries.loader(routeArgs(siteRequest(path, { cookie }))))).data as Inbox;
  const newCount = async () =>
    ((await answerOf(() => layout.loader(routeArgs(siteRequest("/admin/about", { cookie }))))).data as { newInquiries: number })
      .newInquiries;

  expect(await open("/admin/inquiries")).toMatchObject({
    view: { list: "inbox" },
    possibleSpam: 1,
    inquiries: [{ id: ordinary.id, spamReason: null }],
  });
  expect(await open("/admin/inquiries?list=possible-spam")).toMatchObject({
    view: { list: "possible-spam" },
    inquiries: [{ id: quick.id, spamReason: "sent 400 ms after the form was shown" }],
  });
  expect(await newCount()).toBe(1);

  const notSpam = () =>
    inquiries.action(routeArgs(siteRequest("/admin/inquiries?list=possible-spam", { cookie, form: { id: quick.id, intent: "not-spam" } })));
  const moved = await answerOf(notSpam);
  expect(moved).toMatchObject({ status: 302, location: "/admin/inquiries?list=possible-spam" });
  expect(moved.setCookies[0]).toMatch(/^admin_toast=/);
  expect((await open("/admin/inquiries")).inquiries.map((inquiry) => inquiry.id).sort()).toEqual([ordinary.id, quick.id].sort());
  expect(await open("/admin/inquiries?list=possible-spam")).toMatchObject({ possibleSpam: 0, inquiries: [] });
  // It arrives as it was (New), now counted, and it stays unread until someone marks it.
  expect(await newCount()).toBe(2);
  // Sent twice (a double click), it is moved and audited once.
  expect(await answerOf(notSpam)).toMatchObject({ status: 302 });
  const audit = (await listAuditLog(db)).filter((entry) => entry.action === "inquiry-marked-not-spam");
  expect(audit).toEqual([expect.objectContaining({ admin_email: admin.email, target: quick.id })]);
  // No e-mail is sent for it afterwards: staff have just read it.
  expect(await db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);

  const unknownIntent = await answerOf(() =>
    inquiries.action(routeArgs(siteRequest("/admin/inquiries", { cookie, form: { id: quick.id, intent: "delete" } }))),
  );
  expect(unknownIntent).toMatchObject({
    status: 400,
    data: {
      result: { error: { "": ["Failed to update submission."] } },
      toast: { title: "Error", description: "Failed to update submission." },
    },
  });
});

testOnEachEngine("a malformed form body to the login action answers 400 with a message, not a server error", async () => {
  const broken = new Request("http://localhost/admin/login", {
    method: "POST",
    headers: { Origin: "http://localhost", "Content-Type": "multipart/form-data" },
    body: "x=1",
  });
  const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
  const answer = await answerOf(() => login.action(routeArgs(broken)));
  expect(answer).toMatchObject({
    status: 400,
    data: { result: { error: { "": ["The form could not be read. Please reload the page and try again."] } } },
  });
  expect(warn).toHaveBeenCalledTimes(1); // one line, no stack trace
});

testOnEachEngine("/admin opens on the inbox while New inquiries wait, and every tab knows how many", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  const open = () => answerOf(() => adminIndex.loader(routeArgs(siteRequest("/admin", { cookie }))));
  const newCount = async () =>
    ((await answerOf(() => layout.loader(routeArgs(siteRequest("/admin/about", { cookie }))))).data as { newInquiries: number })
      .newInquiries;
  expect(await open()).toMatchObject({ status: 302, location: "/admin/homepage" });
  expect(await newCount()).toBe(0);

  await db
    .insertInto("inquiries")
    .values([newInquiry(), newInquiry(), newInquiry({ is_read: 1, read_at: new Date().toISOString() })])
    .execute();
  expect(await open()).toMatchObject({ status: 302, location: "/admin/inquiries" });
  expect(await newCount()).toBe(2);
});

testOnEachEngine("a malformed form body to Mark as Read answers 400 with the specified message, not a server error", async (db) => {
  const admin = await createTestAdmin(db);
  const broken = new Request("http://localhost/admin/inquiries", {
    method: "POST",
    headers: { Origin: "http://localhost", Cookie: await signedInCookie(db, admin.id), "Content-Type": "multipart/form-data" },
    body: "x=1",
  });
  vi.spyOn(log, "warn").mockImplementation(() => {});
  expect(await answerOf(() => inquiries.action(routeArgs(broken)))).toMatchObject({
    status: 400,
    data: {
      result: { error: { "": ["Failed to update submission."] } },
      toast: { title: "Error", description: "Failed to update submission." },
    },
  });
});

testOnEachEngine("forms drop the names their schema does not know, and answer crafted ones with 400 (F1, F11)", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  vi.spyOn(log, "warn").mockImplementation(() => {});

  // The sign-in reply carries back the e-mail typed, and nothing else that was posted.
  const wrong = await answerOf(() =>
    login.action(
      routeArgs(
        siteRequest("/admin/login", { form: { email: admin.email, password: "wrong password", "x[10000000]": "1", role: "owner" } }),
      ),
    ),
  );
  expect(wrong).toMatchObject({ status: 401 });
  expect((wrong.data as { result: { initialValue: unknown } }).result.initialValue).toEqual({ email: admin.email });

  // Unknown names are dropped: the save goes through with the schema's fields only.
  const saved = await answerOf(() =>
    homepage.action(
      routeArgs(
        siteRequest("/admin/homepage", {
          cookie,
          form: { ...homepageTexts, heroTitle: "Kept", baseVersion: "0", "x[4294967294]": "1", __intent__: "{broken" },
        }),
      ),
    ),
  );
  expect(saved).toMatchObject({ status: 200, data: { status: 200 } });
  expect((await loadPage(db, "homepage")).heroTitle).toBe("Kept");

  // A list index far past the list's maximum, or a name nested thousands deep, refuses the form.
  for (const [name, path, action] of [
    ["staff[4294967294].name", "/admin/about", about.action],
    ["benefits[10000000]", "/admin/services?page=couples-counseling", services.action],
    [`x${"[0]".repeat(8000)}`, "/admin/homepage", homepage.action],
  ] as const) {
    const refused = await answerOf(() =>
      action(routeArgs(siteRequest(path, { cookie, form: { title: "Refused", baseVersion: "1", [name]: "1" } }))),
    );
    expect(refused, name.slice(0, 30)).toMatchObject({
      status: 400,
      data: { status: 400, toast: { description: "Failed to save content." } },
    });
  }
  expect((await loadPage(db, "about")).title).toBe(aboutDefaults.title);
});

testOnEachEngine(
  "a sign-in that came over https (a trusted proxy said so) gets Secure __Host- cookies, read back over https (F10)",
  async (db) => {
    const admin = await createTestAdmin(db);
    const overHttps = (path: string, init: { form?: Record<string, string>; cookie?: string } = {}) =>
      new Request(`https://localhost${path}`, {
        method: init.form ? "POST" : "GET",
        headers: { Origin: "https://localhost", ...(init.cookie ? { Cookie: init.cookie } : {}) },
        body: init.form ? new URLSearchParams(init.form) : undefined,
      });
    const signedIn = await answerOf(() =>
      login.action(routeArgs(overHttps("/admin/login", { form: { email: admin.email, password: admin.password } }))),
    );
    expect(signedIn).toMatchObject({ status: 302, location: "/admin" });
    const { setCookies } = signedIn;
    for (const name of ["__Host-admin_session=", "__Host-admin_device=", "admin_toast="]) {
      const cookie = setCookies.find((header) => header.startsWith(name));
      expect(cookie, name).toMatch(/; Secure/);
    }
    const cookie = setCookies.map(cookieFrom).join("; ");
    expect(await answerOf(() => inquiries.loader(routeArgs(overHttps("/admin/inquiries", { cookie }))))).toMatchObject({ status: 200 });
    // Over plain http the same sign-in gets the plain cookies.
    const plain = await answerOf(() =>
      login.action(routeArgs(siteRequest("/admin/login", { form: { email: admin.email, password: admin.password } }))),
    );
    expect(plain.setCookies.some((header) => header.startsWith("admin_session=") && !header.includes("Secure"))).toBe(true);
  },
);
