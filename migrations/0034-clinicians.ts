import type { Kysely } from "kysely";

// The Clinician role (issue 42): an account linked to one member of the About page's team
// (their id, `staff-daniel-reyes`), and an invitation that makes such an account carries it.
// A clinician's change to their own profile waits in profile_submissions, one per member, until
// an Owner or Editor approves it (applied to the About page then) or sends it back with a note.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admin_users").addColumn("team_member", "text").execute();
  await db.schema.alterTable("account_links").addColumn("team_member", "text").execute();
  await db.schema
    .createTable("profile_submissions")
    .addColumn("member_id", "text", (column) => column.primaryKey())
    // Counts every submission and every decision on it: a review names the one it was shown.
    .addColumn("version", "integer", (column) => column.notNull())
    // awaiting, sent-back or approved.
    .addColumn("state", "text", (column) => column.notNull())
    // The member's fields the clinician changed, as they sent them (JSON).
    .addColumn("fields", "text", (column) => column.notNull())
    .addColumn("submitted_by", "text", (column) => column.notNull())
    .addColumn("submitted_at", "text", (column) => column.notNull())
    .addColumn("reviewed_by", "text")
    .addColumn("reviewed_at", "text")
    .addColumn("note", "text")
    .execute();
  await db.schema.createIndex("profile_submissions_state").on("profile_submissions").column("state").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("profile_submissions").execute();
  await db.schema.alterTable("account_links").dropColumn("team_member").execute();
  await db.schema.alterTable("admin_users").dropColumn("team_member").execute();
}
