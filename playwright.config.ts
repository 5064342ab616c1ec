import { mkdirSync, rmSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// One server for the run, on its own fresh SQLite file so every run starts from demo data.
// Workers inherit the environment, so they all see the same database path.
const port = Number(process.env.E2E_PORT ?? 3211);
if (!process.env.E2E_DATABASE) {
  // The main process (workers already have the path): start from nothing, drop the last run.
  rmSync("data/e2e", { recursive: true, force: true });
  mkdirSync("data/e2e", { recursive: true });
  process.env.E2E_DATABASE = `data/e2e/site-${Date.now()}-${process.pid}.db`;
}

const chromiumFlags = [
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["line"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumFlags },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node server.ts",
    url: `http://127.0.0.1:${port}/robots.txt`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATABASE_URL: process.env.E2E_DATABASE,
      CONTENT_POLL_MS: "200",
      LOG_REQUESTS: "false",
      // Tests that submit the contact form each send their own X-Forwarded-For address, so
      // every test has its own rate-limit budget.
      TRUST_PROXY: "true",
      MAIL_DIR: "data/e2e/mail",
    },
  },
});
