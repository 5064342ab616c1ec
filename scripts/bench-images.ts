// `npm run bench:images`: ingests a 12-megapixel phone photo as an upload does (checks, cleaning,
// orientation, every variant, stored in a fresh SQLite database) in a process of its own, and
// reports the time, the peak memory (RSS) and the bytes of the hero image a 375 px phone
// downloads beside the original's; then the same for the bundled heroes (the home page's and every
// service page's), read from public/images; then eight 8 MB photos uploaded at once to a running
// server (the production build), with the server's memory at its peak and after 30 s idle.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ImageRef, type ResolvedImage, resolveImage } from "../app/content/image-ref.ts";
import { serviceSlugs } from "../app/content/services.ts";
import { photoLikeJpeg } from "../tests/fixtures/images.ts";
import { buildIfNeeded } from "./build-if-needed.ts";
import { signedInAdminCookie, startLocalServer } from "./local-server.ts";
import { median } from "./median.ts";

const heroBudgetBytes = 80 * 1024;
const phoneWidth = 375;
const publicDir = fileURLToPath(new URL("../public", import.meta.url));

type IngestResult = {
  id: string;
  ms: number;
  peakRssMb: number;
  startRssMb: number;
  originalBytes: number;
  storedOriginalBytes: number;
  width: number;
  height: number;
  files: Array<{ file: string; size: number }>;
};

/** Runs in the child: one upload into a fresh database, with its own clock and memory. */
async function ingest(photoPath: string): Promise<void> {
  const { createDb } = await import("../app/server/db/db.server.ts");
  const { migrateToLatest } = await import("../app/server/db/migrate.server.ts");
  const { uploadImage } = await import("../app/server/media/media.server.ts");
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
      storedOriginalBytes: item.size,
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

/** A process's resident memory, in MB. */
function residentMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;
}

// The memory budget of a small server under parallel uploads (ARCHITECTURE.md; review F9).
const parallelUploads = 8;
const peakBudgetMb = 500;
const idleBudgetMb = 250;

/**
 * Eight photos of about 8 MB uploaded at once, as staff on several devices might, to the
 * production server: how many were stored or told the server is busy, and the server's memory at
 * its peak and after 30 s of rest.
 */
async function parallelUploadsToServer(photoPath: string): Promise<boolean> {
  buildIfNeeded();
  const server = await startLocalServer({ DEMO_MODE: "off" });
  try {
    const cookie = await signedInAdminCookie(server, "bench-images@example.com");
    const photo = readFileSync(photoPath);
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
      `  server memory: ${idleBefore.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (budget ${peakBudgetMb}), ${idleAfter.toFixed(0)} MB after 30 s idle (budget ${idleBudgetMb})`,
    );
    return peak < peakBudgetMb && idleAfter < idleBudgetMb && stored + busy === statuses.length;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const childIndex = process.argv.indexOf("--ingest");
  if (childIndex !== -1) return ingest(process.argv[childIndex + 1] ?? "");

  const folder = mkdtempSync(join(tmpdir(), "bench-images-photo-"));
  try {
    const photoPath = join(folder, "photo.jpg");
    writeFileSync(photoPath, await photoLikeJpeg(4000, 3000));
    const runs: Array<IngestResult> = [];
    for (let run = 0; run < 3; run++) {
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--ingest", photoPath], { encoding: "utf8" });
      if (child.status !== 0) throw new Error(`ingest failed: ${child.stderr}`);
      runs.push(JSON.parse(child.stdout) as IngestResult);
    }
    const result = [...runs].sort((a, b) => a.ms - b.ms)[1] as IngestResult;
    const size = (file: string) => result.files.find((entry) => entry.file === file)?.size ?? 0;
    const widths = [...new Set(result.files.map((entry) => Number.parseInt(entry.file, 10)).filter(Number.isFinite))].sort((a, b) => a - b);

    console.log(`12-megapixel photo: ${result.width}x${result.height}, ${kb(result.originalBytes)} as uploaded`);
    console.log(
      `ingest (checks, cleaning, ${result.files.length - 1} variants, stored): median ${result.ms.toFixed(0)} ms of 3 runs (${runs.map((run) => run.ms.toFixed(0)).join(", ")})`,
    );
    console.log(
      `peak RSS: ${Math.max(...runs.map((run) => run.peakRssMb)).toFixed(0)} MB (process at start ${result.startRssMb.toFixed(0)} MB)`,
    );
    console.log(`stored original (metadata removed): ${kb(result.storedOriginalBytes)}`);
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

    // A photo of about 8 MB as a phone saves it (5500x4125, 23 megapixels).
    const largePath = join(folder, "large.jpg");
    writeFileSync(largePath, await photoLikeJpeg(5500, 4125));
    const memoryWithinBudget = await parallelUploadsToServer(largePath);
    console.log(memoryWithinBudget ? "server memory within its budget" : "server memory OVER its budget");
    if (!withinBudget || !memoryWithinBudget) process.exitCode = 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
