// `npm test`: the linter and formatter check (Biome), the import rules (dependency-cruiser,
// .dependency-cruiser.cjs), the type check (React Router's route types,
// then tsc), unit and integration tests (Vitest), then end-to-end tests (Playwright in Debian's
// Chromium) against a fresh production build.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { buildIfNeeded } from "./build-if-needed.ts";

const bin = (name: string) => join(new URL("..", import.meta.url).pathname, "node_modules", ".bin", name);

function run(command: string, args: Array<string>): void {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// As package.json says them, so the two cannot drift apart (the import rules once missed a file here).
run("npm", ["run", "--silent", "lint"]);
run("npm", ["run", "--silent", "typecheck"]);
run(bin("vitest"), ["run"]);
buildIfNeeded();
run(process.execPath, [join(new URL(".", import.meta.url).pathname, "test-e2e.ts"), ...process.argv.slice(2)]);
