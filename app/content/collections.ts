import { z } from "zod";
import { lineText } from "./text-fields.ts";

/**
 * Collections (decision 043): the services are entries staff add, order, rename and retire. Each
 * entry's texts are a page like any other (a page_content row named by the entry's id, edited on
 * the Service Pages tab); what menus and lists need is its row in collection_entries. This module
 * is what the browser and the server share: the entry's shape and the list's forms.
 */

export const entryStatuses = ["draft", "live", "retired"] as const;
export type EntryStatus = (typeof entryStatuses)[number];

/** A stored status as one of the statuses; anything else (a row from a later version) reads as a draft, shown to nobody. */
export function entryStatusOf(stored: string): EntryStatus {
  return (entryStatuses as ReadonlyArray<string>).includes(stored) ? (stored as EntryStatus) : "draft";
}

/** What the admin's list calls each status. */
export const entryStatusLabels: Record<EntryStatus, string> = { draft: "Draft", live: "Live", retired: "Retired" };

/** A service as menus, lists and the admin see it. */
export type ServiceEntry = {
  /** Its page's name: a built-in service's slug, or "service-…" made when it was added; never changes. */
  id: string;
  slug: string;
  /** Its public address, "/services/{slug}". */
  path: string;
  /** Its name in menus, the home page's cards and the contact form's subjects. */
  title: string;
  /** Its card's text on the home page. */
  summary: string;
  status: EntryStatus;
  onHome: boolean;
  /** Where its addresses send visitors while it is retired; null: the contact page. */
  retiredTo: string | null;
  /** When it was first published (null: a draft, or the built-in list never changed). */
  publishedAt: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
};

/**
 * What a public page needs of a live service: the menus, the home page's grid, the contact form.
 * On a page in another language, its name (and card line, where there is one) in that language
 * (`translated`), from its published or built-in translation (decision 047).
 */
export type ServiceLink = Pick<ServiceEntry, "id" | "path" | "title" | "summary" | "onHome"> & {
  translated?: { title: string; summary: string | null };
};

export const servicePathOf = (slug: string) => `/services/${slug}`;

/** Where a retired service's addresses send visitors unless staff choose another page. */
export const defaultRetiredTo = "/contact";

/** The name of a service added by staff: "service-" and a random part (the built-ins are named by their slugs). */
export const addedServiceIdPattern = /^service-[a-z0-9]{10}$/;

export const isAddedServiceId = (name: string) => addedServiceIdPattern.test(name);

/** A service's name made into an address: lower case, a-z 0-9 and single hyphens. */
export function slugFrom(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

export const slugMessage = "Use lower-case letters a-z, digits 0-9 and hyphens (-) only, like family-counseling.";

const slugText = z
  .string({ error: "Give the page an address." })
  .trim()
  .max(80, { error: "Keep the address under 80 characters." })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: slugMessage });

/** A public address a retired service may send its visitors to: checked against the live pages by the server. */
const retiredToText = z
  .string({ error: "Choose the page its visitors go to." })
  .trim()
  .max(200, { error: "Choose the page its visitors go to." })
  .regex(/^\/[a-z0-9/-]*$/, { error: "Choose the page its visitors go to." });

const entryId = z.string({ error: "Choose a service." }).regex(/^[a-z0-9-]{1,80}$/, { error: "Choose a service." });

/** The version of the list the form was opened with: a change made since is a conflict, not an overwrite. */
const listVersion = z.coerce.number({ error: "Reload the page and try again." }).int().min(0);

export const serviceListIntents = ["add", "edit", "move", "retire", "restore"] as const;

const nameMessage = "Give the service a name.";
const summaryMessage = "Write a sentence for its card on the home page.";
const addressMessage = "Give the page an address.";

/**
 * The forms of the services list (/admin/services/list), each one intent: add a service; change
 * one's name, card text, address or home-page choice; move one (`to`: the place it moves to,
 * from 0); retire one (and where its visitors go); bring one back. One object, so every form of
 * the page is read the same way; what an intent needs is checked for it.
 */
export const serviceListSchema = z
  .object({
    intent: z.enum(serviceListIntents, { error: "Choose what to do." }),
    listVersion,
    id: entryId.optional(),
    title: lineText(80, nameMessage).optional(),
    slug: slugText.optional(),
    summary: lineText(300, summaryMessage).optional(),
    onHome: z.literal("on").optional(),
    to: z.coerce.number({ error: "Choose where to move it." }).int().min(0).max(1000).optional(),
    retiredTo: retiredToText.optional(),
  })
  .superRefine((form, context) => {
    const need = (field: keyof typeof form, message: string) => {
      if (form[field] === undefined) context.addIssue({ code: "custom", path: [field], message });
    };
    if (form.intent !== "add") need("id", "Choose a service.");
    if (form.intent === "add" || form.intent === "edit") {
      need("title", nameMessage);
      need("summary", summaryMessage);
    }
    if (form.intent === "edit") need("slug", addressMessage);
    if (form.intent === "move") need("to", "Choose where to move it.");
    if (form.intent === "retire") need("retiredTo", "Choose the page its visitors go to.");
  });

export type ServiceListForm = z.output<typeof serviceListSchema>;
