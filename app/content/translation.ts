// What a page's translation holds and how it is read over the English (decision 047). A
// translation is saved like a page (its own versions, drafts, conflicts and audit, page-store) but
// stores only its per-language fields: pictures, ids, choices, the services a member offers,
// names and numbers come from the English page, and an object list keeps the English items and
// order, each item's texts taken from the translation's item with the same id.
import { type FieldDescription, fieldList } from "./define-page.ts";

type Fields = Readonly<Record<string, FieldDescription>>;

/** Whether a field's value is written per language: texts and lists, unless the same in every language. */
export function isPerLanguage(field: FieldDescription): boolean {
  if (field.kind === "objectList") return hasPerLanguageFields(field.item);
  return (
    (field.kind === "text" || field.kind === "longText" || field.kind === "list" || field.kind === "richText") && !field.sameInEveryLanguage
  );
}

/** Whether a page (or an item) of these fields has anything to translate. */
export function hasPerLanguageFields(fields: Fields): boolean {
  return fieldList(fields).some(([, field]) => isPerLanguage(field));
}

/**
 * How much of a page a visitor reads in the page's language: all of it, all but some items
 * (a member or a book added since the translation was saved), or none (not translated yet).
 */
export type TranslatedPage<T> = {
  content: T;
  translated: "whole" | "partly" | "none";
  /** The ids of the items still shown in English. */
  untranslatedItems: ReadonlyArray<string>;
};

/** Whether an item (a member, a book) is shown in the page's language: the page is translated, and the item with it. */
export function isItemTranslated(page: Pick<TranslatedPage<unknown>, "translated" | "untranslatedItems">, id: string): boolean {
  return page.translated !== "none" && !page.untranslatedItems.includes(id);
}

/**
 * The page as a translation shows it: the English content with the translation's per-language
 * texts in place; `translation` null (none saved, or never published) shows the English. The
 * result is to be checked with the page's schema: a stored translation is only its own fields.
 */
export function translatedContent<T>(fields: Fields, english: T, translation: unknown): TranslatedPage<T> {
  if (translation === null || translation === undefined || !hasPerLanguageFields(fields)) {
    return { content: english, translated: "none", untranslatedItems: [] };
  }
  const untranslatedItems: Array<string> = [];
  const content = overlay(fields, record(english), record(translation), { untranslated: untranslatedItems, blank: false }) as T;
  return { content, translated: untranslatedItems.length === 0 ? "whole" : "partly", untranslatedItems };
}

/**
 * What a translator's editor opens: the English page's items and order, each per-language field
 * holding the translation's text, or nothing where there is none yet (never the English text,
 * which would be saved as if it were a translation).
 */
export function translationForEditing<T>(fields: Fields, english: T, translation: unknown): T {
  return overlay(fields, record(english), record(translation), { untranslated: [], blank: true }) as T;
}

type Overlay = { untranslated: Array<string>; blank: boolean };

/** A per-language field with nothing written in it yet. */
function blankOf(field: FieldDescription): unknown {
  if (field.kind === "list") return [];
  // A rich text as its editor holds an empty one (an article's body, article-body.ts).
  if (field.kind === "richText") return { type: "doc", content: [{ type: "paragraph" }] };
  return "";
}

function overlay(fields: Fields, english: Record<string, unknown>, translation: Record<string, unknown>, how: Overlay) {
  const shown: Record<string, unknown> = { ...english };
  for (const [key, field] of fieldList(fields)) {
    if (!isPerLanguage(field)) continue;
    if (field.kind !== "objectList") {
      if (key in translation) shown[key] = translation[key];
      else if (how.blank) shown[key] = blankOf(field);
      continue;
    }
    const translatedItems = new Map(listAt(translation, key).map((item) => [record(item).id, record(item)] as const));
    shown[key] = listAt(english, key).map((item) => {
      const englishItem = record(item);
      const translatedItem = translatedItems.get(englishItem.id);
      if (translatedItem || how.blank) return overlay(field.item, englishItem, translatedItem ?? {}, how);
      if (typeof englishItem.id === "string") how.untranslated.push(englishItem.id);
      return englishItem;
    });
  }
  return shown;
}

/**
 * What a translation stores of what a translator wrote: its per-language fields, and of each
 * object list only the items given some text (an item left empty stays English, marked so on
 * the page, until someone translates it). Shared fields are not stored: they are read from the
 * English page, so a translation never keeps a picture or a name the English has since changed.
 */
export function translationToStore(fields: Fields, written: unknown, values: unknown = written): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  const from = record(written);
  const checked = record(values);
  for (const [key, field] of fieldList(fields)) {
    if (!isPerLanguage(field) || !(key in from)) continue;
    if (field.kind !== "objectList") {
      stored[key] = checked[key];
      continue;
    }
    const checkedItems = new Map(listAt(checked, key).map((item) => [record(item).id, item] as const));
    stored[key] = listAt(from, key).flatMap((item) => {
      const { id } = record(item);
      if (!hasText(translationToStore(field.item, item))) return [];
      return [{ id, ...translationToStore(field.item, item, checkedItems.get(id) ?? item) }];
    });
  }
  return stored;
}

function listAt(value: Record<string, unknown>, key: string): ReadonlyArray<unknown> {
  const list = value[key];
  return Array.isArray(list) ? list : [];
}

export const untranslatedTextMessage = "The English page has this text: write it in this language too.";

/**
 * The texts the English page has that a translation leaves empty (an item the translator wrote
 * any of counts, one left wholly empty stays English): a published translation has them all, so
 * a visitor never meets a part of the English page silently missing.
 */
export function missingTranslations(
  fields: Fields,
  english: unknown,
  written: unknown,
  at: ReadonlyArray<string | number> = [],
): Array<{ path: Array<string | number>; message: string }> {
  const from = record(written);
  const source = record(english);
  return fieldList(fields).flatMap(([key, field]) => {
    if (!isPerLanguage(field)) return [];
    if (field.kind !== "objectList") {
      return hasText(source[key]) && !hasText(from[key]) ? [{ path: [...at, key], message: untranslatedTextMessage }] : [];
    }
    const writtenItems = new Map(listAt(from, key).map((item) => [record(item).id, item] as const));
    return listAt(source, key).flatMap((item, index) => {
      const writtenItem = writtenItems.get(record(item).id);
      if (!hasText(translationToStore(field.item, writtenItem))) return [];
      return missingTranslations(field.item, item, writtenItem, [...at, key, index]);
    });
  });
}

/**
 * A page's per-language texts by the name an editor's form gives each field ("title",
 * "staff[0].bio"): what a translator's editor shows under each field, from the English page.
 */
export function perLanguageTextsByName(fields: Fields, content: unknown, prefix = ""): Record<string, unknown> {
  const from = record(content);
  return Object.fromEntries(
    fieldList(fields).flatMap(([key, field]): Array<[string, unknown]> => {
      if (!isPerLanguage(field)) return [];
      const name = prefix ? `${prefix}.${key}` : key;
      if (field.kind !== "objectList") return [[name, from[key]]];
      return listAt(from, key).flatMap((item, index) => Object.entries(perLanguageTextsByName(field.item, item, `${name}[${index}]`)));
    }),
  );
}

/**
 * Whether a value as stored holds any text (a text, a list item, or an item of its own lists; a
 * rich text's nodes, whose `type` names a node and is no text of the page's).
 */
export function hasText(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.some(hasText);
  return Object.entries(record(value)).some(([key, each]) => key !== "id" && key !== "type" && hasText(each));
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
