import { type CreateTableBuilder, type Kysely, sql } from "kysely";
import { inOneStep } from "./one-step.ts";

// A clinician keeps their own profile in each language (decision 047): profile_submissions holds
// one submission per member and language (`lang`, "en" for every one stored before), so their
// Spanish texts wait for review beside their English ones. The key changes from the member to
// the member and language: the table is rebuilt (make, copy, drop, rename) on both engines.
export async function up(db: Kysely<any>): Promise<void> {
  await inOneStep(db, "profile_languages", async () => {
    await createSubmissions(db, "profile_submissions_by_language", true);
    await sql`
      insert into profile_submissions_by_language
        (member_id, lang, version, state, fields, submitted_by, submitted_at, reviewed_by, reviewed_at, note)
      select member_id, 'en', version, state, fields, submitted_by, submitted_at, reviewed_by, reviewed_at, note
      from profile_submissions
    `.execute(db);
    await db.schema.dropTable("profile_submissions").execute();
    await db.schema.alterTable("profile_submissions_by_language").renameTo("profile_submissions").execute();
    await db.schema.createIndex("profile_submissions_state").on("profile_submissions").column("state").execute();
  });
}

// Going back keeps the English submissions; the others have no place in a release before this one.
export async function down(db: Kysely<any>): Promise<void> {
  await inOneStep(db, "profile_languages", async () => {
    await createSubmissions(db, "profile_submissions_english", false);
    await sql`
      insert into profile_submissions_english
        (member_id, version, state, fields, submitted_by, submitted_at, reviewed_by, reviewed_at, note)
      select member_id, version, state, fields, submitted_by, submitted_at, reviewed_by, reviewed_at, note
      from profile_submissions where lang = 'en'
    `.execute(db);
    await db.schema.dropTable("profile_submissions").execute();
    await db.schema.alterTable("profile_submissions_english").renameTo("profile_submissions").execute();
    await db.schema.createIndex("profile_submissions_state").on("profile_submissions").column("state").execute();
  });
}

/** The table as migration 0034 made it, keyed by member, or (`byLanguage`) by member and language. */
async function createSubmissions(db: Kysely<any>, name: string, byLanguage: boolean): Promise<void> {
  let table: CreateTableBuilder<string, string> = db.schema
    .createTable(name)
    .addColumn("member_id", "text", (column) => (byLanguage ? column.notNull() : column.primaryKey()));
  if (byLanguage) table = table.addColumn("lang", "text", (column) => column.notNull().defaultTo("en"));
  table = table
    .addColumn("version", "integer", (column) => column.notNull())
    .addColumn("state", "text", (column) => column.notNull())
    .addColumn("fields", "text", (column) => column.notNull())
    .addColumn("submitted_by", "text", (column) => column.notNull())
    .addColumn("submitted_at", "text", (column) => column.notNull())
    .addColumn("reviewed_by", "text")
    .addColumn("reviewed_at", "text")
    .addColumn("note", "text");
  if (byLanguage) table = table.addPrimaryKeyConstraint(`${name}_pkey`, ["member_id", "lang"]);
  await table.execute();
}
