import type { CrisisLine } from "#app/content/practice.ts";
import { useLanguage } from "#app/i18n/site-words.ts";

/**
 * A crisis line's name and description as the page's language may say them: on a Spanish page
 * only a line known to answer in Spanish is named in Spanish (decision 044); any other keeps its
 * English words, marked as English, and `answersInEnglish` says the page should tell so.
 */
export function useCrisisLineText(line: CrisisLine): { name: string; description: string; lang?: "en"; answersInEnglish: boolean } {
  const language = useLanguage();
  if (language === "en") return { name: line.name, description: line.description, answersInEnglish: false };
  if (line.spanish) return { ...line.spanish, answersInEnglish: false };
  return { name: line.name, description: line.description, lang: "en", answersInEnglish: true };
}
