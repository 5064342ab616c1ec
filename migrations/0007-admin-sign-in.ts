import type { Kysely } from "kysely";

// Disabled accounts (a departed staff member keeps their audit trail), and the addresses each
// account has signed in from, so that an attacker elsewhere cannot throttle staff at their desk.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admin_users").addColumn("disabled_at", "text").execute();
  await db.schema
    .createTable("admin_sign_in_addresses")
    .ifNotExists()
    .addColumn("admin_id", "text", (column) => column.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("address", "text", (column) => column.notNull())
    .addColumn("last_signed_in_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("admin_sign_in_addresses_pk", ["admin_id", "address"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("admin_sign_in_addresses").ifExists().execute();
  await db.schema.alterTable("admin_users").dropColumn("disabled_at").execute();
}
