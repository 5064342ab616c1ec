import { parseWithZod } from "@conform-to/zod/v4";
import { expect, test } from "vitest";
import { aboutDefaults, staffPhotoAlt, staffMemberFieldsSchema, staffMemberSchema, whyChoosePoints } from "./about.ts";
import { homepageDefaults } from "./homepage.ts";
import { emergencyCrisisLines, footerCrisisLines, practice } from "#app/content/practice.ts";
import { amazonSearchUrl, bookLinks, bookshopSearchUrl, resourcesDefaults } from "./resources.ts";

const bookCategories = resourcesDefaults.categories;
import { paymentMethodOptions, subjectOptions } from "#app/inquiries/contact-options.ts";
import { getService, serviceSlugs, services } from "./services.ts";
import { fieldList } from "#app/content/define-page.ts";
import { searchFieldKeys } from "#app/content/search-fields.ts";
import { type PageName, pageDefinition, pageDefinitions } from "#app/content/pages.ts";
import { propertyOf } from "#app/lib/property-of.ts";

const specSlugs = [
  "individual-counseling",
  "couples-counseling",
  "family-counseling",
  "group-therapy",
  "telehealth-therapy",
  "life-skills-coaching",
  "alternative-therapies",
  "mental-health-assessments",
  "ketamine-treatment",
  "court-ordered-evaluations",
  "domestic-violence-treatment",
  "esa-letters",
];

/**
 * The texts a page's built-in content holds, as its field descriptions say: each text, and each
 * line of a list. Its search words are left out: empty, they are the page's own head.
 */
function builtInTexts(name: PageName): Array<string> {
  const { defaults, fields } = pageDefinition(name);
  const own = fieldList(fields).filter(([key]) => !(searchFieldKeys as ReadonlyArray<string>).includes(key));
  return own.flatMap(([key, field]) => {
    const value = propertyOf(defaults, key);
    if (field.kind === "text" || field.kind === "longText") return [String(value)];
    return field.kind === "list" && Array.isArray(value) ? value.map(String) : [];
  });
}

test("no built-in text is blank", () => {
  const texts = [...builtInTexts("homepage"), ...services.flatMap((service) => [service.cardDescription, ...builtInTexts(service.slug)])];
  expect(texts.length).toBeGreaterThan(100);
  for (const text of texts) expect(text.trim()).not.toBe("");
});

test("twelve unique service slugs in spec order", () => {
  expect(serviceSlugs).toEqual(specSlugs);
  expect(services.map((service) => service.slug)).toEqual(specSlugs);
  expect(new Set(serviceSlugs).size).toBe(12);
  for (const service of services) {
    expect(service.path).toBe(`/services/${service.slug}`);
    expect(getService(service.slug)).toBe(service);
  }
  expect(getService("not-a-service")).toBeUndefined();
});

test("exactly the spec's three pages are not content-backed", () => {
  const builtInOnly = services.filter((service) => !service.contentBacked).map((service) => service.slug);
  expect(builtInOnly).toEqual(["mental-health-assessments", "domestic-violence-treatment", "esa-letters"]);
});

test("exactly the nine content-backed services are featured on the home page", () => {
  const featured = services.filter((service) => service.featuredOnHome);
  expect(featured).toHaveLength(9);
  expect(featured.every((service) => service.contentBacked)).toBe(true);
});

test("every service has exactly three process steps and a titled, rich default", () => {
  for (const service of services) {
    expect(service.defaults.process).toHaveLength(3);
    expect(service.defaults.title).toBe(service.label);
    expect(service.defaults.benefits.length).toBeGreaterThanOrEqual(4);
    expect(service.defaults.whoItHelps.length).toBeGreaterThanOrEqual(4);
  }
  expect(getService("individual-counseling")?.defaults.additionalInfo).toContain("50 minutes");
});

test("13 subject options: the service labels in order, then Other", () => {
  expect(subjectOptions).toHaveLength(13);
  expect(subjectOptions).toEqual([...services.map((service) => service.label), "Other"]);
  expect(subjectOptions[0]).toBe("Individual Counseling");
  expect(subjectOptions[9]).toBe("Court Ordered Evaluations");
  expect(subjectOptions[12]).toBe("Other");
  expect(paymentMethodOptions).toEqual(["Insurance", "Self-Pay", "Bishop Pay", "Not Applicable"]);
});

test("staff: nine in Cedar City then two on telehealth, unique ids, numbered bundled portraits", () => {
  const teams = aboutDefaults.staff.map((member) => member.team);
  expect(teams).toEqual([...Array<string>(9).fill("Cedar City"), "Telehealth", "Telehealth"]);
  expect(new Set(aboutDefaults.staff.map((member) => member.id)).size).toBe(11);
  aboutDefaults.staff.forEach((member, index) => {
    expect(member.image).toEqual({ source: "bundled", key: `staff/staff-${String(index + 1).padStart(2, "0")}` });
    expect(member.bio.split(/\s+/).length).toBeGreaterThanOrEqual(60);
  });
});

test("a staff photo's alt text is its description, else 'Photo of' and the name", () => {
  expect(staffPhotoAlt({ name: "Ava Morgan", imageAlt: "" })).toBe("Photo of Ava Morgan");
  expect(staffPhotoAlt({ name: "Ava Morgan", imageAlt: "  " })).toBe("Photo of Ava Morgan");
  expect(staffPhotoAlt({ name: "Ava Morgan", imageAlt: "Ava in the office garden" })).toBe("Ava in the office garden");
  // On a Spanish page, the default says it in Spanish; a description of their own is as written.
  expect(staffPhotoAlt({ name: "Ava Morgan", imageAlt: "" }, "es")).toBe("Foto de Ava Morgan");
  expect(staffPhotoAlt({ name: "Ava Morgan", imageAlt: "Ava en el jardín" }, "es")).toBe("Ava en el jardín");
});

test("a staff member needs a name and a title", () => {
  const member = aboutDefaults.staff[0]!;
  expect(staffMemberSchema.safeParse({ ...member, name: " " }).success).toBe(false);
  expect(staffMemberSchema.safeParse({ ...member, title: "" }).success).toBe(false);
  expect(staffMemberSchema.safeParse({ ...member, team: "Moab" }).success).toBe(false);
});

test("a member saved before the profile existed reads as accepting new clients, with nothing more said", () => {
  const { newClients, services, specialties, ages, formats, languages, licenseType, licenseNumber, licenseState, ...before } =
    aboutDefaults.staff[1]!;
  const read = staffMemberSchema.parse(before);
  expect(read).toMatchObject({
    newClients: "Accepting new clients",
    services: [],
    specialties: [],
    ages: [],
    formats: [],
    languages: [],
    licenseType: "",
    licenseNumber: "",
    licenseState: "Utah",
  });
});

test("a therapist's ages and sessions are some of their options, once each, in the options' order", () => {
  const member = aboutDefaults.staff[0]!;
  const read = (ages: unknown) => staffMemberSchema.safeParse({ ...member, ages });
  expect(read(["Adults", "Children (under 13)", "Adults"]).data?.ages).toEqual(["Children (under 13)", "Adults"]);
  expect(read(["Everyone"]).success).toBe(false);
  expect(staffMemberSchema.safeParse({ ...member, formats: ["By letter"] }).success).toBe(false);
  expect(staffMemberSchema.safeParse({ ...member, newClients: "Maybe" }).success).toBe(false);
  expect(staffMemberSchema.safeParse({ ...member, licenseState: "Utopia" }).success).toBe(false);
  expect(staffMemberSchema.safeParse({ ...member, licenseNumber: "12\n34" }).success).toBe(false);
  expect(staffMemberSchema.safeParse({ ...member, services: ["<script>"] }).success).toBe(false);
  expect(staffMemberSchema.parse({ ...member, services: ["couples-counseling", "couples-counseling"] }).services).toEqual([
    "couples-counseling",
  ]);
});

test("chosen boxes post numbered from 0 and read as a list; none chosen is none", () => {
  const member = aboutDefaults.staff[0]!;
  const form = new FormData();
  for (const [key, value] of Object.entries(member)) {
    if (typeof value === "string") form.set(key, value);
  }
  form.set("ages[0]", "Adults");
  form.set("services[0]", "individual-counseling");
  form.set("services[1]", "group-therapy");
  const ticked = parseWithZod(form, { schema: staffMemberFieldsSchema });
  expect(ticked.status).toBe("success");
  expect(ticked.status === "success" && [ticked.value.ages, ticked.value.services]).toEqual([
    ["Adults"],
    ["individual-counseling", "group-therapy"],
  ]);
  form.delete("ages[0]");
  const noneTicked = parseWithZod(form, { schema: staffMemberFieldsSchema });
  expect(noneTicked.status === "success" && noneTicked.value.ages).toEqual([]);
});

test("six reasons to choose the practice", () => {
  expect(whyChoosePoints).toHaveLength(6);
});

test("seven book categories in order, each with three or more books and https links", () => {
  expect(bookCategories.map((category) => category.name)).toEqual([
    "Anxiety",
    "Trauma & PTSD",
    "Depression",
    "Mindfulness & Meditation",
    "Self-Compassion & Identity",
    "DBT / IFS",
    "General Self-Improvement",
  ]);
  expect(new Set(bookCategories.map((category) => category.id)).size).toBe(7);
  for (const category of bookCategories) {
    expect(category.books.length).toBeGreaterThanOrEqual(3);
    for (const book of category.books) {
      expect(bookLinks(book).map((link) => link.label)).toEqual(["Amazon", "Bookshop.org"]);
      for (const link of bookLinks(book)) expect(new URL(link.href).protocol).toBe("https:");
    }
  }
});

test("book links are URL-encoded searches for title and author", () => {
  const amazon = new URL(amazonSearchUrl("Trauma & Recovery", "Judith Herman"));
  expect(amazon.origin + amazon.pathname).toBe("https://www.amazon.com/s");
  expect(amazon.searchParams.get("k")).toBe("Trauma & Recovery Judith Herman");
  expect(amazon.search).not.toContain(" ");
  const bookshop = new URL(bookshopSearchUrl("No Bad Parts", "Richard C. Schwartz"));
  expect(bookshop.origin + bookshop.pathname).toBe("https://bookshop.org/search");
  expect(bookshop.searchParams.get("keywords")).toBe("No Bad Parts Richard C. Schwartz");
});

test("crisis lines carry the correct numbers", () => {
  expect(footerCrisisLines.map((line) => line.number)).toEqual(["911", "988", "833-372-3388", "1-800-799-7233"]);
  expect(footerCrisisLines.map((line) => line.href)).toEqual(["tel:911", "tel:988", "tel:+18333723388", "tel:+18007997233"]);
  expect(footerCrisisLines.filter((line) => line.textHref).map((line) => line.textHref)).toEqual(["sms:988"]);
  expect(emergencyCrisisLines.map((line) => line.number)).toEqual(["911", "988", "801-587-3000", "1-800-799-7233"]);
  expect(emergencyCrisisLines[2]?.href).toBe("tel:+18015873000");
});

test("office hours read as the spec states them", () => {
  const text = [...practice.officeHours.map((entry) => `${entry.label} ${entry.hours}`), practice.officeHoursNote];
  expect(text).toEqual(["Monday-Thursday 10AM-5PM", "Friday 10AM-4PM", "Evenings by request"]);
  expect(practice.officeHours.map(({ days, opens, closes }) => ({ days, opens, closes }))).toEqual([
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday"], opens: "10:00", closes: "17:00" },
    { days: ["Friday"], opens: "10:00", closes: "16:00" },
  ]);
});

test("practice identity", () => {
  expect(practice.motto).toBe("Learn. Heal. Grow. Strengthen.");
  expect(practice.phone).toEqual({ display: "(435) 555-0142", href: "tel:+14355550142", textHref: "sms:+14355550142" });
  expect(practice.billingPhone).toEqual({ display: "(435) 555-0178", href: "tel:+14355550178" });
  expect(practice.copyrightYear).toBe(2025);
  expect(practice.therapyApproaches.map((approach) => approach.abbreviation)).toEqual(["DBT", "IFS", "EMDR", "MI"]);
  expect(homepageDefaults.ctaTagline).toBe(practice.motto);
  expect(homepageDefaults.servicesTitle).toBe("What We Offer");
});

test("every page's built-in defaults pass the schema a save is checked with", () => {
  for (const definition of pageDefinitions) {
    const result = definition.schema.safeParse(definition.defaults);
    expect(result.error?.issues ?? [], definition.name).toEqual([]);
    expect(result.data).toEqual(definition.defaults);
  }
});

// A field the editor does not describe would never be shown, and a save would then fail on it (or
// drop it) without a word beside any field: every schema key has its description, and no more.
// The compiler already asks for one description per key (FieldsOf); this also catches a description left for a key the schema dropped.
test("every page kind describes each field of its schema, and a staff member each of theirs", () => {
  for (const definition of pageDefinitions) {
    const schemaKeys = Object.keys(definition.schema.shape).sort();
    expect(Object.keys(definition.fields).sort(), definition.name).toEqual(schemaKeys);
  }
  const staff = pageDefinition("about").fields.staff;
  expect(Object.keys(staff.item).sort()).toEqual(Object.keys(staffMemberFieldsSchema.shape).sort());
});
