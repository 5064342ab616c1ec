import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, test } from "vitest";
import { AdminTabs, BesideTabsLinks } from "#app/components/admin/admin-tabs.tsx";
import { editorTabs } from "#app/content/pages.ts";
import { adminAreaOf, mayEnter, type StaffRole, staffRoles } from "#app/staff/staff-roles.ts";
import * as historyRoute from "#app/routes/admin/history.tsx";
import * as imageUploadRoute from "#app/routes/admin/image-upload.ts";
import * as imagesRoute from "#app/routes/admin/images.tsx";
import * as adminIndexRoute from "#app/routes/admin/index.tsx";
import * as exportRoute from "#app/routes/admin/inquiries-export.ts";
import * as inquiriesRoute from "#app/routes/admin/inquiries.tsx";
import * as layoutRoute from "#app/routes/admin/layout.tsx";
import * as logoutRoute from "#app/routes/admin/logout.tsx";
import * as activityRoute from "#app/routes/admin/activity.tsx";
import * as profilePhotoRoute from "#app/routes/admin/profile-photo.ts";
import * as profileRoute from "#app/routes/admin/profile.tsx";
import * as reviewsRoute from "#app/routes/admin/reviews.tsx";
import * as staffRoute from "#app/routes/admin/staff.tsx";
import {
  AdminAccountError,
  createAdmin,
  disableAdmin,
  firstAccountOwnerMessage,
  lastOwnerMessage,
  listAdmins,
  removeAdmin,
  setAdminRole,
  upsertDemoAdmin,
} from "#app/staff/staff-accounts.server.ts";
import { listAuditLog } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { forbiddenMessage, getAdminSession } from "#app/staff/session.server.ts";
import routes from "#app/routes.ts";
import {
  answerOf,
  contentTab,
  insertInquiries,
  newInquiry,
  routeArgs,
  signedIn,
  signedInCookie,
  siteRequest,
} from "#tests/fixtures/admin.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

describe("the part of the dashboard each admin address belongs to", () => {
  test("every admin route is placed, and what no route claims is the Owner's", () => {
    type Entry = { path?: string; children?: Array<Entry>; index?: boolean };
    const paths: Array<string> = [];
    const walk = (entries: Array<Entry>, base: string) => {
      for (const entry of entries) {
        const path = entry.path ? `${base}/${entry.path}` : base;
        if (entry.path || entry.index) paths.push(path);
        if (entry.children) walk(entry.children, path);
      }
    };
    walk(routes as Array<Entry>, "");
    // The pages for someone not signed in are outside the session's middleware, and have no area.
    const signedOut = new Set([
      "/admin/login",
      "/admin/login/code",
      "/admin/forgot-password",
      "/admin/invite/:secret",
      "/admin/reset-password/:secret",
    ]);
    const admin = paths.filter((path) => path.startsWith("/admin") && !signedOut.has(path));
    const areas = Object.fromEntries(admin.map((path) => [path, adminAreaOf(path)]));
    expect(areas).toEqual({
      "/admin": "anyone",
      "/admin/logout": "anyone",
      "/admin/account": "anyone",
      "/admin/account/sessions": "anyone",
      "/admin/account/two-factor": "anyone",
      "/admin/images/upload": "content",
      "/admin/images": "content",
      "/admin/history/:page": "content",
      "/admin/activity": "owner",
      "/admin/privacy": "owner",
      "/admin/privacy/export": "owner",
      "/admin/staff": "owner",
      "/admin/services/list": "content",
      "/admin/articles/list": "content",
      "/admin/reviews": "content",
      "/admin/translations": "content",
      "/admin/notices": "content",
      "/admin/scheduled": "content",
      "/admin/profile": "profile",
      "/admin/profile/photo": "profile",
      "/admin/inquiries/export": "inquiries",
      "/admin/inquiries": "inquiries",
      // Only the content tabs the page definitions name reach the editor; any other is the Owner's.
      "/admin/:tab": "owner",
    });
    for (const tab of editorTabs) expect(adminAreaOf(tab.path), tab.path).toBe("content");
    // The Articles tab edits an article of the list, which is not one of the fixed tabs.
    expect(adminAreaOf("/admin/articles")).toBe("content");
    // React Router's data requests for the same addresses, with or without a trailing slash.
    expect(adminAreaOf("/admin/inquiries.data")).toBe("inquiries");
    expect(adminAreaOf("/admin/_.data")).toBe("anyone");
    expect(adminAreaOf("/admin.data")).toBe("anyone");
    expect(adminAreaOf("/admin/homepage.data")).toBe("content");
    expect(adminAreaOf("/admin/inquiries-and-more")).toBe("owner");
    expect(adminAreaOf("/admin/staff")).toBe("owner");
    expect(adminAreaOf("/admin/account.data")).toBe("anyone");
    expect(adminAreaOf("/admin/accounts")).toBe("owner");
  });

  test("each role reaches its part and no other", () => {
    const table = Object.fromEntries(
      staffRoles.map((role) => [
        role,
        (["anyone", "content", "inquiries", "owner", "profile"] as const).filter((area) => mayEnter(role, area)),
      ]),
    );
    expect(table).toEqual({
      owner: ["anyone", "content", "inquiries", "owner"],
      editor: ["anyone", "content"],
      inbox: ["anyone", "inquiries"],
      // Their own profile, and nothing else: no page of the site, no inbox, no accounts.
      clinician: ["anyone", "profile"],
    });
  });

  test("the tabs a role is shown are the ones it may open", () => {
    const tabsOf = (role: StaffRole) => {
      const html = renderToString(
        createElement(
          MemoryRouter,
          null,
          createElement(AdminTabs, { role, newInquiries: 3 }),
          createElement(BesideTabsLinks, { role, awaitingReview: 2 }),
        ),
      );
      return [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    };
    const contentTabs = editorTabs.map((tab) => tab.path);
    expect(new Set(tabsOf("owner"))).toEqual(
      new Set([
        ...contentTabs,
        "/admin/images",
        "/admin/inquiries",
        "/admin/articles/list",
        "/admin/notices",
        "/admin/scheduled",
        "/admin/reviews",
        "/admin/activity",
        "/admin/privacy",
        "/admin/staff",
        "/admin/account",
      ]),
    );
    expect(new Set(tabsOf("editor"))).toEqual(
      new Set([
        ...contentTabs,
        "/admin/images",
        "/admin/articles/list",
        "/admin/notices",
        "/admin/scheduled",
        "/admin/reviews",
        "/admin/account",
      ]),
    );
    expect(tabsOf("inbox")).toEqual(["/admin/inquiries", "/admin/account"]);
    expect(tabsOf("clinician")).toEqual(["/admin/profile", "/admin/account"]);
  });
});

const inquiryId = "00000000-0000-4000-8000-000000000000";
const danielId = "staff-daniel-reyes";
/** A route function called with the router's params for its address. */
const withParams = (run: (args: never) => Promise<unknown>, params: Record<string, string>) => (args: never) =>
  run({ ...(args as object), params } as never);
type AreaWithRoutes = "content" | "inquiries" | "owner" | "profile";
const loaders: Record<AreaWithRoutes, Array<{ path: string; run: (args: never) => Promise<unknown> }>> = {
  content: [
    { path: "/admin/homepage", run: contentTab("homepage").loader },
    { path: "/admin/images", run: signedIn(imagesRoute).loader },
    { path: "/admin/history/about", run: withParams(signedIn(historyRoute).loader, { page: "about" }) },
    { path: "/admin/reviews", run: signedIn(reviewsRoute).loader },
  ],
  inquiries: [
    { path: "/admin/inquiries", run: signedIn(inquiriesRoute).loader },
    { path: "/admin/inquiries/export?from=2026-01-01&to=2026-12-31&status=all", run: signedIn(exportRoute).loader },
  ],
  owner: [
    { path: "/admin/staff", run: signedIn(staffRoute).loader },
    { path: "/admin/activity", run: signedIn(activityRoute).loader },
  ],
  profile: [{ path: "/admin/profile", run: signedIn(profileRoute).loader }],
};
type RouteCall = { path: string; run: (args: never) => Promise<unknown>; form: Record<string, string> };
const actions: Record<AreaWithRoutes, Array<RouteCall>> = {
  content: [
    {
      path: "/admin/history/about",
      run: withParams(signedIn(historyRoute).action, { page: "about" }),
      form: { version: "1", baseVersion: "1" },
    },
    { path: "/admin/images/upload", run: signedIn(imageUploadRoute).action, form: {} },
    { path: "/admin/images", run: signedIn(imagesRoute).action, form: { intent: "delete", id: inquiryId } },
    { path: "/admin/about", run: contentTab("about").action, form: { baseVersion: "0", title: "Taken over" } },
    {
      path: "/admin/reviews",
      run: signedIn(reviewsRoute).action,
      form: { intent: "approve", member: danielId, version: "1", shown: "0".repeat(16) },
    },
  ],
  inquiries: [{ path: "/admin/inquiries", run: signedIn(inquiriesRoute).action, form: { id: inquiryId, intent: "mark-read" } }],
  owner: [{ path: "/admin/staff", run: signedIn(staffRoute).action, form: { intent: "invite", email: "new@example.com", role: "owner" } }],
  profile: [
    { path: "/admin/profile", run: signedIn(profileRoute).action, form: { intent: "new-clients", newClients: "Caseload full" } },
    { path: "/admin/profile/photo", run: signedIn(profilePhotoRoute).action, form: {} },
  ],
};

async function staffOf(db: Db, role: StaffRole) {
  const account = await createAdmin(db, {
    email: `${role}-${crypto.randomUUID().slice(0, 6)}@example.com`,
    password: "a long test password",
    role,
    teamMember: role === "clinician" ? danielId : undefined,
  });
  return { ...account, cookie: await signedInCookie(db, account.id) };
}

testOnEachEngine("a role is refused (403) every address outside its part, before anything is read or changed", async (db) => {
  await staffOf(db, "owner"); // the first account is an Owner
  await insertInquiries(db, [newInquiry({ id: inquiryId, message: "Only the inbox may read this." })]);
  const areas = Object.keys(loaders) as Array<AreaWithRoutes>;
  for (const role of ["editor", "inbox", "clinician", "owner"] as const) {
    const { cookie } = await staffOf(db, role);
    for (const area of areas) {
      if (mayEnter(role, area)) {
        // Their own part opens.
        for (const { path, run } of loaders[area]) {
          const answer = await answerOf(() => run(routeArgs(siteRequest(path, { cookie }))));
          expect(answer.status, `${role} ${path}`).toBe(200);
        }
        continue;
      }
      for (const { path, run } of loaders[area]) {
        const page = await answerOf(() => run(routeArgs(siteRequest(path, { cookie }))));
        expect(page, `${role} ${path}`).toMatchObject({ status: 403, data: forbiddenMessage });
        expect(JSON.stringify(page.data)).not.toContain("Only the inbox");
        const { pathname, search } = new URL(path, "http://x");
        const dataRequest = await answerOf(() => run(routeArgs(siteRequest(`${pathname}.data${search}`, { cookie }))));
        expect(dataRequest, `${role} ${path}.data`).toMatchObject({ status: 403, data: { error: forbiddenMessage } });
      }
      for (const { path, run, form } of actions[area]) {
        const answer = await answerOf(() => run(routeArgs(siteRequest(path, { cookie, form }))));
        expect(answer, `${role} POST ${path}`).toMatchObject({ status: 403 });
      }
    }
  }
  expect(await db.selectFrom("inquiries").select(["is_read"]).executeTakeFirstOrThrow()).toEqual({ is_read: 0 });
  // The exports are the Inbox account's and the Owner's own.
  const exports = (await listAuditLog(db)).filter((entry) => entry.action === "inquiries-exported");
  expect(exports.map((entry) => entry.admin_email?.split("-")[0]).sort()).toEqual(["inbox", "owner"]);
  // Nothing of the refused posts was stored: no page, no invitation, no profile change.
  expect(await db.selectFrom("page_content").select("page_name").execute()).toEqual([]);
  expect(await db.selectFrom("account_links").select("email").execute()).toEqual([]);
});

testOnEachEngine("the dashboard opens on each role's part, and only the inbox's roles are told the New count", async (db) => {
  await insertInquiries(db, [newInquiry()]);
  const layout = signedIn(layoutRoute);
  const index = signedIn(adminIndexRoute);
  const logout = signedIn(logoutRoute);
  const expected = {
    owner: ["/admin/inquiries", 1],
    editor: [editorTabs[0]!.path, 0],
    inbox: ["/admin/inquiries", 1],
    clinician: ["/admin/profile", 0],
  } as const;
  for (const role of staffRoles) {
    const { cookie } = await staffOf(db, role);
    const [opensAt, newCount] = expected[role];
    expect(await answerOf(() => index.loader(routeArgs(siteRequest("/admin", { cookie })))), role).toMatchObject({
      status: 302,
      location: opensAt,
    });
    const dashboard = await answerOf(() => layout.loader(routeArgs(siteRequest("/admin/inquiries", { cookie }))));
    if (role === "editor") expect(dashboard.status).toBe(403);
    const home = await answerOf(() => layout.loader(routeArgs(siteRequest("/admin", { cookie }))));
    expect(home.data, role).toMatchObject({ role, newInquiries: newCount });
    const out = await answerOf(() => logout.action(routeArgs(siteRequest("/admin/logout", { cookie, form: {} }))));
    expect(out.status, role).toBe(302);
    expect(await getAdminSession(db, siteRequest("/admin", { cookie }))).toBeNull();
  }
});

testOnEachEngine("the last owner who can sign in cannot be demoted, disabled or removed", async (db) => {
  const owner = await createAdmin(db, { email: "owner@example.com", password: "a long test password" });
  await createAdmin(db, { email: "editor@example.com", password: "a long test password", role: "editor" });
  expect(owner.role).toBe("owner");
  await expect(setAdminRole(db, { email: owner.email, role: "inbox" })).rejects.toThrow(lastOwnerMessage);
  await expect(disableAdmin(db, { email: owner.email })).rejects.toThrow(lastOwnerMessage);
  await expect(removeAdmin(db, { email: owner.email })).rejects.toThrow(lastOwnerMessage);
  await expect(setAdminRole(db, { email: owner.email, role: "owner" })).rejects.toThrow(AdminAccountError);

  await setAdminRole(db, { email: "Editor@example.com", role: "owner" });
  await setAdminRole(db, { email: owner.email, role: "inbox" });
  expect((await listAdmins(db)).map(({ email, role }) => [email, role])).toEqual([
    ["editor@example.com", "owner"],
    ["owner@example.com", "inbox"],
  ]);
  const changes = (await listAuditLog(db)).filter((entry) => entry.action === "admin-role-changed");
  expect(changes.map((entry) => [entry.target, entry.details]).sort()).toEqual([
    ["editor@example.com", JSON.stringify({ from: "editor", to: "owner" })],
    ["owner@example.com", JSON.stringify({ from: "owner", to: "inbox" })],
  ]);
});

testOnEachEngine("two owners disabling each other at once leave one of them able to sign in", async (db) => {
  for (let round = 0; round < 5; round += 1) {
    const a = await createAdmin(db, { email: `a${round}@example.com`, password: "a long test password" });
    const b = await createAdmin(db, { email: `b${round}@example.com`, password: "a long test password" });
    // Every earlier round's survivor steps down first, so these two are the only owners.
    for (const account of await listAdmins(db)) {
      if (account.id !== a.id && account.id !== b.id && account.disabledAt === null && account.role === "owner") {
        await setAdminRole(db, { email: account.email, role: "editor" });
      }
    }
    const results = await Promise.allSettled([disableAdmin(db, { email: a.email }), disableAdmin(db, { email: b.email })]);
    expect(
      results.filter((result) => result.status === "fulfilled"),
      `round ${round}`,
    ).toHaveLength(1);
    const active = (await listAdmins(db)).filter((account) => account.role === "owner" && account.disabledAt === null);
    expect(active, `round ${round}`).toHaveLength(1);
  }
});

testOnEachEngine("the first account is an Owner: an Editor or Inbox account alone would leave nobody to manage the site", async (db) => {
  await expect(createAdmin(db, { email: "first@example.com", password: "a long test password", role: "editor" })).rejects.toThrow(
    firstAccountOwnerMessage,
  );
  // Nor while the demo account is the only Owner: it is no real one, and would be gone after.
  await upsertDemoAdmin(db, "demo@example.com", "the demo password here");
  await expect(createAdmin(db, { email: "first@example.com", password: "a long test password", role: "inbox" })).rejects.toThrow(
    firstAccountOwnerMessage,
  );
  expect((await listAdmins(db)).map(({ email, isDemo }) => [email, isDemo])).toEqual([["demo@example.com", true]]);

  // The demo account, an Owner by role, does not count as the Owner who remains.
  const owner = await db
    .insertInto("admin_users")
    .values({
      id: crypto.randomUUID(),
      email: "owner@example.com",
      password_hash: "x",
      role: "owner",
      is_demo: 0,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning("email")
    .executeTakeFirstOrThrow();
  await expect(setAdminRole(db, { email: owner.email, role: "editor" })).rejects.toThrow(lastOwnerMessage);
  await expect(disableAdmin(db, { email: owner.email })).rejects.toThrow(lastOwnerMessage);
  await expect(removeAdmin(db, { email: owner.email })).rejects.toThrow(lastOwnerMessage);
});
