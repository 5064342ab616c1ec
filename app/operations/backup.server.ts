// Backups of the whole site while it runs, and restoring one into an empty place
// (docs/decisions/025-backups.md). SQLite: `VACUUM INTO`, a compact copy made inside one read
// transaction, which in WAL mode never holds up the site's writers. PostgreSQL: pg_dump's custom
// format, one consistent snapshot by itself. Image bytes are rows of media_files, so one file
// holds the whole site; with MEDIA_STORE=disk the files the snapshot lists are added as an
// archive (backup-media-archive.server.ts): inside the SQLite snapshot, beside a pg_dump.
// Every backup is checked as a restore checks it, and nothing appears under a backup's or a
// restored database's final name until it is complete. Beside each backup is its keyed check
// (backup-check.server.ts), which a restore reads first: a backup changed since is refused.
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import { sql } from "kysely";
import { DEFAULT_MIGRATION_TABLE } from "kysely/migration";
import pg from "pg";
import {
  archiveMediaFiles,
  archiveName,
  archiveTable,
  extractMediaFiles,
  filesOutsideSqlite,
  hasArchive,
  isEmptyFolder,
  type MediaFileRef,
  missingFromArchive,
  removeFolders,
} from "./backup-media-archive.server.ts";
import { backupCheckOf, checkFileBeside, readBackupCheck } from "./backup-check.server.ts";
import type { Config } from "#app/server/config.server.ts";
import { createDb, type Db } from "#app/server/db/db.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { existingKeyring, type KeyConfig, type Keyring, keyFileOf } from "#app/server/field-encryption.server.ts";
import { isNotFound, syncToDisk } from "#app/server/files.server.ts";

/** An expected problem (a refused target, a file that is no backup, a tool that failed): one line for the operator. */
export class BackupError extends Error {
  override name = "BackupError";
}

/** pg_dump or pg_restore is not installed: the machine is missing something, the file may be fine. */
class ToolMissing extends BackupError {
  override name = "ToolMissing";
}

/** The site's settings a backup needs: its database and images, where backups go, and its keys (for the check). */
export type BackupSettings = Pick<Config, "database" | "mediaStore" | "backupDir" | "backupKeep"> & KeyConfig;

export type RestoreSettings = Pick<Config, "database" | "mediaStore"> & KeyConfig;

type BackupKind = Config["database"]["dialect"];

export type WrittenBackup = {
  file: string;
  kind: BackupKind;
  /** Bytes written, the image archive beside it included. */
  size: number;
  /** With MEDIA_STORE=disk, how many image files it holds; null when the images are in the database. */
  imageFiles: number | null;
  /** Where a pg_dump's image files are (MEDIA_STORE=disk): `<file>.media`. */
  imageArchive: string | null;
  /** Its keyed check: `<file>.mac`. */
  check: string;
  /** Older backups removed from the backup folder to keep the newest `backupKeep`. */
  removed: Array<string>;
};

export type RestoredBackup = {
  /** The SQLite file, or the PostgreSQL database (its URL without the password). */
  into: string;
  /** The migrations run after the restore: those the backup's version did not have yet. */
  migrationsApplied: Array<string>;
  /** Image files written into MEDIA_DIR (a backup made with MEDIA_STORE=disk). */
  imageFiles: number;
  /** False for a backup without a check, restored as `--unchecked` allows. */
  checked: boolean;
};

/** What a backup file holds, as far as a restore needs to know before it starts. */
type BackupContents = {
  /** The tables it creates (`schema.name` for PostgreSQL). */
  tables: Array<string>;
  /** The image files its rows list without bytes (MEDIA_STORE=disk kept them as files). */
  filesOutside: Array<MediaFileRef>;
  /** Its image archive, if it has one (made with MEDIA_STORE=disk): which of filesOutside it lacks. */
  archive: { missing: Array<MediaFileRef> } | null;
};

/** Marks this site's database: Kysely's record of the migrations run on it. */
const migrationTable = DEFAULT_MIGRATION_TABLE;

const extensions: Record<BackupKind, string> = { sqlite: "sqlite", postgres: "pgdump" };

/** `site-<UTC time>.<sqlite|pgdump>`: sorted by name, oldest first. */
const backupNamePattern = /^site-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.(?:sqlite|pgdump)$/;

/** How often a backup is taken again when an image was deleted between the snapshot and the copy of its files. */
const attempts = 3;

/** The name `npm run backup` gives a backup made at `now` (no colons: they are not allowed everywhere). */
export function backupFileName(kind: BackupKind, now: number): string {
  const stamp = new Date(now)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");
  return `site-${stamp}.${extensions[kind]}`;
}

/** Where a pg_dump's image files are kept (a SQLite Archive beside it). */
export function imageArchiveBeside(file: string): string {
  return `${file}.media`;
}

/**
 * Writes a backup of the configured database to `file`, or, without one, to a timestamped file
 * in the backup folder, then removes the oldest backups there beyond `backupKeep`. Refuses to
 * write over an existing file (it might be the live database, or the only good backup).
 */
export async function backUp(settings: BackupSettings, options: { file?: string; now?: number } = {}): Promise<WrittenBackup> {
  const { database } = settings;
  const kind: BackupKind = database.dialect;
  const file = options.file ?? join(settings.backupDir, backupFileName(kind, options.now ?? Date.now()));
  const mediaDir = settings.mediaStore.kind === "disk" ? settings.mediaStore.folder : null;
  const imageArchive = kind === "postgres" && mediaDir !== null ? imageArchiveBeside(file) : null;
  const check = checkFileBeside(file);
  for (const path of [file, imageArchive, check]) {
    if (path !== null && existsSync(path)) throw new BackupError(`${path} already exists: a backup is never written over another file.`);
  }
  const keyring = requireKeyring(
    settings,
    (keyFile) =>
      `There is no key to make ${file}'s check with: ENCRYPTION_KEY is not set and ${keyFile} does not exist yet (the site makes it when it first starts). Start the site once, or set ENCRYPTION_KEY.`,
  );
  // Only its owner may read a backup (it holds every inquiry); a folder made here is theirs alone too.
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });

  const source = database.dialect === "sqlite" ? database.file : shownUrl(database.url);
  let missing: Array<MediaFileRef> = [];
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const temp = temporaryNameFor(file);
    try {
      const snapshot = await takeSnapshot(database, temp, mediaDir);
      missing = snapshot.missing;
      // An image deleted (and its files swept) after the snapshot: take the backup again.
      if (missing.length > 0) continue;
      requireSnapshotOfSite(source, snapshot.contents, mediaDir);
      requireWholeBackup(source, kind, snapshot.contents, imageArchive === null ? undefined : imageArchiveBeside(temp));
      // Made from the bytes as they will be kept, then only moved.
      const checkText = await backupCheckOf(keyring, {
        backup: temp,
        imageArchive: imageArchive === null ? null : imageArchiveBeside(temp),
      });
      writeFileSync(checkFileBeside(temp), checkText, { mode: 0o600, flag: "wx" });
      if (imageArchive !== null) {
        chmodSync(imageArchiveBeside(temp), 0o600);
        moveIntoPlace(imageArchiveBeside(temp), imageArchive);
      }
      chmodSync(temp, 0o600);
      try {
        moveIntoPlace(checkFileBeside(temp), check);
        moveIntoPlace(temp, file);
      } catch (error) {
        removeFiles(...(imageArchive === null ? [] : [imageArchive]), check);
        throw error;
      }
      const removed = options.file === undefined ? pruneBackups(settings.backupDir, settings.backupKeep) : [];
      return {
        file,
        kind,
        size: statSync(file).size + (imageArchive === null ? 0 : statSync(imageArchive).size),
        imageFiles: mediaDir === null ? null : snapshot.contents.filesOutside.length,
        imageArchive,
        check,
        removed,
      };
    } finally {
      removeFiles(temp, `${temp}-journal`, imageArchiveBeside(temp), `${imageArchiveBeside(temp)}-journal`, checkFileBeside(temp));
    }
  }
  const first = missing[0] ? ` (${archiveName(missing[0])} first)` : "";
  throw new BackupError(
    `${missing.length} image file(s) the database lists are not in ${mediaDir}${first}, in each of ${attempts} attempts: the media folder is damaged, or images are being deleted right now.`,
  );
}

/**
 * Writes the database's snapshot to `temp` and, with MEDIA_STORE=disk (`mediaDir`), the image
 * files it lists into its archive (inside a SQLite snapshot; beside a pg_dump, at
 * imageArchiveBeside(temp)). Returns what it holds, read back as a restore reads it, and the
 * listed files that were not in the media folder.
 */
async function takeSnapshot(
  database: Config["database"],
  temp: string,
  mediaDir: string | null,
): Promise<{ contents: BackupContents; missing: Array<MediaFileRef> }> {
  if (database.dialect === "sqlite") {
    snapshotSqlite(database.file, temp);
    const missing =
      mediaDir === null ? [] : withSqliteFile(temp, (snapshot) => archiveMediaFiles(snapshot, mediaDir, filesOutsideSqlite(snapshot)));
    return { contents: readSqliteBackup(temp), missing };
  }
  await dumpPostgres(database.url, temp);
  const filesOutside = await unlessUnreadable(temp, filesOutsideDump(temp));
  const archiveFile = imageArchiveBeside(temp);
  const missing = mediaDir === null ? [] : withSqliteFile(archiveFile, (archive) => archiveMediaFiles(archive, mediaDir, filesOutside));
  const archive = mediaDir === null ? null : readImageArchive(archiveFile, filesOutside);
  return { contents: { tables: await tablesInDump(temp), filesOutside, archive }, missing };
}

/** Refuses a snapshot of a database that is not the site's, or one whose image files this run cannot reach. */
function requireSnapshotOfSite(source: string, contents: BackupContents, mediaDir: string | null): void {
  if (!hasMigrationTable(contents)) throw new BackupError(`${source} is not this site's database (it has no ${migrationTable} table).`);
  if (mediaDir === null && contents.filesOutside.length > 0) {
    throw new BackupError(
      `The database keeps ${contents.filesOutside.length} image files outside itself (MEDIA_STORE=disk), but MEDIA_STORE is not disk here: back up with the site's MEDIA_STORE and MEDIA_DIR.`,
    );
  }
}

function hasMigrationTable(contents: BackupContents): boolean {
  return contents.tables.some((table) => table === migrationTable || table === `public.${migrationTable}`);
}

/** Removes the oldest of the backup folder's backups beyond the newest `keep` (with their image archives and checks); other files stay. */
export function pruneBackups(folder: string, keep: number): Array<string> {
  const backups = readdirSync(folder)
    .filter((name) => backupNamePattern.test(name))
    .sort();
  const oldest = backups.slice(0, Math.max(0, backups.length - keep)).map((name) => join(folder, name));
  for (const file of oldest) removeFiles(file, imageArchiveBeside(file), checkFileBeside(file));
  return oldest;
}

/** The site's keys as they are: a missing key file is never made here, `refusal` says what to do about it. */
function requireKeyring(settings: KeyConfig, refusal: (keyFile: string | null) => string): Keyring {
  const keyring = existingKeyring(settings);
  if (keyring) return keyring;
  throw new BackupError(refusal(keyFileOf(settings)));
}

/**
 * Reads the backup's check before anything reads the backup itself, and refuses a backup changed
 * since it was written, one checked with a key this site does not have, and one without a check
 * unless `unchecked` (a backup made before checks were written). Returns the image archive the
 * check covers, or null for a backup restored without a check.
 */
async function requireUnchanged(
  settings: RestoreSettings,
  file: string,
  unchecked: boolean,
): Promise<{ imageArchive: string | null } | null> {
  const checkFile = checkFileBeside(file);
  if (!existsSync(checkFile)) {
    if (unchecked) return null;
    throw new BackupError(
      `${file} has no check beside it (${checkFile}), so nothing shows it is as it was written: not restored. Every backup this version makes has one; one made before can be restored with \`npm run restore -- --unchecked ${file}\`, if you are sure nobody changed it.`,
    );
  }
  const check = await readBackupCheck(
    requireKeyring(
      settings,
      (keyFile) =>
        `There is no key to read ${checkFile} with: ENCRYPTION_KEY is not set and ${keyFile} does not exist. Set ENCRYPTION_KEY to the site's key (the copy kept apart from the backups), or put that copy in ${keyFile}.`,
    ),
    file,
    imageArchiveBeside(file),
  );
  switch (check.outcome) {
    case "matches":
      return { imageArchive: check.imageArchive };
    case "missing":
    case "unreadable":
      throw new BackupError(`${checkFile} is not a backup's check: ${file} was not restored.`);
    case "unknown-key":
      throw new BackupError(
        `${file} was checked with key ${check.keyId}, which this site does not have: not restored. Set ENCRYPTION_KEY to the key of the site that made it (the copy kept apart from the backups), or add that key to ENCRYPTION_PREVIOUS_KEYS.`,
      );
    case "image-archive-missing":
      throw new BackupError(`${check.imageArchive}, which the check of ${file} covers, is not beside it: not restored.`);
    case "changed": {
      const what = check.imageArchive === null ? file : `${file} or ${check.imageArchive}`;
      throw new BackupError(`${what} was changed after it was written: not restored (its check, ${checkFile}, does not match).`);
    }
  }
}

/**
 * Brings a backup back into the configured database, which must not exist yet (SQLite) or hold
 * none of the backup's tables (PostgreSQL), and its image files into MEDIA_DIR, which must be
 * empty; then runs the migrations, so a backup made by an older version comes back up to date.
 * The file is checked to be unchanged since it was written (its keyed check: `unchecked` lets a
 * backup without one through) and a whole backup of this site before anything is touched; a
 * refusal changes nothing.
 */
export async function restore(settings: RestoreSettings, file: string, options: { unchecked?: boolean } = {}): Promise<RestoredBackup> {
  const { database } = settings;
  const kind = backupKindOf(file);
  if (kind !== database.dialect) {
    const names = { sqlite: "SQLite", postgres: "PostgreSQL" };
    throw new BackupError(
      `${file} is a ${names[kind]} backup, but DATABASE_URL names a ${names[database.dialect]} database: restore it into the engine it came from.`,
    );
  }
  if (database.dialect === "sqlite" && database.file === ":memory:") {
    throw new BackupError("DATABASE_URL names an in-memory database: there is nothing to restore into.");
  }
  const checked = await requireUnchanged(settings, file, options.unchecked ?? false);
  const restored = await restoreChecked(settings, file, checked);
  return { ...restored, checked: checked !== null };
}

async function restoreChecked(
  settings: RestoreSettings,
  file: string,
  checked: { imageArchive: string | null } | null,
): Promise<Omit<RestoredBackup, "checked">> {
  const { database } = settings;
  if (database.dialect === "sqlite") {
    const contents = readSqliteBackup(file);
    requireWholeBackup(file, "sqlite", contents);
    const mediaDir = mediaFolderFor(file, contents, settings.mediaStore);
    return restoreSqlite(file, database.file, mediaDir);
  }
  // The archive the check covers; without a check, the one beside the file, if any.
  const beside = existsSync(imageArchiveBeside(file)) ? imageArchiveBeside(file) : undefined;
  const archiveFile = checked ? (checked.imageArchive ?? undefined) : beside;
  const filesOutside = await unlessUnreadable(file, filesOutsideDump(file));
  const contents = {
    tables: await unlessUnreadable(file, tablesInDump(file)),
    filesOutside,
    archive: archiveFile ? readImageArchive(archiveFile, filesOutside) : null,
  };
  requireWholeBackup(file, "postgres", contents, archiveFile);
  const mediaDir = mediaFolderFor(file, contents, settings.mediaStore);
  // requireWholeBackup saw to it that files outside the database come with their archive.
  const images = mediaDir !== null && archiveFile !== undefined ? { mediaDir, archiveFile, filesOutside } : null;
  return restorePostgres(file, database.url, contents.tables, images);
}

/** Refuses a backup that is not this site's, or whose image files are not all in it. */
function requireWholeBackup(file: string, kind: BackupKind, contents: BackupContents, archiveFile?: string): void {
  if (!hasMigrationTable(contents)) throw new BackupError(`${file} is not a backup of this site (no ${migrationTable} table).`);
  const { filesOutside, archive } = contents;
  if (filesOutside.length > 0 && archive === null) {
    const where = kind === "postgres" ? `: a pg_dump's are in ${imageArchiveBeside(file)}, which is not beside it` : "";
    throw new BackupError(
      `${file} lists ${filesOutside.length} image files kept outside the database (MEDIA_STORE=disk) but holds none of them${where}.`,
    );
  }
  const [firstMissing] = archive?.missing ?? [];
  if (firstMissing) {
    throw new BackupError(
      `${archiveFile ?? file} is damaged: ${archive?.missing.length} of its image files are missing (${archiveName(firstMissing)} first).`,
    );
  }
}

/** The media folder the backup's image files go into, or null when it has none; refuses a store or folder they cannot go to. */
function mediaFolderFor(file: string, contents: BackupContents, mediaStore: Config["mediaStore"]): string | null {
  if (contents.filesOutside.length === 0) return null;
  if (mediaStore.kind !== "disk") {
    throw new BackupError(
      `${file} keeps its images as files (made with MEDIA_STORE=disk): restore it with MEDIA_STORE=disk and an empty MEDIA_DIR.`,
    );
  }
  if (!isEmptyFolder(mediaStore.folder)) {
    throw new BackupError(`The media folder ${mediaStore.folder} is not empty: restore only into an empty MEDIA_DIR (move it away first).`);
  }
  return mediaStore.folder;
}

// SQLite

function snapshotSqlite(source: string, temp: string): void {
  if (source === ":memory:") throw new BackupError("DATABASE_URL names an in-memory database: there is no file to back up.");
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source} to back up.`);
  const database = new DatabaseSync(source, { readOnly: true });
  try {
    // A reader in WAL mode waits only while a checkpoint or recovery holds the file.
    database.exec("PRAGMA busy_timeout = 5000");
    if (!sqliteTables(database).includes(migrationTable)) {
      throw new BackupError(`${source} is not this site's database (it has no ${migrationTable} table).`);
    }
    // One read transaction: every write committed before it began, none after; writers go on.
    database.prepare("VACUUM INTO ?").run(temp);
  } finally {
    database.close();
  }
}

function sqliteTables(database: DatabaseSync): Array<string> {
  return database
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table'")
    .all()
    .map((row) => String(row.name));
}

function withSqliteFile<T>(file: string, work: (database: DatabaseSync) => T, options: { readOnly?: boolean } = {}): T {
  const database = new DatabaseSync(file, options);
  try {
    return work(database);
  } finally {
    database.close();
  }
}

/** What a SQLite backup holds; refuses a file that is not a whole SQLite database. */
function readSqliteBackup(file: string): BackupContents {
  try {
    return withSqliteFile(
      file,
      (database) => {
        // quick_check reads every page: a truncated or damaged copy is refused here, not found out later.
        const problems = database
          .prepare("PRAGMA quick_check")
          .all()
          .map((row) => String(row.quick_check));
        if (problems.join() !== "ok") throw new BackupError(`${file} is damaged: ${problems.slice(0, 3).join("; ")}`);
        const filesOutside = filesOutsideSqlite(database);
        return {
          tables: sqliteTables(database),
          filesOutside,
          archive: hasArchive(database) ? { missing: missingFromArchive(database, filesOutside) } : null,
        };
      },
      { readOnly: true },
    );
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a whole, readable backup: ${messageOf(error)}`);
  }
}

/** What of `filesOutside` a pg_dump's image archive lacks; refuses a file that is no archive. */
function readImageArchive(file: string, filesOutside: ReadonlyArray<MediaFileRef>): { missing: Array<MediaFileRef> } {
  try {
    return withSqliteFile(
      file,
      (archive) => {
        if (!hasArchive(archive)) throw new BackupError(`${file} is not an image archive of a backup (no ${archiveTable} table).`);
        return { missing: missingFromArchive(archive, filesOutside) };
      },
      { readOnly: true },
    );
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a readable image archive: ${messageOf(error)}`);
  }
}

async function restoreSqlite(file: string, target: string, mediaDir: string | null): Promise<Omit<RestoredBackup, "checked">> {
  const leftovers = [target, `${target}-wal`, `${target}-shm`, `${target}-journal`].filter((path) => existsSync(path));
  if (leftovers.length > 0) {
    throw new BackupError(`${leftovers[0]} already exists: restore only into a database that does not exist yet (move it away first).`);
  }
  mkdirSync(dirname(target), { recursive: true });
  const temp = temporaryNameFor(target);
  let imageFolders: Array<string> = [];
  try {
    copyFileSync(file, temp, constants.COPYFILE_EXCL);
    const imageFiles = withSqliteFile(temp, (copy) => {
      const filesOutside = filesOutsideSqlite(copy);
      if (mediaDir !== null) imageFolders = extractMediaFiles(copy, mediaDir, filesOutside);
      if (!hasArchive(copy)) return 0;
      // The archive was the backup's own: the site's database does not keep it.
      copy.exec(`DROP TABLE ${archiveTable}`);
      copy.exec("VACUUM");
      return mediaDir === null ? 0 : filesOutside.length;
    });
    const db = createDb({ dialect: "sqlite", file: temp });
    let migrationsApplied: Array<string>;
    try {
      migrationsApplied = await migrateAfterRestore(db, `${file} was not restored`);
      // Back to a single file before it is renamed: a -wal beside the temporary name would be left behind.
      await sql`PRAGMA journal_mode = DELETE`.execute(db);
    } finally {
      await db.destroy();
    }
    moveIntoPlace(temp, target);
    return { into: target, migrationsApplied, imageFiles };
  } catch (error) {
    removeFolders(imageFolders);
    throw error;
  } finally {
    removeFiles(temp, `${temp}-wal`, `${temp}-shm`, `${temp}-journal`);
  }
}

/** Runs the migrations on a restored database; a failure (a backup from a newer version) says what was left. */
async function migrateAfterRestore(db: Db, left: string): Promise<Array<string>> {
  try {
    return await migrateToLatest(db);
  } catch (error) {
    throw new BackupError(`${messageOf(error)} (is the backup from a newer version of the site?): ${left}.`);
  }
}

// PostgreSQL

/**
 * libpq's connection for pg_dump and pg_restore: the URL without its password, which goes in
 * PGPASSWORD instead, so it never shows in the process list.
 */
function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.href, env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** A database's URL as messages show it: without the password. */
function shownUrl(url: string): string {
  return libpqConnection(url).dbname;
}

const runFile = promisify(execFile);

type Tool = "pg_dump" | "pg_restore";

function toolMissing(tool: Tool): ToolMissing {
  return new ToolMissing(`${tool} was not found: install the PostgreSQL client tools, of the server's major version or newer.`);
}

/** The first lines a tool wrote to stderr, as one line. */
function toolFailure(tool: Tool, stderr: string): BackupError {
  return new BackupError(`${tool} failed: ${stderr.trim().split("\n").slice(0, 3).join(" ")}`);
}

/** Runs a PostgreSQL client tool; a failure is one BackupError with the tool's own first lines. */
async function runTool(tool: Tool, args: Array<string>, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  try {
    const { stdout } = await runFile(tool, args, { env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    if (isNotFound(error)) throw toolMissing(tool);
    throw toolFailure(tool, error instanceof Error && "stderr" in error ? String(error.stderr) : messageOf(error));
  }
}

async function dumpPostgres(url: string, temp: string): Promise<void> {
  const { dbname, env } = libpqConnection(url);
  await runTool("pg_dump", ["--format=custom", `--file=${temp}`, `--dbname=${dbname}`], env);
}

/** The tables a pg_dump archive creates, as `schema.name`, from its table of contents. */
async function tablesInDump(file: string): Promise<Array<string>> {
  const contents = await runTool("pg_restore", ["--list", file]);
  // Lines such as "215; 1259 16390 TABLE public inquiries postgres".
  return [...contents.matchAll(/^\d+; \d+ \d+ TABLE (\S+) (\S+) /gm)].map((match) => `${match[1]}.${match[2]}`);
}

/**
 * Reads the whole archive as a restore would (as SQL, into nothing but this scan), so a truncated
 * or damaged one is found before anything is touched, and returns the image files its
 * media_files rows list without bytes.
 */
async function filesOutsideDump(file: string): Promise<Array<MediaFileRef>> {
  const child = spawn("pg_restore", ["--file=-", file], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  // Awaited after the output is read; until then a failure to start must not count as unhandled.
  exited.catch(() => {});
  const refs: Array<MediaFileRef> = [];
  // Inside media_files' COPY block: where its id, file name and bytes are on each line.
  let columns: { mediaId: number; file: number; bytes: number } | null = null;
  try {
    for await (const line of createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (columns === null) {
        const header = /^COPY (?:\S+\.)?media_files \((.*)\) FROM stdin;$/.exec(line);
        if (header?.[1] === undefined) continue;
        const names = header[1].split(", ").map((name) => name.replaceAll('"', ""));
        columns = { mediaId: names.indexOf("media_id"), file: names.indexOf("file"), bytes: names.indexOf("bytes") };
      } else if (line === "\\.") {
        columns = null;
      } else {
        const values = line.split("\t");
        // COPY's text form: \N is NULL.
        if (values[columns.bytes] === "\\N") refs.push({ mediaId: values[columns.mediaId] ?? "", file: values[columns.file] ?? "" });
      }
    }
    const code = await exited;
    if (code !== 0) throw toolFailure("pg_restore", stderr);
  } catch (error) {
    if (isNotFound(error)) throw toolMissing("pg_restore");
    throw error;
  }
  return refs;
}

/** `reading`'s result; a failure of the tool says that `file` is not a whole archive. */
async function unlessUnreadable<T>(file: string, reading: Promise<T>): Promise<T> {
  try {
    return await reading;
  } catch (error) {
    if (error instanceof ToolMissing || !(error instanceof BackupError)) throw error;
    throw new BackupError(`${file} is not a whole, readable backup: ${error.message}`);
  }
}

async function restorePostgres(
  file: string,
  url: string,
  tables: ReadonlyArray<string>,
  images: { mediaDir: string; archiveFile: string; filesOutside: ReadonlyArray<MediaFileRef> } | null,
): Promise<Omit<RestoredBackup, "checked">> {
  const present = await existingTables(url);
  const clashes = tables.filter((table) => present.has(table));
  if (clashes.length > 0) {
    const shown = clashes.slice(0, 3).join(", ") + (clashes.length > 3 ? ", ..." : "");
    throw new BackupError(`${shownUrl(url)} is not empty (it has ${shown}): restore only into a new, empty database.`);
  }
  const imageFolders = images
    ? withSqliteFile(images.archiveFile, (archive) => extractMediaFiles(archive, images.mediaDir, images.filesOutside))
    : [];
  try {
    const { dbname, env } = libpqConnection(url);
    // One transaction: if anything fails, the database is left as empty as it was.
    await runTool(
      "pg_restore",
      ["--exit-on-error", "--single-transaction", "--no-owner", "--no-privileges", `--dbname=${dbname}`, file],
      env,
    );
  } catch (error) {
    removeFolders(imageFolders);
    throw error;
  }
  const db = createDb({ dialect: "postgres", url });
  try {
    const migrationsApplied = await migrateAfterRestore(
      db,
      `${shownUrl(url)} holds the backup as it was; drop it and create it empty again before another try`,
    );
    return { into: shownUrl(url), migrationsApplied, imageFiles: images?.filesOutside.length ?? 0 };
  } finally {
    await db.destroy();
  }
}

/** Every table in the database, as `schema.name`; refuses one that cannot be reached. */
async function existingTables(url: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to ${shownUrl(url)}: ${messageOf(error)} (create the empty database first).`);
  }
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    return new Set(rows.map((row) => row.name));
  } finally {
    await client.end();
  }
}

// Files

/** Which engine a backup file is for, by its first bytes. */
function backupKindOf(file: string): BackupKind {
  if (!existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const head = Buffer.alloc(16);
  const descriptor = openSync(file, "r");
  try {
    readSync(descriptor, head, 0, head.length, 0);
  } finally {
    closeSync(descriptor);
  }
  if (head.toString("latin1") === "SQLite format 3\0") return "sqlite";
  if (head.subarray(0, 5).toString("latin1") === "PGDMP") return "postgres";
  throw new BackupError(`${file} is not a backup of this site: neither a SQLite database nor a pg_dump archive.`);
}

/** A name beside `file` that no other run uses, for writing before the final rename. */
function temporaryNameFor(file: string): string {
  return join(dirname(file), `.${basename(file)}.partial-${process.pid}-${randomBytes(4).toString("hex")}`);
}

/**
 * Gives the finished `temp` its final name once its bytes are on disk. A hard link fails when the
 * name is taken (a file that appeared meanwhile is never replaced); where links are not allowed,
 * a rename after the same check.
 */
function moveIntoPlace(temp: string, file: string): void {
  syncToDisk(temp);
  try {
    linkSync(temp, file);
    unlinkSync(temp);
  } catch (error) {
    const code = error instanceof Error && "code" in error ? error.code : undefined;
    if (code === "EEXIST") throw new BackupError(`${file} already exists: it was not replaced.`);
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP") throw error;
    if (existsSync(file)) throw new BackupError(`${file} already exists: it was not replaced.`);
    renameSync(temp, file);
  }
  try {
    syncToDisk(dirname(file));
  } catch {
    // Some systems cannot sync a folder; the file itself is on disk.
  }
}

function removeFiles(...paths: Array<string>): void {
  for (const path of paths) rmSync(path, { force: true });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
