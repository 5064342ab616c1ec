import { expect, test } from "vitest";
import { ConfigError, parseConfig } from "./config.server.ts";

test("an empty environment gives the embedded defaults", () => {
  const config = parseConfig({});
  expect(config.port).toBe(3000);
  expect(config.isProduction).toBe(true);
  expect(config.database).toEqual({ dialect: "sqlite", file: "data/site.db" });
  expect(config.siteUrl).toBeNull();
  expect(config.logRequests).toBe(true);
});

test("empty variables count as unset", () => {
  expect(parseConfig({ PORT: "", DATABASE_URL: "" }).port).toBe(3000);
});

test("a postgres URL selects PostgreSQL", () => {
  const config = parseConfig({ DATABASE_URL: "postgres://user@127.0.0.1:5432/site" });
  expect(config.database).toEqual({ dialect: "postgres", url: "postgres://user@127.0.0.1:5432/site" });
  expect(parseConfig({ DATABASE_URL: "postgresql://h/db" }).database.dialect).toBe("postgres");
});

test("a file path or file: URL selects SQLite", () => {
  expect(parseConfig({ DATABASE_URL: "file:/var/lib/site.db" }).database).toEqual({ dialect: "sqlite", file: "/var/lib/site.db" });
  expect(parseConfig({ DATABASE_URL: "./site.db" }).database).toEqual({ dialect: "sqlite", file: "./site.db" });
});

test("values are parsed and normalized", () => {
  const config = parseConfig({ PORT: "8080", NODE_ENV: "development", SITE_URL: "https://counseling.example/", LOG_REQUESTS: "false" });
  expect(config.port).toBe(8080);
  expect(config.isProduction).toBe(false);
  expect(config.siteUrl).toBe("https://counseling.example");
  expect(config.logRequests).toBe(false);
});

test.each([
  ["PORT", "not-a-port"],
  ["PORT", "70000"],
  ["NODE_ENV", "staging"],
  ["DATABASE_URL", "mysql://root@localhost/site"],
  ["SITE_URL", "counseling.example"],
  ["LOG_REQUESTS", "maybe"],
  ["CONTENT_POLL_MS", "5"],
])("an invalid %s (%s) stops start-up with a message naming it", (name, value) => {
  expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
  expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
});

test("every invalid variable is named at once", () => {
  try {
    parseConfig({ PORT: "x", NODE_ENV: "y" });
    expect.unreachable();
  } catch (error) {
    expect(String(error)).toContain("PORT");
    expect(String(error)).toContain("NODE_ENV");
  }
});
