import { expect, test } from "vitest";
import routes from "#app/routes.ts";
import { adminActions, adminPages, dataUrlOf, probesFor, publicAdminActions } from "../../bench/security-probes.ts";

type RouteEntry = { path?: string; index?: boolean; file: string; children?: Array<RouteEntry> };

/** Every route under /admin with the file that serves it (the pathless layout runs on each page). */
function adminRoutes(entries: Array<RouteEntry>, parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const own = entry.path || entry.index ? [{ path, file: entry.file }] : [];
    return [...own, ...adminRoutes(entry.children ?? [], path)].filter((route) => route.path.startsWith("/admin"));
  });
}

const routeList = adminRoutes(routes as Array<RouteEntry>);

/** What a route module exports for the server: a loader, an action, or both. */
async function serverExportsOf(file: string): Promise<{ loader: boolean; action: boolean }> {
  const module = (await import(`../../app/${file}`)) as { loader?: unknown; action?: unknown };
  return { loader: typeof module.loader === "function", action: typeof module.action === "function" };
}

/** Whether a replayed URL's path is one a route serves (`:page` matching any one segment). */
function servedBy(routePath: string, paths: Iterable<string>): boolean {
  const pattern = new RegExp(`^${routePath.replace(/:[^/]+/g, "[^/]+")}$`);
  return [...paths].some((path) => pattern.test(path));
}

// Pages anyone may open: the sign-in page, the pages of one-time links (their secret is the key),
// and logout's loader, which serves nothing and only redirects there (signing out is its POST,
// which the check does replay).
const openAdminPages = new Set([
  "/admin/login",
  "/admin/login/code",
  "/admin/invite/:secret",
  "/admin/reset-password/:secret",
  "/admin/logout",
]);

test("the security check replays every admin page, and the data URL of each", async () => {
  expect(routeList.length).toBeGreaterThanOrEqual(8);
  const pagePaths = new Set(adminPages.map((page) => new URL(page, "http://x").pathname));
  let withLoader = 0;
  for (const route of routeList) {
    if (openAdminPages.has(route.path) || !(await serverExportsOf(route.file)).loader) continue;
    withLoader += 1;
    expect(servedBy(route.path, pagePaths), `${route.path} (${route.file}) is not in bench/security-probes.ts`).toBe(true);
  }
  // Not a vacuous loop: the admin's index, content tabs (one route for all), images, inbox and history have loaders.
  expect(withLoader).toBeGreaterThanOrEqual(5);
  const probes = probesFor([{ label: "no cookie", cookie: null }]);
  for (const page of adminPages) {
    expect(probes.some((probe) => probe.method === "GET" && probe.path === dataUrlOf(page))).toBe(true);
  }
});

test("the security check posts to every admin action", async () => {
  const posted = new Set([...adminActions, ...publicAdminActions].map((action) => new URL(action.path, "http://x").pathname));
  let withAction = 0;
  for (const route of routeList) {
    if (!(await serverExportsOf(route.file)).action) continue;
    withAction += 1;
    expect(servedBy(route.path, posted), `${route.path} (${route.file}) has an action the check does not post to`).toBe(true);
  }
  expect(withAction).toBeGreaterThanOrEqual(6);
  expect(dataUrlOf("/admin")).toBe("/admin.data");
  expect(dataUrlOf("/admin/services?page=about")).toBe("/admin/services.data?page=about");
});
