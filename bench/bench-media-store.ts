// The media stores side by side (docs/decisions/024-media-store-on-disk.md): 500 uploaded images
// (generated 1200x800 photos, each made into its cleaned original and AVIF and WebP variants by the
// app's own upload code) on SQLite and, with BENCH_POSTGRES_URL, PostgreSQL, each with
// MEDIA_STORE=database and MEDIA_STORE=disk. For each it reports the database's size (the SQLite
// file; pg_database_size) and MEDIA_DIR's, then, from the production build on a loopback port, the
// time of a public page (/ from the page cache, /contact rendered), of media answers (a 960 px
// AVIF, an original), of the Images tab listing the 500, and of / while 8 clients download originals.
//
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres node_modules/.bin/node bench/bench-media-store.ts
//     [--images 500] [--requests 300] [--upload-each]
//
// The images are uploaded through `uploadImage` once, into SQLite with the database store; the other
// configurations get the same stored files through their own store's `save`, in an upload's
// transaction (record, files, audit entry), so every configuration holds the same bytes and only
// where they are kept differs. --upload-each uploads into every configuration instead (4x the time).
// Needs the production build (`npm run build`); the machine is shared, so timings vary by run.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { Agent, get as httpGet } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { changeContent } from "#app/content/content-version.server.ts";
import { createAdmin } from "#app/staff/staff-accounts.server.ts";
import { recordAudit } from "#app/server/audit.server.ts";
import { createDb, type Db } from "#app/server/db/db.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { diskMediaStore } from "#app/media/disk-media-store.server.ts";
import { uploadImage } from "#app/media/media.server.ts";
import { databaseMediaStore, type MediaFile, type MediaStore } from "#app/media/media-store.server.ts";
import { photoLikeJpeg } from "#tests/fixtures/images.ts";
import { createPostgresDatabase } from "#tests/setup/postgres-database.ts";
import { signInCookie, startLocalServer } from "./local-server.ts";
import { median, percentile } from "./statistics.ts";

const { values: options } = parseArgs({
  options: {
    images: { type: "string", default: "500" },
    requests: { type: "string", default: "300" },
    "upload-each": { type: "boolean", default: false },
  },
});
const imageCount = Number(options.images);
const requestCount = Number(options.requests);
const distinctPhotos = 8;
const adminEmail = "bench@example.com";
const adminPassword = "a long password for the media bench";

type Engine = "sqlite" | "postgres";
type StoreKind = "database" | "disk";

/** One engine and store with its own fresh database and MEDIA_DIR. */
type Configuration = {
  engine: Engine;
  store: StoreKind;
  databaseUrl: string;
  sqliteFile: string | null;
  mediaDir: string;
  open(): Db;
  mediaStore(): MediaStore;
  drop(): Promise<void>;
};

async function createConfiguration(engine: Engine, store: StoreKind, postgresUrl: string | undefined): Promise<Configuration> {
  const folder = mkdtempSync(join(tmpdir(), "bench-media-store-"));
  const mediaDir = join(folder, "media");
  const mediaStore = () => (store === "disk" ? diskMediaStore(mediaDir) : databaseMediaStore);
  if (engine === "sqlite") {
    const sqliteFile = join(folder, "site.db");
    return {
      engine,
      store,
      databaseUrl: sqliteFile,
      sqliteFile,
      mediaDir,
      open: () => createDb({ dialect: "sqlite", file: sqliteFile }),
      mediaStore,
      drop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  if (!postgresUrl) throw new Error("PostgreSQL needs BENCH_POSTGRES_URL");
  const database = await createPostgresDatabase(postgresUrl, "bench_media");
  return {
    engine,
    store,
    databaseUrl: database.url,
    sqliteFile: null,
    mediaDir,
    open: () => createDb({ dialect: "postgres", url: database.url }),
    mediaStore,
    drop: async () => {
      await database.drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The database's size in bytes: the SQLite file (with its WAL, if any), or pg_database_size. */
async function databaseBytes(configuration: Configuration, db: Db): Promise<number> {
  if (configuration.sqliteFile === null) {
    const { rows } = await sql<{ size: string }>`select pg_database_size(current_database()) as size`.execute(db);
    return Number(rows[0]?.size ?? 0);
  }
  const wal = `${configuration.sqliteFile}-wal`;
  return statSync(configuration.sqliteFile).size + (existsSync(wal) ? statSync(wal).size : 0);
}

/** The files under `folder`: how many, their bytes, and what they take on disk (whole blocks). */
function folderUsage(folder: string): { files: number; bytes: number; allocated: number } {
  const usage = { files: 0, bytes: 0, allocated: 0 };
  if (!existsSync(folder)) return usage;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const stats = statSync(join(entry.parentPath, entry.name));
    usage.files += 1;
    usage.bytes += stats.size;
    usage.allocated += stats.blocks * 512;
  }
  return usage;
}

/** Uploads `imageCount` photos through the app's upload code; returns each upload's time in ms. */
async function uploadAll(db: Db, store: MediaStore, photos: ReadonlyArray<Buffer>): Promise<Array<number>> {
  const times: Array<number> = [];
  for (let index = 0; index < imageCount; index++) {
    const started = performance.now();
    const bytes = photos[index % photos.length] ?? Buffer.alloc(0);
    await uploadImage(db, { bucket: "general-images", fileName: `IMG_${1000 + index}.JPG`, bytes, admin: null }, store);
    times.push(performance.now() - started);
    if ((index + 1) % 50 === 0) console.log(`  ${index + 1} of ${imageCount} uploaded (median ${median(times).toFixed(0)} ms each)`);
  }
  return times;
}

/** Stores every image of `from` in `to` through `store`, as an upload's transaction does (record, files, audit entry). */
async function copyImages(from: Db, to: Db, store: MediaStore): Promise<void> {
  const images = await from.selectFrom("media").selectAll().orderBy("created_at").execute();
  for (const image of images) {
    const rows = await from
      .selectFrom("media_files")
      .select(["file", "content_type", "width", "height", "etag"])
      .where("media_id", "=", image.id)
      .execute();
    const files: Array<MediaFile> = [];
    for (const row of rows) {
      const stored = await databaseMediaStore.read(from, image.id, row.file);
      if (!stored) throw new Error(`${image.id}/${row.file} could not be read`);
      files.push({
        file: row.file,
        contentType: row.content_type,
        width: row.width,
        height: row.height,
        etag: row.etag,
        bytes: stored.bytes,
      });
    }
    await changeContent(to, async (trx) => {
      await trx.insertInto("media").values(image).execute();
      await store.save(trx, image.id, files);
      await recordAudit(trx, { action: "media-uploaded", admin: null, target: image.path, details: { id: image.id, size: image.size } });
      return { changed: [], result: undefined }; // a new upload is on no page yet
    });
    await store.sweep(to, [image.id]);
  }
}

// Keep-alive connections, as browsers hold them; a fresh set for each server measured.
let agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** A GET on loopback, its body read to the end; at most 10 s. */
function fetchBody(url: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { agent, headers, timeout: 10_000 }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`${url} took over 10 s`)));
    request.on("error", reject);
  });
}

type Timing = { p50: number; p95: number; bytes: number };

function summary(times: Array<number>, bytes: number): Timing {
  return { p50: median(times), p95: percentile(times, 95), bytes };
}

/** `count` GETs one after another (after a few to warm up), each of the address `urlOf` gives; every one must answer 200. */
async function timeRequests(count: number, urlOf: (index: number) => string, headers: Record<string, string> = {}): Promise<Timing> {
  for (let warm = 0; warm < 5; warm++) await fetchBody(urlOf(warm), headers);
  const times: Array<number> = [];
  let bytes = 0;
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const answer = await fetchBody(urlOf(index), headers);
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`${urlOf(index)} answered ${answer.status}`);
    bytes += answer.bytes;
  }
  return summary(times, bytes / count);
}

/** 8 clients download originals for `ms` while one times `/`: originals per second, MB/s, and `/` meanwhile. */
async function underDownloads(origin: string, originals: ReadonlyArray<string>, ms: number) {
  const until = performance.now() + ms;
  let downloaded = 0;
  let bytes = 0;
  const downloader = async (offset: number) => {
    for (let index = offset; performance.now() < until; index += 8) {
      const answer = await fetchBody(`${origin}${originals[index % originals.length]}`);
      downloaded += 1;
      bytes += answer.bytes;
    }
  };
  const pageTimes: Array<number> = [];
  const pageTimer = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await fetchBody(`${origin}/`, { "Accept-Encoding": "br, gzip" });
      pageTimes.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all([...Array.from({ length: 8 }, (_, offset) => downloader(offset)), pageTimer()]);
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: downloaded / seconds, megabytesPerSecond: bytes / seconds / 1e6, page: summary(pageTimes, 0) };
}

type Result = {
  configuration: Configuration;
  emptyDatabase: number;
  database: number;
  payload: number;
  mediaDir: ReturnType<typeof folderUsage>;
  home: Timing;
  contact: Timing;
  variant: Timing;
  original: Timing;
  imagesTab: Timing;
  loaded: Awaited<ReturnType<typeof underDownloads>>;
};

async function measure(configuration: Configuration, emptyDatabase: number): Promise<Result> {
  const db = configuration.open();
  const files = await db
    .selectFrom("media")
    .innerJoin("media_files", "media_files.media_id", "media.id")
    .select(["media.id", "media.name", "media_files.file", "media_files.size"])
    .execute();
  await db.destroy(); // SQLite folds its WAL into the file on the last close
  const reader = configuration.open();
  const database = await databaseBytes(configuration, reader);
  await reader.destroy();
  const variants = files.filter((file) => file.file === "960.avif").map((file) => `/media/${file.id}/${file.file}`);
  const originals = files.filter((file) => file.file === file.name).map((file) => `/media/${file.id}/${file.file}`);
  // Spread over every image, in an order that does not follow the table's.
  const spread = (list: ReadonlyArray<string>) => (index: number) => list[(index * 7919) % list.length] ?? "/media/none/none";

  const server = await startLocalServer(
    { DATABASE_URL: configuration.databaseUrl, MEDIA_STORE: configuration.store, MEDIA_DIR: configuration.mediaDir },
    // The one warning every start on a loopback port gives says nothing here.
    { onStderr: (text) => void (text.includes("SITE_URL is not set") || process.stderr.write(text)) },
  );
  try {
    const origin = server.origin;
    const cookie = await signInCookie(origin, adminEmail, adminPassword);
    const result: Result = {
      configuration,
      emptyDatabase,
      database,
      payload: files.reduce((sum, file) => sum + Number(file.size), 0),
      mediaDir: folderUsage(configuration.mediaDir),
      home: await timeRequests(requestCount, () => `${origin}/`, { "Accept-Encoding": "br, gzip" }),
      contact: await timeRequests(requestCount, () => `${origin}/contact`, { "Accept-Encoding": "br, gzip" }),
      variant: await timeRequests(requestCount, (index) => origin + spread(variants)(index)),
      original: await timeRequests(requestCount, (index) => origin + spread(originals)(index)),
      imagesTab: await timeRequests(Math.max(10, Math.round(requestCount / 10)), () => `${origin}/admin/images?category=general-images`, {
        Cookie: cookie,
        "Accept-Encoding": "br, gzip",
      }),
      loaded: await underDownloads(origin, originals, 5_000),
    };
    return result;
  } finally {
    agent.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: 16 });
    await server.stop();
  }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const ms = (timing: Timing) => `${timing.p50.toFixed(2)} / ${timing.p95.toFixed(2)}`;

function report(results: ReadonlyArray<Result>): void {
  console.log(
    `\n${imageCount} images of 1200x800 (original and 8 variants each); times in ms, median / p95 of ${requestCount} requests, one at a time.\n`,
  );
  console.log("| engine | store | database (empty) | database | MEDIA_DIR (files, on disk) | stored files' bytes |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const result of results) {
    const { engine, store } = result.configuration;
    const dir =
      result.mediaDir.files === 0 ? "-" : `${mb(result.mediaDir.bytes)} (${result.mediaDir.files}, ${mb(result.mediaDir.allocated)})`;
    console.log(`| ${engine} | ${store} | ${mb(result.emptyDatabase)} | ${mb(result.database)} | ${dir} | ${mb(result.payload)} |`);
  }
  console.log(
    `\n| engine | store | GET / | GET /contact | 960 px AVIF | original | Images tab (${imageCount}) | originals, 8 clients | GET / meanwhile |`,
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const result of results) {
    const { engine, store } = result.configuration;
    const { loaded } = result;
    console.log(
      `| ${engine} | ${store} | ${ms(result.home)} | ${ms(result.contact)} | ${ms(result.variant)} (${(result.variant.bytes / 1024).toFixed(0)} KB) | ${ms(result.original)} (${(result.original.bytes / 1024).toFixed(0)} KB) | ${ms(result.imagesTab)} | ${loaded.perSecond.toFixed(0)}/s, ${loaded.megabytesPerSecond.toFixed(0)} MB/s | ${ms(loaded.page)} |`,
    );
  }
}

async function main(): Promise<void> {
  if (!existsSync(new URL("../build/server/index.js", import.meta.url))) throw new Error("No production build: run `npm run build` first.");
  const postgresUrl = process.env.BENCH_POSTGRES_URL;
  if (!postgresUrl) console.log("PostgreSQL skipped: set BENCH_POSTGRES_URL to measure it too.");
  const engines: Array<Engine> = postgresUrl ? ["sqlite", "postgres"] : ["sqlite"];
  const configurations: Array<Configuration> = [];
  for (const engine of engines)
    for (const store of ["database", "disk"] as const) configurations.push(await createConfiguration(engine, store, postgresUrl));

  const results: Array<Result> = [];
  try {
    console.log(`Generating ${distinctPhotos} photos of 1200x800...`);
    const photos: Array<Buffer> = [];
    for (let index = 0; index < distinctPhotos; index++) photos.push(await photoLikeJpeg(1200, 800));

    const emptySizes = new Map<Configuration, number>();
    const [source, ...others] = configurations;
    if (!source) return;
    for (const configuration of configurations) {
      const db = configuration.open();
      await migrateToLatest(db);
      await createAdmin(db, { email: adminEmail, password: adminPassword });
      await db.destroy();
      const reader = configuration.open();
      emptySizes.set(configuration, await databaseBytes(configuration, reader));
      await reader.destroy();
    }

    console.log(`Uploading ${imageCount} images into ${source.engine} with the ${source.store} store...`);
    const sourceDb = source.open();
    const uploadTimes = await uploadAll(sourceDb, source.mediaStore(), photos);
    console.log(`  upload: median ${median(uploadTimes).toFixed(0)} ms each`);
    for (const configuration of others) {
      const db = configuration.open();
      const started = performance.now();
      if (options["upload-each"]) {
        console.log(`Uploading ${imageCount} images into ${configuration.engine} with the ${configuration.store} store...`);
        await uploadAll(db, configuration.mediaStore(), photos);
      } else {
        await copyImages(sourceDb, db, configuration.mediaStore());
      }
      console.log(
        `Stored into ${configuration.engine} with the ${configuration.store} store in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      await db.destroy();
    }
    await sourceDb.destroy();

    for (const configuration of configurations) {
      console.log(`Measuring ${configuration.engine} with the ${configuration.store} store...`);
      results.push(await measure(configuration, emptySizes.get(configuration) ?? 0));
    }
    report(results);
  } finally {
    for (const configuration of configurations) await configuration.drop();
  }
}

await main();
