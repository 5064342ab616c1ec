// A Clinician's own profile and its review (issue 42, decision 043). The team is the About page's
// list, so a clinician's change is kept apart, one submission per member, until an Owner or
// Editor approves it: then it is published as a change of that one member, over the About page as
// it is then (and into its pending draft), so it never publishes another editor's draft and never
// what the approver was not shown. "New clients" is published at once the same way.
import { createHash } from "node:crypto";
import { changeContent } from "#app/content/content-version.server.ts";
import { readPage, savePageIn } from "#app/content/page-store.server.ts";
import { type AuditAction, recordAudit } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import type { ProfileSubmissionRow } from "#app/server/db/schema.server.ts";
import type { AboutContent, StaffMember } from "./about.ts";
import { teamPages } from "./team-pages.ts";
import { type OwnProfile, type OwnProfileKey, ownProfileKeys, submittedFieldsSchema } from "./own-profile.ts";

type Staff = { id: string; email: string };

type SubmissionState = "awaiting" | "sent-back" | "approved";

export type Submission = {
  memberId: string;
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
    fieldsFor: (trx: Db, member: StaffMember) => Promise<Partial<StaffMember> | Reason>;
    admin: Staff;
    /** What the audit log says of the publish, for the member as they were. */
    audit: (member: StaffMember) => { action: AuditAction; details: Record<string, string | number> };
  },
): Promise<Published<Reason>> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await changeContent<Published<Reason>>(db, async (trx) => {
        const { content, version } = await readPage(trx, "about");
        const member = memberOf(content, input.memberId);
        if (!member) throw new NotPublished<Reason>({ status: "gone" });
        const fields = await input.fieldsFor(trx, member);
        if (typeof fields === "string") throw new NotPublished<Reason>({ status: "refused", reason: fields });
        const saved = await savePageIn(trx, {
          name: "about",
          content: null,
          edit: withMemberFields(input.memberId, fields),
          baseVersion: version,
          admin: input.admin,
          audit: input.audit(member),
        });
        if (saved.result.status === "conflict") throw new SavedMeanwhile();
        if (saved.result.status === "invalid")
          throw new Error(`A profile change does not fit the About page: ${saved.result.issues[0]?.message}`);
        return { changed: saved.changed, result: { status: "published" } };
      });
    } catch (error) {
      if (error instanceof NotPublished) return error.outcome as Published<Reason>;
      // Rolled back as a whole; another try reads the page as that save left it.
      if (!(error instanceof SavedMeanwhile) || attempt >= 4) throw error;
    }
  }
}

/** The live profile of a clinician's member, their page's address, and their submission (if any). */
export async function readOwnProfile(
  db: Db,
  memberId: string,
): Promise<{ member: StaffMember | null; path: string | null; submission: Submission | null }> {
  const [{ content }, row] = await Promise.all([
    readPage(db, "about"),
    db.selectFrom("profile_submissions").selectAll().where("member_id", "=", memberId).executeTakeFirst(),
  ]);
  const page = teamPages(content.staff).find((each) => each.member.id === memberId);
  return { member: page?.member ?? null, path: page?.path ?? null, submission: row ? submissionFrom(row) : null };
}

/**
 * A clinician's "Submit for review": the fields that differ from their live profile are kept
 * for review, replacing any earlier submission of theirs (its version moves, so a reviewer who
 * was shown the earlier one cannot approve this one unseen).
 */
export async function submitOwnProfile(
  db: Db,
  input: { memberId: string; profile: OwnProfile; admin: Staff },
  now = Date.now(),
): Promise<{ status: "submitted"; version: number } | { status: "unchanged" } | { status: "waiting" } | { status: "gone" }> {
  const { content } = await readPage(db, "about");
  const member = memberOf(content, input.memberId);
  if (!member) return { status: "gone" };
  const changed = ownProfileKeys.filter((key) => !same(input.profile[key], member[key]));
  const fields = Object.fromEntries(changed.map((key) => [key, input.profile[key]]));
  const at = new Date(now).toISOString();
  return db.transaction().execute(async (trx) => {
    if (changed.length === 0) {
      // Sent back to what the page shows: nothing is waiting any more.
      await trx.deleteFrom("profile_submissions").where("member_id", "=", input.memberId).where("state", "!=", "approved").execute();
      return { status: "unchanged" as const };
    }
    // The very change waiting already: sent again, it would only make an open review out of date.
    const waiting = await trx
      .selectFrom("profile_submissions")
      .select("fields")
      .where("member_id", "=", input.memberId)
      .where("state", "=", "awaiting")
      .executeTakeFirst();
    if (waiting && same(JSON.parse(waiting.fields), fields)) return { status: "waiting" as const };
    const row = await trx
      .insertInto("profile_submissions")
      .values({
        member_id: input.memberId,
        version: 1,
        state: "awaiting",
        fields: JSON.stringify(fields),
        submitted_by: input.admin.email,
        submitted_at: at,
      })
      .onConflict((conflict) =>
        conflict.column("member_id").doUpdateSet((eb) => ({
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
        details: { member: member.name, fields: changed.join(" ") },
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
  const [{ content }, rows] = await Promise.all([
    readPage(db, "about"),
    db.selectFrom("profile_submissions").selectAll().where("state", "=", "awaiting").orderBy("submitted_at").execute(),
  ]);
  return rows.map((row) => {
    const submission = submissionFrom(row);
    const member = memberOf(content, submission.memberId);
    const keys = ownProfileKeys.filter((key) => key in submission.fields);
    return {
      memberId: submission.memberId,
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
  const rows = await db.selectFrom("profile_submissions").select("member_id").where("state", "=", "awaiting").execute();
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

export type ReviewOutcome = "approved" | "sent-back" | "submissionChanged" | "pageChanged" | "memberGone";

/**
 * An Owner's or Editor's approval of the submission version they were shown, over the live
 * profile they were shown (`shown`): its fields are published and it is marked approved, in one
 * transaction; a submission changed or decided meanwhile, or a profile changed meanwhile, is not.
 */
export async function approveProfile(
  db: Db,
  input: { memberId: string; version: number; shown: string; admin: Staff },
  now = Date.now(),
): Promise<ReviewOutcome> {
  const done = await publishMemberFields<"submissionChanged" | "pageChanged">(db, {
    memberId: input.memberId,
    admin: input.admin,
    audit: (member) => ({ action: "profile-approved", details: { member: member.name } }),
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
        .where("version", "=", input.version)
        .where("state", "=", "awaiting")
        .returningAll()
        .executeTakeFirst();
      if (!claimed) return "submissionChanged";
      const { fields } = submissionFrom(claimed);
      const keys = ownProfileKeys.filter((key) => key in fields);
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
  input: { memberId: string; version: number; note: string; admin: Staff },
  now = Date.now(),
): Promise<ReviewOutcome> {
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
      .where("version", "=", input.version)
      .where("state", "=", "awaiting")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return "submissionChanged";
    const member = memberOf((await readPage(trx, "about")).content, input.memberId);
    await recordAudit(
      trx,
      { action: "profile-sent-back", admin: input.admin, target: input.memberId, details: { member: member?.name ?? input.memberId } },
      now,
    );
    return "sent-back";
  });
}
