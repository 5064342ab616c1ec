// Builds the site when any source is newer than the last build (used by `npm start` and `npm test`).
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { build, buildStampFile } from "./build.ts";

const root = new URL("..", import.meta.url).pathname;
const sources = [
  "app",
  "http-shell",
  "migrations",
  "public",
  "package.json",
  "vite.config.ts",
  "vite.islands.config.ts",
  "react-router.config.ts",
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stats.mtimeMs);
}

export function buildIfNeeded(): void {
  const builtAt = existsSync(buildStampFile) ? statSync(buildStampFile).mtimeMs : 0;
  const sourcesAt = Math.max(...sources.map((source) => newestMtime(join(root, source))));
  if (existsSync(join(root, "build", "server", "index.js")) && sourcesAt <= builtAt) return;
  console.log("Building the site...");
  build();
}
