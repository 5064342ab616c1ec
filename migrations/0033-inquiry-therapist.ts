import type { Kysely } from "kysely";

// An inquiry sent from a therapist's page (/contact?with=daniel-reyes) names who it was for: their
// name as it was then, so a renamed or departed therapist's inquiries still say whom the visitor
// asked for. Earlier inquiries, and those for anyone, have none.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("inquiries").addColumn("therapist", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("inquiries").dropColumn("therapist").execute();
}
