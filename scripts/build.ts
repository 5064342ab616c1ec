// `npm run build`: the site (React Router), the islands of interactivity its pages link to,
// then the compressed forms of the client files, so the server compresses nothing at start.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { precompressStaticFiles } from "./precompress.ts";

const root = new URL("..", import.meta.url).pathname;
export const buildStampFile = join(root, "build", ".built-at");

function run(script: string, args: Array<string>): void {
  execFileSync(process.execPath, [join(root, "node_modules", ...script.split("/")), ...args], { cwd: root, stdio: "inherit" });
}

export function build(): void {
  run("@react-router/dev/bin.cjs", ["build"]);
  run("vite/bin/vite.js", ["build", "--config", "vite.islands.config.ts", "--logLevel", "warn"]);
  precompressStaticFiles(join(root, "build", "client"));
  writeFileSync(buildStampFile, new Date().toISOString());
}

if (import.meta.main) build();
