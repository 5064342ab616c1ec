import { z } from "zod";
import { itemIdText, paragraphsText } from "#app/content/text-fields.ts";
import type { FieldDescription } from "#app/content/define-page.ts";
import { type Language, languages } from "#app/i18n/languages.ts";
import { aboutPage, newClientsOptions, staffMemberFieldsSchema } from "./about.ts";

/**
 * A Clinician's own profile (issue 42): the parts of their team member they keep themselves,
 * the forms they and the reviewers send, and what each is told. Shared by the browser and the server.
 */

/** What a clinician changes, for an Owner or Editor to approve; "New clients" is set apart, at once. */
export const ownProfileKeys = ["image", "imageAlt", "bio", "specialties", "services", "ages", "formats", "languages"] as const;
export type OwnProfileKey = (typeof ownProfileKeys)[number];

const pickedKeys = Object.fromEntries(ownProfileKeys.map((key) => [key, true])) as { [K in OwnProfileKey]: true };

/** "Submit for review": the fields as the member's card in the About tab checks them. */
export const ownProfileSchema = staffMemberFieldsSchema.pick(pickedKeys);
export type OwnProfile = z.output<typeof ownProfileSchema>;

/**
 * The profile's texts a clinician writes in each language (decision 047): the photo, the services,
 * the ages and sessions are the same in every language, set on the English side.
 */
export const ownTranslatedKeys = ["imageAlt", "bio", "specialties", "languages"] as const satisfies ReadonlyArray<OwnProfileKey>;

/** "Submit for review" on the Spanish side: their texts, as the member's card checks them. */
export const ownTranslationSchema = staffMemberFieldsSchema.pick({ imageAlt: true, bio: true, specialties: true, languages: true });

/** The fields a profile in a language holds, with their editors. */
export function ownProfileFieldsIn(language: Language): ReadonlyArray<[OwnProfileKey, FieldDescription]> {
  return language === "en" ? ownProfileFields : ownProfileFields.filter(([key]) => isOwnTranslatedKey(key));
}

export function isOwnTranslatedKey(key: OwnProfileKey): key is (typeof ownTranslatedKeys)[number] {
  return (ownTranslatedKeys as ReadonlyArray<OwnProfileKey>).includes(key);
}

/** A stored submission's fields: the ones it changed, each as that schema reads it. */
export const submittedFieldsSchema = ownProfileSchema.partial();

/** The fields' editors, as the About tab describes them (labels, help). */
export const ownProfileFields: ReadonlyArray<[OwnProfileKey, FieldDescription]> = ownProfileKeys.map((key) => [
  key,
  aboutPage.fields.staff.item[key],
]);

/** What staff call a profile field ("Bio"). */
export function ownProfileLabel(key: OwnProfileKey): string {
  const field = aboutPage.fields.staff.item[key];
  return "label" in field ? field.label : key;
}

/** The clinician's switch, published at once: a full caseload must not wait for the office. */
export const newClientsSchema = z.object({
  newClients: z.enum(newClientsOptions, { error: "Choose whether you are accepting new clients." }),
});

export const noteRequiredMessage = "Say what to change, so they know what to do.";

const reloadMessage = "Reload the page and try again.";

/**
 * An Owner's or Editor's decision on one submission, naming the version of it they were shown:
 * approve (with what they were shown of the page as it is now, reviewShownKey: approval
 * publishes only over that) or send back with a note.
 */
export const reviewSchema = z
  .object({
    intent: z.enum(["approve", "send-back"], { error: reloadMessage }),
    language: z.enum(languages, { error: reloadMessage }).default("en"),
    member: itemIdText(reloadMessage),
    version: z.number({ error: reloadMessage }).int().min(1),
    shown: z
      .string({ error: reloadMessage })
      .regex(/^[0-9a-f]{16}$/, { error: reloadMessage })
      .optional(),
    note: paragraphsText(1000, noteRequiredMessage).optional(),
  })
  .refine((value) => value.intent !== "approve" || value.shown !== undefined, { path: ["shown"], error: reloadMessage })
  .refine((value) => value.intent !== "send-back" || value.note !== undefined, { path: ["note"], error: noteRequiredMessage });

export const ownProfileToasts = {
  submitted: {
    type: "success",
    title: "Sent for review",
    description: "Your page shows the earlier version until an Owner or Editor approves it.",
  },
  approved: { type: "success", title: "Approved and published" },
  sentBack: { type: "success", title: "Sent back with your note" },
} as const;

export const reviewMessages = {
  nothingChanged: "Nothing here differs from your page as it is, so nothing was sent, and nothing of yours waits for review.",
  alreadyWaiting: "This is the change already waiting for review: nothing was sent again.",
  submissionChanged: "This submission was changed or decided meanwhile: it is shown as it is now. Look at it again.",
  pageChanged: "The profile on the site changed since you opened this review: it is shown as it is now. Check it, then approve again.",
  memberGone:
    "This person is no longer on the team list, so nothing can be published for them. Send it back, or add them on the About tab.",
  notLinked: "Your account is not linked to anyone on the team. Ask an Owner to link it on Staff Accounts.",
  untranslated:
    "The About page's Spanish has no text yet for some of what their English has (such as their title): write it on the About tab's Spanish side, then approve this.",
} as const;
