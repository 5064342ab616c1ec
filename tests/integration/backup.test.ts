import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { expect, test } from "vitest";
import { savePage } from "#app/content/page-store.server.ts";
import { getContentVersion } from "#app/content/content-version.server.ts";
import { getService } from "#app/pages/services.ts";
import { openInquiry } from "#app/inquiries/inquiry-sealing.server.ts";
import { createInquiry } from "#app/inquiries/inquiry-store.server.ts";
import { BackupError, backUp, backupFileName, imageArchiveBeside, restore } from "#app/operations/backup.server.ts";
import { checkFileBeside } from "#app/operations/backup-check.server.ts";
import type { Config } from "#app/server/config.server.ts";
import { createDb, type Db } from "#app/server/db/db.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import type { KeyConfig } from "#app/server/field-encryption.server.ts";
import { uploadImage } from "#app/media/media.server.ts";
import { migrations } from "#migrations/index.ts";
import { createTestAdmin, insertInquiries, newInquiry } from "#tests/fixtures/admin.ts";
import { photoLikeJpeg, pngImage } from "#tests/fixtures/images.ts";
import { testOnDiskMediaStore, testOnEachMediaStore } from "#tests/setup/media-stores.ts";
import { createPostgresDatabase } from "#tests/setup/postgres-database.ts";
import { databaseOf, type Dialect, testOnEachEngine } from "#tests/setup/test-database.ts";

type DatabaseConfig = Config["database"];
type MediaStoreConfig = Config["mediaStore"];

const databaseStore: MediaStoreConfig = { kind: "database" };

/** The site's encryption key, from which each backup's check is made: the same for this process and the scripts it runs. */
const siteKey = randomBytes(32);
const siteKeys: Omit<KeyConfig, "database"> = { nodeEnv: "test", encryptionKey: siteKey, encryptionPreviousKeys: [] };

const runFile = promisify(execFile);

/** The environment `npm run backup` and `npm run restore` get for a database and media store. */
function scriptEnv(database: DatabaseConfig, mediaStore: MediaStoreConfig): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: database.dialect === "sqlite" ? database.file : database.url,
    MEDIA_STORE: mediaStore.kind,
    MEDIA_DIR: mediaStore.kind === "disk" ? mediaStore.folder : "",
    ENCRYPTION_KEY: siteKey.toString("base64"),
  };
}

/** Runs the script of `npm run backup` or `npm run restore` (its time limit only a bound on a hang). */
function runScript(script: "backup" | "restore", env: NodeJS.ProcessEnv, args: Array<string>) {
  return runFile(process.execPath, [`scripts/${script}.ts`, ...args], { env, timeout: 120_000 });
}

function escapedForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

type Place = { folder: string; target: DatabaseConfig; targetMedia: string };

/**
 * A scratch folder and a new place to restore into (a SQLite file in a folder that does not exist
 * yet, or a new empty PostgreSQL database; a media folder that does not exist yet), all removed
 * after `body`.
 */
async function withScratch(dialect: Dialect, body: (place: Place) => Promise<void>): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "site-backup-"));
  const postgres = dialect === "postgres" ? await createPostgresDatabase(process.env.TEST_POSTGRES_URL!, "site_test_restore") : null;
  const target: DatabaseConfig = postgres
    ? { dialect: "postgres", url: postgres.url }
    : { dialect: "sqlite", file: join(folder, "restored", "site.db") };
  try {
    await body({ folder, target, targetMedia: join(folder, "restored-media") });
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await postgres?.drop();
  }
}

async function withDatabase<T>(database: DatabaseConfig, read: (db: Db) => Promise<T>): Promise<T> {
  const db = createDb(database);
  try {
    return await read(db);
  } finally {
    await db.destroy();
  }
}

/** The tables of an engine's database (none for a SQLite file that does not exist). */
async function tablesOf(database: DatabaseConfig): Promise<Array<string>> {
  if (database.dialect === "sqlite" && !existsSync(database.file)) return [];
  return withDatabase(database, async (db) => (await db.introspection.getTables()).map((table) => table.name).sort());
}

/** Every file under a folder, as `<image>/<file>` (none when it does not exist). */
function filesUnder(folder: string): Array<string> {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort();
}

/** One image file's bytes: from its row, or (kept by the disk store) from the media folder. */
function bytesOf(row: { media_id: string; file: string; bytes: Uint8Array | null }, mediaDir: string | null): Buffer {
  if (row.bytes) return Buffer.from(row.bytes);
  if (mediaDir === null) throw new Error(`${row.media_id}/${row.file} has no bytes and there is no media folder`);
  return readFileSync(join(mediaDir, row.media_id, row.file));
}

/** One write of the load: which one (its place in its writer's order), and when it began and committed. */
type Write = { key: string; startedAt: number; committedAt: number };

/** However a test ends, its writers stop by themselves after this long (longer than any test's run, however busy the machine). */
const writerLifetimeMs = 240_000;

/**
 * Writes in a loop with the app's own query functions until stopped, each write after the last
 * committed, and logs each with its times (performance.now()). A failed write stops it; waiting
 * on it then throws.
 */
function writer(write: (n: number) => Promise<string>) {
  const log: Array<Write> = [];
  let stopped = false;
  let failure: { error: unknown } | null = null;
  const stopAt = performance.now() + writerLifetimeMs;
  const done = (async () => {
    for (let n = 1; !stopped && performance.now() < stopAt; n++) {
      const startedAt = performance.now();
      const key = await write(n);
      log.push({ key, startedAt, committedAt: performance.now() });
      // node:sqlite answers at once: without a turn of the event loop between writes, the loop
      // would run on promise callbacks alone and no timer or child process event would ever fire.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })().catch((error: unknown) => {
    failure = { error };
  });
  return {
    log,
    /** Throws what stopped it, if a write failed. */
    check: () => {
      if (failure) throw failure.error;
    },
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

type Writer = ReturnType<typeof writer>;

/** Waits until `condition` holds, while every writer keeps writing (the minute only a bound on a hang). */
async function until(writers: Array<Writer>, condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    for (const one of writers) one.check();
    if (performance.now() > deadline) throw new Error("The write load did not get going in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * What a snapshot taken between `start` and `end` must hold of one writer's writes: all of them
 * up to some point and none after it (they were committed one after the other), every write
 * committed before `start`, and none begun after `end`.
 */
function expectPrefix(log: Array<Write>, restored: Array<string>, window: { start: number; end: number }, what: string): void {
  expect(restored, `${what}: the first writes, in order, without a gap`).toEqual(log.slice(0, restored.length).map((write) => write.key));
  const committedBefore = log.filter((write) => write.committedAt < window.start).length;
  const begunBeforeEnd = log.filter((write) => write.startedAt < window.end).length;
  expect(restored.length, `${what}: every write committed before the backup began`).toBeGreaterThanOrEqual(committedBefore);
  expect(restored.length, `${what}: nothing begun after the backup ended`).toBeLessThanOrEqual(begunBeforeEnd);
  // The load was on: writes committed while the backup ran, and after it.
  expect(log.filter((write) => write.committedAt > window.start && write.startedAt < window.end).length, what).toBeGreaterThan(0);
  expect(log.filter((write) => write.startedAt > window.end).length, what).toBeGreaterThan(0);
}

const servicePage = "couples-counseling";

/**
 * A process that takes a backup of the configured database into the file named by its argument,
 * with the module `npm run backup` runs, once it is told to on its input; it says when it is
 * loaded ("ready") and what it wrote.
 */
const backupOnSignal = `
  import { backUp } from "./app/operations/backup.server.ts";
  import { getConfig } from "./app/server/config.server.ts";
  const file = process.argv.at(-1);
  process.stdin.once("data", async () => {
    const written = await backUp(getConfig(), { file });
    console.log("wrote " + written.file);
  });
  console.log("ready");
`;

testOnEachMediaStore(
  "a backup taken while inquiries, page saves and uploads go on restores every write committed before it began, whole",
  async (db, { dialect, mediaDir }) => {
    const source = await databaseOf(db, dialect);
    const sourceMedia: MediaStoreConfig = mediaDir === null ? databaseStore : { kind: "disk", folder: mediaDir };
    const admin = await createTestAdmin(db, "backup-load@example.com");
    // Some bulk, so the snapshot takes a while: 4,000 inquiries with 2 KB messages (without their
    // search tokens: 34 rows each, which took most of the test's time to store).
    const earlier = Array.from({ length: 4000 }, (_, n) => newInquiry({ message: `Earlier ${n} ${"x".repeat(2000)}` }));
    await insertInquiries(db, earlier, { searchable: false });
    const counterBefore = await getContentVersion(db);
    const pageDefaults = getService(servicePage)!.defaults;

    const inquiries = writer((n) =>
      createInquiry(db, {
        name: `Load ${n}`,
        email: `load${n}@example.com`,
        phone: "435-555-0100",
        service: "Other",
        message: `Inquiry ${n}`,
        payment_method: "Self-Pay",
      }),
    );
    const pages = writer(async (n) => {
      const result = await savePage(db, {
        name: servicePage,
        content: { ...pageDefaults, title: `Title ${n}` },
        baseVersion: n - 1,
        admin,
      });
      if (result.status !== "saved") throw new Error(`Save ${n}: ${result.status}`);
      return String(result.version);
    });
    const uploads = writer(
      async (n) =>
        (await uploadImage(db, { bucket: "general-images", fileName: `photo-${n}.png`, bytes: await pngImage(40 + n, 30), admin })).id,
    );
    const load = [inquiries, pages, uploads];

    await withScratch(dialect, async ({ folder, target, targetMedia }) => {
      await until(load, () => load.every((one) => one.log.length >= 3));
      const file = join(folder, dialect === "sqlite" ? "site.sqlite" : "site.pgdump");
      // In another process, as `npm run backup` runs: on SQLite the only way for writes to go on
      // while the snapshot is read (node:sqlite holds its own process while it works). It loads
      // first and starts on a word from here, so the window below is the backup's own.
      const child = spawn(process.execPath, ["--input-type=module", "--eval", backupOnSignal, file], {
        env: scriptEnv(source, sourceMedia),
        timeout: 120_000,
      });
      let stdout = "";
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          stdout += chunk;
          if (stdout.startsWith("ready\n")) resolve();
        });
        exited.then(() => reject(new Error(`The backup process ended before it was ready: ${stderr}`)));
      });
      // Whenever the final name is there, it is the whole backup: note its size each time it is seen.
      const sizesSeen: Array<number> = [];
      const watcher = setInterval(() => {
        if (existsSync(file)) sizesSeen.push(statSync(file).size);
      }, 2);
      const start = performance.now();
      child.stdin.end("go\n");
      const exitCode = await exited;
      const end = performance.now();
      clearInterval(watcher);
      expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: "" });
      expect(stdout).toBe(`ready\nwrote ${file}\n`);
      expect(new Set(sizesSeen.concat(statSync(file).size)).size).toBe(1);
      // It holds every inquiry: only its owner may read it, and its check too.
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(checkFileBeside(file)).mode & 0o777).toBe(0o600);

      await until(load, () => load.every((one) => one.log.some((write) => write.startedAt > end)));
      await Promise.all(load.map((one) => one.stop()));
      for (const one of load) one.check();

      const targetStore: MediaStoreConfig = mediaDir === null ? databaseStore : { kind: "disk", folder: targetMedia };
      const restored = await runScript("restore", scriptEnv(target, targetStore), [file]);
      expect(restored.stdout).toMatch(/^Restored .* already up to date\.\n$/);

      await withDatabase(target, async (copy) => {
        const window = { start, end };
        const inquiryIds = new Set(inquiries.log.map((write) => write.key));
        const restoredInquiries = await copy.selectFrom("inquiries").selectAll().orderBy("created_at").orderBy("id").execute();
        const sourceInquiries = await db
          .selectFrom("inquiries")
          .selectAll()
          .where(
            "id",
            "in",
            restoredInquiries.map((row) => row.id),
          )
          .orderBy("created_at")
          .orderBy("id")
          .execute();
        expect(restoredInquiries).toEqual(sourceInquiries);
        const loadInquiries = restoredInquiries.filter((row) => inquiryIds.has(row.id));
        expect(restoredInquiries.filter((row) => !inquiryIds.has(row.id)).map((row) => row.id)).toEqual(
          expect.arrayContaining(earlier.map((row) => row.id)),
        );
        expect(loadInquiries.length + earlier.length).toBe(restoredInquiries.length);
        const restoredIds = new Set(loadInquiries.map((row) => row.id));
        const inOrder = inquiries.log.map((write) => write.key).filter((id) => restoredIds.has(id));
        expectPrefix(inquiries.log, inOrder, window, "inquiries");
        // Each with the staff notification stored in its transaction.
        const notified = await copy.selectFrom("mail_outbox").select("reference_id").execute();
        expect(new Set(notified.map((row) => row.reference_id))).toEqual(restoredIds);

        // The page: the version its last restored revision says, and every revision up to it.
        const page = await copy.selectFrom("page_content").selectAll().where("page_name", "=", servicePage).executeTakeFirstOrThrow();
        const revisions = await copy
          .selectFrom("page_revisions")
          .selectAll()
          .where("page_name", "=", servicePage)
          .orderBy("version")
          .execute();
        expectPrefix(
          pages.log,
          revisions.map((revision) => String(revision.version)),
          window,
          "page versions",
        );
        expect(page.version).toBe(revisions.length);
        expect(JSON.parse(page.content)).toMatchObject({ title: `Title ${page.version}` });
        expect(page.content).toBe(revisions.at(-1)?.content);
        expect(revisions).toEqual(
          await db
            .selectFrom("page_revisions")
            .selectAll()
            .where("page_name", "=", servicePage)
            .where("version", "<=", page.version)
            .orderBy("version")
            .execute(),
        );

        // Every image with every one of its files, byte for byte; no file without its image.
        const media = await copy.selectFrom("media").selectAll().orderBy("created_at").execute();
        const restoredMedia = new Set(media.map((row) => row.id));
        const uploadOrder = uploads.log.map((write) => write.key).filter((id) => restoredMedia.has(id));
        expect(uploadOrder).toHaveLength(media.length);
        expectPrefix(uploads.log, uploadOrder, window, "uploads");
        expect(media).toEqual(
          await db
            .selectFrom("media")
            .selectAll()
            .where(
              "id",
              "in",
              media.map((row) => row.id),
            )
            .orderBy("created_at")
            .execute(),
        );
        const files = await copy.selectFrom("media_files").selectAll().orderBy("media_id").orderBy("file").execute();
        const sourceFiles = await db
          .selectFrom("media_files")
          .selectAll()
          .where(
            "media_id",
            "in",
            media.map((row) => row.id),
          )
          .orderBy("media_id")
          .orderBy("file")
          .execute();
        expect(files.map(({ bytes, ...row }) => row)).toEqual(sourceFiles.map(({ bytes, ...row }) => row));
        const restoredMediaDir = targetStore.kind === "disk" ? targetStore.folder : null;
        for (const [index, row] of files.entries()) {
          const from = sourceFiles[index]!;
          expect(bytesOf(row, restoredMediaDir).equals(bytesOf(from, mediaDir)), `${row.media_id}/${row.file}`).toBe(true);
          // Kept where they were kept: in the rows, or as files.
          expect(row.bytes === null).toBe(from.bytes === null);
        }
        for (const item of media) expect(files.filter((file) => file.media_id === item.id).map((file) => file.file)).toContain(item.name);
        // The media folder holds exactly the restored images' files.
        expect(filesUnder(targetMedia)).toEqual(
          files
            .filter((row) => row.bytes === null)
            .map((row) => `${row.media_id}/${row.file}`)
            .sort(),
        );
        if (mediaDir !== null) expect(filesUnder(targetMedia).length).toBeGreaterThan(0);

        // One snapshot across tables: the content counter moved once per publish in it (a new
        // upload is on no page, so it does not move it).
        expect(await getContentVersion(copy)).toBe(counterBefore + revisions.length);
        const audited = await copy.selectFrom("audit_log").select("action").execute();
        expect(audited.filter((entry) => entry.action === "page-saved")).toHaveLength(revisions.length);
        expect(audited.filter((entry) => entry.action === "media-uploaded")).toHaveLength(media.length);
      });
    }).finally(() => Promise.all(load.map((one) => one.stop())));
  },
);

testOnEachEngine("restore refuses a database that is not new, and changes nothing", async (db, dialect) => {
  const source = await databaseOf(db, dialect);
  await insertInquiries(db, [newInquiry({ name: "Kept As It Was" })]);
  await withScratch(dialect, async ({ folder, target }) => {
    const file = join(folder, "backup");
    const backedUp = await runScript("backup", scriptEnv(source, databaseStore), [file]);
    const kind = dialect === "sqlite" ? "SQLite snapshot" : "pg_dump archive";
    expect(backedUp.stdout).toMatch(
      new RegExp(`^Wrote ${escapedForRegExp(file)} \\(${kind}, [\\d.]+ (KB|MB)\\), checked by ${escapedForRegExp(file)}\\.mac\\.\\n$`),
    );
    // Into the live database itself.
    const refused = runScript("restore", scriptEnv(source, databaseStore), [file]);
    await expect(refused).rejects.toMatchObject({
      code: 1,
      stdout: "",
      stderr: expect.stringMatching(/^[^\n]*(already exists|is not empty)[^\n]*\n$/),
    });
    await expect(restore({ ...siteKeys, database: source, mediaStore: databaseStore }, file)).rejects.toThrow(BackupError);
    const kept = await db.selectFrom("inquiries").select(["id", "sealed_fields"]).execute();
    expect(kept.map((row) => openInquiry(row).name)).toEqual(["Kept As It Was"]);

    // Into a target that holds only a little: an empty SQLite file, or one of our tables.
    if (target.dialect === "sqlite") {
      mkdirSync(join(folder, "restored"));
      writeFileSync(target.file, "");
      await expect(restore({ ...siteKeys, database: target, mediaStore: databaseStore }, file)).rejects.toThrow(/already exists/);
      expect(readFileSync(target.file)).toHaveLength(0);
    } else {
      await withDatabase(target, (other) => sql`create table inquiries (note text)`.execute(other));
      await expect(restore({ ...siteKeys, database: target, mediaStore: databaseStore }, file)).rejects.toThrow(
        /is not empty \(it has public\.inquiries\)/,
      );
      expect(await tablesOf(target)).toEqual(["inquiries"]);
    }
  });
});

testOnEachEngine("restore refuses a file that is not a whole backup of this site before touching anything", async (db, dialect) => {
  const source = await databaseOf(db, dialect);
  await withScratch(dialect, async ({ folder, target }) => {
    const settings = { ...siteKeys, database: source, mediaStore: databaseStore, backupDir: folder, backupKeep: 14 };
    const { file } = await backUp(settings, { file: join(folder, "backup") });
    const bytes = readFileSync(file);
    const notBackups: Array<[string, RegExp]> = [];
    const add = (name: string, content: Uint8Array | string, reason: RegExp) => {
      writeFileSync(join(folder, name), content);
      notBackups.push([join(folder, name), reason]);
    };
    add("notes.txt", "not a backup", /neither a SQLite database nor a pg_dump archive/);
    add("empty", "", /neither a SQLite database nor a pg_dump archive/);
    add("cut-short", bytes.subarray(0, Math.floor(bytes.length / 2)), /is not a whole, readable backup|is damaged/);
    if (dialect === "sqlite") {
      const other = new DatabaseSync(join(folder, "other.sqlite"));
      other.exec("create table notes (text text)");
      other.close();
      notBackups.push([join(folder, "other.sqlite"), /is not a backup of this site \(no kysely_migration table\)/]);
    } else {
      const other = await createPostgresDatabase(process.env.TEST_POSTGRES_URL!, "site_test_other");
      try {
        await withDatabase({ dialect: "postgres", url: other.url }, (otherDb) => sql`create table notes (text text)`.execute(otherDb));
        await runFile("pg_dump", ["--format=custom", `--file=${join(folder, "other.pgdump")}`, `--dbname=${other.url}`]);
      } finally {
        await other.drop();
      }
      notBackups.push([join(folder, "other.pgdump"), /is not a backup of this site \(no kysely_migration table\)/]);
    }
    // Without a check a restore stops there; let through (`--unchecked`), each is still refused for what it is.
    await expect(restore({ ...siteKeys, database: target, mediaStore: databaseStore }, join(folder, "cut-short"))).rejects.toThrow(
      /cut-short has no check beside it .*--unchecked/,
    );
    for (const [notBackup, reason] of notBackups) {
      await expect(
        restore({ ...siteKeys, database: target, mediaStore: databaseStore }, notBackup, { unchecked: true }),
        notBackup,
      ).rejects.toThrow(reason);
      expect(await tablesOf(target), notBackup).toEqual([]);
    }
    // A backup of the other engine.
    const otherEngine: DatabaseConfig =
      dialect === "sqlite"
        ? { dialect: "postgres", url: "postgres://127.0.0.1:1/none" }
        : { dialect: "sqlite", file: join(folder, "x.db") };
    await expect(restore({ ...siteKeys, database: otherEngine, mediaStore: databaseStore }, file)).rejects.toThrow(
      /restore it into the engine it came from/,
    );
    if (target.dialect === "sqlite") expect(existsSync(join(folder, "restored"))).toBe(false);
    // The real backup then goes in.
    expect((await restore({ ...siteKeys, database: target, mediaStore: databaseStore }, file)).migrationsApplied).toEqual([]);
    expect(await tablesOf(target)).toEqual(await tablesOf(source));
  });
});

testOnEachEngine(
  "a backup made before the latest migrations is restored and brought up to date",
  async (db, dialect) => {
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo("0014-inquiry-archive")).error).toBeUndefined();
    await sql`
      insert into inquiries (id, created_at, name, email, phone, service, message, payment_method, is_read)
      values ('old', '2026-01-01T00:00:00.000Z', 'Maria LOPEZ', 'Maria@Example.com', '(435) 555-0142', 'Other', '', 'Self-Pay', 0)
    `.execute(db);
    const source = await databaseOf(db, dialect);
    await withScratch(dialect, async ({ folder, target }) => {
      const settings = { ...siteKeys, database: source, mediaStore: databaseStore, backupDir: folder, backupKeep: 14 };
      const { file } = await backUp(settings, { file: join(folder, "older") });
      const names = Object.keys(migrations);
      const { migrationsApplied } = await restore({ ...siteKeys, database: target, mediaStore: databaseStore }, file);
      expect(migrationsApplied).toEqual(names.slice(names.indexOf("0014-inquiry-archive") + 1));
      expect(migrationsApplied.length).toBeGreaterThan(0);
      await withDatabase(target, async (copy) => {
        // As it was stored, gathered in clear (migration 0031); the server seals it and makes its
        // search tokens when it starts.
        const stored = await copy.selectFrom("inquiries").select(["id", "sealed_fields"]).execute();
        expect(stored.map((row) => ({ id: row.id, ...JSON.parse(row.sealed_fields) }))).toMatchObject([{ id: "old", name: "Maria LOPEZ" }]);
        const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(copy);
        expect(recorded.rows.map((row) => row.name)).toEqual(names);
      });
    });
  },
  { migrate: false },
);

testOnEachEngine(
  "without a file a backup goes into the backup folder by its time, keeping exactly the newest BACKUP_KEEP",
  async (db, dialect) => {
    const source = await databaseOf(db, dialect);
    await withScratch(dialect, async ({ folder }) => {
      const backups = join(folder, "backups");
      mkdirSync(backups);
      const day = 24 * 60 * 60 * 1000;
      const now = Date.parse("2026-11-26T03:15:00Z");
      const olderBackup = (daysAgo: number) => backupFileName(daysAgo % 2 === 0 ? "sqlite" : "postgres", now - daysAgo * day);
      // Five older backups of either engine (written out of order; one pg_dump with its image
      // archive), and files that are not backups.
      const older = [5, 1, 4, 2, 3].map(olderBackup);
      const others = ["notes.txt", "site-latest.sqlite", ".site-2026-11-20T03-15-00Z.sqlite.partial-1-ab", "site-2026-11-20.sqlite"];
      for (const name of [
        ...older,
        ...older.map(checkFileBeside),
        imageArchiveBeside(olderBackup(5)),
        imageArchiveBeside(olderBackup(1)),
        ...others,
      ]) {
        writeFileSync(join(backups, name), name);
      }

      const settings = { ...siteKeys, database: source, mediaStore: databaseStore, backupDir: backups, backupKeep: 3 };
      const written = await backUp(settings, { now });
      const newest = backupFileName(dialect, now);
      expect(newest).toBe(`site-2026-11-26T03-15-00Z.${dialect === "sqlite" ? "sqlite" : "pgdump"}`);
      expect(written.file).toBe(join(backups, newest));
      expect(written.removed).toEqual([5, 4, 3].map((daysAgo) => join(backups, olderBackup(daysAgo))));
      // Each with its check and image archive; the rest stay.
      const kept = [newest, olderBackup(1), olderBackup(2)];
      expect(readdirSync(backups).sort()).toEqual(
        [...kept, ...kept.map(checkFileBeside), imageArchiveBeside(olderBackup(1)), ...others].sort(),
      );

      // A second backup in the same second is refused, and removes nothing.
      await expect(backUp(settings, { now })).rejects.toThrow(/already exists: a backup is never written over another file/);
      expect(readdirSync(backups)).toHaveLength(7 + others.length);
    });
  },
);

testOnEachEngine("a backup from a newer version of the site is not restored by this one", async (db, dialect) => {
  await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-version', '2027-01-01T00:00:00.000Z')`.execute(db);
  const source = await databaseOf(db, dialect);
  await withScratch(dialect, async ({ folder, target }) => {
    const settings = { ...siteKeys, database: source, mediaStore: databaseStore, backupDir: folder, backupKeep: 14 };
    const { file } = await backUp(settings, { file: join(folder, "newer") });
    const left = dialect === "sqlite" ? "was not restored" : "holds the backup as it was; drop it and create it empty again";
    await expect(restore({ ...siteKeys, database: target, mediaStore: databaseStore }, file)).rejects.toThrow(
      new RegExp(`9999-from-a-newer-version is missing \\(is the backup from a newer version of the site\\?\\): .* ${left}`),
    );
    if (target.dialect === "sqlite") expect(readdirSync(join(folder, "restored"))).toEqual([]);
  });
});

testOnEachEngine("a backup that fails leaves no file behind", async (_db, dialect) => {
  await withScratch(dialect, async ({ folder, target }) => {
    // A database that is not the site's: a SQLite file without our tables, an empty PostgreSQL database.
    const notTheSite: DatabaseConfig = target.dialect === "sqlite" ? { dialect: "sqlite", file: join(folder, "other.db") } : target;
    if (notTheSite.dialect === "sqlite") new DatabaseSync(notTheSite.file).close();
    const backups = join(folder, "backups");
    await expect(
      backUp({ ...siteKeys, database: notTheSite, mediaStore: databaseStore, backupDir: backups, backupKeep: 3 }),
    ).rejects.toThrow(/is not this site's database/);
    expect(readdirSync(backups)).toEqual([]);
    const none: DatabaseConfig = { dialect: "sqlite", file: join(folder, "none.db") };
    await expect(backUp({ ...siteKeys, database: none, mediaStore: databaseStore, backupDir: backups, backupKeep: 3 })).rejects.toThrow(
      /There is no database at/,
    );
    expect(existsSync(join(folder, "none.db"))).toBe(false);
  });
});

testOnDiskMediaStore(
  "with the images as files: a backup holds them, and restore refuses what could not show them",
  async (db, { dialect, mediaDir }) => {
    const source = await databaseOf(db, dialect);
    const admin = await createTestAdmin(db);
    for (const width of [50, 60])
      await uploadImage(db, { bucket: "general-images", fileName: "a.png", bytes: await pngImage(width, 40), admin });
    const imageFiles = filesUnder(mediaDir);
    expect(imageFiles.length).toBeGreaterThan(2);
    const diskStore: MediaStoreConfig = { kind: "disk", folder: mediaDir };

    await withScratch(dialect, async ({ folder, target, targetMedia }) => {
      const backups = join(folder, "backups");
      // Run without the site's MEDIA_STORE (a timer unit missing it), a backup would lack the images: refused.
      await expect(backUp({ ...siteKeys, database: source, mediaStore: databaseStore, backupDir: backups, backupKeep: 3 })).rejects.toThrow(
        /keeps \d+ image files outside itself \(MEDIA_STORE=disk\), but MEDIA_STORE is not disk here/,
      );
      const byScript = join(folder, dialect === "sqlite" ? "by-script.sqlite" : "by-script.pgdump");
      const { stdout } = await runScript("backup", scriptEnv(source, diskStore), [byScript]);
      const files = dialect === "sqlite" ? byScript : `${byScript} and ${imageArchiveBeside(byScript)}`;
      expect(stdout).toMatch(
        new RegExp(
          `^Wrote ${escapedForRegExp(files)} \\(.*, ${imageFiles.length} image files, [\\d.]+ (KB|MB)\\), checked by ${escapedForRegExp(byScript)}\\.mac\\.\\n$`,
        ),
      );
      const written = await backUp({ ...siteKeys, database: source, mediaStore: diskStore, backupDir: backups, backupKeep: 3 });
      expect(written.imageFiles).toBe(imageFiles.length);
      expect(written.imageArchive).toBe(dialect === "postgres" ? imageArchiveBeside(written.file) : null);
      expect(readdirSync(backups).sort()).toEqual(
        [written.file, written.check, ...(written.imageArchive ? [written.imageArchive] : [])]
          .map((path) => path.slice(backups.length + 1))
          .sort(),
      );

      const unchanged = async () => {
        expect(await tablesOf(target)).toEqual([]);
        expect(filesUnder(targetMedia)).toEqual([]);
      };
      // Into the database store, which could not show them.
      await expect(restore({ ...siteKeys, database: target, mediaStore: databaseStore }, written.file)).rejects.toThrow(
        /keeps its images as files \(made with MEDIA_STORE=disk\)/,
      );
      await unchanged();
      // Into a media folder that is not empty.
      mkdirSync(targetMedia);
      writeFileSync(join(targetMedia, "keep.txt"), "mine");
      await expect(
        restore({ ...siteKeys, database: target, mediaStore: { kind: "disk", folder: targetMedia } }, written.file),
      ).rejects.toThrow(/media folder .* is not empty/);
      expect(filesUnder(targetMedia)).toEqual(["keep.txt"]);
      expect(await tablesOf(target)).toEqual([]);
      rmSync(targetMedia, { recursive: true });
      // A pg_dump without its image archive: its check says it covers one.
      if (written.imageArchive !== null) {
        renameSync(written.imageArchive, join(folder, "elsewhere"));
        await expect(
          restore({ ...siteKeys, database: target, mediaStore: { kind: "disk", folder: targetMedia } }, written.file),
        ).rejects.toThrow(/\.media, which the check of .* covers, is not beside it: not restored/);
        await unchanged();
        // Let through without a check, the restore still finds the images missing.
        renameSync(written.check, join(folder, "check elsewhere"));
        await expect(
          restore({ ...siteKeys, database: target, mediaStore: { kind: "disk", folder: targetMedia } }, written.file, { unchecked: true }),
        ).rejects.toThrow(/holds none of them: a pg_dump's are in .*\.media, which is not beside it/);
        await unchanged();
        renameSync(join(folder, "check elsewhere"), written.check);
        renameSync(join(folder, "elsewhere"), written.imageArchive);
      }

      const restored = await restore({ ...siteKeys, database: target, mediaStore: { kind: "disk", folder: targetMedia } }, written.file);
      expect(restored.imageFiles).toBe(imageFiles.length);
      expect(filesUnder(targetMedia)).toEqual(imageFiles);
      for (const name of imageFiles)
        expect(readFileSync(join(targetMedia, name)).equals(readFileSync(join(mediaDir, name))), name).toBe(true);
      // The archive was the backup's: the restored database does not keep it.
      if (target.dialect === "sqlite") expect(await tablesOf(target)).not.toContain("sqlar");

      // A media folder that lost a file: the backup says so, after trying again, and leaves nothing.
      rmSync(join(mediaDir, imageFiles[0]!));
      const failing = join(folder, "failing");
      await expect(backUp({ ...siteKeys, database: source, mediaStore: diskStore, backupDir: failing, backupKeep: 3 })).rejects.toThrow(
        new RegExp(`1 image file\\(s\\) the database lists are not in .*${imageFiles[0]}.* in each of 3 attempts`),
      );
      expect(readdirSync(failing)).toEqual([]);
    });
  },
);

/** Overwrites `length` bytes of `file` at `offset` with "X", as the review did with dd. */
function overwrite(file: string, offset: number, length = 48): void {
  const bytes = readFileSync(file);
  expect(offset + length).toBeLessThanOrEqual(bytes.length);
  bytes.fill("X", offset, offset + length);
  writeFileSync(file, bytes);
}

/** Where the middle of `stored` (an image file's bytes) is in `file`, or null when they are not there as they are. */
function offsetOfBytes(file: string, stored: Buffer): number | null {
  const bytes = readFileSync(file);
  // A stored file larger than a page is cut into pages: look for a slice that is all on one,
  // and there only (not, say, a run of zeros that free space has too).
  for (let at = Math.floor(stored.length / 2); at + 64 < stored.length; at += 64) {
    const slice = stored.subarray(at, at + 64);
    const found = bytes.indexOf(slice);
    if (found !== -1 && bytes.indexOf(slice, found + 1) === -1) return found;
  }
  return null;
}

testOnEachMediaStore(
  "a backup whose bytes were changed after it was written is refused before anything is created",
  async (db, { dialect, mediaDir }) => {
    const source = await databaseOf(db, dialect);
    const sourceMedia: MediaStoreConfig = mediaDir === null ? databaseStore : { kind: "disk", folder: mediaDir };
    const admin = await createTestAdmin(db);
    const image = await uploadImage(db, { bucket: "general-images", fileName: "photo.png", bytes: await photoLikeJpeg(800, 600), admin });
    const imageFiles = await db.selectFrom("media_files").selectAll().where("media_id", "=", image.id).orderBy("file").execute();
    const largest = imageFiles.reduce((one, other) => (other.size > one.size ? other : one));
    const imageBytes = bytesOf(largest, mediaDir);

    await withScratch(dialect, async ({ folder, target, targetMedia }) => {
      const file = join(folder, dialect === "sqlite" ? "site.sqlite" : "site.pgdump");
      await runScript("backup", scriptEnv(source, sourceMedia), [file]);
      const written = dialect === "postgres" && mediaDir !== null ? imageArchiveBeside(file) : file;
      // The review's change: 48 bytes inside an image, deep in the file (a pg_dump compresses its
      // rows, so there anywhere after its first half).
      const offset =
        dialect === "postgres" && mediaDir === null ? Math.floor(statSync(file).size * 0.75) : offsetOfBytes(written, imageBytes);
      expect(offset, "the image's bytes are in the backup as they are").not.toBeNull();
      overwrite(written, offset!);

      const targetStore: MediaStoreConfig = mediaDir === null ? databaseStore : { kind: "disk", folder: targetMedia };
      const refused = runScript("restore", scriptEnv(target, targetStore), [file]);
      const what = written === file ? escapedForRegExp(file) : `${escapedForRegExp(file)} or ${escapedForRegExp(written)}`;
      await expect(refused).rejects.toMatchObject({
        code: 1,
        stdout: "",
        stderr: expect.stringMatching(
          new RegExp(`^${what} was changed after it was written: not restored \\(its check, .*\\.mac, does not match\\)\\.\\n$`),
        ),
      });
      // Nothing was made: no database, no folder for it, no media folder.
      expect(await tablesOf(target)).toEqual([]);
      if (target.dialect === "sqlite") expect(existsSync(join(folder, "restored"))).toBe(false);
      expect(existsSync(targetMedia)).toBe(false);

      // What the review saw: where the change is inside an image, nothing but the check finds it,
      // and let through without the check the restore brings the changed image back.
      if (!(dialect === "postgres" && mediaDir === null)) {
        rmSync(checkFileBeside(file));
        await restore({ ...siteKeys, database: target, mediaStore: targetStore }, file, { unchecked: true });
        // (An image's variants can hold the same bytes: the change is in one of them.)
        const restored = await withDatabase(target, (copy) =>
          copy.selectFrom("media_files").selectAll().where("media_id", "=", image.id).orderBy("file").execute(),
        );
        const changed = restored.filter(
          (row, index) => !bytesOf(row, mediaDir === null ? null : targetMedia).equals(bytesOf(imageFiles[index]!, mediaDir)),
        );
        expect(changed).toHaveLength(1);
        expect(bytesOf(changed[0]!, mediaDir === null ? null : targetMedia).includes("X".repeat(48))).toBe(true);
        // With the ETag it had, so nothing downstream would notice either.
        expect(changed[0]!.etag).toBe(imageFiles.find((row) => row.file === changed[0]!.file)!.etag);
      }
    });
  },
);

testOnEachEngine(
  "a backup without its check, or checked with a key this site does not have, is refused saying what to do; an earlier key still reads it",
  async (db, dialect) => {
    const source = await databaseOf(db, dialect);
    await insertInquiries(db, [newInquiry({ name: "Checked Backup" })]);
    await withScratch(dialect, async ({ folder, target }) => {
      const settings = { ...siteKeys, database: source, mediaStore: databaseStore, backupDir: folder, backupKeep: 14 };
      const written = await backUp(settings, { file: join(folder, "first") });
      await insertInquiries(db, [newInquiry({ name: "Later" })]);
      const other = await backUp(settings, { file: join(folder, "second") });
      const into = { ...siteKeys, database: target, mediaStore: databaseStore };
      const nothingMade = async () => {
        expect(await tablesOf(target)).toEqual([]);
        if (target.dialect === "sqlite") expect(existsSync(join(folder, "restored"))).toBe(false);
      };
      const check = readFileSync(written.check, "utf8");
      expect(check).toMatch(/^practice-site backup check 1\nkey [\w-]{8}\ncovers backup\nhmac-sha256 [\w-]{43}\n$/);

      // Without its check.
      rmSync(written.check);
      await expect(restore(into, written.file)).rejects.toThrow(
        new RegExp(
          `^${escapedForRegExp(written.file)} has no check beside it \\(${escapedForRegExp(written.check)}\\), so nothing shows it is as it was written: not restored\\. .* \`npm run restore -- --unchecked ${escapedForRegExp(written.file)}\``,
        ),
      );
      await nothingMade();
      // Another backup's check, or none that can be read.
      writeFileSync(written.check, readFileSync(other.check));
      await expect(restore(into, written.file)).rejects.toThrow(/first was changed after it was written: not restored/);
      writeFileSync(written.check, "not a check\n");
      await expect(restore(into, written.file)).rejects.toThrow(/first\.mac is not a backup's check: .*first was not restored\./);
      await nothingMade();
      writeFileSync(written.check, check);

      // With another key: refused, saying which key it needs; with the key among the previous ones, it restores.
      const newKey = randomBytes(32);
      const rotated = { ...into, encryptionKey: newKey, encryptionPreviousKeys: [] };
      await expect(restore(rotated, written.file)).rejects.toThrow(
        new RegExp(
          `^${escapedForRegExp(written.file)} was checked with key ${check.split("\n")[1]!.slice(4)}, which this site does not have: not restored\\. Set ENCRYPTION_KEY to the key of the site that made it`,
        ),
      );
      await nothingMade();
      expect(await restore({ ...rotated, encryptionPreviousKeys: [siteKey] }, written.file)).toMatchObject({
        checked: true,
        migrationsApplied: [],
      });
      await withDatabase(target, async (copy) => {
        const rows = await copy.selectFrom("inquiries").select(["id", "sealed_fields"]).execute();
        expect(rows.map((row) => openInquiry(row).name)).toEqual(["Checked Backup"]);
      });
    });
  },
);

testOnEachEngine("a backup made before checks were written is restored only when asked to, as unchecked", async (db, dialect) => {
  const source = await databaseOf(db, dialect);
  await withScratch(dialect, async ({ folder, target }) => {
    const { file, check } = await backUp(
      { ...siteKeys, database: source, mediaStore: databaseStore, backupDir: folder, backupKeep: 14 },
      { file: join(folder, "older") },
    );
    rmSync(check);
    await expect(restore({ ...siteKeys, database: target, mediaStore: databaseStore }, file)).rejects.toThrow(/has no check beside it/);
    expect(await tablesOf(target)).toEqual([]);
    const { stdout } = await runScript("restore", scriptEnv(target, databaseStore), ["--unchecked", file]);
    expect(stdout).toMatch(new RegExp(`^Restored ${escapedForRegExp(file)}, which has no check, into .*; already up to date\\.\\n$`));
    expect(await tablesOf(target)).toEqual(await tablesOf(source));
  });
});

test("with the embedded mode's key file, a restore into a new place needs the key copied there, and makes none", async () => {
  const folder = mkdtempSync(join(tmpdir(), "site-backup-"));
  try {
    // A site that keeps its key in encryption.key beside its database, as `npm start` makes it.
    const siteFolder = join(folder, "data");
    mkdirSync(siteFolder);
    const keyText = `${siteKey.toString("base64")}\n`;
    writeFileSync(join(siteFolder, "encryption.key"), keyText, { mode: 0o600 });
    const embedded: Omit<KeyConfig, "database"> = { nodeEnv: "production", encryptionKey: null, encryptionPreviousKeys: [] };
    const live: DatabaseConfig = { dialect: "sqlite", file: join(siteFolder, "site.db") };
    await withDatabase(live, async (siteDb) => {
      await migrateToLatest(siteDb);
    });
    const written = await backUp({
      ...embedded,
      database: live,
      mediaStore: databaseStore,
      backupDir: join(siteFolder, "backups"),
      backupKeep: 14,
    });

    // A new machine: the backup, and the key only where the README says to keep it.
    const restored: DatabaseConfig = { dialect: "sqlite", file: join(folder, "new-machine", "site.db") };
    await expect(restore({ ...embedded, database: restored, mediaStore: databaseStore }, written.file)).rejects.toThrow(
      /There is no key to read .*\.mac with: ENCRYPTION_KEY is not set and .*new-machine\/encryption\.key does not exist\. Set ENCRYPTION_KEY to the site's key/,
    );
    expect(existsSync(join(folder, "new-machine"))).toBe(false);
    // The key given as ENCRYPTION_KEY, or copied beside the new database, reads the check.
    expect(
      await restore({ ...embedded, encryptionKey: siteKey, database: restored, mediaStore: databaseStore }, written.file),
    ).toMatchObject({ checked: true });
    const again: DatabaseConfig = { dialect: "sqlite", file: join(folder, "again", "site.db") };
    mkdirSync(join(folder, "again"));
    writeFileSync(join(folder, "again", "encryption.key"), keyText, { mode: 0o600 });
    expect(await restore({ ...embedded, database: again, mediaStore: databaseStore }, written.file)).toMatchObject({ checked: true });

    // A backup, too, is refused rather than made with a key the site does not have (here a copy
    // of the site's database without its key beside it).
    mkdirSync(join(folder, "keyless"));
    const keyless: DatabaseConfig = { dialect: "sqlite", file: join(folder, "keyless", "site.db") };
    copyFileSync(live.file, keyless.file);
    await expect(
      backUp({ ...embedded, database: keyless, mediaStore: databaseStore, backupDir: join(folder, "more-backups"), backupKeep: 14 }),
    ).rejects.toThrow(
      /There is no key to make .*'s check with: ENCRYPTION_KEY is not set and .*keyless\/encryption\.key does not exist yet \(the site makes it when it first starts\)/,
    );
    expect(existsSync(join(folder, "more-backups"))).toBe(false);
    expect(existsSync(join(folder, "keyless", "encryption.key"))).toBe(false);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
