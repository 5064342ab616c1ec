import type { Db } from "./db/db.server.ts";
import { mailUnclaimedSince } from "./outbox.server.ts";

/** Mail due this long ago and claimable by any sender means no sender is working (each looks every OUTBOX_POLL_MS). */
export const outboxStuckAfterMs = 10 * 60_000;
const databaseWaitMs = 2_000;

/**
 * Whether this instance can serve (/readyz): the database answers within 2 s, and the outbox is
 * not stuck. A failing mail server does not count: its mail is retried on a schedule, so it is
 * never due for long; only mail that no sender has picked up for 10 minutes is.
 */
export async function isReady(db: Db, now = new Date()): Promise<boolean> {
  // One query answers both: the database answers, and no mail has waited that long for a sender.
  const check = async () => !(await mailUnclaimedSince(db, new Date(now.getTime() - outboxStuckAfterMs), now));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), databaseWaitMs);
  });
  try {
    return await Promise.race([check(), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
