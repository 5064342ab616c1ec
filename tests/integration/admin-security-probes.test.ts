import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import routes from "#app/routes.ts";
import { adminActions, adminPages, dataUrlOf, probesFor, publicAdminActions } from "../../scripts/security-probes.ts";

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

/** Whether a replayed URL's path is one a route serves (`:page` matching any one segment). */
function servedBy(routePath: string, paths: Iterable<string>): boolean {
  const pattern = new RegExp(`^${routePath.replace(/:[^/]+/g, "[^/]+")}$`);
  return [...paths].some((path) => pattern.test(path));
}

// Pages anyone may open: the sign-in page, and logout's loader, which serves nothing and only
// redirects there (signing out is its POST, which the check does replay).
const openAdminPages = new Set(["/admin/login", "/admin/logout"]);

test("the security check replays every admin page, and the data URL of each", () => {
  expect(routeList.length).toBeGreaterThanOrEqual(8);
  const pagePaths = new Set(adminPages.map((page) => new URL(page, "http://x").pathname));
  for (const route of routeList) {
    const source = readFileSync(`app/${route.file}`, "utf8");
    if (openAdminPages.has(route.path) || !/export (async )?function loader/.test(source)) continue;
    expect(servedBy(route.path, pagePaths), `${route.path} (${route.file}) is not in scripts/security-probes.ts`).toBe(true);
  }
  const probes = probesFor([{ label: "no cookie", cookie: null }]);
  for (const page of adminPages) {
    expect(probes.some((probe) => probe.method === "GET" && probe.path === dataUrlOf(page))).toBe(true);
  }
});

test("the security check posts to every admin action", () => {
  const posted = new Set([...adminActions, ...publicAdminActions].map((action) => new URL(action.path, "http://x").pathname));
  for (const route of routeList) {
    const source = readFileSync(`app/${route.file}`, "utf8");
    if (!/export ((async )?function|const) action\b/.test(source)) continue;
    expect(servedBy(route.path, posted), `${route.path} (${route.file}) has an action the check does not post to`).toBe(true);
  }
  expect(dataUrlOf("/admin")).toBe("/admin.data");
  expect(dataUrlOf("/admin/services?page=about")).toBe("/admin/services.data?page=about");
});
