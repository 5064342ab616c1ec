// `npm run bench`: measures the public pages against the budgets in ARCHITECTURE.md, beside
// nginx serving the same bytes as a static file. Needs `wrk` (and `nginx` for the comparison):
// apt-get install wrk nginx. Reports medians of several runs: the machine is shared.
//
//   npm run bench -- [--runs 3] [--duration 8] [--connections 32] [--path / --path /contact]
//
// By default it measures / (a cached page) and /contact (rendered for each request: its form
// carries a fresh token), each beside nginx serving that page's bytes, and the server's memory.
import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs, promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { buildIfNeeded } from "./build-if-needed.ts";
import { hasNginx, startNginx } from "./local-nginx.ts";
import { startLocalServer } from "./local-server.ts";
import { median } from "./median.ts";

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    duration: { type: "string", default: "8" },
    connections: { type: "string", default: "32" },
    path: { type: "string", multiple: true, default: ["/", "/contact"] },
  },
});
const runs = Number(options.runs);
const duration = Number(options.duration);
const connections = Number(options.connections);
const contentPages = ["/", "/about", "/resources", "/services/individual-counseling", "/services/esa-letters", "/no-such-page"];
const browserHeaders = { "Accept-Encoding": "gzip, deflate, br, zstd" };

function has(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
}

function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const number = Number(match[1]);
  return match[2] === "us" ? number / 1000 : match[2] === "s" ? number * 1000 : number;
}

type WrkResult = { requestsPerSecond: number; p50: number; p99: number; errors: number };

const run = promisify(execFile);

/** A process's resident memory, in MB. */
function residentMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;
}

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
      `Accept-Encoding: ${browserHeaders["Accept-Encoding"]}`,
      url,
    ],
    { encoding: "utf8" },
  ).finally(() => clearInterval(sampler));
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const p50 = toMs(/\s50%\s+(\S+)/.exec(output)?.[1] ?? "");
  const p99 = toMs(/\s99%\s+(\S+)/.exec(output)?.[1] ?? "");
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  return { requestsPerSecond, p50, p99, errors, peakMb };
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

/** Throughput and latency of one page, beside nginx serving the same bytes; medians of `runs`. */
async function measure(url: string, path: string, serverPid: number): Promise<void> {
  for (let warm = 0; warm < 2; warm += 1) await wrk(url, connections, 1);
  const ours: Array<Awaited<ReturnType<typeof wrk>>> = [];
  const single: Array<WrkResult> = [];
  for (let round = 0; round < runs; round += 1) {
    ours.push(await wrk(url, connections, duration, serverPid));
    single.push(await wrk(url, 1, Math.max(3, Math.round(duration / 2))));
  }
  const ourRps = median(ours.map((r) => r.requestsPerSecond));
  console.log(`\n${path} with "${browserHeaders["Accept-Encoding"]}", ${runs} runs of ${duration}s, medians:`);
  console.log(
    `  site  ${connections} connections: ${ourRps.toFixed(0)} req/s, p99 ${median(ours.map((r) => r.p99)).toFixed(2)} ms (non-2xx: ${ours.reduce((a, r) => a + r.errors, 0)}); server memory under load: up to ${Math.max(...ours.map((r) => r.peakMb)).toFixed(0)} MB`,
  );
  console.log(`  site  1 connection: p50 ${median(single.map((r) => r.p50)).toFixed(3)} ms`);
  if (!hasNginx()) return;

  // nginx serves the page's bytes as a static file, gzipped ahead as our cache does.
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  const nginx = await startNginx({
    files: { "index.html": body, "index.html.gz": gzipSync(body, { level: 9 }) },
    server: (folder) => `root ${folder};
    gzip_static on;
    default_type text/html;
    location / { try_files /index.html =404; }`,
  });
  try {
    const nginxUrl = `http://127.0.0.1:${nginx.port}/`;
    for (let warm = 0; warm < 2; warm += 1) await wrk(nginxUrl, connections, 1);
    const theirs: Array<WrkResult> = [];
    for (let round = 0; round < runs; round += 1) theirs.push(await wrk(nginxUrl, connections, duration));
    const nginxRps = median(theirs.map((r) => r.requestsPerSecond));
    console.log(`  nginx ${connections} connections: ${nginxRps.toFixed(0)} req/s, p99 ${median(theirs.map((r) => r.p99)).toFixed(2)} ms`);
    console.log(`  site / nginx: ${((ourRps / nginxRps) * 100).toFixed(0)}% (budget: at least 50%)`);
  } finally {
    nginx.stop();
  }
}

async function main() {
  buildIfNeeded();
  const server = await startLocalServer();
  const { origin } = server;
  try {
    console.log("\nPage weights (gzip)      HTML      JS        CSS       hero@375px x3");
    for (const path of [...contentPages, "/contact"]) {
      const weights = await pageWeights(origin, path);
      console.log(
        `${path.padEnd(34)} ${kb(weights.html).padEnd(9)} ${kb(weights.js).padEnd(9)} ${kb(weights.css).padEnd(9)} ${weights.hero ? kb(weights.hero) : "-"}`,
      );
    }

    if (!has("wrk")) {
      console.log("\nwrk not found: install it (apt-get install wrk) to measure throughput and latency.");
      return;
    }
    if (!hasNginx()) console.log("\nnginx not found: install it (apt-get install nginx) to compare.");
    console.log(`\nServer memory at idle: ${residentMb(server.pid).toFixed(0)} MB`);
    for (const path of options.path) await measure(origin + path, path, server.pid);
  } finally {
    await server.stop();
  }
}

await main();
