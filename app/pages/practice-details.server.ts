import { getConfig } from "#app/server/config.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import { practiceDetailsDefaults, practiceFrom } from "./practice-details.ts";
import type { Practice } from "#app/content/practice.ts";
import { readPage } from "#app/content/page-store.server.ts";

/**
 * The practice as every public page shows it: staff's saved details, else the built-in ones,
 * whose portal link PATIENT_PORTAL_URL sets until staff save their own. One read; a failed one
 * is logged and shows the built-in details: a visitor never sees an error here. (The details
 * hold no pictures, so loadPage's picture checks have nothing to do.)
 */
export async function loadPractice(db: Db): Promise<Practice> {
  const page = await readPage(db, "practice").catch((error: unknown) => {
    log.error("Error loading the practice details: showing the built-in ones", error);
    return null;
  });
  const details = page?.content ?? practiceDetailsDefaults;
  const portal = getConfig().patientPortalUrl;
  return practiceFrom(portal !== null && !page?.saved ? { ...details, patientPortalUrl: portal } : details);
}
