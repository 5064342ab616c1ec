import type { Kysely } from "kysely";

// Each account has a role (app/lib/staff-roles.ts): the specification's one admin is the Owner,
// so every account made before roles existed keeps doing everything it did.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("admin_users")
    .addColumn("role", "text", (column) => column.notNull().defaultTo("owner"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admin_users").dropColumn("role").execute();
}
