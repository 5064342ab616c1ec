import type { CrisisLine } from "#app/content/practice.ts";
import { useLanguage } from "#app/i18n/site-words.ts";

/**
 * A crisis line's name and description as the page's language may say them: on a Spanish page
 * only a line known to answer in Spanish is named in Spanish (decision 044); any other keeps its
 * English words, marked as English, and `answersInEnglish` says the page should tell so.
 */
export function useCrisisLineText(line: CrisisLine): {
  name: string;
  description: string;
  /** How to reach it in this language, where the page has no room for the description. */
  inSpanish?: string;
  /** Where a text message goes: its Spanish line's address on a Spanish page. */
  textHref?: string;
  lang?: "en";
  answersInEnglish: boolean;
} {
  const language = useLanguage();
  const english = { name: line.name, description: line.description, textHref: line.textHref };
  if (language === "en") return { ...english, answersInEnglish: false };
  if (line.spanish) return { ...line.spanish, textHref: line.spanish.textHref ?? line.textHref, answersInEnglish: false };
  return { ...english, lang: "en", answersInEnglish: true };
}
