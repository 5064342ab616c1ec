import { expect } from "vitest";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { inquirySearchText } from "#app/inquiries/inquiry-search.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { migrations } from "#migrations/index.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

testOnEachEngine(
  "migrations create the tables and are idempotent",
  async (db) => {
    expect(await db.introspection.getTables()).toEqual([]);
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    // A second and third run change nothing.
    expect(await migrateToLatest(db)).toEqual([]);
    expect(await migrateToLatest(db)).toEqual([]);
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(["page_content", "inquiries"]));
  },
  { migrate: false },
);

testOnEachEngine("both engines store and return the same values", async (db) => {
  const submission = {
    id: "a",
    created_at: new Date().toISOString(),
    name: "Jane Doe",
    email: "jane@example.com",
    phone: null,
    service: "Other",
    message: "",
    payment_method: "Self-Pay",
    insurance_company: null,
    is_read: 0,
    read_at: null,
    idempotency_key: null,
    possible_spam: 1,
    spam_reason: "sent 100 ms after the form was shown",
    archived: 1,
    search_text: "jane doe\njane@example.com\n",
  };
  await db.insertInto("inquiries").values(submission).execute();
  expect(await db.selectFrom("inquiries").selectAll().executeTakeFirstOrThrow()).toEqual(submission);
  const { count } = await db
    .selectFrom("inquiries")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  expect(Number(count)).toBe(1);
});

testOnEachEngine("page names are unique", async (db) => {
  const row = { page_name: "homepage", content: "{}", created_at: "t", updated_at: "t" };
  await db
    .insertInto("page_content")
    .values({ id: "1", ...row })
    .execute();
  await expect(
    db
      .insertInto("page_content")
      .values({ id: "2", ...row })
      .execute(),
  ).rejects.toThrow();
});

testOnEachEngine("an inquiry's idempotency key is unique; inquiries without one are not limited", async (db) => {
  const inquiry = (id: string, idempotency_key: string | null) => ({
    id,
    created_at: "t",
    name: "Jane Doe",
    email: "jane@example.com",
    service: "Other",
    message: "",
    payment_method: "Self-Pay",
    is_read: 0,
    idempotency_key,
    search_text: "jane doe",
  });
  await db
    .insertInto("inquiries")
    .values([inquiry("1", null), inquiry("2", null), inquiry("3", "key")])
    .execute();
  await expect(db.insertInto("inquiries").values(inquiry("4", "key")).execute()).rejects.toThrow();
});

testOnEachEngine(
  "inquiries stored before the search text get theirs: name and e-mail in lower case, the phone as digits",
  async (db) => {
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo("0014-inquiry-archive")).error).toBeUndefined();
    await sql`
      insert into inquiries (id, created_at, name, email, phone, service, message, payment_method, is_read)
      values ('old', '2026-01-01T00:00:00.000Z', 'Maria LOPEZ', 'Maria@Example.com', '(435) 555-0142', 'Other', '', 'Self-Pay', 0)
    `.execute(db);
    await migrateToLatest(db);
    const row = await db.selectFrom("inquiries").select("search_text").executeTakeFirstOrThrow();
    expect(row.search_text).toBe(inquirySearchText({ name: "Maria LOPEZ", email: "Maria@Example.com", phone: "(435) 555-0142" }));
  },
  { migrate: false },
);
