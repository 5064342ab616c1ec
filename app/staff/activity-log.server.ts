import { z } from "zod";
import { formatOfficeTime, officeDayStart } from "#app/content/office-time.ts";
import { pageLabelOf } from "#app/content/pages.ts";
import { entryTitles } from "#app/content/collection-store.server.ts";
import { inquiryCount } from "#app/inquiries/inbox-view.ts";
import { exportStatusLabels, exportStatuses } from "#app/inquiries/inquiry-export.ts";
import { openInquiry } from "#app/inquiries/inquiry-sealing.server.ts";
import { type AuditAction, type AuditEntry, recordAudit } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import type { ListCursor } from "#app/server/list-cursor.server.ts";
import { staffRoleLabels, staffRoleOf } from "./staff-roles.ts";

/**
 * The activity log an Owner reads (/admin/activity): the audit log, newest first, by person and
 * by the office's days, each entry said in words. Entries hold ids, never what a visitor wrote;
 * an inquiry is named by who sent it while it is still kept.
 */

export const activityPageSize = 50;

export const activityRangeMessage = "Choose the first day on or before the last day.";

const optionalDay = z.union([z.literal(""), z.iso.date({ error: "Enter a date as YYYY-MM-DD." })]).default("");

/** The filter form (a GET form: person, from, to); every field may be left empty. */
export const activityFilterSchema = z
  .object({
    person: z
      .string()
      .max(320)
      .regex(/^[^\p{Cc}]*$/u, { error: "Choose a person from the list." })
      .default(""),
    from: optionalDay,
    to: optionalDay,
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, { error: activityRangeMessage, path: ["to"] });

export type ActivityFilter = z.output<typeof activityFilterSchema>;

/** Records that `admin` was shown these inquiries (the inbox shows each one whole). */
export async function recordInquiriesViewed(
  db: Db,
  admin: NonNullable<AuditEntry["admin"]>,
  list: string,
  inquiries: ReadonlyArray<{ id: string }>,
): Promise<void> {
  await recordAudit(db, {
    action: "inquiries-viewed",
    admin: { id: admin.id, email: admin.email },
    target: null,
    details: { list, ids: inquiries.map((inquiry) => inquiry.id).join(" ") },
  });
}

/** One entry as the page shows it. */
export type ActivityEntry = {
  id: string;
  at: string;
  when: string;
  /** The account that did it; null: the command line or the site itself. */
  who: string | null;
  what: string;
  /** The inquiries an entry is about, by who sent them ("an inquiry since deleted" once gone). */
  inquiries: Array<string>;
};

type Row = { id: string; created_at: string; admin_email: string | null; action: string; target: string | null; details: string | null };

function detailsOf(row: Row): Record<string, unknown> {
  if (!row.details) return {};
  try {
    const value: unknown = JSON.parse(row.details);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function text(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/** ", in Spanish" for what was done to a page's translation; nothing for its English. */
function inLanguage(details: Record<string, unknown>): string {
  return details.language === "es" ? " in Spanish" : "";
}

/** What staff call a page: an added service by its title in the services list, any other by its definition. */
function pageLabel(name: string | null, titles: ReadonlyMap<string, string>): string {
  const label = name === null ? "" : pageLabelOf(name, titles);
  return `the page "${label}"`;
}

const signInRefusals: Record<string, string> = {
  "invalid-credentials": "wrong e-mail or password",
  "account-disabled": "the account is disabled",
  "demo-not-from-here": "the demo account from another machine",
  "demo-without-link": "the demo account, from a browser that had not opened the demo link",
  throttled: "too many attempts",
  busy: "sign-in was busy",
  "client-busy": "another attempt from the same address was being checked",
  "wrong-code": "right password, wrong two-step code",
};

const inquiryActions: Partial<Record<AuditAction, string>> = {
  "inquiry-marked-read": "Marked an inquiry as read",
  "inquiry-marked-unread": "Marked an inquiry as unread",
  "inquiry-marked-not-spam": "Moved an inquiry out of possible spam",
  "inquiry-archived": "Archived an inquiry",
  "inquiry-unarchived": "Moved an inquiry back to the inbox",
};

const inboxLists: Record<string, string> = {
  inbox: "the inbox",
  archived: "Archived",
  "possible-spam": "Possible spam",
  privacy: "a privacy request",
};

const resetRequestOutcomes: Record<string, string> = {
  mailed: "mailed",
  throttled: "not mailed: too many requests",
  "no-account": "not mailed: no account that may sign in",
};

/** What an entry says happened, in words (`titles`: the services' and articles' titles by page name). */
export function describeActivity(row: Row, titles: ReadonlyMap<string, string> = new Map()): string {
  const details = detailsOf(row);
  const target = row.target ?? "";
  const action = row.action as AuditAction;
  const inquiryAction = inquiryActions[action];
  if (inquiryAction) return inquiryAction;
  switch (action) {
    case "sign-in": {
      const secondStep = text(details.secondStep);
      return `Signed in from ${text(details.address) || "an unknown address"}${secondStep ? ` (two-step, with ${secondStep === "recovery code" ? "a recovery code" : "the authenticator app"})` : ""}`;
    }
    case "sign-in-failed":
      return `Sign-in refused for ${target} (${signInRefusals[text(details.reason)] ?? text(details.reason)}) from ${text(details.address) || "an unknown address"}`;
    case "sign-out":
      return "Signed out";
    case "sessions-ended":
      return `Signed out of ${text(details.count) === "1" ? "a session" : `${text(details.count)} sessions`} from the account page (${text(details.devices)})`;
    case "password-changed":
      return "Changed their password";
    case "password-change-refused":
      return "Tried to change their password with a wrong current password";
    case "two-factor-enabled":
      return "Turned on two-step sign-in";
    case "two-factor-disabled":
      return "Turned off two-step sign-in";
    case "two-factor-change-refused":
      return "Tried to change their two-step sign-in with a wrong current password";
    case "recovery-codes-renewed":
      return "Made new recovery codes for two-step sign-in";
    case "two-factor-required":
      return "Required two-step sign-in for every account";
    case "two-factor-not-required":
      return "Stopped requiring two-step sign-in for every account";
    case "admin-two-factor-reset":
      return `Turned off two-step sign-in for ${target} (their sessions ended)`;
    case "password-reset-requested":
      return `A new-password link was asked for ${target} from ${text(details.address) || "an unknown address"} (${resetRequestOutcomes[text(details.reason)] ?? text(details.reason)})`;
    case "password-reset-by-link":
      return "Chose a new password with a link";
    case "staff-invited": {
      const role = staffRoleOf(text(details.role));
      return `Invited ${target} as ${role ? staffRoleLabels[role] : text(details.role)}`;
    }
    case "staff-invite-withdrawn": {
      const role = staffRoleOf(text(details.role));
      return `Withdrew the invitation of ${target}${role ? ` (as ${staffRoleLabels[role]})` : ""}: its link no longer works`;
    }
    case "new-sign-in-mailed":
      return "Was mailed of a sign-in from a new browser";
    case "inquiries-viewed":
      return `Opened ${inquiryCount(inquiryIdsOf(row).length)} in ${inboxLists[text(details.list)] ?? "the inbox"}`;
    case "inquiries-exported": {
      const [from, to] = target.split("..");
      const status = text(details.status);
      const label = (exportStatuses as ReadonlyArray<string>).includes(status)
        ? exportStatusLabels[status as keyof typeof exportStatusLabels]
        : status;
      return `Exported inquiries received ${from} to ${to} (${label}) to a spreadsheet`;
    }
    case "inquiries-deleted-by-retention":
      return `Deleted ${inquiryCount(Number(details.count))} read more than ${text(details.days)} days ago (INQUIRY_RETENTION_DAYS)`;
    case "person-data-exported":
      return `Exported everything held about one person (${inquiryCount(inquiryIdsOf(row).length)}) for a privacy request`;
    case "person-erased":
      return `Erased everything held about one person (${inquiryCount(inquiryIdsOf(row).length)}) for a privacy request`;
    case "page-saved":
      return details.onSchedule
        ? `Published ${pageLabel(row.target, titles)}${inLanguage(details)} as scheduled for ${text(details.onSchedule)} (version ${text(details.version)})`
        : `Published ${pageLabel(row.target, titles)} (version ${text(details.version)})`;
    case "services-changed":
      return text(details.said) || "Changed the services list";
    case "articles-changed":
      return text(details.said) || "Changed the articles list";
    case "page-draft-saved":
      return `Saved a draft of ${pageLabel(row.target, titles)} (version ${text(details.version)})`;
    case "page-restored":
      return `Restored ${pageLabel(row.target, titles)} to version ${text(details.restoredVersion)} (now version ${text(details.version)})`;
    case "profile-submitted":
      return `Sent their profile changes for review (${text(details.member)})`;
    case "profile-approved":
      return `Approved and published the profile changes of ${text(details.member)} (About, version ${text(details.version)})`;
    case "profile-sent-back":
      return `Sent the profile changes of ${text(details.member)} back with a note`;
    case "new-clients-changed":
      return `Set ${text(details.member)}'s page to "${text(details.to)}" (About, version ${text(details.version)})`;
    case "notice-added":
      return `Added the notice "${text(details.text)}" (${text(details.window)})`;
    case "notice-changed":
      return `Changed the notice "${text(details.text)}" (${text(details.window)})`;
    case "notice-removed":
      return `Removed the notice "${text(details.text)}"`;
    case "publish-scheduled":
      return `Scheduled the draft of ${pageLabel(row.target, titles)}${inLanguage(details)} to publish on ${text(details.at)}`;
    case "publish-moved":
      return `Moved the publishing of ${pageLabel(row.target, titles)}${inLanguage(details)} to ${text(details.at)}`;
    case "publish-cancelled":
      return `Cancelled the publishing of ${pageLabel(row.target, titles)}${inLanguage(details)} on ${text(details.at)}`;
    case "publish-skipped":
      return `Did not publish ${pageLabel(row.target, titles)}${inLanguage(details)} as scheduled for ${text(details.at)}: ${text(details.note)}`;
    case "media-uploaded":
      return `Uploaded the image ${target}`;
    case "media-deleted":
      return `Deleted the image ${target}`;
    case "media-renamed":
      return `Renamed the image ${target}`;
    case "media-replaced":
      return `Replaced the image ${target}`;
    case "media-described":
      return `Changed the description of the image ${target}`;
    case "admin-created": {
      const role = staffRoleOf(text(details.role) || "owner");
      const as = role ? ` (${staffRoleLabels[role]})` : "";
      const by = text(details.by);
      if (by === "invitation") return `Accepted the invitation: made the account ${target}${as}`;
      if (by === "demo") return `Made their own account ${target}${as} from the demo account, which ended demo mode`;
      return `Created the account ${target}${as}`;
    }
    case "admin-role-changed": {
      const to = staffRoleOf(text(details.to));
      return `Made ${target} ${to ? staffRoleLabels[to] : text(details.to)}${withdrawnText(details)}`;
    }
    case "admin-password-reset":
      return text(details.by) === "link"
        ? `Reset the password of ${target} and sent a link to choose a new one`
        : `Set a new password for ${target}`;
    case "admin-disabled":
      return `Disabled the account ${target}${withdrawnText(details)}`;
    case "admin-enabled":
      return `Enabled the account ${target}`;
    case "admin-removed":
      return `Removed the account ${target}${withdrawnText(details)}`;
    case "demo-admin-created":
      return "Demo mode began (the demo account was made)";
    case "demo-admin-deleted":
      return "Demo mode ended (the demo account was deleted)";
    default:
      return `${row.action}${target ? ` ${target}` : ""}`;
  }
}

/** What a change to an account said of the open invitations it withdrew, if any. */
function withdrawnText(details: Record<string, unknown>): string {
  const count = Number(details.invitesWithdrawn ?? 0);
  if (!(count > 0)) return "";
  return count === 1 ? " (their open invitation was withdrawn)" : ` (their ${count} open invitations were withdrawn)`;
}

/** The inquiries an entry is about: the one it changed, or those a page showed, exported or erased (`ids`). */
function inquiryIdsOf(row: Row): Array<string> {
  if (row.action in inquiryActions) return row.target ? [row.target] : [];
  return text(detailsOf(row).ids).split(" ").filter(Boolean);
}

/** The people who appear in the log (and every account), for the filter's list. */
export async function activityPeople(db: Db): Promise<Array<string>> {
  const [logged, accounts] = await Promise.all([
    db.selectFrom("audit_log").select("admin_email").distinct().where("admin_email", "is not", null).execute(),
    db.selectFrom("admin_users").select("email").execute(),
  ]);
  const emails = new Set([...logged.map((row) => row.admin_email!), ...accounts.map((row) => row.email)]);
  return [...emails].sort();
}

/**
 * One page of the log under `filter`, newest first, from `before` on. A person's entries are those
 * they did, and the refused sign-ins and account changes made in their name (by the command line).
 */
export async function listActivity(
  db: Db,
  filter: ActivityFilter,
  before: ListCursor | null,
): Promise<{ entries: Array<ActivityEntry>; older: ListCursor | null }> {
  let query = db.selectFrom("audit_log").select(["id", "created_at", "admin_email", "action", "target", "details"]);
  if (filter.person) {
    const person = filter.person;
    query = query.where((where) =>
      where.or([where("admin_email", "=", person), where.and([where("admin_email", "is", null), where("target", "=", person)])]),
    );
  }
  if (filter.from) query = query.where("created_at", ">=", officeDayStart(filter.from));
  if (filter.to) query = query.where("created_at", "<", officeDayStart(filter.to, 1));
  if (before) query = query.where((eb) => eb(eb.refTuple("created_at", "id"), "<", eb.tuple(before.createdAt, before.id)));
  const rows = await query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(activityPageSize + 1)
    .execute();
  const shown = rows.slice(0, activityPageSize);
  const [senders, titles] = await Promise.all([inquirySenders(db, [...new Set(shown.flatMap(inquiryIdsOf))]), entryTitles(db)]);
  const last = shown.at(-1);
  return {
    entries: shown.map((row) => ({
      id: row.id,
      at: row.created_at,
      when: formatOfficeTime(row.created_at),
      who: row.admin_email,
      what: describeActivity(row, titles),
      inquiries: inquiryIdsOf(row).map((id) => senders.get(id) ?? "an inquiry since deleted"),
    })),
    older: rows.length > activityPageSize && last ? { createdAt: last.created_at, id: last.id } : null,
  };
}

/** Who sent each inquiry still kept, with the day it came ("Jane Doe, Mar 4, 2026, 2:05 PM MST"). */
async function inquirySenders(db: Db, ids: Array<string>): Promise<Map<string, string>> {
  const senders = new Map<string, string>();
  // Both engines take 500 parameters in one statement comfortably.
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom("inquiries")
      .select(["id", "sealed_fields", "created_at"])
      .where("id", "in", ids.slice(start, start + 500))
      .execute();
    for (const row of rows.map((stored) => openInquiry(stored)))
      senders.set(row.id, `${row.name}, received ${formatOfficeTime(row.created_at)}`);
  }
  return senders;
}
