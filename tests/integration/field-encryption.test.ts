import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, test, vi } from "vitest";
import { findPersonData } from "#app/inquiries/person-data.server.ts";
import { sealStoredInquiries } from "#app/inquiries/inquiry-sealing.server.ts";
import { sealStoredData } from "#app/operations/seal-stored.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { migrations } from "#migrations/index.ts";
import { createInquiry, listInquiries } from "#app/inquiries/inquiry-store.server.ts";
import { backUp } from "#app/operations/backup.server.ts";
import { ConfigError, getConfig, parseConfig, replaceConfig } from "#app/server/config.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { getKeyring, open, seal, UnreadableFieldError } from "#app/server/field-encryption.server.ts";
import { log } from "#app/server/log.server.ts";
import { openMailBody, sealStoredMail } from "#app/server/outbox.server.ts";
import { databaseOf, type Dialect, everythingStored, storedBytes, testOnEachEngine } from "#tests/setup/test-database.ts";

const newKey = () => randomBytes(32);

/** What a visitor writes, each field a marker no ciphertext or token could hold by chance. */
const visitor = {
  name: "Quentin Zephyrwood",
  email: "quentin.zephyrwood@example.com",
  phone: "(435) 555-0177",
  service: "Individual Counseling",
  message: "Marker-7f3a9c: I have not slept since the accident.",
  payment_method: "Insurance",
  insurance_company: "Zephyr Mutual",
};
const markers = ["Zephyrwood", "quentin", "555-0177", "4355550177", "Marker-7f3a9c", "accident", "Zephyr Mutual"];

function withKeys(current: Buffer, previous: Array<Buffer> = []) {
  replaceConfig({ ...getConfig(), encryptionKey: current, encryptionPreviousKeys: previous, notifyIncludeDetails: true });
}

describe("sealing one value", () => {
  test("opens only at the place it was sealed for, unchanged, with a key that is configured", () => {
    const config = { ...getConfig(), encryptionKey: newKey(), encryptionPreviousKeys: [] };
    const keyring = getKeyring(config);
    const sealed = seal(keyring, "a message", "inquiries.message:1");
    expect(sealed).toMatch(/^sealed:1:[\w-]{8}:[\w-]+$/);
    expect(seal(keyring, "a message", "inquiries.message:1")).not.toBe(sealed); // a fresh IV each time
    expect(open(keyring, sealed, "inquiries.message:1")).toBe("a message");
    // Copied to another row or column, it does not open.
    expect(() => open(keyring, sealed, "inquiries.message:2")).toThrow(UnreadableFieldError);
    expect(() => open(keyring, sealed, "inquiries.name:1")).toThrow(UnreadableFieldError);
    // Changed, it does not open.
    const last = sealed.at(-2) === "A" ? "B" : "A";
    expect(() => open(keyring, `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`, "inquiries.message:1")).toThrow(UnreadableFieldError);
    // Another key does not open it; a value stored before sealing is returned as it is.
    const other = getKeyring({ ...config, encryptionKey: newKey() });
    expect(() => open(other, sealed, "inquiries.message:1")).toThrow(/not configured: add it to ENCRYPTION_PREVIOUS_KEYS/);
    expect(open(other, "written before sealing", "inquiries.message:1")).toBe("written before sealing");
  });

  test("the embedded mode makes its key beside the database once, readable by its owner only; PostgreSQL needs one set", () => {
    const folder = mkdtempSync(join(tmpdir(), "site-key-"));
    try {
      const config = parseConfig({ NODE_ENV: "production", DATABASE_URL: join(folder, "data", "site.db") });
      const warned = vi.spyOn(log, "warn");
      const keyring = getKeyring(config);
      const file = join(folder, "data", "encryption.key");
      expect(existsSync(file)).toBe(true);
      // Said at start, once: the key is new, where it is, and to keep it apart from the backups.
      expect(warned.mock.calls).toEqual([
        [expect.stringMatching(/^Made a new encryption key in .*encryption\.key .*apart from the backups/)],
      ]);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(Buffer.from(readFileSync(file, "utf8").trim(), "base64")).toHaveLength(32);
      // Read again (as after a restart), it is the same key.
      const sealed = seal(keyring, "kept", "x");
      expect(open(getKeyring({ ...config, encryptionPreviousKeys: [] }), sealed, "x")).toBe("kept");
      expect(warned).toHaveBeenCalledTimes(1);
    } finally {
      vi.restoreAllMocks();
      rmSync(folder, { recursive: true, force: true });
    }
    expect(() => getKeyring(parseConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://db.example/site" }))).toThrow(ConfigError);
    expect(() => parseConfig({ ENCRYPTION_KEY: "too short" })).toThrow(/ENCRYPTION_KEY: must be 32 random bytes in base64/);
  });
});

testOnEachEngine("what a visitor wrote is in no table, database file or backup in clear; staff read and find it", async (db, dialect) => {
  withKeys(newKey());
  const id = await createInquiry(db, visitor);
  const held = await everythingStored(db);
  for (const marker of markers) expect(held.toLowerCase(), marker).not.toContain(marker.toLowerCase());

  // Staff read it whole, and find it by name, e-mail or phone; so does a privacy request.
  const page = await listInquiries(db, { search: "zephyr quen" });
  expect(page.inquiries).toMatchObject([{ id, name: visitor.name, email: visitor.email, phone: visitor.phone, message: visitor.message }]);
  expect((await listInquiries(db, { search: "555-0177" })).inquiries.map((inquiry) => inquiry.id)).toEqual([id]);
  expect((await findPersonData(db, "+1 435 555 0177")).inquiries.map((inquiry) => inquiry.id)).toEqual([id]);
  const mail = await db.selectFrom("mail_outbox").select(["id", "body_text"]).executeTakeFirstOrThrow();
  expect(openMailBody(mail)).toContain(visitor.message);

  // The database's files as a thief would copy them, and a backup as `npm run backup` takes it.
  const files = await storedBytes(db);
  const backup = await backupAsText(db, dialect);
  for (const marker of markers) {
    expect(files.includes(marker), marker).toBe(false);
    expect(backup.includes(marker), marker).toBe(false);
  }
});

/** A backup of the test's database, as `npm run backup` writes it: a SQLite snapshot as is, a pg_dump as pg_restore turns it into SQL. */
async function backupAsText(db: Db, dialect: Dialect): Promise<Buffer> {
  const folder = mkdtempSync(join(tmpdir(), "site-backup-"));
  try {
    const { file } = await backUp({
      ...getConfig(),
      database: await databaseOf(db, dialect),
      mediaStore: { kind: "database" },
      backupDir: folder,
      backupKeep: 1,
    });
    if (dialect === "sqlite") return readFileSync(file);
    const { stdout } = await promisify(execFile)("pg_restore", ["--file=-", file], { encoding: "buffer", maxBuffer: 256 * 1024 * 1024 });
    expect(stdout.includes("COPY public.inquiries")).toBe(true);
    return stdout;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

testOnEachEngine(
  "a database from before sealing keeps no clear word in its files once the start has sealed it",
  async (db, dialect) => {
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo("0014-inquiry-archive")).error).toBeUndefined();
    for (const id of ["kept-1", "kept-2", "deleted"]) {
      await sql`
        insert into inquiries (id, created_at, name, email, phone, service, message, payment_method, insurance_company, is_read)
        values (${id}, '2026-01-01T00:00:00.000Z', ${visitor.name}, ${visitor.email}, ${visitor.phone}, ${visitor.service},
          ${visitor.message}, ${visitor.payment_method}, ${visitor.insurance_company}, 0)
      `.execute(db);
    }
    await sql`delete from inquiries where id = 'deleted'`.execute(db);
    await migrateToLatest(db);

    withKeys(newKey());
    expect(await sealStoredData(db)).toEqual({ inquiries: 2, mail: 0, twoFactorSecrets: 0, scrubbed: true });
    // PostgreSQL's VACUUM FULL copies the row versions a transaction open anywhere on the server
    // may still see (the suite's other tests, in a site another instance or a pg_dump): there the
    // rewrite is best effort, and the raw files are checked on SQLite, where it is certain.
    if (dialect === "sqlite") {
      const files = await storedBytes(db);
      for (const marker of markers) expect(files.includes(marker), marker).toBe(false);
    }
    expect((await listInquiries(db, { search: "zephyrwood" })).inquiries.map((inquiry) => inquiry.message)).toEqual([
      visitor.message,
      visitor.message,
    ]);
    // Done once: the next start has nothing to seal and leaves the file alone.
    expect(await sealStoredData(db)).toEqual({ inquiries: 0, mail: 0, twoFactorSecrets: 0, scrubbed: false });
  },
  { migrate: false },
);

testOnEachEngine("a key rotation: the previous key still opens, the stored rows are sealed again, then it can go", async (db) => {
  const first = newKey();
  const second = newKey();
  withKeys(first);
  const ids = [await createInquiry(db, visitor), await createInquiry(db, { ...visitor, message: "A second one." })];

  // The new key alone cannot read what the first sealed.
  withKeys(second);
  await expect(listInquiries(db)).rejects.toThrow(UnreadableFieldError);

  // The new key with the first as a previous one: everything reads; sealing again moves all to the new key.
  withKeys(second, [first]);
  expect((await listInquiries(db)).inquiries).toHaveLength(2);
  expect(await sealStoredInquiries(db)).toBe(2);
  expect(await sealStoredMail(db)).toBe(2);
  expect(await sealStoredInquiries(db)).toBe(0);
  const secondId = getKeyring().current.id;
  const stored = await db.selectFrom("inquiries").select("sealed_fields").execute();
  for (const row of stored) expect(row.sealed_fields.startsWith(`sealed:1:${secondId}:`)).toBe(true);

  // The first key removed: everything still reads, and search uses the new key's tokens.
  withKeys(second);
  expect((await listInquiries(db, { search: "zephyrwood" })).inquiries.map((inquiry) => inquiry.id).sort()).toEqual([...ids].sort());
  const mail = await db.selectFrom("mail_outbox").select(["id", "body_text"]).execute();
  expect(mail.map((row) => openMailBody(row)).join("\n")).toContain(visitor.message);
});
