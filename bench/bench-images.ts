// `npm run bench:images`: ingests a 12-megapixel phone photo as an upload does (checks, the
// bounded master, every variant, stored in a fresh SQLite database) in a process of its own, with
// the allocator settings production runs with, and reports the time, the peak memory (RSS), the
// bytes stored and the bytes of the hero image a 375 px phone downloads beside the original's;
// then the same for the bundled heroes (the home page's and every service page's), read from
// public/images; then, to running servers (the production build): eight 8 MB photos uploaded at
// once, with the server's memory at its peak and after 30 s idle, and 50 photos one after another,
// with the server's memory 30 s after the last.
//
//   npm run bench:images -- [--allocator arena|jemalloc|glibc] [--uploads 50] [--ingest-only]
//
// --allocator: arena (the default: MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072, what
// production runs), jemalloc (LD_PRELOAD=libjemalloc.so.2, Debian's libjemalloc2, without those
// two) or glibc (neither), for the ingests and the servers alike (docs/decisions/027).
// --uploads: how many photos go one after another (0: none). --ingest-only: no servers.
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type ImageRef, type ResolvedImage, resolveImage } from "../app/media/image-ref.ts";
import { mediaFileUrl } from "../app/media/media.ts";
import { serviceSlugs } from "#app/pages/services.ts";
import { photoLikeJpeg } from "../tests/fixtures/images.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { childEnv, type LocalServer, productionAllocatorEnv, residentMb, signedInAdminCookie, startLocalServer } from "./local-server.ts";
import { type Latencies, startHomeSampler } from "./home-sampler.ts";
import { median, percentile } from "./statistics.ts";

const heroBudgetBytes = 80 * 1024;
// Goals of one 12-megapixel photo (issue 22): ingest time and peak memory, and what it stores
// (its master and variants; decision 027).
const ingestGoalMs = 2000;
const ingestPeakGoalMb = 300;
const storedGoalBytes = 1_200_000;
// A visitor's GET / while uploads are processed or large media files are downloaded (issue 22).
const homeDuringMediaGoalMs = 5;

/** How the measured processes allocate memory: as production runs (arena), with jemalloc, or glibc's defaults. */
export type Allocator = "arena" | "jemalloc" | "glibc";
const allocators: ReadonlyArray<Allocator> = ["arena", "jemalloc", "glibc"];

/** The environment variables that choose `allocator` ("" leaves a variable out: startLocalServer, childEnv). */
export function allocatorEnv(allocator: Allocator): Record<string, string> {
  const unsetArena = Object.fromEntries(Object.keys(productionAllocatorEnv).map((name) => [name, ""]));
  if (allocator === "arena") return { ...productionAllocatorEnv, LD_PRELOAD: "" };
  // A bare file name: the dynamic loader finds it in the system's library folders.
  if (allocator === "jemalloc") return { ...unsetArena, LD_PRELOAD: "libjemalloc.so.2" };
  return { ...unsetArena, LD_PRELOAD: "" };
}

/** Whether process `pid` has jemalloc loaded (a missing LD_PRELOAD library is only warned about). */
function usesJemalloc(pid: number | "self"): boolean {
  return readFileSync(`/proc/${pid}/maps`, "utf8").includes("libjemalloc");
}

function loadAverage(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(" ");
}
const phoneWidth = 375;
const publicDir = fileURLToPath(new URL("../public", import.meta.url));

type IngestResult = {
  id: string;
  ms: number;
  peakRssMb: number;
  startRssMb: number;
  originalBytes: number;
  storedMasterBytes: number;
  jemalloc: boolean;
  width: number;
  height: number;
  files: Array<{ file: string; size: number }>;
};

/** Runs in the child: one upload into a fresh database, with its own clock and memory. */
async function ingest(photoPath: string): Promise<void> {
  const { createDb } = await import("../app/server/db/db.server.ts");
  const { migrateToLatest } = await import("../app/server/db/migrate.server.ts");
  const { uploadImage } = await import("../app/media/media.server.ts");
  const folder = mkdtempSync(join(tmpdir(), "bench-images-"));
  const db = createDb({ dialect: "sqlite", file: join(folder, "bench.db") });
  try {
    await migrateToLatest(db);
    const bytes = readFileSync(photoPath);
    let peak = process.memoryUsage().rss;
    const startRss = peak;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const started = performance.now();
    const item = await uploadImage(db, { bucket: "hero-images", fileName: "IMG_0001.JPG", bytes, admin: null });
    const ms = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
    const files = await db.selectFrom("media_files").select(["file", "size"]).where("media_id", "=", item.id).execute();
    const result: IngestResult = {
      id: item.id,
      ms,
      peakRssMb: peak / 1024 / 1024,
      startRssMb: startRss / 1024 / 1024,
      originalBytes: bytes.byteLength,
      storedMasterBytes: item.size,
      jemalloc: usesJemalloc("self"),
      width: item.width,
      height: item.height,
      files: files.map((file) => ({ file: file.file, size: Number(file.size) })),
    };
    process.stdout.write(JSON.stringify(result));
  } finally {
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  }
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Millions of bytes, as the goals of issue 22 count them. */
function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(3)} MB`;
}

/**
 * The address a browser takes from a `w`-descriptor srcset for a full-width hero (PageHero's
 * sizes="100vw") on a 375 px phone at `density`: the smallest candidate covering 375 x density
 * device pixels, else the largest.
 */
function phonePick(srcSet: string, density: number): string {
  const candidates = srcSet
    .split(", ")
    .map((entry) => entry.split(" "))
    .map(([url, descriptor]) => ({ url: url ?? "", width: Number.parseInt(descriptor ?? "", 10) }))
    .sort((a, b) => a.width - b.width);
  return (candidates.find((candidate) => candidate.width >= phoneWidth * density) ?? candidates[candidates.length - 1])?.url ?? "";
}

/** What a phone with AVIF takes, and what one without it falls back to. */
function heroFiles(image: ResolvedImage | null, density: number): { avif: string; webp: string } {
  const avif = image?.sources?.find((source) => source.type === "image/avif")?.srcSet;
  if (!avif || !image?.srcSet) throw new Error("the hero has no AVIF and WebP variants");
  return { avif: phonePick(avif, density), webp: phonePick(image.srcSet, density) };
}

/** The bundled heroes of the home page and the service pages, at 3x: AVIF median and maximum. */
function bundledHeroes(): boolean {
  const heroes: Array<{ page: string; ref: ImageRef }> = [
    { page: "/", ref: { source: "bundled", key: "general/home-hero" } },
    ...serviceSlugs.map((slug) => ({ page: `/services/${slug}`, ref: { source: "bundled", key: `services/${slug}` } as const })),
  ];
  const measured = heroes.map(({ page, ref }) => {
    const files = heroFiles(resolveImage(ref), 3);
    const bytes = (url: string) => statSync(join(publicDir, url)).size;
    return { page, file: files.avif, avif: bytes(files.avif), webp: bytes(files.webp) };
  });
  const largest = measured.reduce((a, b) => (b.avif > a.avif ? b : a));
  const widths = [...new Set(measured.map((hero) => /-(\d+)\.avif$/.exec(hero.file)?.[1]))].join(", ");
  console.log(`\nbundled heroes on a 375 px phone at 3x (${measured.length}: / and every service page; ${widths} px wide)`);
  console.log(
    `  AVIF median ${kb(median(measured.map((hero) => hero.avif)))}, max ${kb(largest.avif)} (${largest.page}); ` +
      `WebP fallback median ${kb(median(measured.map((hero) => hero.webp)))}, max ${kb(Math.max(...measured.map((hero) => hero.webp)))}`,
  );
  return largest.avif <= heroBudgetBytes;
}

// The memory budget of a small server under parallel uploads (ARCHITECTURE.md; review F9). After
// 30 s of rest, the same 300 MiB as after 50 uploads in a row: the 250 of decision 017 was set
// when the idle server took 169 MB; two event loops (decision 038, since removed) took about 250 at idle.
const parallelUploads = 8;
const peakBudgetMb = 500;
const idleBudgetMb = 300;

/** The server's memory around the parallel uploads, in MiB, and whether it kept within its budget. */
export type UploadsMemory = { beforeMb: number; peakMb: number; afterMb: number; withinBudget: boolean };

/**
 * Eight photos of about 8 MB (5500x4125, 23 megapixels, as a phone saves them) uploaded at once,
 * as staff on several devices might, to `server` (the production build, DEMO_MODE off): how many
 * were stored or told the server is busy, and the server's memory at its peak and after 30 s of
 * rest. Shared with `npm run bench -- --uploads`, which sends them to the server it measured.
 */
export async function parallelUploadsTo(server: LocalServer): Promise<UploadsMemory> {
  const cookie = await signedInAdminCookie(server, "bench-images@example.com");
  // Copied into an ArrayBuffer of its own, as a Blob takes it.
  const photo = new Uint8Array(await photoLikeJpeg(5500, 4125));
  const idleBefore = residentMb(server.pid);
  let peak = idleBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(server.pid))), 50);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: parallelUploads }, async () => {
      const form = new FormData();
      form.set("file", new Blob([photo], { type: "image/jpeg" }), "IMG_0001.JPG");
      const answer = await fetch(`${server.origin}/admin/images/upload?category=general-images`, {
        method: "POST",
        headers: { Origin: server.origin, Cookie: cookie },
        body: form,
      });
      await answer.arrayBuffer();
      return answer.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 30_000));
  clearInterval(sampler);
  const idleAfter = residentMb(server.pid);
  const stored = statuses.filter((status) => status === 200).length;
  const busy = statuses.filter((status) => status === 503).length;
  console.log(`\n${parallelUploads} uploads at once of a ${kb(photo.byteLength)} photo to the running server (production build)`);
  console.log(
    `  ${stored} stored, ${busy} told the server is busy (503), others: ${statuses.length - stored - busy}; last answer after ${seconds.toFixed(1)} s`,
  );
  console.log(
    `  server memory: ${idleBefore.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB (budget ${peakBudgetMb}), ${idleAfter.toFixed(0)} MiB after 30 s idle (budget ${idleBudgetMb})`,
  );
  return {
    beforeMb: idleBefore,
    peakMb: peak,
    afterMb: idleAfter,
    withinBudget: peak < peakBudgetMb && idleAfter < idleBudgetMb && stored + busy === statuses.length,
  };
}

/** The server's memory around 50 uploads one after another, in MiB, their times, and whether it came back under its goal. */
export type SequentialUploads = {
  count: number;
  stored: number;
  medianMs: number;
  p95Ms: number;
  beforeMb: number;
  peakMb: number;
  afterMb: number;
  /** 30 s after the last answer. */
  restedMb: number;
  /** Bytes of media_files per upload (master and variants), on SQLite: from the database file; null on another engine. */
  storedBytesPerUpload: number | null;
  /** Growth of the SQLite file (with its WAL) per upload; null on another engine. */
  databaseGrowthPerUpload: number | null;
  /** `GET /` every 100 ms while the uploads ran, as a visitor saw it. */
  homeDuring: Latencies;
  withinGoal: boolean;
};

// The server's memory must come back after a day's uploads (issue 22).
const sequentialUploadsDefault = 50;
const restedGoalMb = 300;

/** The bytes of a SQLite database file and its WAL (0 when there is none). */
function databaseBytes(file: string): number {
  return [file, `${file}-wal`].reduce((total, path) => total + (existsSync(path) ? statSync(path).size : 0), 0);
}

/** The bytes of every stored file of every upload in a SQLite database, or null when it cannot be read. */
function storedMediaBytes(file: string): number | null {
  if (!existsSync(file)) return null;
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const row = db.prepare("SELECT coalesce(sum(size), 0) AS bytes FROM media_files").get() as { bytes: number } | undefined;
    return Number(row?.bytes ?? 0);
  } finally {
    db.close();
  }
}

/**
 * `count` 12-megapixel photos (4000x3000, 4.3 MB) uploaded one after another, as staff putting a
 * day's photos in might, to `server`: each answer's time, the server's memory (sampled every
 * 100 ms) before, at its peak, right after and 30 s after the last answer, and what each stored.
 * Shared with `npm run bench -- --uploads`.
 */
export async function sequentialUploadsTo(server: LocalServer, count = sequentialUploadsDefault): Promise<SequentialUploads> {
  const cookie = await signedInAdminCookie(server, "bench-sequential@example.com");
  const photo = new Uint8Array(await photoLikeJpeg(4000, 3000));
  const sqlite = existsSync(server.databaseFile);
  const databaseBefore = sqlite ? databaseBytes(server.databaseFile) : 0;
  const mediaBefore = sqlite ? (storedMediaBytes(server.databaseFile) ?? 0) : 0;
  const before = residentMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(server.pid))), 100);
  const times: Array<number> = [];
  let stored = 0;
  try {
    await (await fetch(`${server.origin}/`)).arrayBuffer();
    const homeSampler = await startHomeSampler(server.origin);
    const uploads = (async () => {
      for (let upload = 0; upload < count; upload++) {
        const form = new FormData();
        form.set("file", new Blob([photo], { type: "image/jpeg" }), `IMG_${String(upload).padStart(4, "0")}.JPG`);
        const started = performance.now();
        const answer = await fetch(`${server.origin}/admin/images/upload?category=general-images`, {
          method: "POST",
          headers: { Origin: server.origin, Cookie: cookie },
          body: form,
        });
        await answer.arrayBuffer();
        times.push(performance.now() - started);
        if (answer.status === 200) stored++;
      }
    })();
    const homeDuring = await homeSampler.until(uploads);
    const after = residentMb(server.pid);
    await new Promise((resolve) => setTimeout(resolve, 30_000));
    const rested = residentMb(server.pid);
    const media = sqlite ? storedMediaBytes(server.databaseFile) : null;
    const result: SequentialUploads = {
      count,
      stored,
      medianMs: median(times),
      p95Ms: percentile(times, 95),
      beforeMb: before,
      peakMb: peak,
      afterMb: after,
      restedMb: rested,
      storedBytesPerUpload: media === null || stored === 0 ? null : (media - mediaBefore) / stored,
      databaseGrowthPerUpload: sqlite && stored > 0 ? (databaseBytes(server.databaseFile) - databaseBefore) / stored : null,
      homeDuring,
      withinGoal: stored === count && rested < restedGoalMb && homeDuring.p95Ms < homeDuringMediaGoalMs,
    };
    console.log(
      `\n${count} uploads one after another of a ${kb(photo.byteLength)} 12-megapixel photo to the running server (production build)`,
    );
    console.log(
      `  ${stored} stored; per upload median ${result.medianMs.toFixed(0)} ms, p95 ${result.p95Ms.toFixed(0)} ms` +
        (result.storedBytesPerUpload === null
          ? ""
          : `; stored ${mb(result.storedBytesPerUpload)} per photo (goal <= ${mb(storedGoalBytes)}), database file +${mb(result.databaseGrowthPerUpload ?? 0)} per photo`),
    );
    console.log(
      `  server memory: ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB, ${after.toFixed(0)} MiB after the last, ` +
        `${rested.toFixed(0)} MiB 30 s later (goal < ${restedGoalMb} MiB)`,
    );
    console.log(`  GET / every 100 ms meanwhile: ${latencyLine(homeDuring)} (goal p95 < ${homeDuringMediaGoalMs} ms)`);
    return result;
  } finally {
    clearInterval(sampler);
  }
}

function latencyLine(latencies: Latencies): string {
  return `median ${latencies.medianMs.toFixed(1)} ms, p95 ${latencies.p95Ms.toFixed(1)} ms, max ${latencies.maxMs.toFixed(1)} ms (n=${latencies.n})`;
}

export type MediaLoad = {
  file: string;
  bytes: number;
  connections: number;
  requestsPerSecond: number;
  megabytesPerSecond: number;
  baseline: Latencies;
  during: Latencies;
  withinGoal: boolean;
};

// Media answers must not starve page answers (issue 22).
const mediaLoadConnections = 32;

/**
 * With `mediaLoadConnections` clients downloading the largest stored file (wrk, 10 s), `GET /`
 * every 100 ms: its p95 against the goal, beside the same sampling without the load. Needs wrk and
 * a SQLite server with at least one upload; null (and a line saying why) otherwise. Shared with
 * `npm run bench -- --uploads`.
 */
export async function mediaLoadOn(server: LocalServer, seconds = 10, connections = mediaLoadConnections): Promise<MediaLoad | null> {
  if (spawnSync("sh", ["-c", "command -v wrk"]).status !== 0) {
    console.log("\nwrk not found: install it (apt-get install wrk) to measure media downloads beside GET /.");
    return null;
  }
  if (!existsSync(server.databaseFile)) return null;
  const sqlite = new DatabaseSync(server.databaseFile, { readOnly: true });
  const largest = (() => {
    try {
      return sqlite.prepare("SELECT media_id, file, size FROM media_files ORDER BY size DESC LIMIT 1").get() as
        | { media_id: string; file: string; size: number }
        | undefined;
    } finally {
      sqlite.close();
    }
  })();
  if (!largest) return null;
  const url = `${server.origin}${mediaFileUrl(largest.media_id, largest.file)}`;
  await (await fetch(`${server.origin}/`)).arrayBuffer();
  const baseline = await (await startHomeSampler(server.origin)).until(5000);
  const homeSampler = await startHomeSampler(server.origin);
  const wrk = new Promise<string>((resolve, reject) =>
    execFile("wrk", ["-t2", `-c${connections}`, `-d${seconds}s`, url], (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
  const during = await homeSampler.until(wrk);
  const output = await wrk;
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN);
  const result: MediaLoad = {
    file: largest.file,
    bytes: Number(largest.size),
    connections,
    requestsPerSecond,
    megabytesPerSecond: (requestsPerSecond * Number(largest.size)) / 1e6,
    baseline,
    during,
    withinGoal: during.p95Ms < homeDuringMediaGoalMs,
  };
  console.log(
    `\n${connections} clients downloading the largest stored file (${/^\d+\./.test(largest.file) ? largest.file : "the master"}, ${kb(result.bytes)}) for ${seconds} s: ${requestsPerSecond.toFixed(0)} req/s (${result.megabytesPerSecond.toFixed(0)} MB/s)`,
  );
  console.log(`  GET / every 100 ms meanwhile: ${latencyLine(during)} (goal p95 < ${homeDuringMediaGoalMs} ms)`);
  console.log(`  GET / every 100 ms without them: ${latencyLine(baseline)}`);
  return result;
}

/** The parallel uploads, then the uploads one after another, each to a server of its own. */
async function uploadsToNewServers(allocator: Allocator, sequentialUploads: number): Promise<boolean> {
  buildIfNeeded();
  const env = { DEMO_MODE: "off", ...allocatorEnv(allocator) };
  const parallelServer = await startLocalServer(env);
  let withinBudget: boolean;
  try {
    if (usesJemalloc(parallelServer.pid) !== (allocator === "jemalloc")) throw new Error(`the server does not run with ${allocator}`);
    withinBudget = (await parallelUploadsTo(parallelServer)).withinBudget;
  } finally {
    await parallelServer.stop();
  }
  if (sequentialUploads === 0) return withinBudget;
  const sequentialServer = await startLocalServer(env);
  try {
    const sequential = await sequentialUploadsTo(sequentialServer, sequentialUploads);
    const mediaLoad = await mediaLoadOn(sequentialServer);
    return sequential.withinGoal && withinBudget && (mediaLoad?.withinGoal ?? true);
  } finally {
    await sequentialServer.stop();
  }
}

async function main(): Promise<void> {
  const childIndex = process.argv.indexOf("--ingest");
  if (childIndex !== -1) return ingest(process.argv[childIndex + 1] ?? "");

  const { values: options } = parseArgs({
    options: {
      allocator: { type: "string", default: "arena" },
      uploads: { type: "string", default: String(sequentialUploadsDefault) },
      "ingest-only": { type: "boolean", default: false },
    },
  });
  const allocator = options.allocator as Allocator;
  if (!allocators.includes(allocator)) throw new Error(`--allocator must be one of ${allocators.join(", ")}`);
  const sequentialUploads = Number(options.uploads);
  console.log(
    `allocator: ${allocator} (${Object.entries(allocatorEnv(allocator))
      .map(([name, value]) => `${name}=${value}`)
      .join(" ")}); load average at the start ${loadAverage()}`,
  );

  const folder = mkdtempSync(join(tmpdir(), "bench-images-photo-"));
  try {
    const photoPath = join(folder, "photo.jpg");
    writeFileSync(photoPath, await photoLikeJpeg(4000, 3000));
    const runs: Array<IngestResult> = [];
    for (let run = 0; run < 3; run++) {
      // The allocator is chosen when a process starts: each ingest is a process of its own.
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--ingest", photoPath], {
        encoding: "utf8",
        env: childEnv(process.env, allocatorEnv(allocator)),
      });
      if (child.status !== 0) throw new Error(`ingest failed: ${child.stderr}`);
      runs.push(JSON.parse(child.stdout) as IngestResult);
    }
    if (runs.some((run) => run.jemalloc !== (allocator === "jemalloc"))) throw new Error(`the ingest did not run with ${allocator}`);
    const result = [...runs].sort((a, b) => a.ms - b.ms)[1] as IngestResult;
    const size = (file: string) => result.files.find((entry) => entry.file === file)?.size ?? 0;
    // Variants are named <width>.<format>; the master's random name may start with a digit too.
    const widths = [...new Set(result.files.flatMap((entry) => /^(\d+)\.(avif|webp)$/.exec(entry.file)?.[1] ?? []).map(Number))].sort(
      (a, b) => a - b,
    );
    const peakMb = Math.max(...runs.map((run) => run.peakRssMb));
    const storedBytes = result.files.reduce((total, file) => total + file.size, 0);

    console.log(`12-megapixel photo: 4000x3000, ${kb(result.originalBytes)} as uploaded`);
    console.log(
      `ingest (checks, master, ${result.files.length - 1} variants, stored): median ${result.ms.toFixed(0)} ms of 3 runs (${runs.map((run) => run.ms.toFixed(0)).join(", ")}; goal < ${ingestGoalMs})`,
    );
    console.log(
      `peak RSS: ${peakMb.toFixed(0)} MiB of 3 runs (${runs.map((run) => run.peakRssMb.toFixed(0)).join(", ")}; process at start ${result.startRssMb.toFixed(0)} MiB; goal < ${ingestPeakGoalMb})`,
    );
    console.log(`stored master (metadata removed): ${result.width}x${result.height}, ${kb(result.storedMasterBytes)}`);
    console.log(
      `stored in all (master and variants): ${mb(storedBytes)}, ${storedBytes.toLocaleString("en")} bytes (goal <= ${mb(storedGoalBytes)})`,
    );
    const ingestWithinGoals = result.ms < ingestGoalMs && peakMb < ingestPeakGoalMb && storedBytes <= storedGoalBytes;
    console.log(ingestWithinGoals ? "ingest within its goals" : "ingest OVER a goal");
    console.log("\nvariant            AVIF        WebP");
    for (const w of widths)
      console.log(`${String(w).padEnd(8)}  ${kb(size(`${w}.avif`)).padStart(10)}  ${kb(size(`${w}.webp`)).padStart(10)}`);
    console.log("\nhero on a 375 px phone (sizes=100vw)");
    let withinBudget = true;
    const upload = resolveImage({ source: "media", id: result.id });
    for (const density of [2, 3]) {
      const files = heroFiles(upload, density);
      const file = (url: string) => decodeURIComponent(url.slice(url.lastIndexOf("/") + 1));
      const avif = size(file(files.avif));
      const webp = size(file(files.webp));
      withinBudget &&= avif <= heroBudgetBytes;
      console.log(
        `  ${density}x: ${Number.parseInt(file(files.avif), 10)} px wide, AVIF ${kb(avif)} (WebP fallback ${kb(webp)}) = ${((avif / result.originalBytes) * 100).toFixed(1)}% of the original`,
      );
    }
    withinBudget = bundledHeroes() && withinBudget;
    console.log(withinBudget ? `within the ${kb(heroBudgetBytes)} budget` : `OVER the ${kb(heroBudgetBytes)} budget`);

    const memoryWithinBudget = options["ingest-only"] || (await uploadsToNewServers(allocator, sequentialUploads));
    console.log(memoryWithinBudget ? "running servers within their goals" : "running servers OVER a goal");
    console.log(`load average at the end ${loadAverage()}`);
    if (!withinBudget || !memoryWithinBudget || !ingestWithinGoals) process.exitCode = 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// Run, not imported (bench.ts imports the parallel uploads).
if (import.meta.main) await main();
