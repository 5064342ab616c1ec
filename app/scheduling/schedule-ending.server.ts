import type { Language } from "#app/i18n/languages.ts";
import type { Db } from "#app/server/db/db.server.ts";

/**
 * A publish that leaves a page with no draft (Save Changes, a restore) ends the schedule that was
 * waiting to publish that draft, in the publish's transaction: the Scheduled page says so at
 * once instead of listing it as waiting until its time. (The scheduled publish itself claimed its
 * row first, so it finds nothing here.)
 */
export async function endScheduleOnPublish(
  trx: Db,
  write: { name: string; language: Language; admin: { email: string } | null; at: string },
): Promise<void> {
  await trx
    .updateTable("scheduled_publications")
    .set((eb) => ({
      status: "cancelled",
      version: eb("version", "+", 1),
      updated_at: write.at,
      done_at: write.at,
      note: `Published by ${write.admin?.email ?? "someone"} before its time: nothing was left to publish.`,
    }))
    .where("page_name", "=", write.name)
    .where("lang", "=", write.language)
    .where("status", "=", "scheduled")
    .execute();
}
