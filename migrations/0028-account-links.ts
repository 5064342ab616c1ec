import type { Kysely } from "kysely";

// One-time links for staff accounts (app/staff/account-links.server.ts): an Owner's invitation
// (kind "invite", with the role it gives) and a link to set a new password (kind "reset"). Only a
// hash of each link's secret is stored, so a copy of the database opens nothing.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("account_links")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("role", "text")
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("account_links_email_idx").on("account_links").columns(["email", "kind"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("account_links").execute();
}
