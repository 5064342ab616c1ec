import { expect } from "vitest";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { pageKey, translationKey, withContentReads } from "#app/content/content-keys.server.ts";
import { onContentChange } from "#app/content/content-version.server.ts";
import { listRevisions, loadPage, loadPageIn, readEditedTranslation, readPage, savePage } from "#app/content/page-store.server.ts";
import { translationStatus } from "#app/content/translation-status.server.ts";
import { addService, liveServices, readServiceList } from "#app/content/collection-store.server.ts";
import { servicesIn } from "#app/content/service-names.server.ts";
import { isPageName } from "#app/content/pages.ts";
import { getService } from "#app/pages/services.ts";
import { aboutDefaults } from "#app/pages/about.ts";
import { loadPractice } from "#app/pages/practice-details.server.ts";
import { listAuditLog } from "#app/server/audit.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { migrations } from "#migrations/index.ts";
import { couplesSpanishTexts } from "#tests/fixtures/translation.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

const editor = { id: "admin-1", email: "editor@example.com" };
const page = "couples-counseling";
const english = getService(page)!.defaults;

const spanishTexts = couplesSpanishTexts;

async function publishSpanish(db: Parameters<typeof savePage>[0], texts: object = spanishTexts, baseVersion = 0) {
  return savePage(db, { name: page, content: texts, baseVersion, admin: editor, translation: { language: "es", sourceVersion: 0 } });
}

testOnEachEngine("a published translation is what the Spanish page shows; the English page is untouched", async (db) => {
  const englishBefore = await loadPage(db, page);
  // Until staff publish one, the translation the service comes with.
  const builtIn = await loadPageIn(db, page, "es");
  expect(builtIn).toMatchObject({ translated: "whole", content: { title: "Consejería de pareja", heroImage: english.heroImage } });

  expect(await publishSpanish(db)).toEqual({ status: "saved", version: 1 });
  const shown = await loadPageIn(db, page, "es");
  expect(shown.translated).toBe("whole");
  expect(shown.content).toMatchObject({ title: "Terapia de pareja", benefits: ["Mejor comunicación"], heroImage: english.heroImage });
  expect(await loadPage(db, page)).toEqual(englishBefore);
  expect(await readPage(db, page)).toMatchObject({ saved: false, version: 0 });
  // The English history has none of it; the translation's has its own version 1.
  expect(await listRevisions(db, page)).toEqual([]);
  expect((await listRevisions(db, page, 50, "es")).map((revision) => revision.version)).toEqual([1]);
  // Saving the English starts its own versions at 1 beside the translation's.
  expect(await savePage(db, { name: page, content: { ...english, title: "Couples Therapy" }, baseVersion: 0, admin: editor })).toEqual({
    status: "saved",
    version: 1,
  });
  expect((await loadPageIn(db, page, "es")).content.title).toBe("Terapia de pareja");
  expect((await listAuditLog(db)).map((entry) => JSON.parse(entry.details ?? "{}"))).toContainEqual({ language: "es", version: 1 });
});

testOnEachEngine("a translation keeps only its own texts: pictures and the like are the English page's", async (db) => {
  await publishSpanish(db, { ...spanishTexts, heroImage: { source: "external", url: "https://elsewhere.example/x.jpg" } });
  const stored = await db.selectFrom("page_content").select("content").where("lang", "=", "es").executeTakeFirstOrThrow();
  expect(Object.keys(JSON.parse(stored.content))).not.toContain("heroImage");
});

testOnEachEngine("a translation is held to the page's rules, and a draft is not shown", async (db) => {
  const refused = await publishSpanish(db, { ...spanishTexts, title: "" });
  expect(refused).toMatchObject({ status: "invalid", issues: [expect.objectContaining({ path: ["title"] })] });
  expect(await db.selectFrom("page_content").selectAll().execute()).toEqual([]);

  await savePage(db, {
    name: page,
    content: spanishTexts,
    baseVersion: 0,
    admin: editor,
    asDraft: true,
    translation: { language: "es", sourceVersion: 0 },
  });
  expect((await loadPageIn(db, page, "es")).content.title).toBe("Consejería de pareja");
  const edited = await readEditedTranslation(db, page, "es");
  expect(edited).toMatchObject({ isDraft: true, saved: false, version: 1, content: { title: "Terapia de pareja" } });
});

testOnEachEngine("two translators saving from the same version: the second is told, nothing is overwritten", async (db) => {
  await publishSpanish(db);
  const [first, second] = await Promise.all([
    publishSpanish(db, { ...spanishTexts, title: "Primera" }, 1),
    publishSpanish(db, { ...spanishTexts, title: "Segunda" }, 1),
  ]);
  expect([first.status, second.status].sort()).toEqual(["conflict", "saved"]);
  const winner = first.status === "saved" ? "Primera" : "Segunda";
  expect((await loadPageIn(db, page, "es")).content.title).toBe(winner);
});

testOnEachEngine("the editor opens the built-in Spanish, or empty fields where there is none, never the English text", async (db) => {
  expect(await readEditedTranslation(db, page, "es")).toMatchObject({
    saved: false,
    builtIn: true,
    version: 0,
    content: { title: "Consejería de pareja" },
  });
  const { version } = await readServiceList(db);
  const added = await addService(db, { listVersion: version, title: "Art Therapy", summary: "Making things.", staff: editor });
  if (!isPageName(added)) throw new Error("not a page name");
  const edited = await readEditedTranslation(db, added, "es");
  expect(edited).toMatchObject({ saved: false, builtIn: false, isDraft: false, version: 0, content: { title: "", benefits: [] } });
  expect(await translationStatus(db, added, "es")).toEqual({ state: "notTranslated" });
  expect((await loadPageIn(db, added, "es")).translated).toBe("none");
});

testOnEachEngine("a Spanish page reads its translation's key and its English page's; a translation changes only its own", async (db) => {
  const { reads } = await withContentReads(() => loadPageIn(db, page, "es"));
  expect([...reads]).toEqual(expect.arrayContaining([pageKey(page), translationKey(page, "es")]));
  const { reads: englishReads } = await withContentReads(() => loadPageIn(db, page, "en"));
  expect([...englishReads]).not.toContain(translationKey(page, "es"));
  const changed: Array<ReadonlySet<string>> = [];
  const stop = onContentChange(db, (_version, keys) => changed.push(keys));
  await publishSpanish(db);
  stop();
  expect(changed.map((keys) => [...keys])).toEqual([[translationKey(page, "es")]]);
});

testOnEachEngine("the About page comes in Spanish; a member added in English since is shown in English, named as such", async (db) => {
  const shown = await loadPageIn(db, "about", "es");
  expect(shown).toMatchObject({ translated: "whole", untranslatedItems: [] });
  expect(shown.content.staff[0]).toMatchObject({ name: aboutDefaults.staff[0]?.name, title: "Directora clínica" });
  const newcomer = { ...aboutDefaults.staff[0]!, id: "staff-new-person", name: "New Person", bio: "Joined this week." };
  await savePage(db, {
    name: "about",
    content: { ...aboutDefaults, staff: [...aboutDefaults.staff, newcomer] },
    baseVersion: 0,
    admin: editor,
  });
  const after = await loadPageIn(db, "about", "es");
  expect(after).toMatchObject({ translated: "partly", untranslatedItems: ["staff-new-person"] });
  expect(after.content.staff.at(-1)?.bio).toBe("Joined this week.");
  expect(await translationStatus(db, "about", "es")).toMatchObject({ state: "outOfDate", changed: ["Staff"] });
});

testOnEachEngine(
  "the migration keeps every page and version as English, and going back keeps the English only",
  async (db) => {
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo("0035-inquiry-language")).error).toBeUndefined();
    await sql`insert into page_content (id, page_name, content, created_at, updated_at, version, draft) values ('p1', 'about', '{"title":"Ours"}', 't', 't', 2, null)`.execute(
      db,
    );
    await sql`insert into page_revisions (id, page_name, version, content, created_at, published) values ('r1', 'about', 1, '{}', 't', 1), ('r2', 'about', 2, '{"title":"Ours"}', 't', 1)`.execute(
      db,
    );
    await migrateToLatest(db);
    expect(await db.selectFrom("page_content").select(["page_name", "lang", "version", "source_version"]).execute()).toEqual([
      { page_name: "about", lang: "en", version: 2, source_version: null },
    ]);
    expect((await readPage(db, "about")).content.title).toBe("Ours");
    expect((await listRevisions(db, "about")).map((revision) => revision.version)).toEqual([2, 1]);
    await publishSpanish(db);
    // One row per page and language: a second English row for the page is refused.
    await expect(
      db
        .insertInto("page_content")
        .values({ id: "p2", page_name: "about", content: "{}", created_at: "t", updated_at: "t", source_version: null })
        .execute(),
    ).rejects.toThrow();

    expect((await migrator.migrateTo("0035-inquiry-language")).error).toBeUndefined();
    const rows = await sql<{ page_name: string }>`select page_name from page_content`.execute(db);
    expect(rows.rows.map((row) => row.page_name)).toEqual(["about"]);
    const revisions = await sql<{ version: number }>`select version from page_revisions order by version`.execute(db);
    expect(revisions.rows.map((row) => Number(row.version))).toEqual([1, 2]);
    await migrateToLatest(db);
  },
  { migrate: false },
);

testOnEachEngine("a published translation has every text the English has; a draft may be half done", async (db) => {
  // A list the English has, left empty (a required text is refused by the page's own rules first).
  const refused = await publishSpanish(db, { ...spanishTexts, benefits: [] });
  expect(refused).toMatchObject({
    status: "invalid",
    issues: [{ path: ["benefits"], message: expect.stringContaining("The English page has this text") }],
  });
  expect(
    await savePage(db, {
      name: page,
      content: { ...spanishTexts, benefits: [] },
      baseVersion: 0,
      admin: editor,
      asDraft: true,
      translation: { language: "es", sourceVersion: 0 },
    }),
  ).toEqual({ status: "saved", version: 1 });
});

testOnEachEngine(
  "a translation is up to date until an English publish changes one of its texts; a picture or a draft does not count",
  async (db) => {
    // The built-in translation is of the built-in English.
    expect(await translationStatus(db, page, "es")).toEqual({ state: "upToDate" });
    await publishSpanish(db);
    expect(await translationStatus(db, page, "es")).toEqual({ state: "upToDate" });

    const newPicture = { ...english, heroImage: { source: "bundled", key: "general/sunrise-red-cliffs" } };
    expect(await savePage(db, { name: page, content: newPicture, baseVersion: 0, admin: editor })).toMatchObject({ status: "saved" });
    expect(await translationStatus(db, page, "es")).toEqual({ state: "upToDate" });
    await savePage(db, {
      name: page,
      content: { ...newPicture, description: "A draft only." },
      baseVersion: 1,
      admin: editor,
      asDraft: true,
    });
    expect(await translationStatus(db, page, "es")).toEqual({ state: "upToDate" });

    await savePage(db, { name: page, content: { ...newPicture, title: "Couples Therapy" }, baseVersion: 2, admin: editor });
    const changedAt = (await listRevisions(db, page, 1))[0]!.savedAt;
    expect(await translationStatus(db, page, "es")).toEqual({ state: "outOfDate", since: changedAt, changed: ["Title"] });

    // Translated again from the English as it is now: up to date.
    const edited = await readEditedTranslation(db, page, "es");
    expect(edited.englishVersion).toBe(3);
    await savePage(db, {
      name: page,
      content: { ...spanishTexts, title: "Terapia de pareja (nueva)" },
      baseVersion: 1,
      admin: editor,
      translation: { language: "es", sourceVersion: edited.englishVersion },
    });
    expect(await translationStatus(db, page, "es")).toEqual({ state: "upToDate" });
  },
);

testOnEachEngine("the menus name each service by its translation, in one read that names every service's key", async (db) => {
  await publishSpanish(db, { ...spanishTexts, title: "Terapia de pareja (nuestra)" });
  const live = await liveServices(db);
  const { result, reads } = await withContentReads(() => servicesIn(db, live, "es"));
  expect(result.find((service) => service.id === page)?.translated?.title).toBe("Terapia de pareja (nuestra)");
  expect(result.find((service) => service.id === "family-counseling")?.translated).toEqual({
    title: "Consejería familiar",
    summary: expect.stringMatching(/\S/),
  });
  expect([...reads]).toEqual(expect.arrayContaining(live.map((service) => translationKey(service.id, "es"))));
  expect(await servicesIn(db, live, "en")).toEqual(live);
});

testOnEachEngine("the note under the office hours is the practice details' one text in Spanish; the rest is shared", async (db) => {
  // Built in: the note comes with its Spanish; the English pages keep theirs, unmarked.
  expect(await loadPractice(db, "es")).toMatchObject({ officeHoursNote: "Por las tardes, con cita previa" });
  expect((await loadPractice(db, "es")).officeHoursNoteLang).toBeUndefined();
  expect(await loadPractice(db)).toMatchObject({ officeHoursNote: "Evenings by request" });
  expect((await loadPractice(db)).officeHoursNoteLang).toBeUndefined();

  // Staff publish their own Spanish note: the Spanish pages show it, the English its own.
  const saved = await savePage(db, {
    name: "practice",
    content: { officeHoursNote: "Sábados con cita previa" },
    baseVersion: 0,
    admin: editor,
    translation: { language: "es", sourceVersion: 0 },
  });
  expect(saved).toEqual({ status: "saved", version: 1 });
  expect(await loadPractice(db, "es")).toMatchObject({ officeHoursNote: "Sábados con cita previa", phone: (await loadPractice(db)).phone });
  expect((await translationStatus(db, "practice", "es")).state).toBe("upToDate");
});
