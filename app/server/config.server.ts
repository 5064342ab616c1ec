import { isIP } from "node:net";
import { z } from "zod";

// The only reader of process.env. Every default makes the embedded mode (SQLite file under
// data/, no mail server, demo data) work with no configuration at all.
const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "must be true or false",
  })
  .transform((value) => value === "true" || value === "1" || value === "yes");

// Loose on purpose ("staff@localhost" is fine), strict about what could break a mail header.
const mailAddressPattern = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;

/** An IPv4 or IPv6 address, or a network of them in CIDR notation (10.0.0.0/8, fd00::/8). */
function isAddressOrNetwork(entry: string): boolean {
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A whole number of `unit` (milliseconds, messages, minutes) no smaller than `min`. */
function wholeNumber(unit: string, min: number) {
  return z.coerce
    .number({ error: `must be a number of ${unit}` })
    .int({ error: "must be a whole number" })
    .min(min, { error: min === 0 ? "must not be negative" : `must be at least ${min}` });
}

const keyMessage = "must be 32 random bytes in base64 (openssl rand -base64 32)";

/** An encryption key as written (ENCRYPTION_KEY, the embedded mode's key file): 32 bytes in base64, or null. */
export function parseEncryptionKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const bytes = Buffer.from(trimmed, "base64");
  return bytes.length === 32 && /^[A-Za-z0-9+/_-]+=*$/.test(trimmed) ? bytes : null;
}

function keyOrIssue(value: string, context: z.RefinementCtx): Buffer {
  const key = parseEncryptionKey(value);
  if (!key) context.addIssue({ code: "custom", message: keyMessage });
  return key ?? Buffer.alloc(0);
}

const variablesSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], {
      error: "must be development, production or test",
    })
    .default("production"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be between 0 and 65535" })
    .max(65535, { error: "must be between 0 and 65535" })
    .default(3000),
  HOST: z.string().min(1, { error: "must not be empty" }).optional(),
  DATABASE_URL: z
    .string()
    .min(1, { error: "must not be empty" })
    .refine((value) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^postgres(ql)?:\/\//i.test(value), {
      error: "must be a postgres:// URL or a SQLite file path",
    })
    .default("data/site.db"),
  // Where uploaded images' bytes are kept: in the database (one backup holds the whole site) or
  // as files under MEDIA_DIR (docs/decisions/024-media-store-on-disk.md).
  MEDIA_STORE: z.enum(["database", "disk"], { error: "must be database or disk" }).default("database"),
  MEDIA_DIR: z.string().min(1, { error: "must not be empty" }).default("data/media"),
  // Keep each upload's whole (cleaned) original instead of a master no wider than the widest
  // variant, about four times the bytes of a phone photo (docs/decisions/027-bounded-photo-master.md).
  MEDIA_KEEP_ORIGINALS: booleanFromEnv.default(false),
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://www.example.com" })
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
  LOG_REQUESTS: booleanFromEnv.default(true),
  CONTENT_POLL_MS: wholeNumber("milliseconds", 100).default(1000),
  // The reverse proxies in front, by address: only requests from them may say, in X-Forwarded-For
  // and X-Forwarded-Proto, who the client is and whether it came over https. true is loopback.
  TRUST_PROXY: z
    .string()
    .transform((value) => {
      if (value === "false" || value === "no") return [];
      if (value === "true" || value === "yes") return ["127.0.0.0/8", "::1"];
      return value.split(",").map((entry) => entry.trim());
    })
    .refine((entries) => entries.every(isAddressOrNetwork), {
      error:
        "must be false, true (a proxy on this machine) or the proxies' addresses or networks, such as 127.0.0.1 or 10.0.0.0/8,fd00::/8",
    })
    .default([]),
  CONTACT_RATE_LIMIT: wholeNumber("messages", 1)
    // Generous: in a university town many visitors share one address (campus and carrier NAT).
    .default(20),
  CONTACT_RATE_WINDOW_MINUTES: wholeNumber("minutes", 1).default(10),
  CONTACT_MIN_FILL_MS: wholeNumber("milliseconds", 0).default(1500),
  PATIENT_PORTAL_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587" })
    .optional(),
  NOTIFY_TO: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .refine((addresses) => addresses.length > 0 && addresses.every((address) => mailAddressPattern.test(address)), {
      error: "must be one or more e-mail addresses separated by commas",
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
      error: "must be an address such as no-reply@example.com or Website <no-reply@example.com>",
    })
    .default("Website <no-reply@localhost>"),
  NOTIFY_INCLUDE_DETAILS: booleanFromEnv.default(false),
  OUTBOX_POLL_MS: wholeNumber("milliseconds", 100).default(5000),
  // How often each instance looks for scheduled changes that are due: they go live within this.
  SCHEDULE_POLL_MS: wholeNumber("milliseconds", 100).default(15_000),
  // How long a sender's claim on a queued message lasts: a message whose sender died mid-send is
  // sent again by another instance once it expires. A send may take half of it (see below).
  OUTBOX_LOCK_SECONDS: wholeNumber("seconds", 2).default(120),
  MAIL_DIR: z.string().min(1, { error: "must not be empty" }).default("data/mail"),
  INQUIRY_RETENTION_DAYS: wholeNumber("days", 1).optional(),
  // The key that seals what visitors write (field-encryption.server.ts), and earlier ones that
  // still open what they sealed while a rotation is under way.
  ENCRYPTION_KEY: z
    .string()
    .transform((value, context) => keyOrIssue(value, context))
    .optional(),
  ENCRYPTION_PREVIOUS_KEYS: z
    .string()
    .transform((value, context) =>
      value
        .split(",")
        .filter((entry) => entry.trim() !== "")
        .map((entry) => keyOrIssue(entry, context)),
    )
    .default([]),
  // Read by `npm run backup` only; here so the one configuration module validates every setting.
  BACKUP_DIR: z.string().min(1, { error: "must not be empty" }).default("data/backups"),
  BACKUP_KEEP: wholeNumber("backups", 1).default(14),
  DEMO_MODE: z.enum(["off", "local", "public"], { error: "must be off, local or public" }).optional(),
  PASSWORD_HASH_COST: z.enum(["standard", "test"], { error: "must be standard or test" }).default("standard"),
});

const configSchema = variablesSchema
  // Real mail with nobody to receive it would look like it works while notifying no one.
  .refine((env) => !env.SMTP_URL || env.NOTIFY_TO, {
    path: ["NOTIFY_TO"],
    error: "must be set when SMTP_URL is set (the staff addresses to notify, separated by commas)",
  })
  // Cheap password hashes would make stolen ones cheap to crack: for the test suite only.
  .refine((env) => env.PASSWORD_HASH_COST !== "test" || env.NODE_ENV === "test", {
    path: ["PASSWORD_HASH_COST"],
    error: "may be test only with NODE_ENV=test",
  })
  .transform((env) => {
    const database = /^postgres(ql)?:\/\//i.test(env.DATABASE_URL)
      ? ({ dialect: "postgres", url: env.DATABASE_URL } as const)
      : ({ dialect: "sqlite", file: env.DATABASE_URL.replace(/^(file|sqlite):/i, "") } as const);
    const behindProxy = env.TRUST_PROXY.length > 0;
    return {
      nodeEnv: env.NODE_ENV,
      isProduction: env.NODE_ENV === "production",
      port: env.PORT,
      // Behind a proxy the site is reached through it: by default it listens on this machine only.
      host: env.HOST ?? (behindProxy ? "127.0.0.1" : "0.0.0.0"),
      database,
      /** Where uploads' bytes go: rows of media_files, or files under `folder` (relative to the working directory). */
      mediaStore: env.MEDIA_STORE === "disk" ? ({ kind: "disk", folder: env.MEDIA_DIR } as const) : ({ kind: "database" } as const),
      /** Uploads keep their whole cleaned original; otherwise a master no wider than the widest variant (decision 027). */
      mediaKeepOriginals: env.MEDIA_KEEP_ORIGINALS,
      siteUrl: env.SITE_URL ?? null,
      /** Served over https (SITE_URL says so): cookies are Secure, HSTS is sent. */
      httpsOnly: env.SITE_URL?.startsWith("https://") ?? false,
      /** The origin of every absolute URL the site makes (canonical links, sitemap, e-mails). */
      linkOrigin: env.SITE_URL ?? `http://localhost:${env.PORT}`,
      logRequests: env.LOG_REQUESTS,
      contentPollMs: env.CONTENT_POLL_MS,
      /** The addresses and networks of the reverse proxies in front of the site (none: []). */
      trustedProxies: env.TRUST_PROXY,
      contactRateLimit: { limit: env.CONTACT_RATE_LIMIT, windowMs: env.CONTACT_RATE_WINDOW_MINUTES * 60_000 },
      contactMinFillMs: env.CONTACT_MIN_FILL_MS,
      patientPortalUrl: env.PATIENT_PORTAL_URL ?? null,
      smtpUrl: env.SMTP_URL ?? null,
      notifyTo: env.NOTIFY_TO ?? ["staff@localhost"],
      mailFrom: env.MAIL_FROM,
      notifyIncludeDetails: env.NOTIFY_INCLUDE_DETAILS,
      outboxPollMs: env.OUTBOX_POLL_MS,
      schedulePollMs: env.SCHEDULE_POLL_MS,
      /** How long a sender's claim on a queued message lasts before another may send it. */
      outboxLockMs: env.OUTBOX_LOCK_SECONDS * 1000,
      /**
       * The longest one SMTP delivery may take: half the claim, so a send always ends (and is
       * recorded) while its claim still holds, and no other instance sends the message meanwhile.
       */
      mailSendTimeoutMs: env.OUTBOX_LOCK_SECONDS * 500,
      mailDir: env.MAIL_DIR,
      /** Read inquiries are deleted this many days after they were read; null: kept until staff delete them. */
      inquiryRetentionDays: env.INQUIRY_RETENTION_DAYS ?? null,
      /** The key that seals inquiries (null: the embedded mode's key file, field-encryption.server.ts). */
      encryptionKey: env.ENCRYPTION_KEY ?? null,
      /** Earlier keys, which still open what they sealed. */
      encryptionPreviousKeys: env.ENCRYPTION_PREVIOUS_KEYS,
      /** Where `npm run backup` without a file writes its timestamped backups. */
      backupDir: env.BACKUP_DIR,
      /** How many of them it keeps: after each, the oldest beyond this many are removed. */
      backupKeep: env.BACKUP_KEEP,
      /**
       * While no real admin account exists, a demo account: `local` shows its password only to the
       * browser that opened the link printed on the console, `public` to anyone (a public
       * demonstration), `off` never. In production only DEMO_MODE turns it on (`npm start`, the
       * try-out, sets it: scripts/start.ts); in development and tests it is `local` with the
       * embedded database.
       */
      demoMode: env.DEMO_MODE ?? (env.NODE_ENV === "production" || database.dialect === "postgres" ? "off" : "local"),
      /** The scrypt cost of new password hashes: `test` (tests only) makes them in about a millisecond. */
      passwordHashCost: env.PASSWORD_HASH_COST,
    };
  });

export type Config = z.output<typeof configSchema>;

/** The environment variables the site reads (.env.example lists each). */
export const configVariableNames: ReadonlyArray<string> = Object.keys(variablesSchema.shape);

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses an environment; an invalid value throws a ConfigError naming each bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = configSchema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
}

let current: Config | undefined;

/** The configuration of this process, parsed once on first use. */
export function getConfig(): Config {
  current ??= parseConfig(process.env);
  return current;
}

/** Problems worth one line each in the log when the server starts. */
export function startupWarnings(config: Config): Array<string> {
  if (!config.isProduction || config.siteUrl) return [];
  return [
    `SITE_URL is not set: canonical links, the sitemap and e-mails point at ${config.linkOrigin}. Set SITE_URL to the public address.`,
  ];
}

/**
 * `npm start` is how anyone tries the site on their own machine (README, quick start): there the
 * admin opens in demo mode for the person at the console, unless DEMO_MODE is set or something says the site
 * is deployed (PostgreSQL, SITE_URL, or a proxy in front). A deployment runs `npm run serve`, or
 * sets one of those, and has no demo account unless DEMO_MODE asks for one.
 */
export function tryOutDemoMode(env: Record<string, string | undefined>): "local" | undefined {
  if (env.DEMO_MODE) return undefined;
  let config: Config;
  try {
    config = parseConfig(env);
  } catch {
    return undefined; // an invalid configuration is reported, once, when the site reads it
  }
  const deployed = config.siteUrl !== null || config.trustedProxies.length > 0 || config.database.dialect === "postgres";
  return deployed ? undefined : "local";
}

/** Replaces this process's configuration (integration tests set their own). */
export function replaceConfig(config: Config): void {
  current = config;
}
