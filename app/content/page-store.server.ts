// Page content as a versioned document store: one row per page holding its latest JSON and
// version, and every saved version in page_revisions. A save moves the site-wide content counter
// (content-version.server.ts) that tells each instance when its cached pages are stale.
import type { z } from "zod";
import { imagePlacesIn, imageRefFromText, isImageRef, replaceImageRefs, resolveImage } from "#app/media/image-ref.ts";
import { imageSourcesOf, withBodyPictures } from "#app/articles/article-body.ts";
import { mergeWithDefaults, parseStoredContent } from "#app/content/merge.ts";
import { type FieldDescription, fieldList } from "#app/content/define-page.ts";
import {
  builtInVersion,
  type ContentOf,
  type DefinitionOf,
  emptyListsAllowed,
  isEntryPageName,
  isPageName,
  type PageName,
  pageDefinition,
} from "#app/content/pages.ts";
import { practiceDetailsDefaults, practiceFrom } from "#app/pages/practice-details.ts";
import { withPracticeDetails } from "#app/content/practice-tokens.ts";
import { propertyOf } from "#app/lib/property-of.ts";
import { withFields } from "#app/content/three-way.ts";
import { type AuditAction, recordAudit } from "#app/server/audit.server.ts";
import { type ContentKey, mediaKey, pageKey, recordContentReads, translationKey } from "#app/content/content-keys.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import {
  missingTranslations,
  type TranslatedPage,
  translatedContent,
  translationForEditing,
  translationToStore,
} from "#app/content/translation.ts";
import { changeContent } from "#app/content/content-version.server.ts";
import { writePageVersion } from "#app/content/page-versions.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import type { PageRevisionRow } from "#app/server/db/schema.server.ts";
import { publishedEntry } from "#app/content/collection-store.server.ts";
import { publishedArticle } from "#app/articles/article-store.server.ts";
import { recordTeamAddresses } from "#app/pages/team-addresses.server.ts";

/** What a page shows (`defaults <- stored`, field by field) and the stored version it came from. */
export type PageContent<T> = {
  content: T;
  /** Whether stored content is used (false: nothing saved yet, or a built-in-only page). */
  saved: boolean;
  /** The stored version an edit must name (0 when nothing is stored). */
  version: number;
};

/** The admin reads this and reports a failure; public pages use loadPage. */
export async function readPage<N extends PageName>(db: Db, name: N): Promise<PageContent<ContentOf<N>>> {
  recordContentReads([pageKey(name)]);
  const row = await db
    .selectFrom("page_content")
    .select(["content", "version"])
    .where("page_name", "=", name)
    .where("lang", "=", "en")
    .executeTakeFirst();
  return pageFromRow(name, row);
}

/** What an editor opens: the pending draft if there is one, else what visitors see. */
export type EditedPage<T> = PageContent<T> & {
  /** Whether `content` is a saved draft that is not live. */
  isDraft: boolean;
};

export async function readEditedPage<N extends PageName>(db: Db, name: N): Promise<EditedPage<ContentOf<N>>> {
  const row = await db
    .selectFrom("page_content")
    .select(["content", "draft", "version"])
    .where("page_name", "=", name)
    .where("lang", "=", "en")
    .executeTakeFirst();
  const live = pageFromRow(name, row);
  const draft = draftFromRow(name, row);
  return draft === null ? { ...live, isDraft: false } : { content: draft, saved: true, version: live.version, isDraft: true };
}

/** What a translator's editor opens (readEditedTranslation). */
export type EditedTranslation<T> = EditedPage<T> & {
  /** Whether what it opens (nothing published yet) is the translation the page comes with. */
  builtIn: boolean;
  /** The English page as visitors see it now, shown beside each field, and its published version (0: the built-in text). */
  english: T;
  englishVersion: number;
};

/**
 * A page's translation as its editor opens it: the English page's items and order with the
 * translation's texts (its pending draft, else what is published), empty where there are none
 * yet (translationForEditing); `saved` when a translation is published.
 */
export async function readEditedTranslation<N extends PageName>(
  db: Db,
  name: N,
  language: Exclude<Language, "en">,
): Promise<EditedTranslation<ContentOf<N>>> {
  const [english, englishVersion, row] = await Promise.all([
    readPage(db, name),
    liveVersionOf(db, name),
    translationRow(db, name, language),
  ]);
  const live = parseStoredContent(row?.content) ?? null;
  const draft = parseStoredContent(row?.draft) ?? null;
  const { fields } = pageDefinition(name);
  return {
    content: translationForEditing(fields, english.content, draft ?? live ?? builtInTranslationOf(name, language)),
    saved: live !== null,
    builtIn: live === null && builtInTranslationOf(name, language) !== null,
    version: row?.version ?? 0,
    isDraft: draft !== null,
    english: english.content,
    englishVersion,
  };
}

/** A page's translation as visitors read it (readLiveTranslation). */
export type LiveTranslation<T> = {
  /** As its editor holds it: the English page's items and order with its texts, empty where it has none. */
  content: T;
  /** The version a save of it names (0: nothing stored yet). */
  version: number;
  /** The English version its published texts were written from (0 for the built-in one). */
  sourceVersion: number;
};

/**
 * A page's translation as visitors read it (the published one, else the one it comes with), as
 * its editor holds it: what a change to one part of it (a clinician's own texts) is made over.
 */
export async function readLiveTranslation<N extends PageName>(
  db: Db,
  name: N,
  language: Exclude<Language, "en">,
): Promise<LiveTranslation<ContentOf<N>>> {
  const [english, row, sourceVersion] = await Promise.all([
    readPage(db, name),
    translationRow(db, name, language),
    publishedSourceVersion(db, name, language),
  ]);
  const live = storedTranslation(parseStoredContent(row?.content) ?? builtInTranslationOf(name, language));
  return {
    content: translationForEditing(pageDefinition(name).fields, english.content, live),
    version: row?.version ?? 0,
    sourceVersion: sourceVersion ?? builtInVersion,
  };
}

/** A translation's stored row: what is published ("null" until something is), its pending draft, its version. */
function translationRow(db: Db, name: PageName, language: Language) {
  return db
    .selectFrom("page_content")
    .select(["content", "draft", "version"])
    .where("page_name", "=", name)
    .where("lang", "=", language)
    .executeTakeFirst();
}

/** The English version a page's published translation was written from; null when none was published. */
export async function publishedSourceVersion(db: Db, name: PageName, language: Exclude<Language, "en">): Promise<number | null> {
  const row = await db
    .selectFrom("page_revisions")
    .select("source_version")
    .where("page_name", "=", name)
    .where("lang", "=", language)
    .where("published", "=", 1)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.source_version ?? builtInVersion) : null;
}

/** Stored content (untrusted JSON) over page N's defaults, field by field (mergeWithDefaults). */
function contentFrom<N extends PageName>(name: N, stored: unknown): ContentOf<N> {
  return mergePage(pageDefinition(name), stored);
}

/**
 * `stored` over a definition's defaults (or `defaults`: a translation over its English page),
 * typed by that definition's own schema: named as `D["schema"]`, because TypeScript reads
 * `definition.schema` of a generic page as any page's.
 */
function mergePage<D extends DefinitionOf<PageName>>(
  definition: D,
  stored: unknown,
  defaults: unknown = definition.defaults,
): z.output<D["schema"]> {
  return mergeWithDefaults<D["schema"]>(defaults, stored, definition.schema, emptyListsAllowed(definition.fields));
}

/**
 * A page as its stored row (if any) makes it, over the defaults. A row whose page was never
 * published (only drafts) holds "null": the built-in text is shown.
 */
function pageFromRow<N extends PageName>(name: N, row: { content: string; version: number } | undefined): PageContent<ContentOf<N>> {
  const stored = pageDefinition(name).admin.usesStoredContent ? parseStoredContent(row?.content) : undefined;
  const saved = stored !== undefined && stored !== null;
  return { content: contentFrom(name, saved ? stored : undefined), saved, version: row?.version ?? 0 };
}

/** A row's pending draft over the page's defaults, or null when it has none. */
function draftFromRow<N extends PageName>(name: N, row: { draft: string | null } | undefined): ContentOf<N> | null {
  const stored = pageDefinition(name).admin.usesStoredContent ? parseStoredContent(row?.draft) : undefined;
  return stored === undefined || stored === null ? null : contentFrom(name, stored);
}

/**
 * Content as visitors see it: a picture deleted from the library, or one named by an address on
 * another site (saved before such addresses were copied), is no picture at all, so the page
 * shows what it shows without one (a staff member's initials) instead of a placeholder, and no
 * visitor's browser is sent to another site.
 */
async function withShowableImages<T>(
  db: Db,
  content: T,
  fields: Readonly<Record<string, FieldDescription>>,
  { libraryDescriptions }: { libraryDescriptions: boolean },
): Promise<T> {
  const shown = await shownMedia(db, content);
  const showable = withShownPictures(content, shown, { gone: "left out" });
  if (!libraryDescriptions) return showable;
  const alts = new Map([...shown.values()].flatMap((image) => (image.alt ? [[image.id, image.alt] as const] : [])));
  return withLibraryDescriptions(showable, fields, alts) as T;
}

/**
 * `content` with each uploaded picture named by the one it shows (`shown`): a replaced one by its
 * replacement, a picture field's or an article body's alike. A picture no longer in the library
 * is left out for visitors, and kept where staff edit (the editor shows where it was); an
 * address on another site is no picture for visitors either.
 */
function withShownPictures<T>(content: T, shown: ReadonlyMap<string, { id: string }>, { gone }: { gone: "left out" | "kept" }): T {
  const visitors = gone === "left out";
  const pictures = replaceImageRefs(content, (ref) => {
    if (ref.source !== "media") return visitors && ref.source === "external" ? null : ref;
    const image = shown.get(ref.id);
    return image === undefined ? (visitors ? null : ref) : { source: "media", id: image.id };
  });
  return withBodyPictures(pictures, (src) => {
    const ref = imageRefFromText(src);
    if (ref?.source !== "media") return src;
    const image = shown.get(ref.id);
    if (image === undefined) return visitors ? null : src;
    return image.id === ref.id ? src : (resolveImage({ source: "media", id: image.id })?.src ?? src);
  });
}

/**
 * A picture's own words where its place has none: a text field that describes a picture field
 * (a staff member's imageAlt), left empty, takes the description the library holds for the
 * uploaded picture. The page's own words always win; a picture without any keeps its default
 * ("Photo of {name}").
 */
function withLibraryDescriptions(
  value: unknown,
  fields: Readonly<Record<string, FieldDescription>>,
  alts: ReadonlyMap<string, string>,
): unknown {
  if (alts.size === 0 || typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const described: Record<string, unknown> = { ...value };
  for (const [key, field] of fieldList(fields)) {
    const current = described[key];
    if (field.kind === "objectList" && Array.isArray(current)) {
      described[key] = current.map((item: unknown) => withLibraryDescriptions(item, field.item, alts));
    } else if ((field.kind === "text" || field.kind === "longText") && field.describes && current === "") {
      const picture = described[field.describes];
      if (isImageRef(picture) && picture.source === "media") described[key] = alts.get(picture.id) ?? "";
    }
  }
  return described;
}

/**
 * For each uploaded picture the content names that is still in the library, the one it shows
 * (itself, or the image that replaced it: "Replace" keeps the old id as a pointer, flattened, so
 * one step is always enough) and that one's description. One query.
 */
async function shownMedia(db: Db, content: unknown): Promise<Map<string, { id: string; alt: string }>> {
  const named = [...imagePlacesIn(content).map(({ ref }) => ref), ...imageSourcesOf(content).map(imageRefFromText)];
  const mediaIds = [...new Set(named.flatMap((ref) => (ref?.source === "media" ? [ref.id] : [])))];
  if (mediaIds.length === 0) return new Map();
  recordContentReads(mediaIds.map(mediaKey));
  const rows = await db
    .selectFrom("media as named")
    .leftJoin("media as replacement", "replacement.id", "named.replaced_by")
    .select(["named.id as id", "named.alt as alt", "replacement.id as replacementId", "replacement.alt as replacementAlt"])
    .where("named.id", "in", mediaIds)
    .execute();
  // A page showing a replacement changes with it (its description, its own replacement or delete).
  recordContentReads(rows.flatMap((row) => (row.replacementId ? [mediaKey(row.replacementId)] : [])));
  return new Map(
    rows.map((row) => [
      row.id,
      row.replacementId ? { id: row.replacementId, alt: row.replacementAlt ?? "" } : { id: row.id, alt: row.alt },
    ]),
  );
}

/** Content with each replaced picture named by its replacement, as an editor opens it; others as they are. */
export async function withReplacedImages<T>(db: Db, content: T): Promise<T> {
  return withShownPictures(content, await shownMedia(db, content), { gone: "kept" });
}

/**
 * What a public page shows, with the practice's details in place of its texts' tokens ("{phone}"):
 * filled here, the one place public pages read content, so the cached page holds them and is made
 * stale by a change to the details as by one to the page. A failed read is logged and the
 * defaults shown: a visitor never sees an error here.
 */
export async function loadPage<N extends PageName>(db: Db, name: N): Promise<ContentOf<N>> {
  return (await loadPageIn(db, name, "en")).content;
}

/**
 * What a public page in `language` shows (loadPage): in English, the page; in another, its
 * published translation over the English (translation.ts), checked with the page's schema, and
 * how much of it is translated. A failed read shows the built-in English text.
 */
export async function loadPageIn<N extends PageName>(db: Db, name: N, language: Language): Promise<TranslatedPage<ContentOf<N>>> {
  const definition = pageDefinition(name);
  const { fields } = definition;
  try {
    const [page, details, translation] = await Promise.all([
      readPage(db, name),
      readPage(db, "practice"),
      language === "en" ? null : readPublishedTranslation(db, name, language),
    ]);
    const shown: TranslatedPage<ContentOf<N>> =
      language === "en"
        ? { content: page.content, translated: "whole", untranslatedItems: [] }
        : translatedContent(fields, page.content, translation);
    // A translation is checked as the page it makes, field by field over the English page (a
    // text the English gained after the translation was published shows in English).
    const content =
      shown.translated === "none" || language === "en"
        ? shown.content
        : (mergePage(definition, shown.content, page.content) as ContentOf<N>);
    const practice = practiceFrom(details.content);
    // The library's descriptions are in English: a translated page's picture without words of its
    // own says "Foto de" and the name rather than an English description unmarked.
    const libraryDescriptions = language === "en" || shown.translated === "none";
    return {
      ...shown,
      content: withPracticeDetails(await withShowableImages(db, content, fields, { libraryDescriptions }), fields, practice),
    };
  } catch (error) {
    log.error("Error loading content: showing the built-in text", error, { page: name, ...(language === "en" ? {} : { language }) });
    const content = withPracticeDetails(contentFrom(name, undefined), fields, practiceFrom(practiceDetailsDefaults));
    return { content, translated: language === "en" ? "whole" : "none", untranslatedItems: [] };
  }
}

/**
 * How much of a page its translation has, without loading it to show (no pictures looked up, no
 * practice details filled in): for an English page that names the Spanish pages of its items.
 */
export async function translationStateOf<N extends PageName>(db: Db, name: N, language: Language): Promise<TranslatedPage<ContentOf<N>>> {
  try {
    const [english, translation] = await Promise.all([readPage(db, name), publishedTranslationOf(db, name, language)]);
    return translatedContent(pageDefinition(name).fields, english.content, translation);
  } catch (error) {
    // As loadPageIn: the built-in English, named as not translated, never an error for a visitor.
    log.error("Error loading content: showing the built-in text", error, { page: name, language });
    return { content: contentFrom(name, undefined), translated: "none", untranslatedItems: [] };
  }
}

/** Whether a page has a translation visitors read (the English page then names its Spanish one); no when it cannot be read. */
export async function hasPublishedTranslation(db: Db, name: PageName, language: Exclude<Language, "en">): Promise<boolean> {
  return (await publishedTranslationOf(db, name, language)) !== null;
}

/** A page's published translation as stored (readPublishedTranslations), or null. */
async function readPublishedTranslation(db: Db, name: PageName, language: Language): Promise<Record<string, unknown> | null> {
  return (await readPublishedTranslations(db, [name], language)).get(name) ?? null;
}

/**
 * Pages' published translations as stored (their per-language texts), in one query; until staff
 * publish one, a page's built-in translation. A page that has neither, or whose kind is not
 * translatable, is not in the map.
 */
async function readPublishedTranslations(
  db: Db,
  names: ReadonlyArray<PageName>,
  language: Language,
): Promise<Map<PageName, Record<string, unknown>>> {
  const translatable = language === "en" ? [] : names.filter((name) => pageDefinition(name).translatable);
  if (translatable.length === 0) return new Map();
  recordContentReads(translatable.map((name) => translationKey(name, language)));
  const rows = await db
    .selectFrom("page_content")
    .select(["page_name", "content"])
    .where("page_name", "in", translatable)
    .where("lang", "=", language)
    .execute();
  const stored = new Map(rows.map((row) => [row.page_name, row.content]));
  return new Map(
    translatable.flatMap((name) => {
      const saved = pageDefinition(name).admin.usesStoredContent ? parseStoredContent(stored.get(name)) : undefined;
      const translation = saved ?? builtInTranslationOf(name, language);
      return isRecord(translation) ? [[name, translation] as const] : [];
    }),
  );
}

/**
 * Pages' translations as visitors read them (published, else built-in), by page: what the
 * menus name the services by. A failed read is logged and answered with none (the English is shown).
 */
export async function publishedTranslationsOf(
  db: Db,
  names: ReadonlyArray<PageName>,
  language: Language,
): Promise<Map<PageName, Record<string, unknown>>> {
  try {
    return await readPublishedTranslations(db, names, language);
  } catch (error) {
    log.error("Error reading translations", error, { pages: names.length, language });
    return new Map();
  }
}

/** A page's translation as visitors read it (publishedTranslationsOf), or null. */
export async function publishedTranslationOf(db: Db, name: PageName, language: Language): Promise<Record<string, unknown> | null> {
  return (await publishedTranslationsOf(db, [name], language)).get(name) ?? null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The translation a page comes with in `language` (define-page.ts), or null. */
export function builtInTranslationOf(name: PageName, language: Language): unknown {
  const { builtInTranslations }: { builtInTranslations?: Partial<Record<Language, unknown>> } = pageDefinition(name);
  return builtInTranslations?.[language] ?? null;
}

export type Revision = {
  version: number;
  content: unknown;
  savedBy: string | null;
  savedAt: string;
  published: boolean;
  /** The version it restored, or null for a save from an editor. */
  restoredFrom: number | null;
  /** A translation's: the English version it was written from. */
  sourceVersion: number | null;
};

export type SaveResult =
  | { status: "saved"; version: number }
  /** `baseVersion` was not the latest: someone saved in between. Nothing was written. */
  | { status: "conflict"; current: Revision | null }
  /** The content does not fit the page's schema (the route validated it; this is the last guard). */
  | { status: "invalid"; issues: ContentIssues }
  /** A built-in-only page: nothing stored would be shown. */
  | { status: "notEditable" };

export type SaveInput<N extends PageName> = {
  name: N;
  content: unknown;
  /** The version the editor opened (0: nothing was stored then). */
  baseVersion: number;
  admin: { id: string; email: string } | null;
  /**
   * Saves only these fields of `content` and keeps the rest as stored: the Service Pages tab's
   * 'about' variant edits three fields of the row the About tab owns, and must not erase the
   * others. Published this way, the fields go into a pending draft too, which stays a draft.
   */
  fields?: ReadonlyArray<string> | undefined;
  /**
   * Saves what this makes of the content instead of `content`: of the live page, and (published)
   * of a pending draft too, which stays a draft with the same change in it. For a change to one
   * part of a page (a team member's profile) that keeps whatever else the page holds.
   */
  edit?: (content: ContentOf<N>) => unknown;
  /** Saves a draft: kept and versioned, not live. Otherwise the content is published. */
  asDraft?: boolean | undefined;
  /** What the audit log calls the write, and what it adds (a restore names the version it restored). */
  audit?: { action: AuditAction; details?: Record<string, unknown> };
  /**
   * A translation's save (decision 047): `content` is what the translator wrote, of which only
   * the per-language fields are kept; `baseVersion` is the translation's own version.
   */
  translation?: {
    language: Exclude<Language, "en">;
    /** The English live version the translator read (its text was shown beside each field). */
    sourceVersion: number;
  };
};

type ContentIssues = ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;

/**
 * Saves a page edited from `baseVersion`, published or as a draft. In one transaction: the write
 * only if the stored version is still `baseVersion`, the revision row, the site-wide content
 * counter (when visitors will see something new) and the audit entry, so two staff saving at
 * once can never overwrite each other unseen, and no save is half-written.
 */
export async function savePage<N extends PageName>(db: Db, input: SaveInput<N>, now = Date.now()): Promise<SaveResult> {
  const definition = pageDefinition(input.name);
  if (!definition.admin.usesStoredContent) return { status: "notEditable" };
  // A service or an article staff added has its row from the moment it was added
  // (collection-store.server.ts, article-store.server.ts): a first save of such a name is of nothing.
  // Its translation is a row of its own, made by its first save.
  if (isEntryPageName(input.name) && input.baseVersion === 0 && !input.translation) return { status: "notEditable" };
  const outcome = await changeContent(db, (trx) => savePageIn(trx, input, now));
  if (outcome.status === "conflict") {
    return { status: "conflict", current: (await listRevisions(db, input.name, 1, input.translation?.language))[0] ?? null };
  }
  return outcome;
}

type SaveOutcome = { status: "conflict" } | Extract<SaveResult, { status: "invalid" }> | { status: "saved"; version: number };

/**
 * savePage's write, in the caller's content change (changeContent): for a save that must go
 * together with another write, as an approved profile goes with its review (profile-review.server.ts).
 */
export async function savePageIn<N extends PageName>(
  trx: Db,
  input: SaveInput<N>,
  now = Date.now(),
): Promise<{ changed: ReadonlyArray<ContentKey>; result: SaveOutcome }> {
  const definition = pageDefinition(input.name);
  const at = new Date(now).toISOString();
  const audit: { action: AuditAction; details?: Record<string, unknown> } = input.audit ?? {
    action: input.asDraft ? "page-draft-saved" : "page-saved",
  };
  const unchanged = (result: SaveOutcome) => ({ changed: [], result });
  const row = await trx
    .selectFrom("page_content")
    .select(["content", "draft", "version"])
    .where("page_name", "=", input.name)
    .where("lang", "=", input.translation?.language ?? "en")
    .executeTakeFirst();
  if ((row?.version ?? 0) !== input.baseVersion) return unchanged({ status: "conflict" });
  if (input.translation) return saveTranslationIn(trx, { ...input, translation: input.translation }, row, at, audit);
  const live = pageFromRow(input.name, row).content;
  const pending = draftFromRow(input.name, row);
  // What the save makes of the content it is made over: `edit`'s change; `fields` taken from the
  // input over it; or all of the input.
  const edited = (base: ContentOf<N>) =>
    input.edit ? input.edit(base) : input.fields ? withFields(base, input.content, input.fields) : input.content;
  // Checked before anything is written (with `fields`, the whole content they complete). A
  // draft leaves the live text as it is; publishing every field leaves no draft.
  const parsed = definition.schema.safeParse(edited(input.asDraft ? (pending ?? live) : live));
  if (!parsed.success) return unchanged({ status: "invalid", issues: parsed.error.issues });
  const json = JSON.stringify(parsed.data);
  const liveAfter = input.asDraft ? (row?.content ?? "null") : json;
  const draftAfter = input.asDraft ? json : pending && (input.fields || input.edit) ? JSON.stringify(edited(pending)) : null;
  const draft = draftAfter === liveAfter ? null : draftAfter;
  const restoredVersion = input.audit?.details?.restoredVersion;
  const version = await writePageVersion(trx, {
    name: input.name,
    language: "en",
    sourceVersion: null,
    baseVersion: input.baseVersion,
    live: liveAfter,
    draft,
    saved: json,
    published: !input.asDraft,
    admin: input.admin,
    at,
    restoredFrom: typeof restoredVersion === "number" ? restoredVersion : null,
  });
  if (version === undefined) return unchanged({ status: "conflict" });
  await recordAudit(trx, { action: audit.action, admin: input.admin, target: input.name, details: { ...audit.details, version } }, now);
  // The team's pages keep every address they had (a member renamed or gone is redirected).
  if (!input.asDraft && input.name === "about") {
    await recordTeamAddresses(trx, (live as ContentOf<"about">).staff, (parsed.data as ContentOf<"about">).staff);
  }
  // Only a publish changes what visitors see, and so the pages cached for them; an added
  // service's first publish puts it in the menus too, and an article's publish changes the lists.
  const changed = input.asDraft
    ? []
    : [pageKey(input.name), ...(await publishedEntry(trx, input.name, at)), ...(await publishedArticle(trx, input.name, parsed.data, at))];
  return { changed, result: { status: "saved", version } };
}

/**
 * A translation's save, in savePageIn's transaction: checked as the page visitors would see (the
 * English with these texts in it) so the translation is held to the page's own rules, and stored
 * as its per-language texts only (translation.ts). With `fields`, only those are taken from what
 * the translator wrote, over the translation as stored (a merge over a save made meanwhile), as an
 * English save does. Publishing it changes only the pages in its language; the English row is not touched.
 */
async function saveTranslationIn<N extends PageName>(
  trx: Db,
  input: SaveInput<N> & Required<Pick<SaveInput<N>, "translation">>,
  row: { content: string; draft: string | null } | undefined,
  at: string,
  audit: { action: AuditAction; details?: Record<string, unknown> },
): Promise<{ changed: ReadonlyArray<ContentKey>; result: SaveOutcome }> {
  const { fields, schema } = pageDefinition(input.name);
  const { language, sourceVersion } = input.translation;
  const english = (await readPage(trx, input.name)).content;
  // What visitors read now (until a publish, the built-in translation) and the pending draft, as stored.
  const live = storedTranslation(parseStoredContent(row?.content) ?? builtInTranslationOf(input.name, language));
  const pending = storedTranslation(parseStoredContent(row?.draft));
  const written = translationToStore(fields, input.content);
  // `edit` changes the translation as its editor holds it (empty where it has no text, so an
  // item it leaves untranslated stays so); `fields` takes those from what the translator wrote.
  const edited = (base: Record<string, unknown> | null) =>
    input.edit
      ? translationToStore(fields, input.edit(translationForEditing(fields, english, base)))
      : input.fields
        ? withFields(base, written, input.fields)
        : written;
  const saved = edited(input.asDraft ? (pending ?? live) : live);
  const parsed = schema.safeParse(translatedContent(fields, english, saved).content);
  if (!parsed.success) return { changed: [], result: { status: "invalid", issues: parsed.error.issues } };
  // A draft may be half done; what goes live has every text the English has.
  const missing = input.asDraft ? [] : missingTranslations(fields, english, saved);
  if (missing.length > 0) return { changed: [], result: { status: "invalid", issues: missing } };
  const json = JSON.stringify(translationToStore(fields, saved, parsed.data));
  const liveAfter = input.asDraft ? (row?.content ?? "null") : json;
  const draftAfter = input.asDraft ? json : pending && (input.fields || input.edit) ? JSON.stringify(edited(pending)) : null;
  const restoredVersion = input.audit?.details?.restoredVersion;
  const version = await writePageVersion(trx, {
    name: input.name,
    language,
    sourceVersion,
    baseVersion: input.baseVersion,
    live: liveAfter,
    draft: draftAfter === liveAfter ? null : draftAfter,
    saved: json,
    published: !input.asDraft,
    admin: input.admin,
    at,
    restoredFrom: typeof restoredVersion === "number" ? restoredVersion : null,
  });
  if (version === undefined) return { changed: [], result: { status: "conflict" } };
  await recordAudit(
    trx,
    { action: audit.action, admin: input.admin, target: input.name, details: { ...audit.details, language, version } },
    Date.parse(at),
  );
  return { changed: input.asDraft ? [] : [translationKey(input.name, language)], result: { status: "saved", version } };
}

/** A translation as stored (its texts), or null for none (or unreadable JSON). */
function storedTranslation(value: unknown): Record<string, unknown> | null {
  return isRecord(value) ? value : null;
}

/**
 * How a stored version is read: a page's over its defaults, field by field; a translation's as
 * its editor holds it (translationForEditing), over the English page as it is now and empty
 * where it has no text, so two of its versions differ only in what the translators wrote.
 */
async function versionReader<N extends PageName>(db: Db, name: N, language: Language): Promise<(stored: unknown) => ContentOf<N>> {
  if (language === "en") return (stored) => contentFrom(name, stored);
  const english = (await readPage(db, name)).content;
  const { fields } = pageDefinition(name);
  return (stored) => translationForEditing(fields, english, storedTranslation(stored));
}

/** A page's saved versions, newest first (a translation's: its own, read by versionReader). */
export async function listRevisions<N extends PageName>(
  db: Db,
  name: N,
  limit = 50,
  language: Language = "en",
): Promise<Array<Revision & { content: ContentOf<N> }>> {
  const [read, rows] = await Promise.all([
    versionReader(db, name, language),
    db
      .selectFrom("page_revisions")
      .select(revisionColumns)
      .where("page_name", "=", name)
      .where("lang", "=", language)
      .orderBy("version", "desc")
      .limit(limit)
      .execute(),
  ]);
  return rows.map((row) => revisionFrom(read, row));
}

const revisionColumns = ["version", "content", "admin_email", "created_at", "published", "restored_from", "source_version"] as const;

/** A revision row as the history reads it: its content as `read` makes it of what was stored. */
function revisionFrom<T>(
  read: (stored: unknown) => T,
  row: Pick<PageRevisionRow, (typeof revisionColumns)[number]>,
): Revision & { content: T } {
  return {
    version: row.version,
    content: read(parseStoredContent(row.content)),
    savedBy: row.admin_email,
    savedAt: row.created_at,
    published: row.published === 1,
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
    sourceVersion: row.source_version === null ? null : Number(row.source_version),
  };
}

/** The version visitors see: the newest published one, or 0 (the built-in text) when none was. */
export async function liveVersionOf(db: Db, name: PageName, language: Language = "en"): Promise<number> {
  const row = await db
    .selectFrom("page_revisions")
    .select((eb) => eb.fn.max("version").as("version"))
    .where("page_name", "=", name)
    .where("lang", "=", language)
    .where("published", "=", 1)
    .executeTakeFirst();
  return Number(row?.version ?? builtInVersion);
}

/** A page's versions published after `version`, oldest first, as the defaults complete them today (one query). */
export async function publishedRevisionsAfter<N extends PageName>(
  db: Db,
  name: N,
  version: number,
): Promise<Array<Revision & { content: ContentOf<N> }>> {
  const rows = await db
    .selectFrom("page_revisions")
    .select(revisionColumns)
    .where("page_name", "=", name)
    .where("lang", "=", "en")
    .where("published", "=", 1)
    .where("version", ">", version)
    .orderBy("version", "asc")
    .execute();
  return rows.map((row) => revisionFrom((stored) => contentFrom(name, stored), row));
}

/** One saved version of a page (or of its translation), read by versionReader; null when there is no such version. */
export async function readRevision<N extends PageName>(
  db: Db,
  name: N,
  version: number,
  language: Language = "en",
): Promise<(Revision & { content: ContentOf<N> }) | null> {
  const [read, row] = await Promise.all([
    versionReader(db, name, language),
    db
      .selectFrom("page_revisions")
      .select(revisionColumns)
      .where("page_name", "=", name)
      .where("lang", "=", language)
      .where("version", "=", version)
      .executeTakeFirst(),
  ]);
  return row ? revisionFrom(read, row) : null;
}

/** A version as the history shows it: who saved it and when (version 0: neither), and what it was translated from. */
export type PageVersion<T> = {
  version: number;
  content: T;
  savedBy: string | null;
  savedAt: string | null;
  published: boolean;
  /** A translation's: the English version it was written from (the built-in one, of version 0). */
  sourceVersion: number | null;
};

/**
 * A version of a page: a saved one (readRevision), or version 0, the built-in text (savedBy and
 * savedAt null); a translation's version 0 is the one the page comes with, or none (every text empty).
 */
export async function readVersion<N extends PageName>(
  db: Db,
  name: N,
  version: number,
  language: Language = "en",
): Promise<PageVersion<ContentOf<N>> | null> {
  if (version !== builtInVersion) return readRevision(db, name, version, language);
  const read = await versionReader(db, name, language);
  const builtIn = language === "en" ? undefined : builtInTranslationOf(name, language);
  const sourceVersion = language === "en" ? null : builtInVersion;
  return { version, content: read(builtIn), savedBy: null, savedAt: null, published: true, sourceVersion };
}

/**
 * Makes an earlier version current again, as a new save from `baseVersion` (so it is itself a
 * revision, can be undone the same way, and cannot overwrite a save made in between). A
 * translation's keeps the English version it was written from, so its status says how far behind it is.
 */
export async function restoreRevision<N extends PageName>(
  db: Db,
  input: {
    name: N;
    version: number;
    baseVersion: number;
    admin: { id: string; email: string } | null;
    language?: Exclude<Language, "en"> | undefined;
  },
): Promise<SaveResult | { status: "notFound" }> {
  if (!pageDefinition(input.name).admin.usesStoredContent) return { status: "notEditable" };
  const revision = await readVersion(db, input.name, input.version, input.language);
  if (!revision) return { status: "notFound" };
  return savePage(db, {
    name: input.name,
    content: revision.content,
    baseVersion: input.baseVersion,
    admin: input.admin,
    audit: { action: "page-restored", details: { restoredVersion: input.version } },
    translation: input.language && { language: input.language, sourceVersion: revision.sourceVersion ?? builtInVersion },
  });
}

/**
 * Where the media library's uploads are shown: for each media id, the pages and places that name
 * it ("About (Ava Morgan's photo)"), from the content the public pages read.
 */
export async function mediaUses(db: Db): Promise<Map<string, Array<string>>> {
  const uses = new Map<string, Array<string>>();
  // A replaced image's places are its replacement's.
  const pointers = await db.selectFrom("media").select(["id", "replaced_by"]).where("replaced_by", "is not", null).execute();
  const replacementOf = new Map(pointers.map((row) => [row.id, row.replaced_by ?? row.id]));
  const use = (id: string, place: string) => {
    const shown = replacementOf.get(id) ?? id;
    uses.set(shown, [...(uses.get(shown) ?? []), place]);
  };
  // One read of every stored page (the Images tab asks on each load, and a delete before it deletes).
  const rows = await db.selectFrom("page_content").select(["page_name", "content", "draft", "version"]).where("lang", "=", "en").execute();
  const rowOf = new Map(rows.map((row) => [row.page_name, row]));
  for (const [name, row] of rowOf) {
    if (!isPageName(name) || !pageDefinition(name).admin.usesStoredContent) continue;
    const definition = pageDefinition(name);
    const { content, saved } = pageFromRow(name, row);
    // A pending draft's pictures are in use too: deleting one would take it from the draft.
    const draft = draftFromRow(name, row);
    const label = entryLabel(name, draft ?? content);
    const versions = [...(saved ? [{ content, label }] : []), ...(draft === null ? [] : [{ content: draft, label: `${label} draft` }])];
    for (const version of versions) {
      for (const { path, ref } of imagePlacesIn(version.content)) {
        if (ref.source === "media") use(ref.id, `${version.label} (${placeLabel(definition.fields, version.content, path)})`);
      }
      // The pictures in an article's body are named by their address in the body's JSON.
      for (const [key, field] of fieldList(definition.fields)) {
        if (field.kind !== "richText") continue;
        for (const src of imageSourcesOf(propertyOf(version.content, key))) {
          const ref = imageRefFromText(src);
          if (ref?.source === "media") use(ref.id, `${version.label} (a picture in its ${field.label.toLowerCase()})`);
        }
      }
    }
  }
  return uses;
}

/** What staff call a page in the library's list of uses: an added service or an article by its title too. */
function entryLabel(name: PageName, content: unknown): string {
  const { label } = pageDefinition(name);
  const title = propertyOf(content, "title");
  return isEntryPageName(name) && typeof title === "string" && title ? `${label} "${title}"` : label;
}

/** What staff call a place in a page's content: "Ava Morgan's photo" (an item's field), or the field's label. */
function placeLabel(
  fields: Readonly<Record<string, FieldDescription>>,
  content: Readonly<Record<string, unknown>>,
  path: ReadonlyArray<string | number>,
): string {
  const [key, index, itemKey] = path;
  const field = fieldList(fields).find(([each]) => each === key)?.[1];
  if (!field || !("label" in field)) return String(key);
  if (field.kind !== "objectList" || typeof index !== "number") return field.label;
  const itemField = fieldList(field.item).find(([each]) => each === itemKey)?.[1];
  const what = itemField && "label" in itemField ? itemField.label.toLowerCase() : String(itemKey);
  const items = content[String(key)];
  const title = propertyOf(Array.isArray(items) ? items[index] : undefined, field.titleKey);
  return typeof title === "string" && title ? `${title}'s ${what}` : `${field.itemLabel.toLowerCase()} ${index + 1}'s ${what}`;
}
