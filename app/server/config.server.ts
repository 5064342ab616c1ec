import { z } from "zod";

// The only reader of process.env. Every default makes the embedded mode (SQLite file under
// data/, no mail server, demo data) work with no configuration at all.
const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "must be true or false",
  })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const configSchema = z
  .object({
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
    HOST: z.string().min(1, { error: "must not be empty" }).default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .min(1, { error: "must not be empty" })
      .refine((value) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^postgres(ql)?:\/\//i.test(value), {
        error: "must be a postgres:// URL or a SQLite file path",
      })
      .default("data/site.db"),
    SITE_URL: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://www.example.com" })
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
    LOG_REQUESTS: booleanFromEnv.default(true),
    CONTENT_POLL_MS: z.coerce
      .number({ error: "must be a number of milliseconds" })
      .int({ error: "must be a whole number" })
      .min(100, { error: "must be at least 100" })
      .default(2000),
    TRUST_PROXY: booleanFromEnv.default(false),
    PATIENT_PORTAL_URL: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .optional(),
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    database: /^postgres(ql)?:\/\//i.test(env.DATABASE_URL)
      ? ({ dialect: "postgres", url: env.DATABASE_URL } as const)
      : ({ dialect: "sqlite", file: env.DATABASE_URL.replace(/^(file|sqlite):/i, "") } as const),
    siteUrl: env.SITE_URL ?? null,
    logRequests: env.LOG_REQUESTS,
    contentPollMs: env.CONTENT_POLL_MS,
    trustProxy: env.TRUST_PROXY,
    patientPortalUrl: env.PATIENT_PORTAL_URL ?? null,
  }));

export type Config = z.output<typeof configSchema>;

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
