// `npm test`: the linter and formatter check (Biome), the import rules (dependency-cruiser,
// .dependency-cruiser.cjs), the type check (React Router's route types,
// then tsc), unit and integration tests (Vitest), then end-to-end tests (Playwright in Debian's
// Chromium) against a fresh production build.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { buildIfNeeded } from "./build-if-needed.ts";

const bin = (name: string) => join(new URL("..", import.meta.url).pathname, "node_modules", ".bin", name);

function run(command: string, args: Array<string>, env: Record<string, string> = {}): void {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(bin("biome"), ["check", "."]);
run(bin("depcruise"), ["--config", ".dependency-cruiser.cjs", "app", "http-shell", "scripts", "tests", "server.ts"]);
run(bin("react-router"), ["typegen"]);
run(bin("tsc"), []);
run(bin("vitest"), ["run"]);
buildIfNeeded();
// The browser tests, each worker on its own servers and databases: with a PostgreSQL server (the
// one the integration tests use), half the tests run on it and half on SQLite
// (tests/setup/e2e-server.ts). Then, on their own, the tests that time a server
// (playwright.config.ts), so nothing else competes with what they measure.
const filters = process.argv.slice(2);
const postgres = process.env.E2E_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
run(
  bin("playwright"),
  ["test", "--project", "chromium", "--pass-with-no-tests", ...filters],
  postgres ? { E2E_POSTGRES_URL: postgres } : {},
);
run(bin("playwright"), ["test", "--project", "timing", "--pass-with-no-tests", ...filters]);
