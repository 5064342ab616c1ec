import { z } from "zod";
import { editorTabAt } from "#app/content/pages.ts";

/**
 * What a staff account may do. The specification's one admin is the Owner; the others see only
 * their part of the dashboard, and the server refuses the rest (adminSession, session.server.ts).
 */
export const staffRoles = ["owner", "editor", "inbox", "clinician"] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffRoleSchema = z.enum(staffRoles, { error: "Choose Owner, Editor, Inbox or Clinician." });

export const staffRoleLabels: Record<StaffRole, string> = { owner: "Owner", editor: "Editor", inbox: "Inbox", clinician: "Clinician" };

/**
 * The parts of the dashboard: `content` (the page editors, their history, images), `inquiries`
 * (the inbox and its export), `owner` (accounts, the activity log), `profile` (a Clinician's own
 * team profile and its photo) and `anyone` (the dashboard's front door, signing out, one's own
 * account page).
 */
export type AdminArea = "content" | "inquiries" | "owner" | "profile" | "anyone";

const areasOf: Record<StaffRole, ReadonlySet<AdminArea>> = {
  owner: new Set(["anyone", "content", "inquiries", "owner"]),
  editor: new Set(["anyone", "content"]),
  inbox: new Set(["anyone", "inquiries"]),
  // Their own profile only: every other page of the site and the inbox are the office's.
  clinician: new Set(["anyone", "profile"]),
};

export function mayEnter(role: StaffRole, area: AdminArea): boolean {
  return areasOf[role].has(area);
}

/** A stored role, or null for a value this version does not know (such an account is not let in). */
export function staffRoleOf(value: string): StaffRole | null {
  const parsed = staffRoleSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Whether `path` is `prefix` or below it. */
function isAt(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** An admin address as a page's: without its React Router data suffix (`.data`) or a trailing slash. */
export function adminPathOf(pathname: string): string {
  return pathname.replace(/(\/_)?\.data$/, "").replace(/\/+$/, "");
}

/**
 * The part of the dashboard an admin address belongs to (its React Router data request, `.data`,
 * included). An address this table does not know is the Owner's: a new admin route is closed to
 * the other roles until it is placed here.
 */
export function adminAreaOf(pathname: string): AdminArea {
  const path = adminPathOf(pathname);
  if (path === "/admin" || path === "/admin/logout" || isAt(path, "/admin/account")) return "anyone";
  if (isAt(path, "/admin/inquiries")) return "inquiries";
  if (isAt(path, "/admin/profile")) return "profile";
  if (
    isAt(path, "/admin/images") ||
    isAt(path, "/admin/history") ||
    isAt(path, "/admin/services") ||
    isAt(path, "/admin/articles") ||
    isAt(path, "/admin/reviews") ||
    isAt(path, "/admin/translations") ||
    isAt(path, "/admin/notices") ||
    isAt(path, "/admin/scheduled") ||
    editorTabAt(path)
  )
    return "content";
  return "owner";
}
