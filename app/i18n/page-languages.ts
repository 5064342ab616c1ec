import { propertyOf } from "#app/lib/property-of.ts";
import { type Language, languages } from "./languages.ts";

/**
 * What a public route says of its languages (decision 047), in its `handle`, or (the editable
 * pages, whose translation is content) in its loader's data:
 * - `translated`: how much of the page is in the address's language: "partly" when some of the
 *   practice's texts on it are still English (marked `lang="en"` by the route); not given, the
 *   page is the practice's texts, in English until translated, under a note.
 * - `languages`: the languages it is a page of its own in (English when not given): those
 *   addresses name each other (hreflang), link to each other, and search engines may list each;
 *   an address in another language is kept from them (noindex).
 */
export type PageTranslationHandle = { translated?: "whole" | "partly"; languages?: ReadonlyArray<Language> };

type Match = { handle?: unknown; loaderData?: unknown } | undefined;

/** What the page a route match draws says of its languages: its handle's words first, then its data's. */
export function pageLanguagesOf(match: Match): { translated: PageTranslationHandle["translated"]; languages: ReadonlyArray<Language> } {
  const said = (key: string) => propertyOf(match?.handle, key) ?? propertyOf(match?.loaderData, key);
  const translated = said("translated");
  const listed = said("languages");
  return {
    translated: translated === "whole" || translated === "partly" ? translated : undefined,
    languages: Array.isArray(listed) ? languages.filter((language) => listed.includes(language)) : ["en"],
  };
}
