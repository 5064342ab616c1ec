// Every query on contact inquiries: storing a visitor's message (with its notification) and the
// staff inbox (listing, counting, marking read, and the possible spam kept apart).
import { randomUUID } from "node:crypto";
import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql, type Updateable } from "kysely";
import { offeredSubjects } from "#app/content/collection-store.server.ts";
import type { InquiryPayload } from "#app/inquiries/contact-form.ts";
import { type AuditEntry, recordAudit } from "#app/server/audit.server.ts";
import type { ListCursor } from "#app/server/list-cursor.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import { type Db, emptyWriteAheadLog } from "#app/server/db/db.server.ts";
import { deleteMailCopies } from "#app/server/mail.server.ts";
import type { Database, InquiryTable } from "#app/server/db/schema.server.ts";
import { countShownUpTo, type InquiryList, type InquiryShow } from "./inbox-view.ts";
import { searchedTerms } from "./inquiry-search.ts";
import { foundBy, idsFoundByAll, openInquiry, sealInquiry, writeSearchTokens } from "./inquiry-sealing.server.ts";
import { getKeyring } from "#app/server/field-encryption.server.ts";
import { composeInquiryNotification } from "./inquiry-notification.server.ts";
import { enqueueMail, wakeOutbox } from "#app/server/outbox.server.ts";
import { type Language, languageOf } from "#app/i18n/languages.ts";

/** Whether an inquiry was already stored from the form rendering with this key. */
export async function inquiryExists(db: Db, idempotencyKey: string): Promise<boolean> {
  const row = await db.selectFrom("inquiries").select("id").where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores a visitor's inquiry as New (unread) together with the staff notification, in one
 * transaction, and returns its id. Mail is delivered later by the outbox sender, so a down or
 * slow mail server neither loses the inquiry nor keeps the visitor waiting. With an
 * `idempotencyKey` already stored (the same form sent again, even at the same moment) nothing
 * is stored or queued, and the first inquiry's id is returned. With a `spamReason` it is kept
 * as possible spam: listed apart in the inbox, and no notification is sent.
 */
export async function createInquiry(
  db: Db,
  payload: InquiryPayload,
  options: { idempotencyKey?: string | null; spamReason?: string | null; now?: number } = {},
): Promise<string> {
  const idempotencyKey = options.idempotencyKey ?? null;
  const spamReason = options.spamReason ?? null;
  const config = getConfig();
  const now = new Date(options.now ?? Date.now());
  const columns = {
    id: randomUUID(),
    created_at: now.toISOString(),
    service: payload.service,
    payment_method: payload.payment_method,
    therapist: payload.therapist ?? null,
    language: payload.language ?? "en",
  };
  const written = {
    name: payload.name,
    email: payload.email,
    phone: payload.phone || null,
    message: payload.message,
    insurance_company: payload.insurance_company ?? null,
  };
  const notification = composeInquiryNotification(
    { ...columns, ...written },
    {
      includeDetails: config.notifyIncludeDetails,
      adminInboxUrl: `${config.linkOrigin}/admin/inquiries`,
    },
  );
  const keyring = getKeyring(config);
  const stored = await db.transaction().execute(async (trx) => {
    // The unique key decides between simultaneous copies on both engines: the others insert nothing.
    const inserted = await trx
      .insertInto("inquiries")
      .values({
        ...columns,
        ...sealInquiry(keyring, columns.id, written),
        is_read: 0,
        read_at: null,
        idempotency_key: idempotencyKey,
        possible_spam: spamReason ? 1 : 0,
        spam_reason: spamReason,
      })
      .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return false;
    await writeSearchTokens(trx, keyring, columns.id, written);
    if (spamReason) return true;
    await enqueueMail(trx, { kind: "inquiry-notification", referenceId: columns.id, to: config.notifyTo, ...notification }, now);
    return true;
  });
  if (stored) {
    if (!spamReason) wakeOutbox();
    return columns.id;
  }
  const first = await db.selectFrom("inquiries").select("id").where("idempotency_key", "=", idempotencyKey).executeTakeFirstOrThrow();
  return first.id;
}

export const inquiryPageSize = 25;

/** A position in the newest-first list: the (created_at, id) of an inquiry. */
export type InquiryCursor = ListCursor;

export type InquiryPage = {
  inquiries: Array<{
    id: string;
    createdAt: string;
    name: string;
    email: string;
    phone: string | null;
    service: string;
    message: string;
    paymentMethod: string;
    insuranceCompany: string | null;
    isRead: boolean;
    readAt: string | null;
    /** Why it was kept as possible spam; null for an ordinary inquiry. */
    spamReason: string | null;
    archived: boolean;
    /** The therapist it was sent for, by their name then; null: for anyone. */
    therapist: string | null;
    /** The language of the page it was sent from. */
    language: Language;
  }>;
  /** Cursors for the neighbouring pages, null at either end. */
  newer: InquiryCursor | null;
  older: InquiryCursor | null;
};

/** An inquiry as staff see it (the inbox's card, a privacy request), from a row of `inquiryColumns`. */
export type StoredInquiry = InquiryPage["inquiries"][number];

export function storedInquiryOf(stored: Pick<Selectable<InquiryTable>, (typeof inquiryColumns)[number]>): StoredInquiry {
  const row = openInquiry(stored);
  return {
    id: row.id,
    createdAt: row.created_at,
    name: row.name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    message: row.message,
    paymentMethod: row.payment_method,
    insuranceCompany: row.insurance_company,
    isRead: Number(row.is_read) === 1,
    readAt: row.read_at,
    spamReason: row.spam_reason,
    archived: Number(row.archived) === 1,
    therapist: row.therapist,
    language: languageOf(row.language),
  };
}

/** What staff see of an inquiry: the inbox's card and the export's row. */
export const inquiryColumns = [
  "id",
  "created_at",
  "sealed_fields",
  "service",
  "payment_method",
  "is_read",
  "read_at",
  "spam_reason",
  "archived",
  "therapist",
  "language",
] as const;

/** The rows of a list: archived ones apart from the rest, possible spam apart from the inquiries. */
function inList(list: InquiryList) {
  return (eb: ExpressionBuilder<Database, "inquiries">) =>
    list === "archived"
      ? eb("archived", "=", 1)
      : eb.and([eb("archived", "=", 0), eb("possible_spam", "=", list === "possible-spam" ? 1 : 0)]);
}

/**
 * A search looks up its inquiries' ids from their tokens first, and when there are at most this
 * many, reads those rows and sorts them. With more, they are common enough that walking the list
 * newest first (checking each row's tokens) soon fills a page. Walking alone read 50,000 rows on
 * PostgreSQL (94 ms at 100,000 inquiries) for "okafor 4", two common words whose matches were all
 * old; the planner cannot know where the matches are.
 */
const fewFoundUpTo = 1000;

/**
 * How a search narrows the list to inquiries whose name, e-mail or phone holds every term of
 * `search` (inquiry-search.ts): their `ids` when few (none when it has nothing to look for), or a
 * `where` that checks each row's tokens as the list is walked.
 */
async function searchFilter(
  db: Db,
  search: string,
): Promise<{ where: (eb: ExpressionBuilder<Database, "inquiries">) => Expression<SqlBool> } | { ids: Array<string> }> {
  const keyring = getKeyring();
  // The longest term first: its tokens are the ones read, and a longer word starts fewer names.
  const terms = searchedTerms(search).sort((a, b) => b.length - a.length);
  if (terms.length === 0) return { ids: [] };
  const found = await idsFoundByAll(db, keyring, terms, fewFoundUpTo + 1);
  if (found.length > fewFoundUpTo) return { where: (eb) => eb.and(terms.map((term) => foundBy(keyring, term)(eb))) };
  return { ids: found.map((row) => row.inquiry_id) };
}

/**
 * The inquiries to list from: the table, or only the rows of `ids`, read by their key first. A
 * materialized CTE keeps both engines from reading the list's own index instead (which they
 * chose, filtering every row by the ids) or walking it in order; its rows are then sorted.
 */
function inquiriesFrom(db: Db, ids: Array<string> | null) {
  if (ids === null) return db.selectFrom("inquiries");
  const found = db
    .with(
      (cte) => cte("found_inquiries").materialized(),
      (cte) =>
        cte
          .selectFrom("inquiries")
          .selectAll()
          .where((eb) => (ids.length === 0 ? eb.val(false) : eb("id", "in", ids))),
    )
    .selectFrom("found_inquiries as inquiries");
  // The same columns under the same name as the table: the list's conditions apply as they are.
  return found as unknown as ReturnType<typeof db.selectFrom<"inquiries">>;
}

/**
 * How many rows `list` holds, counted to at most `upTo` + 1: the admin shows a count up to
 * countShownUpTo and "999+" above (inbox-view.ts). Each count reads one entry of
 * inquiries_count_idx per row it counts: uncapped, 100,000 New inquiries took 4 ms on SQLite
 * (blocking its one process) and 5 ms on PostgreSQL on every admin request; capped, 0.1-0.5 ms
 * at any size (decision 022).
 */
async function countUpTo(db: Db, list: "new" | "possible-spam", upTo: number): Promise<number> {
  let counted = db
    .selectFrom("inquiries")
    // A constant, not a column outside the index, so the index alone answers.
    .select(sql<number>`1`.as("one"))
    .where("archived", "=", 0)
    .where("possible_spam", "=", list === "possible-spam" ? 1 : 0)
    .where("service", "in", await offeredSubjects(db));
  if (list === "new") counted = counted.where("is_read", "=", 0);
  const row = await db
    .selectFrom(counted.limit(upTo + 1).as("counted"))
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * How many inquiries are New (unread), counted as the inbox lists them (possible spam is not
 * counted); above `upTo` the answer is `upTo` + 1, "more than upTo".
 */
export function countNewInquiries(db: Db, upTo = countShownUpTo): Promise<number> {
  return countUpTo(db, "new", upTo);
}

/** How many messages are kept as possible spam (read or not), not archived; above `upTo`, `upTo` + 1. */
export function countPossibleSpam(db: Db, upTo = countShownUpTo): Promise<number> {
  return countUpTo(db, "possible-spam", upTo);
}

/**
 * One page of inquiries, newest first (spec call 6: only those whose service is one of the
 * contact form's subjects). Keyset paging over the (created_at, id) index keeps every page as
 * fast as the first however many inquiries there are. `before` pages toward older ones,
 * `after` back toward newer ones. `list` picks the inquiries (the default), the possible spam or
 * the archived ones; `show` the New or Read ones of it; `search` those whose name, e-mail or
 * phone contains it (measured at 100,000 inquiries by `npm run bench:inbox`).
 */
export async function listInquiries(
  db: Db,
  options: {
    list?: InquiryList;
    show?: InquiryShow;
    search?: string;
    before?: InquiryCursor | null;
    after?: InquiryCursor | null;
    pageSize?: number;
  } = {},
): Promise<InquiryPage> {
  const pageSize = options.pageSize ?? inquiryPageSize;
  const towardNewer = !options.before && Boolean(options.after);
  const search = options.search?.trim();
  const narrowed = search ? await searchFilter(db, search) : null;
  let query = inquiriesFrom(db, narrowed && "ids" in narrowed ? narrowed.ids : null)
    .select(inquiryColumns)
    .where(inList(options.list ?? "inbox"))
    .where("service", "in", await offeredSubjects(db));
  if (options.show === "new" || options.show === "read") query = query.where("is_read", "=", options.show === "new" ? 0 : 1);
  if (narrowed && "where" in narrowed) query = query.where(narrowed.where);
  if (options.before) {
    const { createdAt, id } = options.before;
    query = query.where((eb) => eb(eb.refTuple("created_at", "id"), "<", eb.tuple(createdAt, id)));
  } else if (options.after) {
    const { createdAt, id } = options.after;
    query = query.where((eb) => eb(eb.refTuple("created_at", "id"), ">", eb.tuple(createdAt, id)));
  }
  const direction = towardNewer ? "asc" : "desc";
  const rows = await query
    .orderBy("created_at", direction)
    .orderBy("id", direction)
    .limit(pageSize + 1)
    .execute();

  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (towardNewer) page.reverse();
  const cursorOf = (row: (typeof page)[number] | undefined) => (row ? { createdAt: row.created_at, id: row.id } : null);
  const first = page[0];
  const last = page[page.length - 1];
  return {
    inquiries: page.map(storedInquiryOf),
    newer: towardNewer ? (hasMore ? cursorOf(first) : null) : options.before ? (cursorOf(first) ?? options.before) : null,
    older: towardNewer ? (cursorOf(last) ?? options.after ?? null) : hasMore ? cursorOf(last) : null,
  };
}

/** Whether the inbox lists the inquiry `id` (in either list). */
async function isListed(db: Db, id: string): Promise<boolean> {
  const subjects = await offeredSubjects(db);
  const row = await db.selectFrom("inquiries").select("id").where("id", "=", id).where("service", "in", subjects).executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes these inquiries and the staff notifications about them in the outbox (in the caller's
 * transaction); returns the outbox ids, whose copies in the mail folder go once it commits
 * (finishDeleting).
 */
export async function deleteInquiriesWithNotifications(trx: Db, ids: ReadonlyArray<string>): Promise<Array<string>> {
  if (ids.length === 0) return [];
  const mail = await trx
    .deleteFrom("mail_outbox")
    .where("kind", "=", "inquiry-notification")
    .where("reference_id", "in", ids)
    .returning("id")
    .execute();
  await trx.deleteFrom("inquiry_search_tokens").where("inquiry_id", "in", ids).execute();
  await trx.deleteFrom("inquiries").where("id", "in", ids).execute();
  return mail.map((row) => row.id);
}

/**
 * What an erase or the retention does once its delete is committed: the notifications' copies in
 * the mail folder go, and nothing of the deleted rows stays in SQLite's write-ahead log. (After
 * the commit: a copy outliving a rolled-back delete would be worse than one left a moment.)
 */
export async function finishDeleting(db: Db, mailDir: string, mail: ReadonlyArray<string>): Promise<void> {
  await deleteMailCopies(mailDir, mail);
  await emptyWriteAheadLog(db);
}

export type MarkReadResult = "marked" | "already-read" | "not-found";

export type InquiryChangeResult = "changed" | "unchanged" | "not-found";

/**
 * Changes one listed inquiry once (`change` on a row that `still` says needs it) and records
 * `action` by `by` in the same transaction, so a change always names who made it; answers
 * whether this call made it, found it already so, or found no such inquiry.
 */
async function changeOnceAudited(
  db: Db,
  id: string,
  change: { set: Updateable<InquiryTable>; still: { column: "is_read" | "possible_spam" | "archived"; is: number } },
  audit: { action: AuditEntry["action"]; by: AuditEntry["admin"]; now: number },
): Promise<InquiryChangeResult> {
  const subjects = await offeredSubjects(db);
  const changed = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("inquiries")
      .set(change.set)
      .where("id", "=", id)
      .where(change.still.column, "=", change.still.is)
      .where("service", "in", subjects)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await recordAudit(trx, { action: audit.action, admin: audit.by, target: id }, audit.now);
    return true;
  });
  if (changed) return "changed";
  return (await isListed(db, id)) ? "unchanged" : "not-found";
}

/** New → Read, once: read_at keeps the first time it was read (spec section 4, no way back); audited. */
export async function markInquiryRead(db: Db, id: string, by: AuditEntry["admin"], now = Date.now()): Promise<MarkReadResult> {
  const read = { set: { is_read: 1, read_at: new Date(now).toISOString() }, still: { column: "is_read", is: 0 } } as const;
  const result = await changeOnceAudited(db, id, read, { action: "inquiry-marked-read", by, now });
  return result === "changed" ? "marked" : result === "unchanged" ? "already-read" : result;
}

export type MarkNotSpamResult = "marked" | "not-spam" | "not-found";

/**
 * Moves a message kept as possible spam into the inbox, as it is (New or Read); audited. No
 * notification is sent for it then, since the person marking it has just read it.
 */
export async function markInquiryNotSpam(db: Db, id: string, by: AuditEntry["admin"], now = Date.now()): Promise<MarkNotSpamResult> {
  const notSpam = { set: { possible_spam: 0, spam_reason: null }, still: { column: "possible_spam", is: 1 } } as const;
  const result = await changeOnceAudited(db, id, notSpam, { action: "inquiry-marked-not-spam", by, now });
  return result === "changed" ? "marked" : result === "unchanged" ? "not-spam" : result;
}

/** Read → New again (the reading time is forgotten), once; audited. */
export async function markInquiryUnread(db: Db, id: string, by: AuditEntry["admin"], now = Date.now()): Promise<InquiryChangeResult> {
  const unread = { set: { is_read: 0, read_at: null }, still: { column: "is_read", is: 1 } } as const;
  return changeOnceAudited(db, id, unread, { action: "inquiry-marked-unread", by, now });
}

/** Archives an inquiry (out of the lists, kept as it is), or moves it back; audited. */
export async function setInquiryArchived(
  db: Db,
  id: string,
  archived: boolean,
  by: AuditEntry["admin"],
  now = Date.now(),
): Promise<InquiryChangeResult> {
  const change = { set: { archived: archived ? 1 : 0 }, still: { column: "archived", is: archived ? 0 : 1 } } as const;
  return changeOnceAudited(db, id, change, { action: archived ? "inquiry-archived" : "inquiry-unarchived", by, now });
}
