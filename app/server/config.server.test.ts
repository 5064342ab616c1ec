import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { ConfigError, configVariableNames, parseConfig, startupWarnings, tryOutDemoMode } from "./config.server.ts";

test("an empty environment gives the embedded defaults", () => {
  const config = parseConfig({});
  expect(config.port).toBe(3000);
  expect(config.isProduction).toBe(true);
  expect(config.database).toEqual({ dialect: "sqlite", file: "data/site.db" });
  expect(config.siteUrl).toBeNull();
  expect(config.httpsOnly).toBe(false);
  expect(config.linkOrigin).toBe("http://localhost:3000");
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

test("uploads' bytes stay in the database unless MEDIA_STORE=disk puts them under MEDIA_DIR", () => {
  expect(parseConfig({}).mediaStore).toEqual({ kind: "database" });
  expect(parseConfig({ MEDIA_STORE: "disk" }).mediaStore).toEqual({ kind: "disk", folder: "data/media" });
  expect(parseConfig({ MEDIA_STORE: "disk", MEDIA_DIR: "/srv/site/media" }).mediaStore).toEqual({
    kind: "disk",
    folder: "/srv/site/media",
  });
  expect(parseConfig({ MEDIA_STORE: "database", MEDIA_DIR: "/srv/site/media" }).mediaStore).toEqual({ kind: "database" });
  expect(() => parseConfig({ MEDIA_STORE: "s3" })).toThrow(/^Invalid configuration:\n {2}MEDIA_STORE: must be database or disk$/);
  expect(() => parseConfig({ MEDIA_STORE: "files" })).toThrow(ConfigError);
});

test("uploads keep a bounded master unless MEDIA_KEEP_ORIGINALS keeps their whole originals", () => {
  expect(parseConfig({}).mediaKeepOriginals).toBe(false);
  expect(parseConfig({ MEDIA_KEEP_ORIGINALS: "true" }).mediaKeepOriginals).toBe(true);
  expect(parseConfig({ MEDIA_KEEP_ORIGINALS: "false" }).mediaKeepOriginals).toBe(false);
  expect(() => parseConfig({ MEDIA_KEEP_ORIGINALS: "always" })).toThrow(/MEDIA_KEEP_ORIGINALS: must be true or false/);
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
  expect(config.httpsOnly).toBe(true);
  expect(config.linkOrigin).toBe("https://counseling.example");
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
  ["TRUST_PROXY", "maybe"],
  ["TRUST_PROXY", "-1"],
  ["DEMO_MODE", "on"],
])("an invalid %s (%s) stops start-up with a message naming it", (name, value) => {
  expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
  expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
});

test("TRUST_PROXY names the reverse proxies in front of the site; true is this machine", () => {
  expect(parseConfig({}).trustedProxies).toEqual([]);
  expect(parseConfig({ TRUST_PROXY: "false" }).trustedProxies).toEqual([]);
  expect(parseConfig({ TRUST_PROXY: "true" }).trustedProxies).toEqual(["127.0.0.0/8", "::1"]);
  expect(parseConfig({ TRUST_PROXY: "127.0.0.1" }).trustedProxies).toEqual(["127.0.0.1"]);
  expect(parseConfig({ TRUST_PROXY: "10.0.0.0/8, fd00::/8,192.0.2.4" }).trustedProxies).toEqual(["10.0.0.0/8", "fd00::/8", "192.0.2.4"]);
  for (const value of ["2", "10.0.0.0/33", "fd00::/129", "nginx", "10.0.0.1/8/1", "10.0.0.1,"]) {
    expect(() => parseConfig({ TRUST_PROXY: value }), value).toThrow(
      /TRUST_PROXY: must be false, true \(a proxy on this machine\) or the proxies' addresses/,
    );
  }
});

test("behind a proxy the site listens on this machine only, unless HOST says otherwise", () => {
  expect(parseConfig({}).host).toBe("0.0.0.0");
  expect(parseConfig({ TRUST_PROXY: "127.0.0.1" }).host).toBe("127.0.0.1");
  expect(parseConfig({ TRUST_PROXY: "10.0.0.2", HOST: "10.0.0.5" }).host).toBe("10.0.0.5");
});

test("demo mode: in production only when DEMO_MODE says so; in development, this machine only with the embedded database", () => {
  expect(parseConfig({}).demoMode).toBe("off");
  expect(parseConfig({ NODE_ENV: "production" }).demoMode).toBe("off");
  expect(parseConfig({ NODE_ENV: "production", DEMO_MODE: "local" }).demoMode).toBe("local");
  expect(parseConfig({ NODE_ENV: "development" }).demoMode).toBe("local");
  expect(parseConfig({ NODE_ENV: "test" }).demoMode).toBe("local");
  expect(parseConfig({ NODE_ENV: "development", DATABASE_URL: "postgres://h/db" }).demoMode).toBe("off");
  expect(parseConfig({ DATABASE_URL: "postgres://h/db", DEMO_MODE: "public" }).demoMode).toBe("public");
  expect(parseConfig({ NODE_ENV: "development", DEMO_MODE: "off" }).demoMode).toBe("off");
});

test("npm start, the try-out, opens demo mode for this machine unless something says the site is deployed", () => {
  expect(tryOutDemoMode({})).toBe("local");
  expect(tryOutDemoMode({ DATABASE_URL: "data/other.db", TRUST_PROXY: "false" })).toBe("local");
  for (const deployed of [
    { DEMO_MODE: "off" },
    { SITE_URL: "https://www.example.com" },
    { TRUST_PROXY: "true" },
    { TRUST_PROXY: "127.0.0.1" },
    { DATABASE_URL: "postgres://h/db" },
  ]) {
    expect(tryOutDemoMode(deployed), JSON.stringify(deployed)).toBeUndefined();
  }
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

test("without mail settings, notifications go to files for staff@localhost and carry no details", () => {
  const config = parseConfig({});
  expect(config.smtpUrl).toBeNull();
  expect(config.notifyTo).toEqual(["staff@localhost"]);
  expect(config.mailFrom).toBe("Website <no-reply@localhost>");
  expect(config.notifyIncludeDetails).toBe(false);
  expect(config.outboxPollMs).toBe(5000);
  expect(config.mailDir).toBe("data/mail");
});

test("a queued message is claimed for OUTBOX_LOCK_SECONDS, and one send may take half of it", () => {
  expect(parseConfig({})).toMatchObject({ outboxLockMs: 120_000, mailSendTimeoutMs: 60_000 });
  expect(parseConfig({ OUTBOX_LOCK_SECONDS: "8" })).toMatchObject({ outboxLockMs: 8000, mailSendTimeoutMs: 4000 });
  // A send always ends, and is recorded, before its claim does.
  for (const seconds of ["2", "3", "120", "3600"]) {
    const config = parseConfig({ OUTBOX_LOCK_SECONDS: seconds });
    expect(config.outboxLockMs - config.mailSendTimeoutMs, seconds).toBeGreaterThanOrEqual(1000);
  }
});

test("mail settings are parsed", () => {
  const config = parseConfig({
    SMTP_URL: "smtps://user:pass@mail.example.com:465",
    NOTIFY_TO: " intake@example.com, director@example.com ,",
    MAIL_FROM: "Red Cliffs <no-reply@example.com>",
    NOTIFY_INCLUDE_DETAILS: "true",
    OUTBOX_POLL_MS: "1000",
    MAIL_DIR: "/var/mail/site",
  });
  expect(config.smtpUrl).toBe("smtps://user:pass@mail.example.com:465");
  expect(config.notifyTo).toEqual(["intake@example.com", "director@example.com"]);
  expect(config.mailFrom).toBe("Red Cliffs <no-reply@example.com>");
  expect(config.notifyIncludeDetails).toBe(true);
  expect(config.outboxPollMs).toBe(1000);
  expect(config.mailDir).toBe("/var/mail/site");
});

test.each([
  ["SMTP_URL", "http://mail.example.com", "must be an smtp:// or smtps:// URL"],
  ["NOTIFY_TO", "intake@example.com, not an address", "must be one or more e-mail addresses separated by commas"],
  ["NOTIFY_TO", " , ", "must be one or more e-mail addresses separated by commas"],
  ["MAIL_FROM", "Website <no-reply@example.com>\r\nBcc: someone@example.com", "must be an address such as"],
  ["NOTIFY_INCLUDE_DETAILS", "sometimes", "must be true or false"],
  ["OUTBOX_POLL_MS", "10", "must be at least 100"],
  ["OUTBOX_LOCK_SECONDS", "1", "must be at least 2"],
  ["OUTBOX_LOCK_SECONDS", "soon", "must be a number of seconds"],
])("an invalid %s (%j) is refused with a clear message", (name, value, message) => {
  expect(() => parseConfig({ NOTIFY_TO: "intake@example.com", [name]: value })).toThrow(`${name}: ${message}`);
});

test("SMTP_URL without NOTIFY_TO is refused: mail to nobody would look like it works", () => {
  expect(() => parseConfig({ SMTP_URL: "smtp://mail.example.com:587" })).toThrow(/NOTIFY_TO: must be set when SMTP_URL is set/);
});

test("a production start without SITE_URL is warned about, once, in one line", () => {
  expect(startupWarnings(parseConfig({}))).toEqual([
    "SITE_URL is not set: canonical links, the sitemap and e-mails point at http://localhost:3000. Set SITE_URL to the public address.",
  ]);
  expect(startupWarnings(parseConfig({ SITE_URL: "https://counseling.example" }))).toEqual([]);
  expect(startupWarnings(parseConfig({ NODE_ENV: "development" }))).toEqual([]);
});

test(".env.example lists every variable the site reads, with a value the site accepts", () => {
  const lines = readFileSync(new URL("../../.env.example", import.meta.url), "utf8").split("\n");
  const listed = new Map<string, string>();
  for (const line of lines) {
    const match = /^# ([A-Z_]+)=(.*)$/.exec(line);
    if (match) listed.set(match[1]!, match[2]!);
  }
  expect([...listed.keys()].sort()).toEqual([...configVariableNames].sort());
  expect(() => parseConfig(Object.fromEntries(listed))).not.toThrow();
});

test("cheap password hashes (PASSWORD_HASH_COST=test) are for the test suite only", () => {
  expect(parseConfig({}).passwordHashCost).toBe("standard");
  expect(parseConfig({ NODE_ENV: "test", PASSWORD_HASH_COST: "test" }).passwordHashCost).toBe("test");
  for (const NODE_ENV of ["production", "development", undefined]) {
    expect(() => parseConfig({ NODE_ENV, PASSWORD_HASH_COST: "test" })).toThrow(
      /^Invalid configuration:\n {2}PASSWORD_HASH_COST: may be test only with NODE_ENV=test$/,
    );
  }
});

test("npm run backup writes into data/backups and keeps the newest 14, unless BACKUP_DIR and BACKUP_KEEP say otherwise", () => {
  expect(parseConfig({})).toMatchObject({ backupDir: "data/backups", backupKeep: 14 });
  expect(parseConfig({ BACKUP_DIR: "/var/backups/site", BACKUP_KEEP: "30" })).toMatchObject({
    backupDir: "/var/backups/site",
    backupKeep: 30,
  });
  expect(parseConfig({ BACKUP_KEEP: "1" }).backupKeep).toBe(1);
  // Keeping none would delete the backup just written.
  expect(() => parseConfig({ BACKUP_KEEP: "0" })).toThrow(/^Invalid configuration:\n {2}BACKUP_KEEP: must be at least 1$/);
  expect(() => parseConfig({ BACKUP_KEEP: "two" })).toThrow(/^Invalid configuration:\n {2}BACKUP_KEEP: must be a number of backups$/);
  expect(() => parseConfig({ BACKUP_KEEP: "1.5" })).toThrow(/^Invalid configuration:\n {2}BACKUP_KEEP: must be a whole number$/);
});
