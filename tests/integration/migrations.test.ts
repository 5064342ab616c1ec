import { expect } from "vitest";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { findPersonData } from "#app/inquiries/person-data.server.ts";
import { sealStoredInquiries } from "#app/inquiries/inquiry-sealing.server.ts";
import { listInquiries } from "#app/inquiries/inquiry-store.server.ts";
import { getKeyring, seal } from "#app/server/field-encryption.server.ts";
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
    sealed_fields: "sealed:1:abcdefgh:AAAA",
    service: "Other",
    payment_method: "Self-Pay",
    is_read: 0,
    read_at: null,
    idempotency_key: null,
    possible_spam: 1,
    spam_reason: "sent 100 ms after the form was shown",
    archived: 1,
    therapist: "Dr. Samuel Okafor",
    language: "es",
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
    sealed_fields: "",
    service: "Other",
    payment_method: "Self-Pay",
    is_read: 0,
    idempotency_key,
  });
  await db
    .insertInto("inquiries")
    .values([inquiry("1", null), inquiry("2", null), inquiry("3", "key")])
    .execute();
  await expect(db.insertInto("inquiries").values(inquiry("4", "key")).execute()).rejects.toThrow();
});

testOnEachEngine(
  "inquiries stored before sealing, or sealed field by field, are sealed as one value and found by their tokens once the server has its key",
  async (db) => {
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo("0014-inquiry-archive")).error).toBeUndefined();
    await sql`
      insert into inquiries (id, created_at, name, email, phone, service, message, payment_method, is_read)
      values ('old', '2026-01-01T00:00:00.000Z', 'Maria LOPEZ', 'Maria@Example.com', '(435) 555-0142', 'Other', '', 'Self-Pay', 0)
    `.execute(db);
    expect((await migrator.migrateTo("0030-inquiry-search-tokens")).error).toBeUndefined();
    // As releases between sealing and 0031 stored one: each field sealed alone, bound to its column.
    const keyring = getKeyring();
    const byField = (column: string, value: string) => seal(keyring, value, `inquiries.${column}:sealed-alone`);
    await db
      .insertInto("inquiries" as never)
      .values({
        id: "sealed-alone",
        created_at: "2026-02-01T00:00:00.000Z",
        name: byField("name", "Ada Field"),
        email: byField("email", "ada@example.com"),
        phone: null,
        service: "Other",
        message: byField("message", "Sealed one by one."),
        payment_method: "Insurance",
        insurance_company: byField("insurance_company", "Select Health"),
        is_read: 0,
      } as never)
      .execute();

    await migrateToLatest(db);
    const columns = (await db.introspection.getTables()).find((table) => table.name === "inquiries")?.columns.map((column) => column.name);
    expect(columns).toContain("sealed_fields");
    for (const gone of ["search_text", "name", "email", "phone", "message", "insurance_company"]) expect(columns).not.toContain(gone);
    // Readable before the server seals them: gathered as they were stored.
    const before = await listInquiries(db);
    expect(
      before.inquiries.map(({ name, email, phone, message, insuranceCompany }) => ({ name, email, phone, message, insuranceCompany })),
    ).toEqual([
      { name: "Ada Field", email: "ada@example.com", phone: null, message: "Sealed one by one.", insuranceCompany: "Select Health" },
      { name: "Maria LOPEZ", email: "Maria@Example.com", phone: "(435) 555-0142", message: "", insuranceCompany: null },
    ]);

    expect(await sealStoredInquiries(db)).toBe(2);
    const stored = await db.selectFrom("inquiries").select("sealed_fields").execute();
    for (const row of stored) {
      expect(row.sealed_fields).toMatch(new RegExp(`^sealed:1:${keyring.current.id}:`));
      expect(row.sealed_fields).not.toContain("Maria");
    }
    expect((await listInquiries(db)).inquiries).toEqual(before.inquiries);
    expect((await findPersonData(db, "maria@example.com")).inquiries.map((inquiry) => inquiry.name)).toEqual(["Maria LOPEZ"]);
    expect((await findPersonData(db, "ada@example.com")).inquiries.map((inquiry) => inquiry.name)).toEqual(["Ada Field"]);
    // Sealed once: a second pass finds nothing to do.
    expect(await sealStoredInquiries(db)).toBe(0);
    // A release before 0031 could not read them: going back down is refused at 0031 and changes
    // none of them (on SQLite, whose schema changes are not in one transaction, the later
    // migrations went down before it; this release puts them back when it starts).
    await expect(migrator.migrateTo("0030-inquiry-search-tokens")).resolves.toMatchObject({ error: expect.any(Error) });
    await migrateToLatest(db);
    expect((await listInquiries(db)).inquiries).toEqual(before.inquiries);
  },
  { migrate: false },
);

testOnEachEngine(
  "0031 goes back down to one column per field while nothing is sealed as one value",
  async (db) => {
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo("0030-inquiry-search-tokens")).error).toBeUndefined();
    await sql`
      insert into inquiries (id, created_at, name, email, phone, service, message, payment_method, insurance_company, is_read)
      values ('a', '2026-01-01T00:00:00.000Z', 'Maria LOPEZ', 'maria@example.com', null, 'Other', 'Hello "there"', 'Insurance', 'Aetna', 0)
    `.execute(db);
    await migrateToLatest(db);
    expect((await migrator.migrateTo("0030-inquiry-search-tokens")).error).toBeUndefined();
    const { rows } = await sql`select name, email, phone, message, insurance_company from inquiries`.execute(db);
    expect(rows).toEqual([
      { name: "Maria LOPEZ", email: "maria@example.com", phone: null, message: 'Hello "there"', insurance_company: "Aetna" },
    ]);
  },
  { migrate: false },
);

testOnEachEngine(
  "image files stored before 0020 keep their bytes; from then on a file's bytes may be kept elsewhere (null), and its key and reference hold",
  async (db) => {
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo("0019-revision-restored-from")).error).toBeUndefined();
    const at = "2026-01-01T00:00:00.000Z";
    const image = (id: string) => ({
      id,
      bucket: "general-images",
      name: `${id}.png`,
      path: `general-images/${id}.png`,
      content_type: "image/png",
      size: 3,
      width: 1,
      height: 1,
      created_at: at,
      updated_at: at,
      alt: "",
      replaced_by: null,
    });
    const file = (media_id: string, name: string, bytes: Uint8Array | null) => ({
      media_id,
      file: name,
      content_type: "image/png",
      width: 1,
      height: 1,
      size: 3,
      etag: '"e"',
      bytes,
    });
    await db
      .insertInto("media")
      .values([image("old"), image("new")])
      .execute();
    await db
      .insertInto("media_files")
      .values(file("old", "old.png", new Uint8Array([1, 2, 255])))
      .execute();
    await expect(
      db
        .insertInto("media_files")
        .values(file("new", "new.png", null))
        .execute(),
    ).rejects.toThrow();

    await migrateToLatest(db);
    const [kept] = await db.selectFrom("media_files").selectAll().execute();
    expect({ ...kept, bytes: [...(kept?.bytes ?? [])] }).toEqual({ ...file("old", "old.png", null), bytes: [1, 2, 255] });
    await db
      .insertInto("media_files")
      .values(file("new", "new.png", null))
      .execute();
    expect((await db.selectFrom("media_files").select("bytes").where("media_id", "=", "new").executeTakeFirstOrThrow()).bytes).toBeNull();
    // Still one row per image and file, only for an image that exists, and gone with its image.
    await expect(
      db
        .insertInto("media_files")
        .values(file("new", "new.png", null))
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("media_files")
        .values(file("nowhere", "a.png", null))
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom("media").where("id", "=", "old").execute();
    expect(await db.selectFrom("media_files").select("media_id").execute()).toEqual([{ media_id: "new" }]);
  },
  { migrate: false },
);

testOnEachEngine(
  "0023 indexes the Archived list (newest first, and New or Read in it) in place of the is_read index, and goes back down",
  async (db, dialect) => {
    const indexes = async () => {
      const query =
        dialect === "sqlite"
          ? sql<{
              name: string;
            }>`select name from sqlite_master where type = 'index' and tbl_name = 'inquiries' and name not like 'sqlite_%'`
          : sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'inquiries'`;
      return (await query.execute(db)).rows.map((row) => row.name);
    };
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo("0022-content-changes")).error).toBeUndefined();
    const before = await indexes();
    expect(before).toContain("contact_submissions_is_read_idx");
    await migrateToLatest(db);
    const after = await indexes();
    expect(after).toEqual(expect.arrayContaining(["inquiries_archived_idx", "inquiries_archived_read_idx", "inquiries_count_idx"]));
    expect(after).not.toContain("contact_submissions_is_read_idx");
    expect((await migrator.migrateTo("0022-content-changes")).error).toBeUndefined();
    expect((await indexes()).sort()).toEqual([...before].sort());
  },
  { migrate: false },
);
