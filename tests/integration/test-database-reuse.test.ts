import { sql } from "kysely";
import { expect, inject, test } from "vitest";
import { getContentVersion } from "#app/content/content-version.server.ts";
import { createDb } from "#app/server/db/db.server.ts";
import { insertInquiries, newInquiry } from "#tests/fixtures/admin.ts";
import { createPostgresDatabase } from "#tests/setup/postgres-database.ts";
import { resetToTemplate } from "#tests/setup/postgres-recycling.ts";

// The reset that lets a PostgreSQL test reuse the database of the test before it
// (docs/decisions/040-postgresql-test-databases-reused.md): as a copy of the template, or not at all.

test.skipIf(!process.env.TEST_POSTGRES_URL)(
  "a used test database is reset to the template's state, and one whose schema changed or that is in use is not",
  async () => {
    const template = inject("postgresTemplateState")!;
    const database = await createPostgresDatabase(process.env.TEST_POSTGRES_URL!, "site_test_reuse", inject("postgresTemplate")!);
    const open = () => createDb({ dialect: "postgres", url: database.url });
    try {
      let db = open();
      const fresh = {
        version: await getContentVersion(db),
        migrations: (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows,
      };
      await insertInquiries(
        db,
        Array.from({ length: 3 }, () => newInquiry()),
      );
      await db
        .updateTable("site_state")
        .set({ content_version: fresh.version + 5 })
        .execute();
      await sql`analyze inquiries`.execute(db);
      // Still connected: not reset.
      expect(await resetToTemplate(database, template)).toBe(false);
      expect(await db.selectFrom("inquiries").select("id").execute()).toHaveLength(3);
      await db.destroy();

      expect(await resetToTemplate(database, template)).toBe(true);
      db = open();
      expect(await db.selectFrom("inquiries").select("id").execute()).toEqual([]);
      expect(await db.selectFrom("inquiry_search_tokens").select("token").execute()).toEqual([]);
      expect(await getContentVersion(db)).toBe(fresh.version);
      expect((await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows).toEqual(fresh.migrations);
      const statistics = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_statistic where starelid = 'inquiries'::regclass`.execute(db);
      expect(statistics.rows).toEqual([{ n: 0 }]);

      // A schema a test changed is not the template's: not reused.
      await sql`alter table inquiries add column extra text`.execute(db);
      await db.destroy();
      expect(await resetToTemplate(database, template)).toBe(false);
    } finally {
      await database.drop();
    }
  },
);
