import { expect } from "vitest";
import { listRevisions, loadPageIn, readEditedTranslation, savePage } from "#app/content/page-store.server.ts";
import { addService, readServiceList } from "#app/content/collection-store.server.ts";
import { translationStatus } from "#app/content/translation-status.server.ts";
import * as historyRoute from "#app/routes/admin/history.tsx";
import { listAuditLog } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { getService } from "#app/pages/services.ts";
import { answerOf, contentTab, createTestAdmin, routeArgs, signedIn, signedInCookie, siteRequest } from "#tests/fixtures/admin.ts";
import { couplesSpanishTexts } from "#tests/fixtures/translation.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// A translation's own history (its versions listed, compared and restored from `?lang=es`) and
// two translators' saves merged field by field (decision 047), through the routes staff use.
const history = signedIn(historyRoute);
const services = contentTab("services");
const page = "couples-counseling";
const english = getService(page)!.defaults;

const spanishTexts = couplesSpanishTexts;

type Texts = typeof spanishTexts;

async function publishSpanish(db: Db, texts: Texts, baseVersion: number, admin: { id: string; email: string }, sourceVersion = 0) {
  const saved = await savePage(db, { name: page, content: texts, baseVersion, admin, translation: { language: "es", sourceVersion } });
  if (saved.status !== "saved") throw new Error(`not saved: ${saved.status}`);
  return saved.version;
}

/** The Spanish side's form as the editor posts it. */
function spanishForm(texts: Texts, baseVersion: number, sourceVersion = 0): Record<string, string> {
  const form: Record<string, string> = { baseVersion: String(baseVersion), sourceVersion: String(sourceVersion) };
  for (const [key, value] of Object.entries(texts)) {
    if (!Array.isArray(value)) form[key] = value;
    else for (const [index, line] of value.entries()) form[`${key}[${index}]`] = line;
  }
  return form;
}

function openHistory(cookie: string, query: string, name = page) {
  return answerOf(() => history.loader(routeArgs(siteRequest(`/admin/history/${name}${query}`, { cookie }), undefined, { page: name })));
}

function postRestore(cookie: string, form: Record<string, string>, query = "?lang=es") {
  const path = `/admin/history/${page}${query}&compare=${form.version}`;
  return answerOf(() => history.action(routeArgs(siteRequest(path, { cookie, form }), undefined, { page })));
}

testOnEachEngine(
  "a translation's history lists its own versions, compares one, and restores it; the English history is apart",
  async (db) => {
    const admin = await createTestAdmin(db);
    const cookie = await signedInCookie(db, admin.id);
    await publishSpanish(db, spanishTexts, 0, admin);
    await publishSpanish(db, { ...spanishTexts, title: "Consejería para parejas" }, 1, admin);
    // The English changes after the first translation: version 1 of the Spanish was of English version 0.
    await savePage(db, { name: page, content: { ...english, title: "Couples Therapy" }, baseVersion: 0, admin });

    const listed = await openHistory(cookie, "?lang=es");
    expect(listed.status).toBe(200);
    expect(listed.data).toMatchObject({ label: "Couples Counseling (Spanish)", language: "es", currentVersion: 2 });
    expect((listed.data as { editorHref: string }).editorHref).toBe("/admin/services?page=couples-counseling&lang=es");
    const versions = (listed.data as { versions: Array<{ version: number; isCurrent: boolean; changed: Array<string> | null }> }).versions;
    expect(versions.map(({ version, isCurrent, changed }) => [version, isCurrent, changed])).toEqual([
      [2, true, ["Title"]],
      // Version 1 against the translation the page came with: what the translator rewrote.
      [1, false, expect.arrayContaining(["Title", "Description"])],
      [0, false, null],
    ]);
    // The English history has only its own version.
    const englishVersions = ((await openHistory(cookie, "")).data as { versions: Array<{ version: number }> }).versions;
    expect(englishVersions.map(({ version }) => version)).toEqual([1, 0]);

    // Compared: only the translator's texts differ (the English title changed too, and is not one of them).
    const compared = await openHistory(cookie, "?lang=es&compare=1");
    expect((compared.data as { compare: { differences: Array<{ label: string }> } }).compare.differences.map((d) => d.label)).toEqual([
      "Title",
    ]);

    // Restored: a new version 3 of the Spanish, made from version 1, still of English version 0.
    const restored = await postRestore(cookie, { version: "1", baseVersion: "2" });
    expect(restored).toMatchObject({ status: 302, location: "/admin/services?page=couples-counseling&lang=es" });
    expect((await loadPageIn(db, page, "es")).content.title).toBe("Terapia de pareja");
    const [newest] = await listRevisions(db, page, 1, "es");
    expect(newest).toMatchObject({ version: 3, restoredFrom: 1, sourceVersion: 0, published: true });
    expect(await translationStatus(db, page, "es")).toMatchObject({ state: "outOfDate", changed: ["Title"] });
    expect(
      (await listAuditLog(db)).filter((entry) => entry.action === "page-restored").map((entry) => JSON.parse(entry.details ?? "{}")),
    ).toEqual([{ restoredVersion: 1, language: "es", version: 3 }]);
    // The English page is as it was.
    expect((await loadPageIn(db, page, "en")).content.title).toBe("Couples Therapy");

    // Version 0 brings back the translation the page came with.
    await postRestore(cookie, { version: "0", baseVersion: "3" });
    expect((await loadPageIn(db, page, "es")).content.title).toBe("Consejería de pareja");

    // A restore from a version that is no longer current is refused, and changes nothing.
    const stale = await postRestore(cookie, { version: "2", baseVersion: "3" });
    expect(stale.status).toBe(409);
    expect((await listRevisions(db, page, 50, "es")).map(({ version }) => version)).toEqual([4, 3, 2, 1]);
  },
);

testOnEachEngine(
  "a page with no Spanish side has no Spanish history; a service added without a translation has no version 0 in it",
  async (db) => {
    const admin = await createTestAdmin(db);
    const cookie = await signedInCookie(db, admin.id);
    expect((await openHistory(cookie, "?lang=es", "mental-health-assessments")).status).toBe(404);
    expect((await openHistory(cookie, "?lang=fr")).status).toBe(404);

    const { version } = await readServiceList(db);
    const added = await addService(db, { listVersion: version, title: "Art Therapy", summary: "Making art to heal.", staff: admin });
    const listed = await openHistory(cookie, "?lang=es", added);
    expect(listed.status).toBe(200);
    expect((listed.data as { versions: Array<unknown>; saved: boolean }).versions).toEqual([]);
    expect((await openHistory(cookie, "?lang=es&compare=0", added)).status).toBe(404);
  },
);

testOnEachEngine(
  "two translators' saves of one version merge field by field; a text both changed is a clash, saved over only when chosen",
  async (db) => {
    const admin = await createTestAdmin(db);
    const cookie = await signedInCookie(db, admin.id);
    const save = (form: Record<string, string>) =>
      answerOf(() => services.action(routeArgs(siteRequest(`/admin/services?page=${page}&lang=es`, { cookie, form }))));
    await publishSpanish(db, spanishTexts, 0, admin);

    // Both open version 1: they change the title, I change the description.
    expect(await save(spanishForm({ ...spanishTexts, title: "Su título" }, 1))).toMatchObject({ status: 200, data: { version: 2 } });
    const merged = await save(spanishForm({ ...spanishTexts, description: "Mi descripción." }, 1));
    expect(merged).toMatchObject({
      status: 200,
      data: { version: 3, toast: { description: expect.stringContaining(`Saved together with the changes made by ${admin.email}`) } },
    });
    expect((await loadPageIn(db, page, "es")).content).toMatchObject({ title: "Su título", description: "Mi descripción." });

    // From version 3 they change the title again, and I do too: a clash, with theirs to set beside mine.
    const opened = { ...spanishTexts, title: "Su título", description: "Mi descripción." };
    await save(spanishForm({ ...opened, title: "Su título nuevo" }, 3));
    const clash = await save(spanishForm({ ...opened, title: "Mi título" }, 3));
    expect(clash).toMatchObject({
      status: 409,
      data: { version: 4, clashes: [{ key: "title", label: "Title", theirs: "Su título nuevo" }] },
    });
    expect(JSON.stringify(clash.data)).toContain("This translation was saved by");
    expect((await loadPageIn(db, page, "es")).content.title).toBe("Su título nuevo");

    // Chosen after seeing theirs: mine goes over, and only what I changed.
    const over = await save({ ...spanishForm({ ...opened, title: "Mi título" }, 3), overwriteVersion: "4" });
    expect(over).toMatchObject({ status: 200, data: { version: 5 } });
    expect((await loadPageIn(db, page, "es")).content).toMatchObject({ title: "Mi título", description: "Mi descripción." });

    // A publish over a Spanish draft saved meanwhile puts only mine live; their draft stays a draft, with mine in it.
    await save({ ...spanishForm({ ...opened, title: "Mi título", additionalInfo: "Su borrador." }, 5), saveAs: "draft" });
    const overDraft = await save(spanishForm({ ...opened, title: "Mi título", description: "Otra descripción." }, 5));
    expect(overDraft).toMatchObject({ status: 200, data: { version: 7 } });
    expect((await loadPageIn(db, page, "es")).content).toMatchObject({
      description: "Otra descripción.",
      additionalInfo: spanishTexts.additionalInfo,
    });
    expect(await readEditedTranslation(db, page, "es")).toMatchObject({
      isDraft: true,
      content: { additionalInfo: "Su borrador.", description: "Otra descripción." },
    });
  },
);
