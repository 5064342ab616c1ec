import { defineConfig, devices } from "@playwright/test";
import { e2ePort } from "./tests/setup/e2e-server.ts";

// One server for the run (tests/setup/e2e-global-setup.ts) on a fresh database, so every run
// starts from demo data: a SQLite file, or with E2E_POSTGRES_URL a new PostgreSQL database.
const chromiumFlags = [
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

const contentEditingTests = /content-editing\.test\.ts$/;
const historyTests = /history\.test\.ts$/;
const timingTests = /(form-attacks|media-delivery)\.test\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["line"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumFlags },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: [contentEditingTests, historyTests, timingTests] },
    // Tests that save the shared pages (home, about, services) through the admin run after the
    // others, which read those pages' built-in texts, and one at a time: their editors' list and
    // navigation steps raced each other's saves and browsers on 2 cores (a flaky failure in 1 of
    // 3 full runs, never alone).
    {
      name: "content-editing",
      use: { ...devices["Desktop Chrome"] },
      testMatch: contentEditingTests,
      dependencies: ["chromium"],
      workers: 1,
    },
    // The history tests save and restore versions of About as well, and a content-editing test
    // wipes About's versions when it starts and ends: they run after those.
    { name: "history", use: { ...devices["Desktop Chrome"] }, testMatch: historyTests, dependencies: ["content-editing"] },
    // Tests that assert how fast the server answers run last, one at a time, so that the other
    // tests' browsers and servers are not competing with what they time.
    { name: "timing", use: { ...devices["Desktop Chrome"] }, testMatch: timingTests, dependencies: ["history"], workers: 1 },
  ],
  globalSetup: "./tests/setup/e2e-global-setup.ts",
});
