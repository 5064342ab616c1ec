import { propertyOf } from "#app/lib/property-of.ts";
import { type Language, languages } from "./languages.ts";

/**
 * What a public route says of its languages (decision 047), in its `handle`, or (the editable
 * pages, whose translation is content) in its loader's data:
 * - `translated`: how much of the page is in the address's language: "partly" when some of the
 *   practice's texts on it are still English (marked `lang="en"` by the route); "as the practice's
 *   details" when its only texts of the practice's are those the public layout reads anyway (the
 *   note under the office hours, the services' names), so the layout says "whole" or "partly" from
 *   them; not given, the page is the practice's texts, in English until translated, under a note.
 * - `languages`: the languages it is a page of its own in (English when not given): those
 *   addresses name each other (hreflang), link to each other, and search engines may list each;
 *   an address in another language is kept from them (noindex).
 */
export type PageTranslationHandle = { translated?: TranslationState; languages?: ReadonlyArray<Language> };

const translationStates = ["whole", "partly", "as the practice's details"] as const;
type TranslationState = (typeof translationStates)[number];

function isTranslationState(value: unknown): value is TranslationState {
  return translationStates.some((state) => state === value);
}

type Match = { handle?: unknown; loaderData?: unknown } | undefined;

/** What the page a route match draws says of its languages: its handle's words first, then its data's. */
export function pageLanguagesOf(match: Match): { translated: PageTranslationHandle["translated"]; languages: ReadonlyArray<Language> } {
  const said = (key: string) => propertyOf(match?.handle, key) ?? propertyOf(match?.loaderData, key);
  const translated = said("translated");
  const listed = said("languages");
  return {
    translated: isTranslationState(translated) ? translated : undefined,
    languages: Array.isArray(listed) ? languages.filter((language) => listed.includes(language)) : ["en"],
  };
}
