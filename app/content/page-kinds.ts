import type { z } from "zod";
import { aboutContentSchema, aboutDefaults, staffTeams, type AboutContent, type StaffMember } from "./about.ts";
import { homepageContentSchema, homepageDefaults, type HomepageContent } from "./homepage.ts";
import { serviceContentSchema, type ServiceContent } from "./service-content.ts";
import { type ServiceSlug, services } from "./services.ts";

/**
 * Every page whose text staff can edit (a `page_content` row each): its schema, its built-in
 * defaults, the description of its fields, and whether the public page reads stored content.
 * Readers, the admin tabs and the editors all start here.
 */

/** How a field is shown and edited. */
export type FieldKind = "text" | "longText" | "list" | "staff" | "image" | "choice";

export type FieldDescription<K extends string = string> = {
  key: K;
  label: string;
  kind: FieldKind;
  /** The allowed values of a "choice" field. */
  options?: ReadonlyArray<string>;
};

export type PageName = "homepage" | "about" | ServiceSlug;

export type ContentOf<N extends PageName> = N extends "homepage" ? HomepageContent : N extends "about" ? AboutContent : ServiceContent;

// mergeWithDefaults reads fields one by one, so every page kind is a z.object.
type ObjectSchema<T> = z.ZodType<T> & { shape: { [K in keyof T]: z.ZodType<T[K]> } };

export type PageDefinition<N extends PageName = PageName> = {
  name: N;
  /** What the admin calls the page. */
  label: string;
  schema: ObjectSchema<ContentOf<N>>;
  defaults: ContentOf<N>;
  fields: ReadonlyArray<FieldDescription<keyof ContentOf<N> & string>>;
  /** False for the three service pages specified as built-in only: stored rows are ignored. */
  usesStoredContent: boolean;
  /** Lists shown empty when saved empty, instead of falling back to the defaults (the team). */
  emptyListsAllowed?: ReadonlyArray<keyof ContentOf<N> & string>;
};

const homepageFields: ReadonlyArray<FieldDescription<keyof HomepageContent>> = [
  { key: "heroDescription", label: "Hero description", kind: "text" },
  { key: "heroTitle", label: "Hero title", kind: "text" },
  { key: "heroSubtitle", label: "Hero subtitle", kind: "longText" },
  { key: "aboutTitle", label: "About title", kind: "text" },
  { key: "aboutDescription", label: "About description", kind: "longText" },
  { key: "aboutSecondParagraph", label: "About second paragraph", kind: "longText" },
  { key: "servicesTitle", label: "Services title", kind: "text" },
  { key: "servicesDescription", label: "Services description", kind: "longText" },
  { key: "therapyApproachTitle", label: "Therapy approach title", kind: "text" },
  { key: "therapyApproachDescription", label: "Therapy approach description", kind: "longText" },
  { key: "ctaTitle", label: "Call to action title", kind: "text" },
  { key: "ctaDescription", label: "Call to action description", kind: "longText" },
  { key: "ctaFooterText", label: "Call to action footer text", kind: "longText" },
  { key: "ctaTagline", label: "Call to action tagline", kind: "text" },
];

const aboutFields: ReadonlyArray<FieldDescription<keyof AboutContent>> = [
  { key: "title", label: "Title", kind: "text" },
  { key: "description", label: "Description", kind: "longText" },
  { key: "mission", label: "Mission", kind: "longText" },
  { key: "vision", label: "Vision", kind: "longText" },
  { key: "approach", label: "Approach", kind: "longText" },
  { key: "teamDescription", label: "Team description", kind: "longText" },
  { key: "additionalInfo", label: "Additional information", kind: "longText" },
  { key: "staff", label: "Staff", kind: "staff" },
];

/** The fields of one staff member, as the About editor shows them. */
export const staffMemberFields: ReadonlyArray<FieldDescription<Exclude<keyof StaffMember, "id">>> = [
  { key: "name", label: "Name", kind: "text" },
  { key: "title", label: "Title", kind: "text" },
  { key: "credentials", label: "Credentials", kind: "text" },
  { key: "bio", label: "Bio", kind: "longText" },
  { key: "image", label: "Image", kind: "image" },
  { key: "team", label: "Team", kind: "choice", options: staffTeams },
];

/** The About fields the Service Pages tab shows for its 'about' page variant (spec section 2). */
export const aboutVariantFields = aboutFields.filter((field) => ["title", "description", "additionalInfo"].includes(field.key));

/** The fields of every service page. */
export const serviceFields: ReadonlyArray<FieldDescription<keyof ServiceContent>> = [
  { key: "title", label: "Title", kind: "text" },
  { key: "description", label: "Description", kind: "longText" },
  { key: "benefits", label: "Benefits", kind: "list" },
  { key: "whoItHelps", label: "Who it helps", kind: "list" },
  { key: "process", label: "What to expect", kind: "list" },
  { key: "additionalInfo", label: "Additional information", kind: "longText" },
];

const definitions: Array<PageDefinition> = [
  {
    name: "homepage",
    label: "Homepage",
    schema: homepageContentSchema,
    defaults: homepageDefaults,
    fields: homepageFields,
    usesStoredContent: true,
  } satisfies PageDefinition<"homepage">,
  {
    name: "about",
    label: "About",
    schema: aboutContentSchema,
    defaults: aboutDefaults,
    fields: aboutFields,
    usesStoredContent: true,
    // Staff who remove everyone mean an empty team, not the demo team back.
    emptyListsAllowed: ["staff"],
  } satisfies PageDefinition<"about">,
  ...services.map(
    (service) =>
      ({
        name: service.slug,
        label: service.label,
        schema: serviceContentSchema,
        defaults: service.defaults,
        fields: serviceFields,
        usesStoredContent: service.contentBacked,
      }) satisfies PageDefinition<ServiceSlug>,
  ),
] as unknown as Array<PageDefinition>;

const byName = new Map<string, PageDefinition>(definitions.map((definition) => [definition.name, definition]));

/** Every editable page, homepage and about first, then the services in menu order. */
export const pageDefinitions: ReadonlyArray<PageDefinition> = definitions;

export function isPageName(name: string): name is PageName {
  return byName.has(name);
}

export function pageDefinition<N extends PageName>(name: N): PageDefinition<N> {
  const definition = byName.get(name);
  if (!definition) throw new Error(`Unknown page: ${name}`);
  return definition as unknown as PageDefinition<N>;
}
