import type { Kysely } from "kysely";

// The office day an account was last told of a sign-in from a new browser: the "new sign-in"
// e-mail goes once a day at most (app/staff/new-sign-in-mail.server.ts), claimed in one statement.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admin_users").addColumn("new_sign_in_mailed_on", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admin_users").dropColumn("new_sign_in_mailed_on").execute();
}
