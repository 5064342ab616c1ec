import type { Db } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import { requestPasswordReset } from "./account-links.server.ts";

/**
 * "Forgot your password?" answers before anything is looked up (docs/decisions/034): the action
 * only checks the form and queues the request here, the same few steps for every e-mail, and the
 * lookup, the limits, the link, its mail and the audit row are done once the answer is made
 * (workOnPasswordResets, called by the route's middleware after the page is rendered). So the
 * answer's time says nothing about whether the e-mail has an account. The queue is in this
 * process: a request still waiting when the process stops is lost, and its person asks again.
 */

type Waiting = { db: Db; email: string; address: string; at: number };

/** Requests waiting at most; during a flood one more is dropped (and answered the same). */
export const maxWaitingPasswordResets = 200;

const waiting: Array<Waiting> = [];
let working: Promise<void> | null = null;
let dropped = 0;

/** Queues a request made at `now`; the answer does not wait for it. */
export function queuePasswordReset(db: Db, input: { email: string; address: string }, now = Date.now()): void {
  if (waiting.length < maxWaitingPasswordResets) {
    waiting.push({ db, email: input.email, address: input.address, at: now });
  } else if (dropped++ === 0) {
    log.warn(`Password reset requests are being dropped: ${maxWaitingPasswordResets} are waiting`);
  }
}

/**
 * Works through the queued requests, one at a time, starting on the next turn of the event loop
 * (after the answer that queued them is on its way); resolves once none is left. The route calls
 * it without waiting, the server's shutdown and the tests wait for it.
 */
export function workOnPasswordResets(): Promise<void> {
  working ??= work();
  return working;
}

async function work(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  for (let next = waiting.shift(); next; next = waiting.shift()) {
    try {
      await requestPasswordReset(next.db, { email: next.email, address: next.address }, next.at);
    } catch (error) {
      log.error("A password reset request failed", error);
    }
  }
  // In the same turn as the check that found the queue empty: a request queued later starts a new run.
  working = null;
  if (dropped > 0) {
    log.warn("Password reset requests were dropped while the queue was full", { count: dropped });
    dropped = 0;
  }
}
