// `npm run bench`: measures the public pages against the budgets in ARCHITECTURE.md, three ways in
// the same run: through the shipped production path (nginx with deploy/nginx/practice-site.conf and
// its page cache in front of the server), the bare server (one event loop, request log on, as a
// deployment runs it), and nginx serving the same bytes as a static file: the same body and
// headers as the shipped path answers, with the shipped file's open-file cache. Needs `wrk` (and `nginx`
// for the comparisons): apt-get install wrk nginx. Reports medians of several runs: the machine is shared.
//
//   npm run bench -- [--runs 3] [--duration 8] [--connections 32] [--path / --path /contact] [--uploads] [--all]
//                    [--request-log off]
//
// It checks that the server renders with React's production build, prints page weights, the
// server's memory at idle and after 10,000 requests to the public pages (32 at once), then for
// each page (by default /, a service page, /about, /contact and a missing page, which answers 404)
// req/s, p50 and p99 of the three, their ratios and the goals,
// and ends with a table for the README. With --uploads, eight photos are uploaded at once to the
// same server after the 10,000 requests, and its memory reported, then 50 one after another (its
// memory 30 s later), then 32 clients download the largest stored file beside GET / (the steps
// `npm run bench:images` ends with, there on fresh servers). --all is --uploads, then the other
// benches, each printing its goals beside its figures: one photo's ingest (bench:images
// --ingest-only), the admin inbox (bench:inbox, on PostgreSQL too with BENCH_POSTGRES_URL) and
// Lighthouse (bench:lighthouse). About 30 minutes. --request-log off: the server without its
// request log, to see what the log costs.
import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { sitemapPaths } from "../app/content/public-paths.ts";
import { mediaLoadOn, parallelUploadsTo, sequentialUploadsTo } from "./bench-images.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { hasNginx, type LocalNginx, shippedConfig, startNginx, startShippedNginx } from "./local-nginx.ts";
import { freePort, residentMb, startLocalServer, waitFor } from "./local-server.ts";
import { publishSampleArticle, sampleArticlePath } from "./sample-article.ts";
import { median } from "./statistics.ts";

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    duration: { type: "string", default: "8" },
    connections: { type: "string", default: "32" },
    path: { type: "string", multiple: true, default: ["/", "/services/individual-counseling", "/about", "/contact", "/no-such-page"] },
    uploads: { type: "boolean", default: false },
    all: { type: "boolean", default: false },
    // "off" measures the server without its request log, to see what the log costs.
    "request-log": { type: "string", default: "on" },
  },
});
// --all takes the uploads too: every goal of the budgets in one run.
const withUploads = options.uploads || options.all;
const runs = Number(options.runs);
const duration = Number(options.duration);
const connections = Number(options.connections);
const contentPages = [
  "/",
  "/about",
  "/resources",
  "/services/individual-counseling",
  "/services/esa-letters",
  "/articles",
  sampleArticlePath,
  "/no-such-page",
];
const warmUpRequests = 10_000;
// Gzip only: nginx serves the same gzip bytes (gzip_static), so both send exactly the same body.
const acceptEncoding = "gzip";
// As `npm run serve` and a deployment start it: NODE_ENV unset, set to production by the server
// itself before React loads (http-shell/production-mode.ts); no demo account.
const deployedEnv = { NODE_ENV: "", DEMO_MODE: "off" };

function has(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
}

function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const number = Number(match[1]);
  return match[2] === "us" ? number / 1000 : match[2] === "s" ? number * 1000 : number;
}

/** `errors`: answers other than 2xx and 3xx; `requests`: all answers. */
type WrkResult = { requestsPerSecond: number; p50: number; p99: number; errors: number; requests: number };

const run = promisify(execFile);

/** wrk against `url`; with `memoryOf`, also the highest resident memory that process reached meanwhile. */
async function wrk(url: string, connectionCount: number, seconds: number, memoryOf?: number): Promise<WrkResult & { peakMb: number }> {
  const threads = Math.min(2, connectionCount);
  let peakMb = memoryOf ? residentMb(memoryOf) : 0;
  const sampler = memoryOf ? setInterval(() => (peakMb = Math.max(peakMb, residentMb(memoryOf))), 100) : undefined;
  const { stdout: output } = await run(
    "wrk",
    [
      "-t",
      String(threads),
      "-c",
      String(connectionCount),
      "-d",
      `${seconds}s`,
      "--latency",
      "-H",
      `Accept-Encoding: ${acceptEncoding}`,
      url,
    ],
    { encoding: "utf8" },
  ).finally(() => clearInterval(sampler));
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const p50 = toMs(/\s50%\s+(\S+)/.exec(output)?.[1] ?? "");
  const p99 = toMs(/\s99%\s+(\S+)/.exec(output)?.[1] ?? "");
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  return { requestsPerSecond, p50, p99, errors, requests, peakMb };
}

async function gzipSize(url: string): Promise<number> {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  return gzipSync(body, { level: 9 }).length;
}

async function pageWeights(origin: string, path: string) {
  const html = await (await fetch(origin + path)).text();
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"|<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1] ?? m[2]!,
  );
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  // The hero's <picture>: a browser with AVIF takes its AVIF <source>, others the <img>'s srcset.
  const hero = /<picture[^>]*>(?:(?!<\/picture>).)*?<img[^>]*fetchPriority="high"[^>]*>/i.exec(html)?.[0];
  const heroSrcSet =
    (hero && /<source type="image\/avif" srcSet="([^"]+)"/i.exec(hero)?.[1]) ??
    /<img[^>]*srcSet="([^"]+)"[^>]*fetchPriority="high"|<img[^>]*fetchPriority="high"[^>]*srcSet="([^"]+)"/i
      .exec(html)
      ?.slice(1)
      .find(Boolean);
  let heroBytes = 0;
  if (heroSrcSet) {
    // A 375px-wide phone at 3x density asks for the smallest candidate of at least 1125px.
    const candidates = heroSrcSet.split(",").map((entry) => {
      const [url, width] = entry.trim().split(/\s+/);
      return { url: url!, width: Number.parseInt(width ?? "0", 10) };
    });
    const chosen = candidates.sort((a, b) => a.width - b.width).find((c) => c.width >= 1125) ?? candidates.at(-1)!;
    heroBytes = (await (await fetch(origin + chosen.url)).arrayBuffer()).byteLength;
  }
  const unique = (list: Array<string>) => [...new Set(list)];
  const sum = async (list: Array<string>) =>
    (await Promise.all(unique(list).map((url) => gzipSize(origin + url)))).reduce((a, b) => a + b, 0);
  return { html: gzipSync(html, { level: 9 }).length, js: await sum(scripts), css: await sum(styles), hero: heroBytes };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * The React builds a server started as deployed loads, by Node's module log (as
 * tests/e2e/start-up.test.ts checks): its "REQUEST" lines name every CommonJS file loaded. No HTML
 * marker tells the two builds apart reliably, so this asks a server of its own, started for it.
 */
async function developmentBuildsLoaded(): Promise<{ production: Array<string>; development: Array<string> }> {
  let log = "";
  const server = await startLocalServer({ ...deployedEnv, NODE_DEBUG: "module" }, { onStderr: (text) => (log += text) });
  try {
    for (const path of ["/", "/contact"]) await (await fetch(server.origin + path)).arrayBuffer();
  } finally {
    await server.stop();
  }
  const loaded = [...log.matchAll(/Module\._load REQUEST \S*\/([\w.-]+)\.(development|production)\.js/g)];
  const named = (build: string) => [...new Set(loaded.filter(([, , kind]) => kind === build).map(([, file]) => file ?? ""))];
  return { production: named("production"), development: named("development") };
}

/** Exactly `warmUpRequests` GETs of the public pages in turn, `connections` at once; the server's memory at its peak and after. */
async function mixedRequests(origin: string, serverPid: number): Promise<{ peakMb: number; afterMb: number; ok: number }> {
  let peakMb = residentMb(serverPid);
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb(serverPid))), 100);
  try {
    const result = await autocannon({
      url: origin,
      connections,
      amount: warmUpRequests,
      headers: { "accept-encoding": acceptEncoding },
      requests: sitemapPaths.map((path) => ({ method: "GET", path })),
    });
    return { peakMb, afterMb: residentMb(serverPid), ok: result["2xx"] };
  } finally {
    clearInterval(sampler);
  }
}

/** `errors`: answers not of the page's own status (a missing page's is 404). */
type Row = {
  path: string;
  /** The bare server, one event loop, request log on. */
  site: Timing;
  /** The shipped production path: nginx with deploy/nginx/practice-site.conf (its page cache) in front of the server. */
  shipped: Timing | null;
  /** nginx serving the same bytes as a static file, as Debian's nginx does by default: the goals' yardstick. */
  nginx: Timing | null;
  /** The same with the shipped file's open-file cache, for information: how far nginx's own best is. */
  tunedNginx: Timing | null;
  singleP50: number;
  errors: number;
};
type Timing = { rps: number; p50: number; p99: number };

// The goals of every public page, a missing one included (ARCHITECTURE.md, Budgets).
const goals = { shippedShare: 0.9, siteShare: 0.4, p99Ms: 5 };

// What nginx writes itself on any answer, static or kept (its own Date, length, ETag, Vary...),
// and what differs per answer: left out of the headers the static nginx is given.
const ownHeaders = new Set([
  ...["date", "connection", "keep-alive", "server", "transfer-encoding", "accept-ranges"],
  ...["content-length", "content-encoding", "content-type", "etag", "last-modified", "vary", "x-request-id"],
]);

/** The shipped file's `open_file_cache` directive, read once ("" when it has none). */
const shippedOpenFileCache = /^\s*(open_file_cache\s[^;]*;)/m.exec(shippedConfig())?.[1] ?? "";

/**
 * The static nginx's directives that make its answer the same as the shipped path's, headers
 * included (`shippedHeaders`: a kept copy's answer through the shipped nginx). With `fileCache`,
 * also the shipped file's open-file cache, which makes nginx's static files faster still.
 */
function sameAnswerAs(shippedHeaders: Headers, fileCache: boolean): string {
  const openFileCache = fileCache ? shippedOpenFileCache : "";
  const added = [...shippedHeaders].filter(([name]) => !ownHeaders.has(name));
  for (const [name, value] of added) if (/[$"\\]/.test(value)) throw new Error(`header ${name} cannot be written for nginx`);
  const headers = added.map(([name, value]) => `add_header ${name} "${value}" always;`);
  return [openFileCache, "charset utf-8;", "gzip_vary on;", ...headers].join("\n    ");
}

/**
 * nginx serving `files` as the page: index.html for every path, with its status and `answer`'s
 * directives. A missing page is answered 404 with the one cached document, so nginx answers 404
 * with the same bytes.
 */
function nginxServer(status: number, answer: string) {
  const common = (folder: string) => `root ${folder};
    gzip_static on;
    default_type text/html;
    ${answer}`;
  return status === 404
    ? (folder: string) => `${common(folder)}
    error_page 404 /index.html;
    location = /index.html { internal; }
    location / { return 404; }`
    : (folder: string) => `${common(folder)}
    location / { try_files /index.html =404; }`;
}

/**
 * Throughput and latency of one page four ways, in the same run: the bare server, the shipped
 * production path (`shippedOrigin`: nginx with the shipped configuration and its page cache in
 * front of the same server), and nginx serving the page's bytes and headers as a static file
 * (gzipped ahead, as the page cache does), as Debian's nginx does by default and with the shipped
 * open-file cache. The rounds alternate between the four, so all see the same load from the rest
 * of the machine. Medians of `runs`.
 */
async function measure(origin: string, shippedOrigin: string | null, path: string, serverPid: number): Promise<Row> {
  const url = origin + path;
  const answer = await fetch(url);
  const { status } = answer;
  const body = Buffer.from(await answer.arrayBuffer());
  // The headers of the shipped path's answer: asked twice, the second is a kept copy's.
  let shippedHeaders: Headers | null = null;
  for (let ask = 0; shippedOrigin && ask < 2; ask += 1) {
    const shippedAnswer = await fetch(shippedOrigin + path, { headers: { "Accept-Encoding": acceptEncoding } });
    await shippedAnswer.arrayBuffer();
    shippedHeaders = shippedAnswer.headers;
  }
  const staticNginx = (fileCache: boolean) =>
    hasNginx() && shippedHeaders
      ? startNginx({
          files: { "index.html": body, "index.html.gz": gzipSync(body, { level: 9 }) },
          server: nginxServer(status, sameAnswerAs(shippedHeaders, fileCache)),
        })
      : null;
  const nginx = await staticNginx(false);
  const tunedNginx = await staticNginx(true);
  try {
    const nginxUrl = nginx ? `http://127.0.0.1:${nginx.port}/` : null;
    const tunedNginxUrl = tunedNginx ? `http://127.0.0.1:${tunedNginx.port}/` : null;
    const shippedUrl = shippedOrigin ? shippedOrigin + path : null;
    for (const [name, other] of [
      ["nginx", nginxUrl],
      ["nginx with its open-file cache", tunedNginxUrl],
      ["the shipped nginx", shippedUrl],
    ] as const) {
      if (!other) continue;
      const theirs = await fetch(other, { headers: { "Accept-Encoding": acceptEncoding } });
      const same = theirs.status === status && Buffer.from(await theirs.arrayBuffer()).equals(body);
      if (!same) throw new Error(`${name} does not answer as the site does for ${path} (status ${theirs.status}, site ${status})`);
    }
    const urls = [url, shippedUrl, nginxUrl, tunedNginxUrl].filter((each): each is string => each !== null);
    for (let warm = 0; warm < 2; warm += 1) for (const each of urls) await wrk(each, connections, 1);
    const ours: Array<Awaited<ReturnType<typeof wrk>>> = [];
    const shipped: Array<WrkResult> = [];
    const theirs: Array<WrkResult> = [];
    const tuned: Array<WrkResult> = [];
    const single: Array<WrkResult> = [];
    for (let round = 0; round < runs; round += 1) {
      ours.push(await wrk(url, connections, duration, serverPid));
      if (shippedUrl) shipped.push(await wrk(shippedUrl, connections, duration));
      if (nginxUrl) theirs.push(await wrk(nginxUrl, connections, duration));
      if (tunedNginxUrl) tuned.push(await wrk(tunedNginxUrl, connections, duration));
      single.push(await wrk(url, 1, Math.max(3, Math.round(duration / 2))));
    }
    const timing = (results: ReadonlyArray<WrkResult>): Timing | null =>
      results.length === 0
        ? null
        : {
            rps: median(results.map((r) => r.requestsPerSecond)),
            p50: median(results.map((r) => r.p50)),
            p99: median(results.map((r) => r.p99)),
          };
    // wrk counts every 4xx as an error: for a missing page, the error is an answer that is not one.
    const wrong = (results: ReadonlyArray<WrkResult>) =>
      results.reduce((sum, r) => sum + (status >= 400 ? r.requests - r.errors : r.errors), 0);
    const row: Row = {
      path,
      site: timing(ours)!,
      shipped: timing(shipped),
      nginx: timing(theirs),
      tunedNginx: timing(tuned),
      singleP50: median(single.map((r) => r.p50)),
      errors: wrong(ours) + wrong(shipped),
    };
    console.log(`\n${path} (status ${status}), Accept-Encoding: ${acceptEncoding}, ${runs} runs of ${duration}s, medians:`);
    const line = (name: string, t: Timing) =>
      `  ${name.padEnd(22)} ${connections} connections: ${t.rps.toFixed(0)} req/s, p50 ${t.p50.toFixed(2)} ms, p99 ${t.p99.toFixed(2)} ms`;
    if (row.shipped) console.log(`${line("through shipped nginx", row.shipped)} (goal: p99 under ${goals.p99Ms} ms)`);
    console.log(
      `${line("site alone, 1 loop", row.site)}; server memory under load: up to ${Math.max(...ours.map((r) => r.peakMb)).toFixed(0)} MB`,
    );
    if (row.nginx) console.log(line("nginx, static file", row.nginx));
    if (row.tunedNginx) console.log(`${line("nginx, static, file cache", row.tunedNginx)} (open_file_cache as shipped, for information)`);
    console.log(
      `  site alone, 1 connection: p50 ${row.singleP50.toFixed(3)} ms; answers not ${status === 200 ? "2xx or 3xx" : status}: ${row.errors}`,
    );
    if (row.nginx) {
      console.log(
        `  shipped / static nginx: ${share(row.shipped, row.nginx)} (goal: at least ${goals.shippedShare * 100}%); site alone / static nginx: ${share(row.site, row.nginx)} (goal: at least ${goals.siteShare * 100}%); shipped / static nginx with its file cache: ${share(row.shipped, row.tunedNginx)}`,
      );
    }
    return row;
  } finally {
    nginx?.stop();
    tunedNginx?.stop();
  }
}

function share(ours: Timing | null, theirs: Timing | null): string {
  return ours && theirs ? `${((ours.rps / theirs.rps) * 100).toFixed(0)}%` : "-";
}

/** The results as a Markdown table, to paste into the README. */
function summary(rows: ReadonlyArray<Row>): string {
  const ms = (value: number | undefined) => (value === undefined ? "-" : `${value.toFixed(2)} ms`);
  const lines = rows.map(
    (row) =>
      `| \`${row.path}\` | ${row.shipped?.rps.toFixed(0) ?? "-"} | ${row.site.rps.toFixed(0)} | ${row.nginx?.rps.toFixed(0) ?? "-"} | ${share(row.shipped, row.nginx)} | ${share(row.site, row.nginx)} | ${share(row.shipped, row.tunedNginx)} | ${ms(row.shipped?.p99)} | ${ms(row.site.p99)} | ${ms(row.singleP50)} |`,
  );
  return [
    "| path | shipped nginx req/s | site alone req/s | static nginx req/s | shipped / static | site / static | shipped / static with file cache | p99 shipped | p99 site | p50 site, 1 connection |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...lines,
  ].join("\n");
}

function loadAverage(): string {
  return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
}

async function main() {
  const loadAtStart = loadAverage();
  buildIfNeeded();
  const builds = await developmentBuildsLoaded();
  if (builds.development.length > 0 || !builds.production.includes("react-dom-server.node")) {
    console.error(
      `The server does not render with React's production build: development ${builds.development.join(", ") || "none"}; production ${builds.production.join(", ") || "none"}`,
    );
    process.exitCode = 1;
    return;
  }
  console.log(`React's production build: ${builds.production.join(", ")} (no development build loaded)`);

  // SITE_URL set, as in a deployment (and the server does not warn of it).
  const port = await freePort();
  // As a deployment runs it: the request log on (written to a pipe this process reads, as a
  // service manager's journal does), behind the proxy it trusts; one event loop.
  let logBytes = 0;
  const server = await startLocalServer(
    {
      ...deployedEnv,
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: "127.0.0.1",
      LOG_REQUESTS: options["request-log"] === "off" ? "false" : "true",
    },
    { onStdout: (text) => (logBytes += text.length) },
  );
  const { origin } = server;
  let shipped: LocalNginx | null = null;
  try {
    // One published article, so its page and the list of articles are measured with the others
    // (`--path /articles/a-first-couples-session`); the server notices it within its content poll.
    await publishSampleArticle(server.databaseFile);
    await waitFor(origin + sampleArticlePath);
    console.log("\nPage weights (gzip)      HTML      JS        CSS       hero@375px x3");
    for (const path of [...contentPages, "/contact"]) {
      const weights = await pageWeights(origin, path);
      console.log(
        `${path.padEnd(34)} ${kb(weights.html).padEnd(9)} ${kb(weights.js).padEnd(9)} ${kb(weights.css).padEnd(9)} ${weights.hero ? kb(weights.hero) : "-"}`,
      );
    }

    const idleMb = residentMb(server.pid);
    console.log(`\nServer memory at idle: ${idleMb.toFixed(0)} MB`);
    const mixed = await mixedRequests(origin, server.pid);
    console.log(
      `Server memory after ${warmUpRequests.toLocaleString("en")} requests (${sitemapPaths.length} public pages in turn, ${connections} at once; ${mixed.ok} answered 2xx): ${mixed.afterMb.toFixed(0)} MB (peak ${mixed.peakMb.toFixed(0)} MB)`,
    );

    // Before the wrk runs: their /contact load leaves the server larger for a while.
    const uploads = withUploads ? await parallelUploadsTo(server) : null;
    if (uploads && !uploads.withinBudget) process.exitCode = 1;
    // Then 50 photos one after another (memory 30 s after), and 32 clients downloading the
    // largest stored file beside GET / (issue 22; docs/decisions/027-bounded-photo-master.md).
    const sequentialUploads = withUploads ? await sequentialUploadsTo(server) : null;
    if (sequentialUploads && !sequentialUploads.withinGoal) process.exitCode = 1;
    const mediaLoad = withUploads ? await mediaLoadOn(server) : null;
    if (mediaLoad && !mediaLoad.withinGoal) process.exitCode = 1;

    const rows: Array<Row> = [];
    if (has("wrk")) {
      if (!hasNginx()) console.log("\nnginx not found: install it (apt-get install nginx) to compare.");
      // deploy/nginx/practice-site.conf with its ports swapped, both instances this one server.
      shipped = hasNginx() ? await startShippedNginx([port, port]) : null;
      const shippedOrigin = shipped ? `http://127.0.0.1:${shipped.port}` : null;
      for (const path of options.path) rows.push(await measure(origin, shippedOrigin, path, server.pid));
      console.log(
        `\nServer memory after the wrk runs: ${residentMb(server.pid).toFixed(0)} MB; request log: ${options["request-log"]} (${(logBytes / 1e6).toFixed(0)} MB written)`,
      );
    } else {
      console.log("\nwrk not found: install it (apt-get install wrk) to measure throughput and latency.");
    }

    if (rows.length > 0) {
      console.log(
        `\nSummary (${new Date().toISOString().slice(0, 10)}, ${connections} connections, Accept-Encoding: ${acceptEncoding}, medians of ${runs} runs of ${duration}s; load average ${loadAtStart} at the start, ${loadAverage()} at the end):\n`,
      );
      console.log(summary(rows));
      console.log(
        `\nServer memory: ${idleMb.toFixed(0)} MB at idle, ${mixed.afterMb.toFixed(0)} MB after ${warmUpRequests.toLocaleString("en")} requests; ` +
          (uploads
            ? `8 photo uploads at once then: peak ${uploads.peakMb.toFixed(0)} MiB (goal < 500), ${uploads.afterMb.toFixed(0)} MiB 30 s later`
            : "after 8 photo uploads at once: npm run bench -- --uploads (or npm run bench:images)"),
      );
      if (sequentialUploads) {
        console.log(
          `${sequentialUploads.count} photo uploads one after another then: median ${sequentialUploads.medianMs.toFixed(0)} ms each, ` +
            `peak ${sequentialUploads.peakMb.toFixed(0)} MiB, ${sequentialUploads.restedMb.toFixed(0)} MiB 30 s later (goal < 300)` +
            (sequentialUploads.storedBytesPerUpload === null
              ? ""
              : `; ${(sequentialUploads.storedBytesPerUpload / 1e6).toFixed(3)} MB stored per photo (goal <= 1.2)`),
        );
      }
      if (mediaLoad) {
        console.log(
          `${mediaLoad.connections} clients downloading a photo's largest stored file (${(mediaLoad.bytes / 1024).toFixed(0)} KB): ` +
            `${mediaLoad.requestsPerSecond.toFixed(0)} req/s; GET / meanwhile p95 ${mediaLoad.during.p95Ms.toFixed(1)} ms (goal < 5), ` +
            `${mediaLoad.baseline.p95Ms.toFixed(1)} ms without them`,
        );
      }
    }
  } finally {
    shipped?.stop();
    await server.stop();
  }
}

/** What --all runs after this bench: the script in bench/ and its arguments. */
const otherBenches: ReadonlyArray<[string, ...Array<string>]> = [
  ["bench-images.ts", "--ingest-only"],
  ["bench-inbox.ts"],
  ["bench-lighthouse.ts"],
];

await main();
if (options.all) {
  for (const [script, ...args] of otherBenches) {
    console.log(`\n== ${script} ${args.join(" ")}\n`);
    const result = spawnSync(process.execPath, [fileURLToPath(new URL(script, import.meta.url)), ...args], { stdio: "inherit" });
    if (result.status !== 0) process.exitCode = 1;
  }
}
