import { defineConfig } from "vitest/config";

// Unit tests sit beside the code they test; integration tests run server modules against a
// real database (SQLite always, PostgreSQL when TEST_POSTGRES_URL is set).
export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
  },
});
