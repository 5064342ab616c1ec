// A Clinician's own profile and its review (issue 42, decision 043). The team is the About page's
// list, so a clinician's change is kept apart, one submission per member, until an Owner or
// Editor approves it: then it is published as a change of that one member, over the About page as
// it is then (and into its pending draft), so it never publishes another editor's draft and never
// what the approver was not shown. "New clients" is published at once the same way.
import { createHash } from "node:crypto";
import { changeContent } from "#app/content/content-version.server.ts";
import { readLiveTranslation, readPage, savePageIn } from "#app/content/page-store.server.ts";
import { hasText } from "#app/content/translation.ts";
import { type Language, languageOf } from "#app/i18n/languages.ts";
import { type AuditAction, recordAudit } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import type { ProfileSubmissionRow } from "#app/server/db/schema.server.ts";
import type { AboutContent, StaffMember } from "./about.ts";
import { teamPages } from "./team-pages.ts";
import { type OwnProfile, type OwnProfileKey, ownProfileKeys, ownTranslatedKeys, submittedFieldsSchema } from "./own-profile.ts";

type Staff = { id: string; email: string };

type SubmissionState = "awaiting" | "sent-back" | "approved";

export type Submission = {
  memberId: string;
  /** The language of the texts it changes. */
  language: Language;
  version: number;
  state: SubmissionState;
  /** The fields it changes, as sent. */
  fields: Partial<OwnProfile>;
  submittedBy: string;
  submittedAt: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
  note: string | null;
};

function submissionFrom(row: ProfileSubmissionRow): Submission {
  let stored: unknown = {};
  try {
    stored = JSON.parse(row.fields);
  } catch {
    // An unreadable row proposes nothing.
  }
  const parsed = submittedFieldsSchema.safeParse(stored);
  return {
    memberId: row.member_id,
    language: languageOf(row.lang),
    version: Number(row.version),
    state: row.state,
    // Only the keys it was sent with (the schema fills in the others).
    fields: parsed.success ? pickSent(parsed.data, stored) : {},
    submittedBy: row.submitted_by,
    submittedAt: row.submitted_at,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at,
    note: row.note,
  };
}

function pickSent(parsed: Partial<OwnProfile>, stored: unknown): Partial<OwnProfile> {
  const sent = typeof stored === "object" && stored !== null ? Object.keys(stored) : [];
  return Object.fromEntries(ownProfileKeys.filter((key) => sent.includes(key)).map((key) => [key, parsed[key]]));
}

/** Whether two values of a field are the same (pictures as references, lists in order). */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function memberOf(content: AboutContent, memberId: string): StaffMember | null {
  return content.staff.find((member) => member.id === memberId) ?? null;
}

/** The About page with one member's fields replaced (the page as it is otherwise kept). */
function withMemberFields(memberId: string, fields: Partial<StaffMember>) {
  return (content: AboutContent): AboutContent => ({
    ...content,
    staff: content.staff.map((member) => (member.id === memberId ? { ...member, ...fields } : member)),
  });
}

/** What a publish of one member's fields came to: done, refused (and why), or the member is gone. */
type Published<Reason extends string> = { status: "published" } | { status: "refused"; reason: Reason } | { status: "gone" };

/** A save of the About page that met another save made at that moment: tried again over it. */
class SavedMeanwhile extends Error {}

/** Nothing is published, and what `fieldsFor` wrote is rolled back with it. */
class NotPublished<Reason extends string> extends Error {
  readonly outcome: Published<Reason>;
  constructor(outcome: Published<Reason>) {
    super("not published");
    this.outcome = outcome;
  }
}

/**
 * Publishes one member's fields over the About page as it is (its pending draft too). `fieldsFor`
 * runs in the same transaction, given the member as they are: it answers the fields, or why not
 * (a string), and what it wrote is kept only when the fields are published.
 */
async function publishMemberFields<Reason extends string = never>(
  db: Db,
  input: {
    memberId: string;
    /** The texts published: the English page's, or (Spanish) its translation's (decision 047). */
    language?: Language;
    fieldsFor: (trx: Db, member: StaffMember) => Promise<Partial<StaffMember> | Reason>;
    admin: Staff;
    /** What the audit log says of the publish, for the member as they were. */
    audit: (member: StaffMember) => { action: AuditAction; details: Record<string, string | number> };
  },
): Promise<Published<Reason | "untranslated">> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await changeContent<Published<Reason | "untranslated">>(db, async (trx) => {
        const language = input.language ?? "en";
        const team = await teamIn(trx, language);
        const member = memberOf(team.content, input.memberId);
        if (!member) throw new NotPublished<Reason>({ status: "gone" });
        const fields = await input.fieldsFor(trx, member);
        if (typeof fields === "string") throw new NotPublished<Reason>({ status: "refused", reason: fields });
        const saved = await savePageIn(trx, {
          name: "about",
          content: null,
          edit: withMemberFields(input.memberId, fields),
          baseVersion: team.version,
          admin: input.admin,
          audit: input.audit(member),
          // A translation keeps the English version the rest of it was written from.
          translation: language === "en" ? undefined : { language, sourceVersion: team.sourceVersion },
        });
        if (saved.result.status === "conflict") throw new SavedMeanwhile();
        // A translation's member must have every text their English has (their title, which the office writes).
        if (saved.result.status === "invalid" && language !== "en") throw new NotPublished({ status: "refused", reason: "untranslated" });
        if (saved.result.status === "invalid")
          throw new Error(`A profile change does not fit the About page: ${saved.result.issues[0]?.message}`);
        return { changed: saved.changed, result: { status: "published" } };
      });
    } catch (error) {
      if (error instanceof NotPublished) return error.outcome as Published<Reason | "untranslated">;
      // Rolled back as a whole; another try reads the page as that save left it.
      if (!(error instanceof SavedMeanwhile) || attempt >= 4) throw error;
    }
  }
}

/**
 * The team as visitors read it in `language`, and the version a save of it names: the About page,
 * or its translation as its editor holds it (each member's texts in that language, empty where
 * there are none; names, photos and choices the English page's).
 */
async function teamIn(db: Db, language: Language): Promise<{ content: AboutContent; version: number; sourceVersion: number }> {
  if (language === "en") return { ...(await readPage(db, "about")), sourceVersion: 0 };
  return readLiveTranslation(db, "about", language);
}

/** The fields a clinician keeps in a language: all of theirs in English, their texts in another. */
function keysIn(language: Language): ReadonlyArray<OwnProfileKey> {
  return language === "en" ? ownProfileKeys : ownTranslatedKeys;
}

/**
 * A clinician's member as visitors read them in `language` and in English (the English is shown
 * beside each field of another language), and their page's address.
 */
async function liveProfile(
  db: Db,
  memberId: string,
  language: Language,
): Promise<{ member: StaffMember | null; english: StaffMember | null; path: string | null }> {
  const [english, translation] = await Promise.all([
    readPage(db, "about"),
    language === "en" ? null : readLiveTranslation(db, "about", language),
  ]);
  const page = teamPages(english.content.staff).find((each) => each.member.id === memberId);
  const member = translation ? memberOf(translation.content, memberId) : (page?.member ?? null);
  return { member, english: page?.member ?? null, path: page?.path ?? null };
}

/** The live profile of a clinician's member in `language` (liveProfile), and their submission in that language (if any). */
export async function readOwnProfile(
  db: Db,
  memberId: string,
  language: Language = "en",
): Promise<{ member: StaffMember | null; english: StaffMember | null; path: string | null; submission: Submission | null }> {
  const [profile, row] = await Promise.all([
    liveProfile(db, memberId, language),
    db.selectFrom("profile_submissions").selectAll().where("member_id", "=", memberId).where("lang", "=", language).executeTakeFirst(),
  ]);
  return { ...profile, submission: row ? submissionFrom(row) : null };
}

/**
 * A clinician's "Submit for review": the fields that differ from their live profile are kept
 * for review, replacing any earlier submission of theirs (its version moves, so a reviewer who
 * was shown the earlier one cannot approve this one unseen).
 */
export async function submitOwnProfile(
  db: Db,
  input: { memberId: string; profile: Partial<OwnProfile>; admin: Staff; language?: Language },
  now = Date.now(),
): Promise<
  | { status: "submitted"; version: number }
  | { status: "unchanged" }
  | { status: "waiting" }
  | { status: "gone" }
  | { status: "untranslated"; keys: Array<OwnProfileKey> }
> {
  const language = input.language ?? "en";
  const { member, english } = await liveProfile(db, input.memberId, language);
  if (!member || !english) return { status: "gone" };
  const keys = keysIn(language);
  // In another language every text of theirs the English has is written too (as a translation's publish asks).
  const untranslated = language === "en" ? [] : keys.filter((key) => hasText(english[key]) && !hasText(input.profile[key]));
  if (untranslated.length > 0) return { status: "untranslated", keys: untranslated };
  const changed = keys.filter((key) => !same(input.profile[key], member[key]));
  const fields = Object.fromEntries(changed.map((key) => [key, input.profile[key]]));
  const at = new Date(now).toISOString();
  return db.transaction().execute(async (trx) => {
    if (changed.length === 0) {
      // Sent back to what the page shows: nothing is waiting any more.
      await trx
        .deleteFrom("profile_submissions")
        .where("member_id", "=", input.memberId)
        .where("lang", "=", language)
        .where("state", "!=", "approved")
        .execute();
      return { status: "unchanged" as const };
    }
    // The very change waiting already: sent again, it would only make an open review out of date.
    const waiting = await trx
      .selectFrom("profile_submissions")
      .select("fields")
      .where("member_id", "=", input.memberId)
      .where("lang", "=", language)
      .where("state", "=", "awaiting")
      .executeTakeFirst();
    if (waiting && same(JSON.parse(waiting.fields), fields)) return { status: "waiting" as const };
    const row = await trx
      .insertInto("profile_submissions")
      .values({
        member_id: input.memberId,
        lang: language,
        version: 1,
        state: "awaiting",
        fields: JSON.stringify(fields),
        submitted_by: input.admin.email,
        submitted_at: at,
      })
      .onConflict((conflict) =>
        conflict.columns(["member_id", "lang"]).doUpdateSet((eb) => ({
          version: eb("profile_submissions.version", "+", 1),
          state: "awaiting",
          fields: JSON.stringify(fields),
          submitted_by: input.admin.email,
          submitted_at: at,
          reviewed_by: null,
          reviewed_at: null,
          note: null,
        })),
      )
      .returning("version")
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      {
        action: "profile-submitted",
        admin: input.admin,
        target: input.memberId,
        details: { member: member.name, fields: changed.join(" "), ...(language === "en" ? {} : { language }) },
      },
      now,
    );
    return { status: "submitted" as const, version: Number(row.version) };
  });
}

/** A clinician's "New clients", published at once (a full caseload must not wait for the office). */
export async function setOwnNewClients(
  db: Db,
  input: { memberId: string; newClients: StaffMember["newClients"]; admin: Staff },
): Promise<{ status: "published" } | { status: "gone" }> {
  const done = await publishMemberFields(db, {
    memberId: input.memberId,
    fieldsFor: async () => ({ newClients: input.newClients }),
    admin: input.admin,
    audit: (member) => ({ action: "new-clients-changed", details: { member: member.name, to: input.newClients } }),
  });
  return done.status === "published" ? { status: "published" } : { status: "gone" };
}

/** One field of a submission beside the member's live value, as a reviewer is shown it. */
type ReviewedChange = { key: OwnProfileKey; now: unknown; proposed: unknown };

export type AwaitingReview = {
  memberId: string;
  /** The language of the texts it changes. */
  language: Language;
  /** The member's name, or null when they are no longer on the team. */
  name: string | null;
  version: number;
  submittedBy: string;
  submittedAt: string;
  changes: Array<ReviewedChange>;
  /** What the reviewer is shown of the live profile, as approving names it. */
  shown: string;
};

/** A short key of the member's live values of the changed fields: what a reviewer saw (reviewSchema's `shown`). */
function reviewShownKey(member: StaffMember | null, keys: ReadonlyArray<OwnProfileKey>): string {
  const now = keys.map((key) => (member ? member[key] : null));
  return createHash("sha256").update(JSON.stringify(now)).digest("hex").slice(0, 16);
}

/** The submissions waiting for an Owner or Editor, the oldest first, each beside the live profile. */
export async function listAwaitingReviews(db: Db): Promise<Array<AwaitingReview>> {
  const rows = await db.selectFrom("profile_submissions").selectAll().where("state", "=", "awaiting").orderBy("submitted_at").execute();
  const submissions = rows.map(submissionFrom);
  // Each language's team read once: a Spanish submission is shown beside the member's Spanish texts.
  const teams = new Map(
    await Promise.all(
      [...new Set(submissions.map((submission) => submission.language))].map(
        async (language) => [language, (await teamIn(db, language)).content] as const,
      ),
    ),
  );
  return submissions.map((submission) => {
    const team = teams.get(submission.language);
    const member = team ? memberOf(team, submission.memberId) : null;
    const keys = keysIn(submission.language).filter((key) => key in submission.fields);
    return {
      memberId: submission.memberId,
      language: submission.language,
      name: member?.name ?? null,
      version: submission.version,
      submittedBy: submission.submittedBy,
      submittedAt: submission.submittedAt,
      changes: keys.map((key) => ({ key, now: member?.[key] ?? null, proposed: submission.fields[key] })),
      shown: reviewShownKey(member, keys),
    };
  });
}

/** The members whose changes wait for review: what their cards in the About tab say. */
export async function membersAwaitingReview(db: Db): Promise<Array<string>> {
  const rows = await db.selectFrom("profile_submissions").select("member_id").distinct().where("state", "=", "awaiting").execute();
  return rows.map((row) => row.member_id);
}

export async function countAwaitingReviews(db: Db): Promise<number> {
  const row = await db
    .selectFrom("profile_submissions")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("state", "=", "awaiting")
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export type ReviewOutcome = "approved" | "sent-back" | "submissionChanged" | "pageChanged" | "memberGone" | "untranslated";

/**
 * An Owner's or Editor's approval of the submission version they were shown, over the live
 * profile they were shown (`shown`): its fields are published and it is marked approved, in one
 * transaction; a submission changed or decided meanwhile, or a profile changed meanwhile, is not.
 */
export async function approveProfile(
  db: Db,
  input: { memberId: string; version: number; shown: string; admin: Staff; language?: Language },
  now = Date.now(),
): Promise<ReviewOutcome> {
  const language = input.language ?? "en";
  const done = await publishMemberFields<"submissionChanged" | "pageChanged">(db, {
    memberId: input.memberId,
    language,
    admin: input.admin,
    audit: (member) => ({ action: "profile-approved", details: { member: member.name, ...(language === "en" ? {} : { language }) } }),
    fieldsFor: async (trx, member) => {
      const claimed = await trx
        .updateTable("profile_submissions")
        .set((eb) => ({
          state: "approved",
          version: eb("version", "+", 1),
          reviewed_by: input.admin.email,
          reviewed_at: new Date(now).toISOString(),
          note: null,
        }))
        .where("member_id", "=", input.memberId)
        .where("lang", "=", language)
        .where("version", "=", input.version)
        .where("state", "=", "awaiting")
        .returningAll()
        .executeTakeFirst();
      if (!claimed) return "submissionChanged";
      const { fields } = submissionFrom(claimed);
      const keys = keysIn(language).filter((key) => key in fields);
      return reviewShownKey(member, keys) === input.shown ? fields : "pageChanged";
    },
  });
  if (done.status === "gone") return "memberGone";
  if (done.status === "refused") return done.reason;
  return "approved";
}

/** Sends the submission version the reviewer was shown back to the clinician, with a note. */
export async function sendBackProfile(
  db: Db,
  input: { memberId: string; version: number; note: string; admin: Staff; language?: Language },
  now = Date.now(),
): Promise<ReviewOutcome> {
  const language = input.language ?? "en";
  const at = new Date(now).toISOString();
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("profile_submissions")
      .set((eb) => ({
        state: "sent-back",
        version: eb("version", "+", 1),
        reviewed_by: input.admin.email,
        reviewed_at: at,
        note: input.note,
      }))
      .where("member_id", "=", input.memberId)
      .where("lang", "=", language)
      .where("version", "=", input.version)
      .where("state", "=", "awaiting")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return "submissionChanged";
    const member = memberOf((await readPage(trx, "about")).content, input.memberId);
    await recordAudit(
      trx,
      {
        action: "profile-sent-back",
        admin: input.admin,
        target: input.memberId,
        details: { member: member?.name ?? input.memberId, ...(language === "en" ? {} : { language }) },
      },
      now,
    );
    return "sent-back";
  });
}
