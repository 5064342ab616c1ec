import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { expect } from "vitest";
import { loadPage, loadPageIn, readEditedTranslation, readPage, savePage } from "#app/content/page-store.server.ts";
import { aboutDefaults } from "#app/pages/about.ts";
import { spanishAboutTexts as spanishAbout } from "#app/pages/about-spanish.ts";
import { ownTranslationSchema } from "#app/pages/own-profile.ts";
import {
  approveProfile,
  listAwaitingReviews,
  readOwnProfile,
  sendBackProfile,
  submitOwnProfile,
} from "#app/pages/profile-review.server.ts";
import { listAuditLog } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { createTestAdmin } from "#tests/fixtures/admin.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { migrations } from "#migrations/index.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// A clinician's Spanish texts (decision 047): kept apart from their English submission, reviewed
// the same way, and published into the About page's translation, never into its English.

const daniel = "staff-daniel-reyes";
const danielEnglish = aboutDefaults.staff.find((member) => member.id === daniel)!;
const danielSpanish = spanishAbout.staff.find((member) => member.id === daniel)!;

/** Daniel's Spanish side as his form sends it, with these changes. */
function spanishProfile(changes: Partial<typeof danielSpanish> = {}) {
  return ownTranslationSchema.parse({ ...danielSpanish, ...changes });
}

async function spanishDaniel(db: Db) {
  return (await loadPageIn(db, "about", "es")).content.staff.find((member) => member.id === daniel);
}

testOnEachEngine(
  "a clinician's Spanish texts wait beside their English ones; approval publishes them to the Spanish page only",
  async (db) => {
    const clinician = await createTestAdmin(db, "daniel@example.com");
    const editor = await createTestAdmin(db, "editor@example.com");
    // The Spanish side opens on the texts the Spanish page shows.
    expect((await readOwnProfile(db, daniel, "es")).member).toMatchObject({ bio: danielSpanish.bio, name: "Daniel Reyes" });
    expect(await submitOwnProfile(db, { memberId: daniel, profile: spanishProfile(), admin: clinician, language: "es" })).toEqual({
      status: "unchanged",
    });

    const english = await submitOwnProfile(db, {
      memberId: daniel,
      profile: { ...danielEnglish, bio: "My English bio." },
      admin: clinician,
    });
    const spanish = await submitOwnProfile(db, {
      memberId: daniel,
      profile: spanishProfile({ bio: "Mi biografía en español.", specialties: ["Trauma", "EMDR"] }),
      admin: clinician,
      language: "es",
    });
    expect([english.status, spanish.status]).toEqual(["submitted", "submitted"]);
    const reviews = await listAwaitingReviews(db);
    expect(reviews.map((review) => [review.language, review.changes.map((change) => change.key)])).toEqual([
      ["en", ["bio"]],
      ["es", ["bio", "specialties"]],
    ]);
    const spanishReview = reviews.find((review) => review.language === "es")!;
    expect(spanishReview.changes[0]).toEqual({ key: "bio", now: danielSpanish.bio, proposed: "Mi biografía en español." });

    expect(
      await approveProfile(db, {
        memberId: daniel,
        version: spanishReview.version,
        shown: spanishReview.shown,
        admin: editor,
        language: "es",
      }),
    ).toBe("approved");
    expect(await spanishDaniel(db)).toMatchObject({
      bio: "Mi biografía en español.",
      specialties: ["Trauma", "EMDR"],
      title: danielSpanish.title,
    });
    // Every other member keeps the Spanish they had; the English page is untouched, its submission still waiting.
    const rachel = (await loadPageIn(db, "about", "es")).content.staff.find((member) => member.id === "staff-rachel-thornton");
    expect(rachel?.bio).toBe(spanishAbout.staff.find((member) => member.id === "staff-rachel-thornton")?.bio);
    expect((await loadPage(db, "about")).staff.find((member) => member.id === daniel)?.bio).toBe(danielEnglish.bio);
    expect(await readPage(db, "about")).toMatchObject({ saved: false });
    expect((await listAwaitingReviews(db)).map((review) => review.language)).toEqual(["en"]);
    expect((await readOwnProfile(db, daniel, "es")).submission).toMatchObject({ state: "approved", language: "es" });
    const approved = (await listAuditLog(db)).find((entry) => entry.action === "profile-approved");
    expect(JSON.parse(approved?.details ?? "{}")).toMatchObject({ member: "Daniel Reyes", language: "es" });
  },
);

testOnEachEngine("a Spanish text the English has cannot be left empty; one sent back is said, and nothing is published", async (db) => {
  const clinician = await createTestAdmin(db, "daniel@example.com");
  const editor = await createTestAdmin(db, "editor@example.com");
  expect(await submitOwnProfile(db, { memberId: daniel, profile: spanishProfile({ bio: "" }), admin: clinician, language: "es" })).toEqual({
    status: "untranslated",
    keys: ["bio"],
  });
  expect(await listAwaitingReviews(db)).toEqual([]);

  await submitOwnProfile(db, { memberId: daniel, profile: spanishProfile({ bio: "Otra biografía." }), admin: clinician, language: "es" });
  const [review] = await listAwaitingReviews(db);
  // The English review of the same member and version is another submission: it refuses.
  expect(await sendBackProfile(db, { memberId: daniel, version: review!.version, note: "x", admin: editor })).toBe("submissionChanged");
  expect(
    await sendBackProfile(db, { memberId: daniel, version: review!.version, note: "Falta un acento.", admin: editor, language: "es" }),
  ).toBe("sent-back");
  expect((await readOwnProfile(db, daniel, "es")).submission).toMatchObject({ state: "sent-back", note: "Falta un acento." });
  expect((await spanishDaniel(db))?.bio).toBe(danielSpanish.bio);
});

testOnEachEngine(
  "an approval over the office's Spanish draft publishes the clinician's texts only, and keeps the draft a draft",
  async (db) => {
    const clinician = await createTestAdmin(db, "daniel@example.com");
    const editor = await createTestAdmin(db, "editor@example.com");
    const draft = { ...spanishAbout, mission: "Una misión en borrador." };
    await savePage(db, {
      name: "about",
      content: draft,
      baseVersion: 0,
      admin: editor,
      asDraft: true,
      translation: { language: "es", sourceVersion: 0 },
    });
    await submitOwnProfile(db, { memberId: daniel, profile: spanishProfile({ bio: "Bio aprobada." }), admin: clinician, language: "es" });
    const [review] = await listAwaitingReviews(db);
    expect(
      await approveProfile(db, { memberId: daniel, version: review!.version, shown: review!.shown, admin: editor, language: "es" }),
    ).toBe("approved");
    const shown = (await loadPageIn(db, "about", "es")).content;
    expect(shown.mission).toBe(spanishAbout.mission);
    expect(shown.staff.find((member) => member.id === daniel)?.bio).toBe("Bio aprobada.");
    const edited = await readEditedTranslation(db, "about", "es");
    expect(edited.isDraft).toBe(true);
    expect(edited.content.mission).toBe("Una misión en borrador.");
    expect(edited.content.staff.find((member) => member.id === daniel)?.bio).toBe("Bio aprobada.");
  },
);

testOnEachEngine("a member added in English with no Spanish title: the approval is refused, saying what to write first", async (db) => {
  const editor = await createTestAdmin(db, "editor@example.com");
  const clinician = await createTestAdmin(db, "nora@example.com");
  const nora = { ...danielEnglish, id: "staff-nora-quinn", name: "Nora Quinn", title: "Counselor" };
  await savePage(db, {
    name: "about",
    content: { ...aboutDefaults, staff: [...aboutDefaults.staff, nora] },
    baseVersion: 0,
    admin: editor,
  });
  const texts = { imageAlt: "", bio: "Nora es consejera.", specialties: ["Ansiedad"], languages: ["Inglés"] };
  expect(await submitOwnProfile(db, { memberId: nora.id, profile: texts, admin: clinician, language: "es" })).toMatchObject({
    status: "submitted",
  });
  const [review] = await listAwaitingReviews(db);
  expect(
    await approveProfile(db, { memberId: nora.id, version: review!.version, shown: review!.shown, admin: editor, language: "es" }),
  ).toBe("untranslated");
  // Nothing published, the submission still waiting.
  expect((await loadPageIn(db, "about", "es")).untranslatedItems).toContain(nora.id);
  expect((await listAwaitingReviews(db)).map((each) => each.memberId)).toEqual([nora.id]);
});

testOnEachEngine(
  "the migration keeps each submission as English, keys them by member and language, and going back keeps the English",
  async (db) => {
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo("0036-page-languages")).error).toBeUndefined();
    await sql`insert into profile_submissions (member_id, version, state, fields, submitted_by, submitted_at) values (${daniel}, 3, 'awaiting', '{"bio":"Mine."}', 'daniel@example.com', 't')`.execute(
      db,
    );
    await migrateToLatest(db);
    expect(await db.selectFrom("profile_submissions").select(["member_id", "lang", "version", "state"]).execute()).toEqual([
      { member_id: daniel, lang: "en", version: 3, state: "awaiting" },
    ]);
    const clinician = await createTestAdmin(db, "daniel@example.com");
    await submitOwnProfile(db, { memberId: daniel, profile: spanishProfile({ bio: "La mía." }), admin: clinician, language: "es" });
    // One per member and language: a second English one for Daniel is refused.
    await expect(
      db
        .insertInto("profile_submissions")
        .values({ member_id: daniel, lang: "en", version: 1, state: "awaiting", fields: "{}", submitted_by: "x", submitted_at: "t" })
        .execute(),
    ).rejects.toThrow();

    expect((await migrator.migrateTo("0036-page-languages")).error).toBeUndefined();
    const rows = await sql<{ member_id: string; fields: string }>`select member_id, fields from profile_submissions`.execute(db);
    expect(rows.rows).toEqual([{ member_id: daniel, fields: '{"bio":"Mine."}' }]);
    await migrateToLatest(db);
  },
  { migrate: false },
);
