import { describe, expect, test } from "vitest";
import { aboutPage } from "#app/pages/about.ts";
import { homepageDefaults } from "#app/pages/homepage.ts";
import { pageDefinitions, publicHeadOf } from "./pages.ts";
import { practice } from "./practice.ts";
import { searchFieldKeys, withSearchFields } from "./search-fields.ts";

describe("a page's search words and sharing picture", () => {
  test("every page with a public page has them, empty by default, and a team member their search words", () => {
    for (const definition of pageDefinitions.filter((each) => each.route)) {
      for (const key of searchFieldKeys) {
        expect(Object.keys(definition.fields), `${definition.name} ${key}`).toContain(key);
        expect(definition.schema.shape, `${definition.name} ${key}`).toHaveProperty(key);
      }
      expect(definition.defaults).toMatchObject({ searchTitle: "", searchDescription: "", shareImage: null });
    }
    // A therapist's page has its search words; a link to it shows their photo.
    expect(Object.keys(aboutPage.fields.staff.item)).toEqual(expect.arrayContaining(["searchTitle", "searchDescription"]));
  });

  test("left empty, the built-in head is used; given, the page's own words and picture", () => {
    const builtIn = publicHeadOf("homepage", homepageDefaults, practice);
    expect(builtIn?.title).toBeTruthy();
    expect(builtIn?.image).toBeUndefined();
    const own = publicHeadOf(
      "homepage",
      {
        ...homepageDefaults,
        searchTitle: "Counseling in Cedar City",
        searchDescription: "Therapists for adults, couples and teens.",
        shareImage: { source: "bundled", key: "general/home-hero" },
      },
      practice,
    );
    expect(own).toMatchObject({ title: "Counseling in Cedar City", description: "Therapists for adults, couples and teens." });
    expect(own?.image).toMatch(/^\/images\/general\/home-hero-1280\.webp$/);
    // A head's own picture (a therapist's photo) stays unless one is chosen.
    expect(withSearchFields({ title: "A", description: "B", image: "/photo.webp" }, { searchTitle: "" })).toEqual({
      title: "A",
      description: "B",
      image: "/photo.webp",
    });
  });

  test("the fields refuse what a form must not carry: line breaks, and more than they hold", () => {
    const schema = aboutPage.schema.shape.searchTitle;
    expect(schema.safeParse("Two\nlines").success).toBe(false);
    expect(schema.safeParse("x".repeat(121)).success).toBe(false);
    expect(aboutPage.schema.shape.searchDescription.safeParse("x".repeat(321)).success).toBe(false);
    expect(aboutPage.schema.shape.shareImage.safeParse("javascript:alert(1)").success).toBe(false);
  });
});
