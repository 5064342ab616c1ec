// `npm run bench`: measures the public pages against the budgets in ARCHITECTURE.md, beside
// nginx serving the same bytes as a static file. Needs `wrk` (and `nginx` for the comparison):
// apt-get install wrk nginx-light. Reports medians of several runs: the machine is shared.
//
//   npm run bench -- [--runs 3] [--duration 8] [--connections 32] [--path /]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { buildIfNeeded } from "./build-if-needed.ts";
import { freePort, startLocalServer, waitFor } from "./local-server.ts";
import { median } from "./median.ts";

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    duration: { type: "string", default: "8" },
    connections: { type: "string", default: "32" },
    path: { type: "string", default: "/" },
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

function wrk(url: string, connectionCount: number, seconds: number): WrkResult {
  const threads = Math.min(2, connectionCount);
  const result = spawnSync(
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
  );
  const output = result.stdout;
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const p50 = toMs(/\s50%\s+(\S+)/.exec(output)?.[1] ?? "");
  const p99 = toMs(/\s99%\s+(\S+)/.exec(output)?.[1] ?? "");
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  return { requestsPerSecond, p50, p99, errors };
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

function startNginx(port: number, body: Buffer): { stop(): void; folder: string } {
  const folder = mkdtempSync(join(tmpdir(), "bench-nginx-"));
  writeFileSync(join(folder, "index.html"), body);
  writeFileSync(join(folder, "index.html.gz"), gzipSync(body, { level: 9 }));
  writeFileSync(
    join(folder, "nginx.conf"),
    `worker_processes auto;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${folder};
  proxy_temp_path ${folder};
  fastcgi_temp_path ${folder};
  uwsgi_temp_path ${folder};
  scgi_temp_path ${folder};
  server {
    listen 127.0.0.1:${port};
    root ${folder};
    gzip_static on;
    default_type text/html;
    location / { try_files /index.html =404; }
  }
}
`,
  );
  const result = spawnSync("nginx", ["-c", join(folder, "nginx.conf"), "-p", folder]);
  if (result.status !== 0) throw new Error(`nginx did not start: ${result.stderr}`);
  return {
    folder,
    stop() {
      spawnSync("nginx", ["-c", join(folder, "nginx.conf"), "-p", folder, "-s", "stop"]);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
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
    const url = origin + options.path;
    for (let warm = 0; warm < 2; warm += 1) wrk(url, connections, 1);
    const ours: Array<WrkResult> = [];
    const single: Array<WrkResult> = [];
    for (let run = 0; run < runs; run += 1) {
      ours.push(wrk(url, connections, duration));
      single.push(wrk(url, 1, Math.max(3, Math.round(duration / 2))));
    }
    const ourRps = median(ours.map((r) => r.requestsPerSecond));
    console.log(`\n${options.path} with "${browserHeaders["Accept-Encoding"]}", ${runs} runs of ${duration}s, medians:`);
    console.log(
      `  site  ${connections} connections: ${ourRps.toFixed(0)} req/s, p99 ${median(ours.map((r) => r.p99)).toFixed(2)} ms (non-2xx: ${ours.reduce((a, r) => a + r.errors, 0)})`,
    );
    console.log(`  site  1 connection: p50 ${median(single.map((r) => r.p50)).toFixed(3)} ms`);

    if (!has("nginx")) {
      console.log("\nnginx not found: install it (apt-get install nginx-light) to compare.");
      return;
    }
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    const nginxPort = await freePort();
    const nginx = startNginx(nginxPort, body);
    try {
      const nginxUrl = `http://127.0.0.1:${nginxPort}/`;
      await waitFor(nginxUrl);
      for (let warm = 0; warm < 2; warm += 1) wrk(nginxUrl, connections, 1);
      const theirs: Array<WrkResult> = [];
      for (let run = 0; run < runs; run += 1) theirs.push(wrk(nginxUrl, connections, duration));
      const nginxRps = median(theirs.map((r) => r.requestsPerSecond));
      console.log(
        `  nginx ${connections} connections: ${nginxRps.toFixed(0)} req/s, p99 ${median(theirs.map((r) => r.p99)).toFixed(2)} ms`,
      );
      console.log(`  site / nginx: ${((ourRps / nginxRps) * 100).toFixed(0)}% (budget: at least 30%)`);
    } finally {
      nginx.stop();
    }
  } finally {
    await server.stop();
  }
}

await main();
