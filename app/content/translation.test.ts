import { describe, expect, test } from "vitest";
import { aboutDefaults } from "#app/pages/about.ts";
import { resourcesDefaults } from "#app/pages/resources.ts";
import { pageDefinition, translationFields } from "#app/content/pages.ts";
import {
  hasPerLanguageFields,
  isItemTranslated,
  perLanguageTextsByName,
  translatedContent,
  translationForEditing,
  translationToStore,
} from "./translation.ts";

const about = pageDefinition("about");
const resources = pageDefinition("resources");
const [ava, second] = aboutDefaults.staff;

describe("translations", () => {
  test("a page with no translation shows the English, as not translated", () => {
    expect(translatedContent(about.fields, aboutDefaults, null)).toEqual({
      content: aboutDefaults,
      translated: "none",
      untranslatedItems: [],
    });
  });

  test("of the practice's details only the note under the hours is per language; names, numbers and hours are shared", () => {
    expect(translationFields("practice").map(([key]) => key)).toEqual(["officeHoursNote"]);
    expect(hasPerLanguageFields(pageDefinition("practice").fields)).toBe(true);
    expect(hasPerLanguageFields(about.fields)).toBe(true);
  });

  test("only per-language fields are stored; names, pictures and choices stay the English page's", () => {
    const written = {
      ...aboutDefaults,
      title: "Sobre nosotros",
      staff: [{ ...ava, name: "Someone Else", bio: "Biografía.", team: "St. George", image: null }],
    };
    const stored = translationToStore(about.fields, written);
    expect(stored.title).toBe("Sobre nosotros");
    expect(stored.staff).toEqual([expect.objectContaining({ id: ava?.id, bio: "Biografía." })]);
    expect(stored.staff).toEqual([expect.not.objectContaining({ name: expect.anything() })]);
    expect(stored.staff).toEqual([expect.not.objectContaining({ image: expect.anything() })]);

    const shown = translatedContent(about.fields, aboutDefaults, stored);
    expect(shown.content.title).toBe("Sobre nosotros");
    expect(shown.content.staff[0]).toEqual({ ...ava, bio: "Biografía." });
  });

  test("an item left empty by the translator is not stored: it stays English and is named as such", () => {
    const editing = translationForEditing(about.fields, aboutDefaults, null);
    expect(editing.title).toBe("");
    expect(editing.staff.map((member) => [member.id, member.name, member.bio, member.specialties])).toEqual(
      aboutDefaults.staff.map((member) => [member.id, member.name, "", []]),
    );
    const written = {
      ...editing,
      title: "Sobre nosotros",
      staff: editing.staff.map((member, index) => (index === 0 ? { ...member, bio: "Hola." } : member)),
    };
    const stored = translationToStore(about.fields, written);
    expect((stored.staff as Array<{ id: string }>).map((member) => member.id)).toEqual([ava?.id]);
    const shown = translatedContent(about.fields, aboutDefaults, stored);
    expect(shown.translated).toBe("partly");
    expect(shown.untranslatedItems).toEqual(aboutDefaults.staff.slice(1).map((member) => member.id));
    expect(shown.content.staff[1]).toEqual(second);
    expect(isItemTranslated(shown, ava?.id ?? "")).toBe(true);
    expect(isItemTranslated(shown, second?.id ?? "")).toBe(false);
    expect(isItemTranslated(translatedContent(about.fields, aboutDefaults, null), ava?.id ?? "")).toBe(false);
  });

  test("items follow the English page: one removed there is gone, one added there is English", () => {
    const stored = translationToStore(about.fields, {
      staff: [
        { id: "gone", bio: "Adiós." },
        { id: ava?.id, bio: "Hola." },
      ],
    });
    const shown = translatedContent(about.fields, { ...aboutDefaults, staff: [ava] }, stored);
    expect(shown.content.staff).toEqual([{ ...ava, bio: "Hola." }]);
    expect(shown.translated).toBe("whole");
  });

  test("nested lists: a translated category keeps its untranslated books in English", () => {
    const [category] = resourcesDefaults.categories;
    const [book, other] = category?.books ?? [];
    const written = {
      categories: [
        {
          id: category?.id,
          name: "Ansiedad",
          intro: "Libros.",
          books: [
            { id: book?.id, description: "Un libro." },
            { id: other?.id, description: "" },
          ],
        },
      ],
    };
    const stored = translationToStore(resources.fields, written);
    const shown = translatedContent(resources.fields, resourcesDefaults, stored);
    expect(shown.content.categories[0]?.name).toBe("Ansiedad");
    expect(shown.content.categories[0]?.books[0]).toEqual({ ...book, description: "Un libro." });
    expect(shown.content.categories[0]?.books[1]).toEqual(other);
    expect(shown.untranslatedItems).toContain(other?.id);
    expect(shown.untranslatedItems).toContain(resourcesDefaults.categories[1]?.id);
  });

  test("stored values are the checked ones (trimmed by the schema), for the items the translator wrote", () => {
    const written = { title: " Sobre nosotros ", staff: [{ id: ava?.id, bio: " Hola. " }] };
    const checked = {
      title: "Sobre nosotros",
      staff: [
        { id: ava?.id, bio: "Hola." },
        { id: second?.id, bio: second?.bio },
      ],
    };
    expect(translationToStore(about.fields, written, checked)).toEqual({ title: "Sobre nosotros", staff: [{ id: ava?.id, bio: "Hola." }] });
  });

  test("an editor's English reference names each text as the form does, items' too, and nothing shared", () => {
    const [category] = resourcesDefaults.categories;
    const texts = perLanguageTextsByName(resources.fields, resourcesDefaults);
    expect(texts["categories[0].name"]).toBe(category?.name);
    expect(texts["categories[0].books[0].description"]).toBe(category?.books[0]?.description);
    expect(Object.keys(texts).some((name) => name.endsWith(".title") || name.endsWith(".author"))).toBe(false);
    expect(perLanguageTextsByName(about.fields, aboutDefaults)).toMatchObject({ title: aboutDefaults.title, "staff[0].bio": ava?.bio });
  });
});
