// Notices (issue 44): kept in `notices`, at most one showing at a time. Every public page reads
// the one showing now and notes when that changes by itself (its end, or the next one's start),
// so a kept page is made again then, on every instance, with no save to say so.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { collectionKey, recordContentExpiry, recordContentReads } from "#app/content/content-keys.server.ts";
import { changeContent } from "#app/content/content-version.server.ts";
import { formatOfficeTime } from "#app/content/office-time.ts";
import { type AuditAction, recordAudit } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import type { NoticeTable } from "#app/server/db/schema.server.ts";
import type { Selectable } from "kysely";
import { type NoticeFields, noticeWindow } from "./notice-form.ts";

export const noticesKey = collectionKey("notice");

export type Notice = {
  id: string;
  textEn: string;
  textEs: string;
  link: string;
  linkTextEn: string;
  linkTextEs: string;
  startsAt: string;
  endsAt: string;
  version: number;
  updatedBy: string | null;
  updatedAt: string;
};

function noticeFrom(row: Selectable<NoticeTable>): Notice {
  return {
    id: row.id,
    textEn: row.text_en,
    textEs: row.text_es,
    link: row.link,
    linkTextEn: row.link_text_en,
    linkTextEs: row.link_text_es,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    version: Number(row.version),
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

/** "Nov 25, 2026, 5:00 PM MST to Nov 28, 2026, 8:00 AM MST": when a notice shows, as the office reads it. */
export function noticeWindowText(notice: Pick<Notice, "startsAt" | "endsAt">): string {
  return `${formatOfficeTime(notice.startsAt)} to ${formatOfficeTime(notice.endsAt)}`;
}

/**
 * The notice visitors see at `now`, or null. A public page's render notes that it read the
 * notices, and that it holds only until the shown one ends or the next one starts.
 */
export async function shownNotice(db: Db, now = Date.now()): Promise<Notice | null> {
  recordContentReads([noticesKey]);
  // Notices never overlap: the first not yet ended is the one showing, or the next to.
  const row = await db
    .selectFrom("notices")
    .selectAll()
    .where("ends_at", ">", new Date(now).toISOString())
    .orderBy("starts_at")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const notice = noticeFrom(row);
  const showing = Date.parse(notice.startsAt) <= now;
  recordContentExpiry(Date.parse(showing ? notice.endsAt : notice.startsAt));
  return showing ? notice : null;
}

/** What the admin lists: the notice showing now, the ones to come (soonest first), and the last ended. */
export async function listNotices(
  db: Db,
  now = Date.now(),
): Promise<{ showing: Notice | null; upcoming: Array<Notice>; ended: Array<Notice> }> {
  const at = new Date(now).toISOString();
  const [current, ended] = await Promise.all([
    db.selectFrom("notices").selectAll().where("ends_at", ">", at).orderBy("starts_at").execute(),
    db.selectFrom("notices").selectAll().where("ends_at", "<=", at).orderBy("ends_at", "desc").limit(10).execute(),
  ]);
  const notices = current.map(noticeFrom);
  const showing = notices[0] && notices[0].startsAt <= at ? notices[0] : null;
  return { showing, upcoming: showing ? notices.slice(1) : notices, ended: ended.map(noticeFrom) };
}

type Staff = { id: string; email: string };

export type NoticeChange =
  | { intent: "add"; fields: NoticeFields }
  | { intent: "change"; id: string; version: number; fields: NoticeFields }
  | { intent: "remove"; id: string; version: number };

export type NoticeOutcome =
  | { status: "saved"; id: string }
  | { status: "removed" }
  /** Another notice shows in part of that time. */
  | { status: "overlaps"; other: Notice }
  /** Changed or removed meanwhile: the version shown is not the one stored. */
  | { status: "changed" };

/**
 * Adds, changes or removes a notice, in one transaction that first takes the content counter's
 * row (so two saves at once take turns: an overlap is checked and written as one step), then moves
 * the counter so every instance makes its pages again.
 */
export async function changeNotice(db: Db, change: NoticeChange, admin: Staff, now = Date.now()): Promise<NoticeOutcome> {
  const at = new Date(now).toISOString();
  return changeContent<NoticeOutcome>(db, async (trx) => {
    await trx.updateTable("site_state").set({ content_version: sql`content_version` }).where("id", "=", 1).execute();
    const unchanged = (result: NoticeOutcome) => ({ changed: [], result });
    const stored =
      change.intent === "add" ? undefined : await trx.selectFrom("notices").selectAll().where("id", "=", change.id).executeTakeFirst();
    if (change.intent !== "add" && (!stored || Number(stored.version) !== change.version)) return unchanged({ status: "changed" });
    const audit = (action: AuditAction, notice: Pick<Notice, "textEn" | "startsAt" | "endsAt">, id: string) =>
      recordAudit(trx, { action, admin, target: id, details: { text: notice.textEn, window: noticeWindowText(notice) } }, now);
    if (change.intent === "remove") {
      await trx.deleteFrom("notices").where("id", "=", change.id).execute();
      if (stored) await audit("notice-removed", noticeFrom(stored), change.id);
      return { changed: [noticesKey], result: { status: "removed" } };
    }
    const { startsAt, endsAt } = noticeWindow(change.fields);
    const id = change.intent === "add" ? randomUUID() : change.id;
    const overlapping = await trx
      .selectFrom("notices")
      .selectAll()
      .where("id", "!=", id)
      .where("starts_at", "<", endsAt)
      .where("ends_at", ">", startsAt)
      .orderBy("starts_at")
      .executeTakeFirst();
    if (overlapping) return unchanged({ status: "overlaps", other: noticeFrom(overlapping) });
    const { fields } = change;
    const values = {
      text_en: fields.textEn,
      text_es: fields.textEs,
      link: fields.link,
      link_text_en: fields.link === "" ? "" : fields.linkTextEn,
      link_text_es: fields.link === "" ? "" : fields.linkTextEs,
      starts_at: startsAt,
      ends_at: endsAt,
      updated_by: admin.email,
      updated_at: at,
    };
    if (change.intent === "add")
      await trx
        .insertInto("notices")
        .values({ id, ...values })
        .execute();
    else {
      await trx
        .updateTable("notices")
        .set((eb) => ({ ...values, version: eb("version", "+", 1) }))
        .where("id", "=", id)
        .execute();
    }
    await audit(change.intent === "add" ? "notice-added" : "notice-changed", { textEn: fields.textEn, startsAt, endsAt }, id);
    return { changed: [noticesKey], result: { status: "saved", id } };
  });
}
