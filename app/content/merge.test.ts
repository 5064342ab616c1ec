import { expect, test } from "vitest";
import { aboutContentSchema, aboutDefaults } from "#app/pages/about.ts";
import { homepageContentSchema, homepageDefaults } from "#app/pages/homepage.ts";
import { mergeWithDefaults, parseStoredContent } from "./merge.ts";
import { serviceContentSchema } from "#app/pages/services.ts";
import { getService } from "#app/pages/services.ts";

const individual = getService("individual-counseling")!.defaults;

test("takes valid stored fields and keeps defaults for the rest", () => {
  const merged = mergeWithDefaults(homepageDefaults, { heroTitle: "A new title", ctaTitle: "Call us" }, homepageContentSchema);
  expect(merged).toEqual({ ...homepageDefaults, heroTitle: "A new title", ctaTitle: "Call us" });
});

test("does not change the defaults object", () => {
  const before = structuredClone(homepageDefaults);
  mergeWithDefaults(homepageDefaults, { heroTitle: "Changed" }, homepageContentSchema);
  expect(homepageDefaults).toEqual(before);
});

test("blank and whitespace-only strings fall back to the default", () => {
  const merged = mergeWithDefaults(homepageDefaults, { heroTitle: "", heroSubtitle: "   \n\t", ctaTagline: "Kept" }, homepageContentSchema);
  expect(merged.heroTitle).toBe(homepageDefaults.heroTitle);
  expect(merged.heroSubtitle).toBe(homepageDefaults.heroSubtitle);
  expect(merged.ctaTagline).toBe("Kept");
});

test("fields of the wrong type fall back field by field", () => {
  const merged = mergeWithDefaults(
    individual,
    { title: 42, description: "Stored description", benefits: "not a list", process: [1, 2], additionalInfo: null },
    serviceContentSchema,
  );
  expect(merged).toEqual({ ...individual, description: "Stored description" });
});

test("a stored value that is not an object gives the defaults", () => {
  for (const stored of [undefined, null, "text", 7, true, ["a", "b"]]) {
    expect(mergeWithDefaults(homepageDefaults, stored, homepageContentSchema)).toEqual(homepageDefaults);
  }
});

test("unknown and inherited keys are ignored", () => {
  const stored = JSON.parse('{"heroTitle":"Hello","extra":"x","__proto__":{"heroSubtitle":"injected"}}');
  const merged = mergeWithDefaults(homepageDefaults, stored, homepageContentSchema);
  expect(merged.heroTitle).toBe("Hello");
  expect(merged.heroSubtitle).toBe(homepageDefaults.heroSubtitle);
  expect(Object.keys(merged).sort()).toEqual(Object.keys(homepageDefaults).sort());
});

test("lists replace the default list whole, without blank items", () => {
  const merged = mergeWithDefaults(
    individual,
    { benefits: ["Calmer days", "  ", "Better sleep"], whoItHelps: [], process: ["", " "] },
    serviceContentSchema,
  );
  expect(merged.benefits).toEqual(["Calmer days", "Better sleep"]);
  expect(merged.whoItHelps).toEqual(individual.whoItHelps);
  expect(merged.process).toEqual(individual.process);
});

test("a list with an invalid item falls back to the default list", () => {
  const merged = mergeWithDefaults(individual, { benefits: ["Fine", 3] }, serviceContentSchema);
  expect(merged.benefits).toEqual(individual.benefits);
});

/** What a member saved before their profile existed reads as. */
const profileBefore = {
  newClients: "Accepting new clients",
  services: [],
  specialties: [],
  ages: [],
  formats: [],
  languages: [],
  licenseType: "",
  licenseNumber: "",
  licenseState: "Utah",
  // Their page's own head: none given.
  searchTitle: "",
  searchDescription: "",
};

test("stored staff replaces the default staff only when every member is valid", () => {
  const member = {
    id: "staff-new",
    name: "  Sam Lee ",
    title: "Therapist",
    credentials: "LCSW",
    bio: "",
    imageUrl: "",
    team: "Telehealth",
  };
  const valid = mergeWithDefaults(aboutDefaults, { staff: [member] }, aboutContentSchema);
  const { imageUrl: _legacy, ...rest } = member;
  // Saved before photos had descriptions: an empty one ("Photo of" and the name is shown); and
  // before the profile: accepting new clients, with nothing more said.
  expect(valid.staff).toEqual([{ ...rest, name: "Sam Lee", image: null, imageAlt: "", ...profileBefore }]);

  const invalid = mergeWithDefaults(aboutDefaults, { staff: [member, { ...member, id: "staff-other", team: "Moab" }] }, aboutContentSchema);
  expect(invalid.staff).toEqual(aboutDefaults.staff);
});

test("staff saved with a plain imageUrl read with an image reference; a senseless one reads as no picture", () => {
  const member = { id: "staff-new", name: "Sam Lee", title: "Therapist", credentials: "", bio: "", team: "Cedar City" };
  const stored = {
    staff: [
      { ...member, imageUrl: "/images/staff/staff-03.webp" },
      { ...member, id: "staff-2", imageUrl: "https://photos.example.org/sam.jpg" },
      { ...member, id: "staff-3", imageUrl: "http://insecure.example.org/sam.jpg" },
    ],
  };
  const merged = mergeWithDefaults(aboutDefaults, stored, aboutContentSchema);
  expect(merged.staff.map((entry) => entry.image)).toEqual([
    { source: "bundled", key: "staff/staff-03" },
    { source: "external", url: "https://photos.example.org/sam.jpg" },
    null,
  ]);
  // A reference saved in the new form is held to it: a bad one is refused, not dropped.
  const badNew = mergeWithDefaults(
    aboutDefaults,
    { staff: [{ ...member, image: "http://insecure.example.org/sam.jpg" }] },
    aboutContentSchema,
  );
  expect(badNew.staff).toEqual(aboutDefaults.staff);
});

test("parseStoredContent parses JSON text and never throws", () => {
  expect(parseStoredContent('{"heroTitle":"Hi"}')).toEqual({ heroTitle: "Hi" });
  expect(parseStoredContent("[1,2]")).toEqual([1, 2]);
  expect(parseStoredContent("{not json")).toBeUndefined();
  expect(parseStoredContent("")).toBeUndefined();
  expect(parseStoredContent(null)).toBeUndefined();
  expect(parseStoredContent(undefined)).toBeUndefined();
});

test("garbage JSON merges to the defaults", () => {
  const merged = mergeWithDefaults(homepageDefaults, parseStoredContent("}{"), homepageContentSchema);
  expect(merged).toEqual(homepageDefaults);
});
