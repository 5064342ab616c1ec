import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { testEnvironment } from "./tests/setup/test-environment.ts";

// Unit tests sit beside the code they test; integration tests run server modules against a
// real database (SQLite always, PostgreSQL when TEST_POSTGRES_URL is set).
export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "http-shell/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Tests about the real password cost ask for it: testConfigWith({ PASSWORD_HASH_COST: "standard" }).
    env: testEnvironment,
    // With TEST_POSTGRES_URL, one migrated database that each PostgreSQL test copies.
    globalSetup: ["tests/setup/postgres-template.ts"],
    // No test reaches the configured database (data/site.db) by chance.
    setupFiles: ["tests/setup/vitest-setup.ts"],
    // An environment variable a test stubs (vi.stubEnv) is itself again after it, failed or not.
    unstubEnvs: true,
    // One and a half workers per core, three on 2 cores: the suite waits on databases and on the
    // image thread a good part of the time, and three took 79-80 s where two took 92-99 s
    // (decision 009). Vitest caps a percentage at the core count, so the number is made here.
    maxWorkers: Math.max(2, Math.round(availableParallelism() * 1.5)),
    // Bounds on a hang, not time budgets: a test on a machine busy with other work may take many
    // times its usual time, and only the timing project (playwright.config.ts) asserts durations.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // What a test waits for (expect.poll) comes when it comes; this only ends a wait that never will.
    expect: { poll: { timeout: 60_000 } },
  },
});
