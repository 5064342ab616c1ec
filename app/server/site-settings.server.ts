import { randomBytes } from "node:crypto";
import type { Db } from "./db/db.server.ts";

/**
 * The stored value of `key`, created from `initial()` if there is none yet. When several
 * instances start at once, one insert wins and every instance returns that same value.
 */
export async function getOrCreateSetting(db: Db, key: string, initial: () => string, now = Date.now()): Promise<string> {
  await db
    .insertInto("site_settings")
    .values({ key, value: initial(), created_at: new Date(now).toISOString() })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const row = await db.selectFrom("site_settings").select("value").where("key", "=", key).executeTakeFirstOrThrow();
  return row.value;
}

/** The stored value of `key`, or null. */
export async function getSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom("site_settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value ?? null;
}

/** Stores `value` as `key`, replacing what was there. */
export async function setSetting(db: Db, key: string, value: string, now = Date.now()): Promise<void> {
  await db
    .insertInto("site_settings")
    .values({ key, value, created_at: new Date(now).toISOString() })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
    .execute();
}

/** The setting an Owner turns on to require two-step sign-in of every account (app/staff/two-factor.server.ts). */
export const twoFactorRequiredSetting = "require-two-factor";

export async function isTwoFactorRequired(db: Db): Promise<boolean> {
  return (await getSetting(db, twoFactorRequiredSetting)) === "on";
}

/** Forgets `key` (the next getOrCreateSetting makes a new value). */
export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.deleteFrom("site_settings").where("key", "=", key).execute();
}

// Secrets are read once per process and database (tests switch databases).
const secrets = new Map<string, WeakMap<Db, Promise<string>>>();

/**
 * A random 32-byte secret named `name` (for signing cookies and form tokens), made once and
 * shared by every instance on the database, so whichever receives a request can check it.
 */
export async function siteSecret(db: Db, name: string): Promise<string> {
  const byDb = secrets.get(name) ?? new WeakMap<Db, Promise<string>>();
  secrets.set(name, byDb);
  let secret = byDb.get(db);
  if (!secret) {
    secret = getOrCreateSetting(db, name, () => randomBytes(32).toString("base64url"));
    byDb.set(db, secret);
    secret.catch(() => byDb.delete(db));
  }
  return secret;
}
