import type { Kysely } from "kysely";

// What an uploaded picture shows, in words, for people who cannot see it: written once in the
// Images tab, used wherever the picture carries meaning and its place has no words of its own.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("media")
    .addColumn("alt", "text", (column) => column.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("media").dropColumn("alt").execute();
}
