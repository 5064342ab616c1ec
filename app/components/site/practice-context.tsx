import { createContext, useContext } from "react";
import { type Practice, type PracticeTexts, practice, spanishPracticeTexts } from "#app/content/practice.ts";
import { useLanguage } from "#app/i18n/site-words.ts";

/**
 * The practice's details as staff last saved them (app/pages/practice-details.ts), given by the
 * public layout to its header, footer and pages; the built-in ones where no layout gives any.
 */
const PracticeContext = createContext<Practice>(practice);

export const PracticeProvider = PracticeContext.Provider;

export function usePractice(): Practice {
  return useContext(PracticeContext);
}

/** The practice's texts staff do not edit (parking, new patients, the reply promise, the map's title), in the page's language. */
export function usePracticeTexts(): PracticeTexts {
  const shown = usePractice();
  if (useLanguage() === "es") return { ...spanishPracticeTexts, mapTitle: `Mapa con nuestra oficina en ${shown.city}` };
  const { parkingAndAccessibility, newPatientInfo, replyPromise, map } = shown;
  return { parkingAndAccessibility, newPatientInfo, replyPromise, mapTitle: map.title };
}
