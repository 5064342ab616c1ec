// Scheduled publishing (issue 44, decision 049): a page's saved draft, in one language, goes live
// at a time staff chose. Every instance looks for what is due; a schedule is claimed and its draft
// published in one transaction, so it goes live exactly once, and a crash or restart in between
// leaves it waiting for the next look rather than lost or half done.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { entryTitles } from "#app/content/collection-store.server.ts";
import { changeContent } from "#app/content/content-version.server.ts";
import { parseStoredContent } from "#app/content/merge.ts";
import { formatOfficeTime } from "#app/content/office-time.ts";
import { savePageIn } from "#app/content/page-store.server.ts";
import { isPageName, type PageName, pageLabelOf } from "#app/content/pages.ts";
import { type Language, languageOf } from "#app/i18n/languages.ts";
import { type AuditAction, recordAudit } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import type { ScheduledPublicationTable } from "#app/server/db/schema.server.ts";
import { log } from "#app/server/log.server.ts";
import type { Selectable } from "kysely";

type Staff = { id: string; email: string };

export type ScheduleStatus = "scheduled" | "published" | "cancelled" | "skipped";

export type ScheduledPublication = {
  id: string;
  page: string;
  language: Language;
  publishAt: string;
  status: ScheduleStatus;
  version: number;
  scheduledBy: string;
  publishedVersion: number | null;
  doneAt: string | null;
  note: string | null;
};

function scheduleFrom(row: Selectable<ScheduledPublicationTable>): ScheduledPublication {
  return {
    id: row.id,
    page: row.page_name,
    language: languageOf(row.lang),
    publishAt: row.publish_at,
    status: row.status as ScheduleStatus,
    version: Number(row.version),
    scheduledBy: row.scheduled_by,
    publishedVersion: row.published_version === null ? null : Number(row.published_version),
    doneAt: row.done_at,
    note: row.note,
  };
}

/** The schedule waiting for a page in a language (what its editor says), or null. */
export async function waitingSchedule(db: Db, page: string, language: Language): Promise<ScheduledPublication | null> {
  const row = await db
    .selectFrom("scheduled_publications")
    .selectAll()
    .where("page_name", "=", page)
    .where("lang", "=", language)
    .where("status", "=", "scheduled")
    .executeTakeFirst();
  return row ? scheduleFrom(row) : null;
}

/** When a page's draft in a language is scheduled to publish, as the office's clock says it, or null. */
export async function scheduledTimeOf(db: Db, page: string, language: Language): Promise<string | null> {
  const waiting = await waitingSchedule(db, page, language);
  return waiting ? formatOfficeTime(waiting.publishAt) : null;
}

/** What the Scheduled tab lists: what waits (soonest first) and the last done. */
export async function listSchedules(db: Db): Promise<{ waiting: Array<ScheduledPublication>; done: Array<ScheduledPublication> }> {
  const [waiting, done] = await Promise.all([
    db.selectFrom("scheduled_publications").selectAll().where("status", "=", "scheduled").orderBy("publish_at").execute(),
    db
      .selectFrom("scheduled_publications")
      .selectAll()
      .where("status", "!=", "scheduled")
      .orderBy("updated_at", "desc")
      .limit(10)
      .execute(),
  ]);
  return { waiting: waiting.map(scheduleFrom), done: done.map(scheduleFrom) };
}

/** Every page, in each language, that has a saved draft to schedule. */
export async function schedulableDrafts(db: Db): Promise<Array<{ page: string; language: Language }>> {
  const rows = await db
    .selectFrom("page_content")
    .select(["page_name", "lang"])
    .where("draft", "is not", null)
    .orderBy("page_name")
    .orderBy("lang")
    .execute();
  return rows.filter((row) => isPageName(row.page_name)).map((row) => ({ page: row.page_name, language: languageOf(row.lang) }));
}

/** What staff call each page a schedule can name (pageLabelOf, with the services' and articles' titles). */
export async function pageLabels(db: Db, pages: Iterable<string>): Promise<Map<string, string>> {
  const titles = await entryTitles(db);
  return new Map([...pages].map((page) => [page, pageLabelOf(page, titles)]));
}

export type ScheduleChange =
  | { intent: "schedule"; page: string; language: Language; publishAt: string }
  | { intent: "move"; id: string; version: number; publishAt: string }
  | { intent: "cancel"; id: string; version: number };

export type ScheduleOutcome =
  | { status: "done"; schedule: ScheduledPublication }
  /** The page has no saved draft in that language. */
  | { status: "noDraft" }
  /** A schedule already waits for that draft. */
  | { status: "alreadyScheduled" }
  /** Moved, cancelled or published meanwhile: the version shown is not the one stored. */
  | { status: "changed" };

/**
 * Schedules a page's draft, or moves or cancels a schedule, in one transaction: a move or cancel
 * only of the version shown and only while it waits (one statement checks and writes), a new
 * schedule only of a draft that exists and has none (the unique index refuses a second at once).
 */
export async function changeSchedule(db: Db, change: ScheduleChange, admin: Staff, now = Date.now()): Promise<ScheduleOutcome> {
  const at = new Date(now).toISOString();
  return db.transaction().execute(async (trx): Promise<ScheduleOutcome> => {
    if (change.intent === "schedule") {
      if (!isPageName(change.page)) return { status: "noDraft" };
      const draft = await trx
        .selectFrom("page_content")
        .select("version")
        .where("page_name", "=", change.page)
        .where("lang", "=", change.language)
        .where("draft", "is not", null)
        .executeTakeFirst();
      if (!draft) return { status: "noDraft" };
      const inserted = await trx
        .insertInto("scheduled_publications")
        .values({
          id: randomUUID(),
          page_name: change.page,
          lang: change.language,
          publish_at: change.publishAt,
          scheduled_by_id: admin.id,
          scheduled_by: admin.email,
          updated_at: at,
        })
        // The partial unique index's own condition, written out: SQLite matches it only as a literal.
        .onConflict((conflict) => conflict.columns(["page_name", "lang"]).where(sql<boolean>`status = 'scheduled'`).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted) return { status: "alreadyScheduled" };
      await auditSchedule(trx, "publish-scheduled", admin, inserted, now);
      return { status: "done", schedule: scheduleFrom(inserted) };
    }
    const changed = await trx
      .updateTable("scheduled_publications")
      .set((eb) =>
        change.intent === "move"
          ? { publish_at: change.publishAt, version: eb("version", "+", 1), updated_at: at }
          : { status: "cancelled", version: eb("version", "+", 1), updated_at: at, done_at: at, note: `Cancelled by ${admin.email}` },
      )
      .where("id", "=", change.id)
      .where("version", "=", change.version)
      .where("status", "=", "scheduled")
      .returningAll()
      .executeTakeFirst();
    if (!changed) return { status: "changed" };
    await auditSchedule(trx, change.intent === "move" ? "publish-moved" : "publish-cancelled", admin, changed, now);
    return { status: "done", schedule: scheduleFrom(changed) };
  });
}

function auditSchedule(trx: Db, action: AuditAction, admin: Staff | null, row: Selectable<ScheduledPublicationTable>, now: number) {
  return recordAudit(
    trx,
    { action, admin, target: row.page_name, details: { language: row.lang, at: formatOfficeTime(row.publish_at), note: row.note } },
    now,
  );
}

/**
 * Publishes every schedule due at `now` that no other instance has: each in its own transaction,
 * which claims it (the UPDATE re-checks that it still waits, so of two instances exactly one gets
 * it) and publishes the page's draft as it is then, as a Save Changes of it by whoever scheduled
 * it would. A draft gone meanwhile (published or replaced by a publish) or one that cannot go live
 * as it is (a translation missing a text the English has now) is not published: the schedule
 * ends "skipped", with why, for the Scheduled tab to show. Returns how many went live.
 */
export async function publishDueSchedules(db: Db, now = Date.now()): Promise<number> {
  const at = new Date(now).toISOString();
  let published = 0;
  const due = await db
    .selectFrom("scheduled_publications")
    .select("id")
    .where("status", "=", "scheduled")
    .where("publish_at", "<=", at)
    .orderBy("publish_at")
    .execute();
  for (const { id } of due) {
    const outcome = await changeContent(db, async (trx) => {
      const claimed = await trx
        .updateTable("scheduled_publications")
        .set((eb) => ({ status: "published", version: eb("version", "+", 1), updated_at: at, done_at: at }))
        .where("id", "=", id)
        .where("status", "=", "scheduled")
        .where("publish_at", "<=", at)
        .returningAll()
        .executeTakeFirst();
      if (!claimed) return { changed: [], result: "taken" as const };
      const saved = await publishDraftIn(trx, claimed, now);
      if (saved.status === "saved") {
        await trx.updateTable("scheduled_publications").set({ published_version: saved.version }).where("id", "=", id).execute();
        return { changed: saved.changed, result: "published" as const };
      }
      await trx.updateTable("scheduled_publications").set({ status: "skipped", note: saved.note }).where("id", "=", id).execute();
      await auditSchedule(trx, "publish-skipped", null, { ...claimed, note: saved.note }, now);
      return { changed: [], result: "skipped" as const };
    });
    if (outcome === "published") {
      published++;
      log.info("Published a scheduled change", { schedule: id });
    }
    if (outcome === "skipped") log.warn("A scheduled publish was skipped", { schedule: id });
  }
  return published;
}

const scheduler = (row: Selectable<ScheduledPublicationTable>): Staff | null =>
  row.scheduled_by_id ? { id: row.scheduled_by_id, email: row.scheduled_by } : null;

const skipNotes = {
  noDraft: "Nothing to publish: the draft had been published or replaced before its time.",
  invalid: "Not published: the draft cannot go live as it is (a text is missing or wrong). Open it in its editor, mend it and publish it.",
} as const;

/** Publishes the claimed schedule's draft (savePageIn, in the claim's transaction), or says why not. */
async function publishDraftIn(
  trx: Db,
  row: Selectable<ScheduledPublicationTable>,
  now: number,
): Promise<
  { status: "saved"; version: number; changed: Awaited<ReturnType<typeof savePageIn>>["changed"] } | { status: "not"; note: string }
> {
  const name = row.page_name;
  const language = languageOf(row.lang);
  if (!isPageName(name)) return { status: "not", note: skipNotes.noDraft };
  // Read by an update that changes nothing, which takes the page's row: a save made at this very
  // moment waits for the publish instead of slipping in between the read and the write.
  const stored = await trx
    .updateTable("page_content")
    .set({ version: sql`version` })
    .where("page_name", "=", name)
    .where("lang", "=", language)
    .returning(["draft", "version", "source_version"])
    .executeTakeFirst();
  const draft = parseStoredContent(stored?.draft);
  if (!stored || draft === undefined) return { status: "not", note: skipNotes.noDraft };
  const common = {
    name: name as PageName,
    baseVersion: Number(stored.version),
    admin: scheduler(row),
    // The publish is audited as theirs, saying it came on schedule.
    audit: { action: "page-saved" as const, details: { onSchedule: formatOfficeTime(row.publish_at) } },
  };
  // A translation's draft is stored as its texts, which is what a translation's save takes.
  const translation = language === "en" ? undefined : { language, sourceVersion: Number(stored.source_version ?? 0) };
  const { changed, result } = await savePageIn(trx, { ...common, content: draft, translation }, now);
  if (result.status === "saved") return { status: "saved", version: result.version, changed };
  return { status: "not", note: result.status === "invalid" ? skipNotes.invalid : skipNotes.noDraft };
}

export type SchedulePublisher = { stop(): Promise<void> };

/**
 * Starts looking for due schedules: at once (what came due while no instance ran is published
 * now), then every `pollMs`. Each instance runs one; the claim makes them take turns.
 */
export function startSchedulePublisher(db: Db, pollMs: number): SchedulePublisher {
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    pass = publishDueSchedules(db)
      .then(
        () => undefined,
        (error: unknown) => log.error("Error publishing scheduled changes", error),
      )
      .finally(() => {
        pass = undefined;
        if (stopped) return;
        timer = setTimeout(run, pollMs);
        timer.unref();
      });
  };
  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
