import type { Db } from "./db/db.server.ts";

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

function windowOf(windowMs: number, now: number) {
  const index = Math.floor(now / windowMs);
  return { index, endsAt: (index + 1) * windowMs };
}

/**
 * Counts one hit against `key` in the current fixed window of `windowMs` and says whether it
 * is within `limit`. The counter lives in the database, so every instance counts together.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateLimitResult> {
  const window = windowOf(windowMs, now);
  const row = await db
    .insertInto("rate_limit_counters")
    .values({ key: `${key}:${window.index}`, count: 1, expires_at: new Date(window.endsAt).toISOString() })
    .onConflict((conflict) => conflict.column("key").doUpdateSet((eb) => ({ count: eb("rate_limit_counters.count", "+", 1) })))
    .returning("count")
    .executeTakeFirstOrThrow();
  // Expired windows are swept now and then rather than on every hit.
  if (Math.random() < 0.02) await sweepExpired(db, now);
  const count = Number(row.count);
  return { allowed: count <= limit, count, retryAfterSeconds: Math.ceil((window.endsAt - now) / 1000) };
}

/** Takes back one hit counted with the same `now` (an attempt that turned out not to count). */
export async function releaseRateLimit(db: Db, key: string, windowMs: number, now = Date.now()): Promise<void> {
  await db
    .updateTable("rate_limit_counters")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("key", "=", `${key}:${windowOf(windowMs, now).index}`)
    .where("count", ">", 0)
    .execute();
}

/** Forgets the current window's hits against `key` (e.g. after a successful sign-in). */
export async function clearRateLimit(db: Db, key: string, windowMs: number, now = Date.now()): Promise<void> {
  await db
    .deleteFrom("rate_limit_counters")
    .where("key", "=", `${key}:${windowOf(windowMs, now).index}`)
    .execute();
}

export async function sweepExpired(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom("rate_limit_counters").where("expires_at", "<", new Date(now).toISOString()).execute();
}
