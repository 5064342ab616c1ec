import type { Kysely } from "kysely";

// What the account page (/admin/account) shows of each session: the browser it was started in and
// when it was last used, so a staff member can tell their own sessions from someone else's.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admin_sessions").addColumn("user_agent", "text").execute();
  await db.schema.alterTable("admin_sessions").addColumn("last_used_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admin_sessions").dropColumn("last_used_at").execute();
  await db.schema.alterTable("admin_sessions").dropColumn("user_agent").execute();
}
