import type { Kysely } from "kysely";

// Drafts: a page can hold work that is saved but not live.
// - page_content.draft is the pending draft (JSON, null when there is none); `content` stays
//   what visitors see, and `version` now counts every save of the page, drafts included, so a
//   draft saved meanwhile is noticed like any other save. A row whose page was never published
//   holds the JSON text "null" as its content (the built-in text is shown).
// - page_revisions.published is 1 for a version that went live, 0 for a draft.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("page_content").addColumn("draft", "text").execute();
  await db.schema
    .alterTable("page_revisions")
    .addColumn("published", "integer", (column) => column.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("page_revisions").dropColumn("published").execute();
  await db.schema.alterTable("page_content").dropColumn("draft").execute();
}
