import type { Kysely } from "kysely";

// Two-step sign-in with an authenticator app (app/staff/two-factor.server.ts): the secret being
// set up (shown as a QR code until a first code confirms it), the account's TOTP secret once
// confirmed; the last time step a code was accepted for,
// so a code seen over a shoulder cannot be used again; and ten recovery codes per account, each
// stored as a SHA-256 hash and spent once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admin_users").addColumn("totp_pending_secret", "text").execute();
  await db.schema.alterTable("admin_users").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("admin_users").addColumn("totp_enabled_at", "text").execute();
  await db.schema.alterTable("admin_users").addColumn("totp_last_step", "integer").execute();
  await db.schema
    .createTable("admin_recovery_codes")
    .addColumn("code_hash", "text", (column) => column.primaryKey())
    .addColumn("admin_id", "text", (column) => column.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("admin_recovery_codes_admin_idx").on("admin_recovery_codes").column("admin_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("admin_recovery_codes").execute();
  await db.schema.alterTable("admin_users").dropColumn("totp_last_step").execute();
  await db.schema.alterTable("admin_users").dropColumn("totp_enabled_at").execute();
  await db.schema.alterTable("admin_users").dropColumn("totp_secret").execute();
  await db.schema.alterTable("admin_users").dropColumn("totp_pending_secret").execute();
}
