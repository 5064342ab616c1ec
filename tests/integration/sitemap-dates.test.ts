import { expect } from "vitest";
import { savePage } from "#app/content/page-store.server.ts";
import { aboutDefaults } from "#app/pages/about.ts";
import { getService } from "#app/pages/services.ts";
import * as sitemap from "#app/routes/sitemap.ts";
import { createTestAdmin } from "#tests/fixtures/admin.ts";
import { couplesSpanishTexts } from "#tests/fixtures/translation.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// The sitemap says when each page last changed for visitors (issue 44: search engines read the
// dates), from its last publish; a page never saved says nothing, and a draft changes nothing.

const page = "couples-counseling";
const english = getService(page)!.defaults;

/** Each <url> of the sitemap by its address, and its lastmod (or null). */
async function lastmods(): Promise<Map<string, string | null>> {
  const xml = await (await sitemap.loader()).text();
  return new Map(
    [...xml.matchAll(/<url><loc>https?:\/\/[^/<]+(\/[^<]*)?<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((match) => [
      match[1] || "/",
      match[2] ?? null,
    ]),
  );
}

testOnEachEngine("each page's lastmod is its last publish, in each language; a draft or a page never saved has none", async (db) => {
  const admin = await createTestAdmin(db);
  const fresh = await lastmods();
  expect([...fresh.values()].every((date) => date === null)).toBe(true);

  const published = Date.parse("2027-03-01T15:00:00.000Z");
  expect(
    await savePage(db, { name: page, content: { ...english, title: "Couples Counseling, renewed" }, baseVersion: 0, admin }, published),
  ).toMatchObject({ status: "saved" });
  // A draft later: visitors see nothing new, so no new date.
  await savePage(
    db,
    { name: page, content: { ...english, title: "A draft" }, baseVersion: 1, admin, asDraft: true },
    published + 86_400_000,
  );
  const translated = published + 3_600_000;
  await savePage(
    db,
    { name: page, content: couplesSpanishTexts, baseVersion: 0, admin, translation: { language: "es", sourceVersion: 1 } },
    translated,
  );
  const about = Date.parse("2027-03-02T15:00:00.000Z");
  await savePage(db, { name: "about", content: aboutDefaults, baseVersion: 0, admin }, about);

  const dates = await lastmods();
  expect(dates.get(`/services/${page}`)).toBe("2027-03-01T15:00:00Z");
  // The Spanish page changed when its translation was published, after the English.
  expect(dates.get(`/es/services/${page}`)).toBe("2027-03-01T16:00:00Z");
  // A team member's page shows the About page's texts.
  expect(dates.get("/team/daniel-reyes")).toBe("2027-03-02T15:00:00Z");
  expect(dates.get("/about")).toBe("2027-03-02T15:00:00Z");
  expect(dates.get("/services/family-counseling")).toBeNull();
  expect(dates.get("/contact")).toBeNull();
});
