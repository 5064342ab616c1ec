import type { Kysely } from "kysely";

// The activity log (app/routes/admin/activity.tsx) is read by person and by date, newest first:
// this index gives one person's entries in that order, and the list of people who appear.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("audit_log_person_idx").ifNotExists().on("audit_log").columns(["admin_email", "created_at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("audit_log_person_idx").ifExists().execute();
}
