// The content editors' saves as their routes receive them: the form read with the page kind's
// schema, savePage, and one answer (AdminAnswer) whatever happened, so a refused or failed save
// leaves the editor and the text typed into it where they are.
import type { z } from "zod";
import { type PageName, pageDefinition, translationFields } from "#app/content/pages.ts";
import { savedByPhrase } from "#app/content/saved-by-phrase.ts";
import {
  baseVersionSchema,
  draftSavedToast,
  overwriteVersionSchema,
  saveAsSchema,
  saveFailedToast,
  saveFailures,
  saveMessages,
  sourceVersionSchema,
} from "#app/content/page-save.ts";
import type { Language } from "#app/i18n/languages.ts";
import { fieldList } from "#app/content/define-page.ts";
import { fieldChanges } from "#app/content/three-way.ts";
import type { Clash } from "#app/admin-action/admin-answer.ts";
import { propertyOf } from "#app/lib/property-of.ts";
import { imagesAsAddresses } from "#app/media/image-ref.ts";
import { adminAction } from "#app/admin-action/admin-action.server.ts";
import { readEditedPage, readEditedTranslation, readVersion, savePage } from "./page-store.server.ts";
import { type Db, getDb } from "#app/server/db/db.server.ts";
import { copyTypedImages, ownHostsOf } from "#app/media/typed-images.server.ts";
import type { AdminIdentity } from "#app/staff/session.server.ts";

type SavedBy = { savedBy: string | null; savedAt: string } | null;

function clashMessage(current: SavedBy, clashes: ReadonlyArray<Clash>, translated: boolean): string {
  const both = clashes.length > 0 ? ` You both changed ${clashes.map((clash) => clash.label).join(", ")}.` : "";
  return (
    `This ${translated ? "translation" : "page"} was saved${savedByPhrase(current)}, after you opened it.${both} Your changes are still here and were not saved: ` +
    "look at theirs first, or save yours over theirs (only what you changed is saved over)."
  );
}

/** What a publish over a draft saved meanwhile adds to its toast: only mine went live, theirs stays a draft. */
function publishedOverDraftMessage(current: SavedBy, mine: ReadonlyArray<string>): string {
  return `Only your changes to ${mine.join(", ")} went live. The draft saved${savedByPhrase(current)} after you opened this page is still a draft, with your changes in it too.`;
}

/** What a merged save adds to its toast: whose changes it kept, and which of mine went over theirs. */
function mergedMessage(current: SavedBy, theirs: ReadonlyArray<string>, overwritten: ReadonlyArray<string>): string {
  const kept = theirs.length > 0 ? `Saved together with the changes made${savedByPhrase(current)} to ${theirs.join(", ")}.` : "";
  const over = overwritten.length > 0 ? ` Yours replaced theirs in ${overwritten.join(", ")}.` : "";
  return `${kept}${over}`.trim() || "Saved over a save made meanwhile; nothing in it differed from yours.";
}

/** What staff call a field of a page: its label ("Hero title"). */
function labelsOf(name: PageName, keys: ReadonlyArray<string>): Array<string> {
  const labels = new Map(fieldList(pageDefinition(name).fields).map(([key, field]) => [key, "label" in field ? field.label : key]));
  return keys.map((key) => labels.get(key) ?? key);
}

/**
 * The fields both changed differently, as the editor sets them beside mine: each label, theirs as
 * the editor's form holds values (pictures as addresses), and for a list of items its title key.
 */
function clashesOf(name: PageName, keys: ReadonlyArray<string>, theirs: unknown): Array<Clash> {
  const fields = new Map(fieldList(pageDefinition(name).fields));
  const labels = labelsOf(name, keys);
  return keys.map((key, index) => {
    const field = fields.get(key);
    return {
      key,
      label: labels[index] ?? key,
      theirs: imagesAsAddresses(propertyOf(theirs, key)),
      titleKey: field?.kind === "objectList" ? field.titleKey : undefined,
    };
  });
}

/**
 * A save that met a save made since the editor opened (`baseVersion`): the fields only one of
 * the two changed merge, and it is saved; fields both changed differently are a clash, which a
 * person decides, unless `overwriteVersion` says they saw that very version and chose theirs to go.
 */
async function saveOverSomeoneElse(
  db: Db,
  input: {
    name: PageName;
    mine: unknown;
    fields: ReadonlyArray<string> | undefined;
    asDraft: boolean;
    baseVersion: number;
    overwriteVersion: number | undefined;
    /** The save that got in the way, as savePage's conflict names it. */
    who: SavedBy;
    /** A translation's save: its language and the English version the translator read. */
    translation: { language: Exclude<Language, "en">; sourceVersion: number } | undefined;
  },
  admin: AdminIdentity,
) {
  const { who, translation } = input;
  // A translation's fields are its per-language ones; its versions are read as its editor holds them.
  const keys =
    input.fields ??
    (translation ? translationFields(input.name).map(([key]) => key) : Object.keys(pageDefinition(input.name).schema.shape));
  // Compared with what an editor would open now: the pending draft if there is one.
  const [base, current] = await Promise.all([
    readVersion(db, input.name, input.baseVersion, translation?.language),
    translation ? readEditedTranslation(db, input.name, translation.language) : readEditedPage(db, input.name),
  ]);
  if (!base) return { status: "clash" as const, clashes: [], version: current.version, who };
  // Compared as the page shows them: an empty picture is the built-in one (stored as null once
  // saved, as the built-in reference before), so one is no change from the other.
  const defaults = pageDefinition(input.name).defaults;
  const shown = (content: unknown) => Object.fromEntries(keys.map((key) => [key, propertyOf(content, key) ?? propertyOf(defaults, key)]));
  const changes = fieldChanges(keys, shown(base.content), shown(input.mine), shown(current.content));
  if (changes.clashes.length > 0 && input.overwriteVersion !== current.version) {
    return { status: "clash" as const, clashes: clashesOf(input.name, changes.clashes, current.content), version: current.version, who };
  }
  // Only my changed fields are saved over what is stored now (savePage merges them in). So a
  // publish over a draft saved meanwhile never makes their draft live unseen: my fields go live
  // and into their draft, which stays a draft.
  const overDraft = !input.asDraft && current.isDraft;
  if (overDraft && changes.mine.length === 0) return { status: "clash" as const, clashes: [], version: current.version, who };
  const saved = await savePage(db, {
    name: input.name,
    content: input.mine,
    baseVersion: current.version,
    admin,
    fields: changes.mine,
    asDraft: input.asDraft,
    translation,
  });
  if (saved.status !== "saved")
    return {
      status: "clash" as const,
      clashes: [],
      version: saved.status === "conflict" ? saved.current?.version : current.version,
      who,
    };
  const theirsOnly = changes.theirs.filter((key) => !changes.mine.includes(key));
  return {
    status: "merged" as const,
    version: saved.version,
    message: overDraft
      ? publishedOverDraftMessage(who, labelsOf(input.name, changes.mine))
      : mergedMessage(who, labelsOf(input.name, theirsOnly), labelsOf(input.name, changes.clashes)),
  };
}

/**
 * A save's refusals by the form's field names ("staff[0].bio"), each shown under its field: the
 * ones only the save can tell (a translation's text the English has, left empty).
 */
function fieldErrorsOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Record<string, Array<string>> {
  const errors: Record<string, Array<string>> = {};
  for (const { path, message } of issues) {
    const name = path.reduce<string>(
      (joined, segment) =>
        typeof segment === "number" ? `${joined}[${segment}]` : joined ? `${joined}.${String(segment)}` : String(segment),
      "",
    );
    errors[name] = [...(errors[name] ?? []), message];
  }
  return errors;
}

/**
 * Saves a page from an editor's form, for `admin` (the session middleware checked it). `schema`
 * is the editor's (editorSchemaOf): the page's fields, or some of them when `fields` is given
 * (the about variant), plus `baseVersion`. `toast` is the tab's success toast.
 */
export async function savePageFromForm(
  request: Request,
  admin: AdminIdentity,
  input: {
    name: PageName;
    schema: z.ZodObject;
    fields?: ReadonlyArray<string> | undefined;
    toast: string;
    /** A translation's editor (translationEditorSchemaOf): its language; the form names the English version it showed. */
    translation?: { language: Exclude<Language, "en"> } | undefined;
  },
) {
  return adminAction(request, input.schema, saveFailures, async (value, reply) => {
    const { baseVersion: posted, overwriteVersion, saveAs, sourceVersion, ...typed } = value;
    const asDraft = saveAsSchema.parse(saveAs) === "draft";
    const baseVersion = baseVersionSchema.parse(posted);
    const db = await getDb();
    const failed = (
      status: number,
      message: string,
      more: { version?: number | undefined; fieldErrors?: Record<string, Array<string>> } = {},
    ) => reply(status, { message, toast: saveFailedToast, ...more });
    // Pictures given by an address on another site are copied into the library first (a fetch of
    // seconds, outside the save's transaction); one that cannot be copied refuses the save.
    const copied = await copyTypedImages(db, typed, admin, { ownHosts: ownHostsOf(request) });
    if (!copied.ok) return failed(400, saveMessages.invalid, { fieldErrors: copied.fieldErrors });
    const translation = input.translation && {
      language: input.translation.language,
      sourceVersion: sourceVersionSchema.parse(sourceVersion),
    };
    const saved = await savePage(db, {
      name: input.name,
      content: copied.content,
      baseVersion,
      admin,
      fields: input.fields,
      asDraft,
      translation,
    });
    const savedToast = asDraft ? draftSavedToast : { type: "success" as const, title: input.toast };
    switch (saved.status) {
      case "saved":
        return reply(200, { resetForm: true, version: saved.version, toast: savedToast });
      case "conflict": {
        // Someone saved meanwhile: what does not clash merges; a clash is said calmly, without the failure toast.
        const over = await saveOverSomeoneElse(
          db,
          {
            name: input.name,
            mine: copied.content,
            fields: input.fields,
            asDraft,
            baseVersion,
            overwriteVersion: overwriteVersionSchema.optional().parse(overwriteVersion),
            who: saved.current,
            translation,
          },
          admin,
        );
        if (over.status === "clash") {
          return {
            ...reply(409, { message: clashMessage(over.who, over.clashes, translation !== undefined), version: over.version }),
            clashes: over.clashes,
          };
        }
        return reply(200, {
          resetForm: true,
          version: over.version,
          toast: { ...savedToast, description: over.message },
        });
      }
      case "notEditable":
        return failed(400, saveMessages.notEditable);
      case "invalid":
        return failed(400, saveMessages.invalid, { fieldErrors: fieldErrorsOf(saved.issues) });
    }
  });
}
