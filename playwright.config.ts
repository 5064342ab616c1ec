import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, testChromiumPath } from "./bench/chromium.ts";

// Each worker starts its own server on its own fresh database (the `site` fixture of
// tests/fixtures/e2e-test.ts): a SQLite file, or with E2E_POSTGRES_URL a new PostgreSQL
// database. Nothing is shared between workers, so the tests run in parallel in any order.

// What asserts how fast something is runs in the timing project alone: these files, and any test
// tagged @timing. Playwright matches `grep` against the file's name as well as the titles and tags.
const timingTests = [/\b(form-attacks|media-delivery|forgot-password-timing)\.test\.ts\b/, /@timing\b/];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // At least two: each worker has its own servers, and on 2 cores one browser leaves the CPU idle
  // while its server answers (Playwright's default would be one worker there).
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  // Bounds on a hang, not time budgets: on a machine busy with other work a test may take many
  // times its usual time, and only the timing project asserts durations (README, Tests).
  timeout: 300_000,
  expect: { timeout: 60_000 },
  globalTimeout: 60 * 60_000,
  // "list" everywhere: it repeats each failure with its error at the end, where a CI log's tail shows it.
  reporter: [["list"]],
  use: {
    launchOptions: { executablePath: testChromiumPath, args: chromiumFlags },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, grepInvert: timingTests },
    // Tests that assert how fast a server answers start their own and are run on their own
    // (scripts/test.ts runs this project after the other), so no other test's browser competes
    // with what they time.
    { name: "timing", use: { ...devices["Desktop Chrome"] }, grep: timingTests, workers: 1 },
  ],
});
