import { getConfig } from "#app/server/config.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { practiceFrom } from "./practice-details.ts";
import type { Practice } from "./practice.ts";
import { loadPage, readPage } from "./page-store.server.ts";

/**
 * The practice as every public page shows it: staff's saved details, else the built-in ones,
 * whose portal link PATIENT_PORTAL_URL sets until staff save their own. A failed read shows the
 * built-in details (loadPage): a visitor never sees an error here.
 */
export async function loadPractice(db: Db): Promise<Practice> {
  const details = await loadPage(db, "practice");
  const portal = getConfig().patientPortalUrl;
  if (portal === null) return practiceFrom(details);
  const saved = await readPage(db, "practice").then(
    (page) => page.saved,
    () => false,
  );
  return practiceFrom(saved ? details : { ...details, patientPortalUrl: portal });
}
