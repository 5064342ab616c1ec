import { getConfig } from "#app/server/config.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import { practiceDetailsDefaults, practiceDetailsPage, practiceFrom } from "./practice-details.ts";
import type { Language } from "#app/i18n/languages.ts";
import { translatedContent } from "#app/content/translation.ts";
import type { Practice } from "#app/content/practice.ts";
import { publishedTranslationOf, readPage } from "#app/content/page-store.server.ts";

/**
 * The practice as every public page shows it: staff's saved details, else the built-in ones,
 * whose portal link PATIENT_PORTAL_URL sets until staff save their own. One read; a failed one
 * is logged and shows the built-in details: a visitor never sees an error here. (The details
 * hold no pictures, so loadPage's picture checks have nothing to do.)
 */
export async function loadPractice(db: Db, language: Language = "en"): Promise<Practice> {
  const [page, translation] = await Promise.all([
    readPage(db, "practice").catch((error: unknown) => {
      log.error("Error loading the practice details: showing the built-in ones", error);
      return null;
    }),
    language === "en" ? null : publishedTranslationOf(db, "practice", language),
  ]);
  const details = page?.content ?? practiceDetailsDefaults;
  const portal = getConfig().patientPortalUrl;
  const practice = practiceFrom(portal !== null && !page?.saved ? { ...details, patientPortalUrl: portal } : details);
  if (language === "en") return practice;
  // In another language the note under the hours is its translation's, or the English marked so.
  const shown = translatedContent(practiceDetailsPage.fields, details, translation);
  return shown.translated === "whole"
    ? { ...practice, officeHoursNote: shown.content.officeHoursNote }
    : { ...practice, officeHoursNoteLang: "en" };
}
