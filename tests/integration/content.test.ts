import { afterEach, expect, test, vi } from "vitest";
import { aboutDefaults } from "#app/content/about.ts";
import { homepageDefaults } from "#app/content/homepage.ts";
import { getService } from "#app/content/services.ts";
import {
  getContentVersion,
  loadAboutContent,
  loadHomepageContent,
  loadServiceContent,
  savePageContent,
} from "#app/server/content.server.ts";
import { createDb, replaceDatabase } from "#app/server/db/db.server.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

testOnEachEngine("with no stored row the homepage shows its defaults", async () => {
  expect(await loadHomepageContent()).toEqual(homepageDefaults);
});

testOnEachEngine("stored homepage fields override defaults field by field", async (db) => {
  await savePageContent("homepage", { heroTitle: "Stored title", ctaTitle: "   ", aboutTitle: 42, unknown: "x" });
  const content = await loadHomepageContent();
  expect(content.heroTitle).toBe("Stored title");
  expect(content.ctaTitle).toBe(homepageDefaults.ctaTitle); // blank falls back
  expect(content.aboutTitle).toBe(homepageDefaults.aboutTitle); // wrong type falls back
  expect(content).not.toHaveProperty("unknown");
  // Saving again replaces the row rather than adding one.
  await savePageContent("homepage", { heroTitle: "Second title" });
  expect((await loadHomepageContent()).heroTitle).toBe("Second title");
  expect((await db.selectFrom("page_content").selectAll().execute()).length).toBe(1);
});

testOnEachEngine("content-backed services read stored content; built-in-only ones ignore it", async () => {
  const couples = getService("couples-counseling")!;
  const esa = getService("esa-letters")!;
  await savePageContent("couples-counseling", { title: "Stored couples", benefits: ["One", "Two"] });
  await savePageContent("esa-letters", { title: "Should not show" });
  const couplesContent = await loadServiceContent(couples);
  expect(couplesContent.title).toBe("Stored couples");
  expect(couplesContent.benefits).toEqual(["One", "Two"]);
  expect(couplesContent.process).toEqual(couples.defaults.process);
  expect(await loadServiceContent(esa)).toEqual(esa.defaults);
});

testOnEachEngine("stored about content replaces the staff list", async () => {
  const member = { id: "x", name: "New Person", title: "Therapist", credentials: "LCSW", bio: "Bio", imageUrl: "", team: "Telehealth" };
  await savePageContent("about", { staff: [member] });
  const content = await loadAboutContent();
  expect(content.staff).toEqual([member]);
  expect(content.mission).toBe(aboutDefaults.mission);
});

testOnEachEngine("the content version changes when content is saved", async () => {
  const before = await getContentVersion();
  await savePageContent("about", { title: "New" });
  expect(await getContentVersion()).not.toBe(before);
});

test("a failed read logs 'Error loading homepage content' and shows the defaults", async () => {
  const broken = createDb({ dialect: "sqlite", file: ":memory:" }); // never migrated: no tables
  replaceDatabase(broken);
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    expect(await loadHomepageContent()).toEqual(homepageDefaults);
    expect(log).toHaveBeenCalledWith("Error loading homepage content", expect.anything());
    await loadServiceContent(getService("family-counseling")!);
    expect(log).toHaveBeenCalledWith("Error loading family-counseling content", expect.anything());
  } finally {
    await broken.destroy();
  }
});
