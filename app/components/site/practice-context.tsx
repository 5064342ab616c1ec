import { createContext, useContext } from "react";
import { type Practice, practice } from "#app/content/practice.ts";

/**
 * The practice's details as staff last saved them (app/pages/practice-details.ts), given by the
 * public layout to its header, footer and pages; the built-in ones where no layout gives any.
 */
const PracticeContext = createContext<Practice>(practice);

export const PracticeProvider = PracticeContext.Provider;

export function usePractice(): Practice {
  return useContext(PracticeContext);
}
