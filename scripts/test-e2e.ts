// `npm run test:e2e` (and the last step of `npm test`): the browser tests against the build, each
// Playwright worker on its own servers and databases (tests/setup/e2e-server.ts). With a PostgreSQL
// server (E2E_POSTGRES_URL, or the integration tests' TEST_POSTGRES_URL), half the tests run on it
// and half on SQLite. Then, on their own, the tests that time a server (playwright.config.ts), so
// nothing else competes with what they measure. Arguments are passed to both runs.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const playwright = join(new URL("..", import.meta.url).pathname, "node_modules", ".bin", "playwright");
const postgres = process.env.E2E_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
const env = { ...process.env, ...(postgres ? { E2E_POSTGRES_URL: postgres } : {}) };

for (const project of ["chromium", "timing"]) {
  const result = spawnSync(playwright, ["test", "--project", project, "--pass-with-no-tests", ...process.argv.slice(2)], {
    stdio: "inherit",
    env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
