import { type Kysely, PostgresAdapter, sql } from "kysely";
import { inOneStep } from "./one-step.ts";

// A page's text per language (decision 047): page_content holds one row per page and language
// (`lang`, "en" for every row stored before), page_revisions one per page, language and version.
// `source_version` is the English live version a translation was made from, so the admin can say
// when the English has changed since. SQLite cannot drop the column's UNIQUE on page_name: it
// rebuilds both tables (the documented way: make, copy, drop, rename); PostgreSQL alters them.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of ["page_content", "page_revisions"]) {
      await db.schema
        .alterTable(table)
        .addColumn("lang", "text", (column) => column.notNull().defaultTo("en"))
        .execute();
      await db.schema.alterTable(table).addColumn("source_version", "integer").execute();
    }
    await db.schema.alterTable("page_content").dropConstraint("page_content_page_name_key").execute();
    await db.schema.alterTable("page_content").addUniqueConstraint("page_content_page_lang_unique", ["page_name", "lang"]).execute();
    await db.schema.alterTable("page_revisions").dropConstraint("page_revisions_page_version_unique").execute();
    await db.schema
      .alterTable("page_revisions")
      .addUniqueConstraint("page_revisions_page_lang_version_unique", ["page_name", "lang", "version"])
      .execute();
    return;
  }
  await inOneStep(db, "page_languages", async () => {
    await db.schema
      .createTable("page_content_by_language")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("page_name", "text", (column) => column.notNull())
      .addColumn("lang", "text", (column) => column.notNull().defaultTo("en"))
      .addColumn("content", "text", (column) => column.notNull())
      .addColumn("draft", "text")
      .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
      .addColumn("source_version", "integer")
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("updated_at", "text", (column) => column.notNull())
      .addUniqueConstraint("page_content_page_lang_unique", ["page_name", "lang"])
      .execute();
    await sql`
    insert into page_content_by_language (id, page_name, lang, content, draft, version, created_at, updated_at)
    select id, page_name, 'en', content, draft, version, created_at, updated_at from page_content
  `.execute(db);
    await db.schema.dropTable("page_content").execute();
    await db.schema.alterTable("page_content_by_language").renameTo("page_content").execute();

    await db.schema
      .createTable("page_revisions_by_language")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("page_name", "text", (column) => column.notNull())
      .addColumn("lang", "text", (column) => column.notNull().defaultTo("en"))
      .addColumn("version", "integer", (column) => column.notNull())
      .addColumn("content", "text", (column) => column.notNull())
      .addColumn("admin_id", "text")
      .addColumn("admin_email", "text")
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("published", "integer", (column) => column.notNull().defaultTo(1))
      .addColumn("restored_from", "integer")
      .addColumn("source_version", "integer")
      .addUniqueConstraint("page_revisions_page_lang_version_unique", ["page_name", "lang", "version"])
      .execute();
    await sql`
    insert into page_revisions_by_language (id, page_name, lang, version, content, admin_id, admin_email, created_at, published, restored_from)
    select id, page_name, 'en', version, content, admin_id, admin_email, created_at, published, restored_from from page_revisions
  `.execute(db);
    await db.schema.dropTable("page_revisions").execute();
    await db.schema.alterTable("page_revisions_by_language").renameTo("page_revisions").execute();
  });
}

// Going back keeps the English and drops every translation: a release before this one has no
// place for them.
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("page_revisions").where("lang", "<>", "en").execute();
  await db.deleteFrom("page_content").where("lang", "<>", "en").execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.alterTable("page_revisions").dropConstraint("page_revisions_page_lang_version_unique").execute();
    await db.schema
      .alterTable("page_revisions")
      .addUniqueConstraint("page_revisions_page_version_unique", ["page_name", "version"])
      .execute();
    await db.schema.alterTable("page_content").dropConstraint("page_content_page_lang_unique").execute();
    await db.schema.alterTable("page_content").addUniqueConstraint("page_content_page_name_key", ["page_name"]).execute();
    for (const table of ["page_content", "page_revisions"]) {
      await db.schema.alterTable(table).dropColumn("source_version").execute();
      await db.schema.alterTable(table).dropColumn("lang").execute();
    }
    return;
  }
  await inOneStep(db, "page_languages", async () => {
    await db.schema
      .createTable("page_content_english")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("page_name", "text", (column) => column.notNull().unique())
      .addColumn("content", "text", (column) => column.notNull())
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("updated_at", "text", (column) => column.notNull())
      .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
      .addColumn("draft", "text")
      .execute();
    await sql`
    insert into page_content_english (id, page_name, content, created_at, updated_at, version, draft)
    select id, page_name, content, created_at, updated_at, version, draft from page_content
  `.execute(db);
    await db.schema.dropTable("page_content").execute();
    await db.schema.alterTable("page_content_english").renameTo("page_content").execute();

    await db.schema
      .createTable("page_revisions_english")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("page_name", "text", (column) => column.notNull())
      .addColumn("version", "integer", (column) => column.notNull())
      .addColumn("content", "text", (column) => column.notNull())
      .addColumn("admin_id", "text")
      .addColumn("admin_email", "text")
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("published", "integer", (column) => column.notNull().defaultTo(1))
      .addColumn("restored_from", "integer")
      .addUniqueConstraint("page_revisions_page_version_unique", ["page_name", "version"])
      .execute();
    await sql`
    insert into page_revisions_english (id, page_name, version, content, admin_id, admin_email, created_at, published, restored_from)
    select id, page_name, version, content, admin_id, admin_email, created_at, published, restored_from from page_revisions
  `.execute(db);
    await db.schema.dropTable("page_revisions").execute();
    await db.schema.alterTable("page_revisions_english").renameTo("page_revisions").execute();
  });
}
