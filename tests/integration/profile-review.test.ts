import { expect } from "vitest";
import { loadPage, readEditedPage, readPage, savePage } from "#app/content/page-store.server.ts";
import { aboutDefaults } from "#app/pages/about.ts";
import { ownProfileSchema } from "#app/pages/own-profile.ts";
import {
  approveProfile,
  countAwaitingReviews,
  listAwaitingReviews,
  readOwnProfile,
  sendBackProfile,
  setOwnNewClients,
  submitOwnProfile,
} from "#app/pages/profile-review.server.ts";
import { listAuditLog } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { answerOf, createTestAdmin, routeArgs, signedIn, signedInCookie, siteRequest } from "#tests/fixtures/admin.ts";
import * as reviewsRoute from "#app/routes/admin/reviews.tsx";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// A Clinician's changes to their own profile wait for an Owner or Editor (issue 42): approval
// publishes what the reviewer was shown, as a change of that one member over the About page.

const daniel = "staff-daniel-reyes";
const danielNow = aboutDefaults.staff.find((member) => member.id === daniel)!;

/** Daniel's profile as his form sends it, with these changes. */
function profile(changes: Partial<typeof danielNow> = {}) {
  return ownProfileSchema.parse({ ...danielNow, ...changes });
}

async function liveDaniel(db: Db) {
  return (await readPage(db, "about")).content.staff.find((member) => member.id === daniel);
}

async function aboutVersion(db: Db) {
  return (await readPage(db, "about")).version;
}

testOnEachEngine("a submission waits unseen by visitors; approval publishes the fields it changed, and says so in the log", async (db) => {
  const clinician = await createTestAdmin(db, "daniel@example.com");
  const editor = await createTestAdmin(db, "editor@example.com");
  expect(await submitOwnProfile(db, { memberId: daniel, profile: profile(), admin: clinician })).toEqual({ status: "unchanged" });

  const sent = await submitOwnProfile(db, {
    memberId: daniel,
    profile: profile({ bio: "I work with couples and families.", specialties: ["Couples", "Grief"] }),
    admin: clinician,
  });
  expect(sent).toMatchObject({ status: "submitted" });
  expect(
    await submitOwnProfile(db, {
      memberId: daniel,
      profile: profile({ bio: "I work with couples and families.", specialties: ["Couples", "Grief"] }),
      admin: clinician,
    }),
  ).toEqual({ status: "waiting" });
  expect((await loadPage(db, "about")).staff.find((member) => member.id === daniel)?.bio).toBe(danielNow.bio);
  expect(await countAwaitingReviews(db)).toBe(1);

  const [review] = await listAwaitingReviews(db);
  expect(review).toMatchObject({ memberId: daniel, name: "Daniel Reyes", submittedBy: "daniel@example.com" });
  expect(review!.changes).toEqual([
    { key: "bio", now: danielNow.bio, proposed: "I work with couples and families." },
    { key: "specialties", now: danielNow.specialties, proposed: ["Couples", "Grief"] },
  ]);

  expect(await approveProfile(db, { memberId: daniel, version: review!.version, shown: review!.shown, admin: editor })).toBe("approved");
  const live = await liveDaniel(db);
  expect(live).toMatchObject({ bio: "I work with couples and families.", specialties: ["Couples", "Grief"], name: "Daniel Reyes" });
  expect(await countAwaitingReviews(db)).toBe(0);
  expect((await readOwnProfile(db, daniel)).submission).toMatchObject({ state: "approved", reviewedBy: "editor@example.com" });
  // The same approval again changes nothing.
  expect(await approveProfile(db, { memberId: daniel, version: review!.version, shown: review!.shown, admin: editor })).toBe(
    "submissionChanged",
  );
  const actions = (await listAuditLog(db)).map((entry) => entry.action);
  expect(actions).toEqual(expect.arrayContaining(["profile-submitted", "profile-approved"]));
});

testOnEachEngine(
  "approval names the submission and the live profile the reviewer saw: a change to either meanwhile is not published",
  async (db) => {
    const clinician = await createTestAdmin(db, "daniel@example.com");
    const editor = await createTestAdmin(db, "editor@example.com");
    await submitOwnProfile(db, { memberId: daniel, profile: profile({ bio: "First try." }), admin: clinician });
    const [first] = await listAwaitingReviews(db);

    // The clinician sends a second version: the reviewer was shown the first.
    await submitOwnProfile(db, { memberId: daniel, profile: profile({ bio: "Second try, with a typo fixed." }), admin: clinician });
    expect(await approveProfile(db, { memberId: daniel, version: first!.version, shown: first!.shown, admin: editor })).toBe(
      "submissionChanged",
    );
    const [second] = await listAwaitingReviews(db);
    expect(second!.changes[0]!.proposed).toBe("Second try, with a typo fixed.");

    // The office edits Daniel's bio on the About tab meanwhile: what the reviewer saw as "now" is gone.
    const staff = aboutDefaults.staff.map((member) => (member.id === daniel ? { ...member, bio: "Edited by the office." } : member));
    expect(
      (await savePage(db, { name: "about", content: { ...aboutDefaults, staff }, baseVersion: await aboutVersion(db), admin: editor }))
        .status,
    ).toBe("saved");
    expect(await approveProfile(db, { memberId: daniel, version: second!.version, shown: second!.shown, admin: editor })).toBe(
      "pageChanged",
    );
    expect((await liveDaniel(db))?.bio).toBe("Edited by the office.");
    // Still waiting, shown again as it is now; then sent back with a note.
    const [again] = await listAwaitingReviews(db);
    expect(again!.changes[0]!.now).toBe("Edited by the office.");
    expect(
      await sendBackProfile(db, { memberId: daniel, version: again!.version, note: "Keep the office's first line.", admin: editor }),
    ).toBe("sent-back");
    expect((await readOwnProfile(db, daniel)).submission).toMatchObject({
      state: "sent-back",
      note: "Keep the office's first line.",
      fields: { bio: "Second try, with a typo fixed." },
    });
    expect(await countAwaitingReviews(db)).toBe(0);
  },
);

testOnEachEngine("an approval or a new-clients switch keeps an editor's pending draft a draft, with the change in it too", async (db) => {
  const clinician = await createTestAdmin(db, "daniel@example.com");
  const editor = await createTestAdmin(db, "editor@example.com");
  await savePage(db, {
    name: "about",
    content: { ...aboutDefaults, title: "Our team (draft)" },
    baseVersion: 0,
    admin: editor,
    asDraft: true,
  });

  expect(await setOwnNewClients(db, { memberId: daniel, newClients: "Caseload full", admin: clinician })).toEqual({ status: "published" });
  expect((await liveDaniel(db))?.newClients).toBe("Caseload full");
  await submitOwnProfile(db, { memberId: daniel, profile: profile({ languages: ["English", "Spanish", "Portuguese"] }), admin: clinician });
  const [review] = await listAwaitingReviews(db);
  expect(review?.changes.map((change) => change.key)).toEqual(["languages"]);
  expect(await approveProfile(db, { ...review!, admin: editor })).toBe("approved");

  const live = await readPage(db, "about");
  expect(live.content.title).toBe(aboutDefaults.title);
  const edited = await readEditedPage(db, "about");
  expect(edited.isDraft).toBe(true);
  expect(edited.content.title).toBe("Our team (draft)");
  expect(edited.content.staff.find((member) => member.id === daniel)).toMatchObject({
    newClients: "Caseload full",
    languages: ["English", "Spanish", "Portuguese"],
  });
});

testOnEachEngine("two reviewers approving at once publish it once; a switch beside an editor's save keeps both", async (db) => {
  const clinician = await createTestAdmin(db, "daniel@example.com");
  const editor = await createTestAdmin(db, "editor@example.com");
  await submitOwnProfile(db, { memberId: daniel, profile: profile({ bio: "Approved once." }), admin: clinician });
  const [review] = await listAwaitingReviews(db);
  const outcomes = await Promise.all([
    approveProfile(db, { ...review!, admin: editor }),
    approveProfile(db, { ...review!, admin: editor }),
  ]);
  expect(outcomes.sort()).toEqual(["approved", "submissionChanged"]);
  const approvals = (await listAuditLog(db)).filter((entry) => entry.action === "profile-approved");
  expect(approvals).toHaveLength(1);

  // An editor publishes the page's title while the clinician switches: neither is lost.
  const base = await aboutVersion(db);
  const current = (await readPage(db, "about")).content;
  const [editorSave] = await Promise.all([
    savePage(db, { name: "about", content: { ...current, title: "Meet us" }, baseVersion: base, admin: editor }),
    setOwnNewClients(db, { memberId: daniel, newClients: "Caseload full", admin: clinician }),
  ]);
  const after = (await readPage(db, "about")).content;
  expect(after.staff.find((member) => member.id === daniel)?.newClients).toBe("Caseload full");
  // The editor's save went first (the switch was made over it) or met the switch (a conflict
  // their editor merges, as any save made meanwhile): never a lost switch, never a lost title.
  expect(after.title).toBe(editorSave.status === "saved" ? "Meet us" : current.title);
  expect(["saved", "conflict"]).toContain(editorSave.status);
});

testOnEachEngine("a member no longer on the team: nothing is published for them", async (db) => {
  const clinician = await createTestAdmin(db, "daniel@example.com");
  const editor = await createTestAdmin(db, "editor@example.com");
  const editorCookie = await signedInCookie(db, editor.id);
  await submitOwnProfile(db, { memberId: daniel, profile: profile({ bio: "Before I left." }), admin: clinician });
  const [review] = await listAwaitingReviews(db);
  const staff = aboutDefaults.staff.filter((member) => member.id !== daniel);
  await savePage(db, { name: "about", content: { ...aboutDefaults, staff }, baseVersion: 0, admin: editor });
  expect((await listAwaitingReviews(db))[0]).toMatchObject({ name: null });
  // The review still shows the proposed bio as words (the page has no "now" for them any more).
  const shown = (await answerOf(() => signedIn(reviewsRoute).loader(routeArgs(siteRequest("/admin/reviews", { cookie: editorCookie })))))
    .data as { reviews: Array<{ changes: Array<{ key: string; now: unknown; proposed: unknown }> }> };
  expect(shown.reviews[0]?.changes).toEqual([
    { key: "bio", label: "Bio", now: { kind: "text", text: "" }, proposed: { kind: "text", text: "Before I left." } },
  ]);
  expect(await approveProfile(db, { ...review!, admin: editor })).toBe("memberGone");
  expect(await setOwnNewClients(db, { memberId: daniel, newClients: "Caseload full", admin: clinician })).toEqual({ status: "gone" });
  expect(await submitOwnProfile(db, { memberId: daniel, profile: profile(), admin: clinician })).toEqual({ status: "gone" });
});

testOnEachEngine("a clinician who sends back the page's own text withdraws what was waiting", async (db) => {
  const clinician = await createTestAdmin(db, "daniel@example.com");
  await submitOwnProfile(db, { memberId: daniel, profile: profile({ bio: "A change I regret." }), admin: clinician });
  expect(await countAwaitingReviews(db)).toBe(1);
  expect(await submitOwnProfile(db, { memberId: daniel, profile: profile(), admin: clinician })).toEqual({ status: "unchanged" });
  expect(await countAwaitingReviews(db)).toBe(0);
  expect((await readOwnProfile(db, daniel)).submission).toBeNull();
});
