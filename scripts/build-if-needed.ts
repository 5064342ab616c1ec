// Builds the site when any source is newer than the last build (used by `npm start` and `npm test`).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const stampFile = join(root, "build", ".built-at");
const sources = ["app", "server", "migrations", "public", "package.json", "vite.config.ts", "vite.islands.config.ts", "react-router.config.ts"];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stats.mtimeMs);
}

export function buildIfNeeded(): void {
  const builtAt = existsSync(stampFile) ? statSync(stampFile).mtimeMs : 0;
  const sourcesAt = Math.max(...sources.map((source) => newestMtime(join(root, source))));
  if (existsSync(join(root, "build", "server", "index.js")) && sourcesAt <= builtAt) return;
  console.log("Building the site...");
  // The site (React Router), then the islands of interactivity it links to.
  const run = (script: string, args: Array<string>) =>
    execFileSync(process.execPath, [join(root, "node_modules", ...script.split("/")), ...args], { cwd: root, stdio: "inherit" });
  run("@react-router/dev/bin.cjs", ["build"]);
  run("vite/bin/vite.js", ["build", "--config", "vite.islands.config.ts", "--logLevel", "warn"]);
  writeFileSync(stampFile, new Date().toISOString());
}
