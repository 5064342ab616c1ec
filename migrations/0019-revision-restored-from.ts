import type { Kysely } from "kysely";

// A version made by restoring an earlier one names it, so the history can say "Restored from
// version 3" instead of showing a save like any other. Null for a version saved from an editor.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("page_revisions").addColumn("restored_from", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("page_revisions").dropColumn("restored_from").execute();
}
