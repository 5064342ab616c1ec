import { sql } from "kysely";
import { getKeyring, type Keyring, open, seal, sealedWithCurrentPattern } from "./field-encryption.server.ts";
import { randomUUID } from "node:crypto";
import type { ExpressionBuilder, Selectable } from "kysely";
import { getConfig } from "./config.server.ts";
import { getDb, type Db } from "./db/db.server.ts";
import type { Database, MailOutboxTable } from "./db/schema.server.ts";
import { log } from "./log.server.ts";
import { createMailTransport, deleteMailCopies, type MailTransport } from "./mail.server.ts";

// Mail waits in the mail_outbox table until a background sender delivers it. Delivery is
// at-least-once: a sender claims a row by locking it for `lockMs` (OUTBOX_LOCK_SECONDS); if the
// process dies mid-send the lock simply expires and another sender (or this one after a restart)
// sends it again, with the same Message-ID. A send takes at most half the lock
// (mailSendTimeoutMs), so a live sender always finishes and records it before anyone else may
// claim it. Twice happens only when the mail server accepted a message whose sender could not
// record that: it died before its UPDATE, or the 250 came after the send had given up
// (docs/decisions/026-several-instances.md).

export type OutboxMail = {
  /** What the message is, e.g. "inquiry-notification". */
  kind: string;
  /** The record it is about, if any. */
  referenceId: string | null;
  to: Array<string>;
  subject: string;
  text: string;
};

type OutboxRow = Selectable<MailOutboxTable>;

/** Queues a message. Pass the transaction that stores what it is about, so both or neither are kept. */
export async function enqueueMail(db: Db, mail: OutboxMail, now = new Date()): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("mail_outbox")
    .values({
      id,
      created_at: now.toISOString(),
      kind: mail.kind,
      reference_id: mail.referenceId,
      to_address: mail.to.join(", "),
      subject: mail.subject,
      // The text may hold what a visitor wrote (NOTIFY_INCLUDE_DETAILS) or a one-time link: sealed.
      body_text: seal(getKeyring(), mail.text, bodyWhere(id)),
      attempts: 0,
      next_attempt_at: now.toISOString(),
      locked_until: null,
      last_error: null,
      sent_at: null,
    })
    .execute();
  return id;
}

const bodyWhere = (id: string) => `mail_outbox.body_text:${id}`;

/** A queued message's text, readable again (field-encryption.server.ts). */
export function openMailBody(row: { id: string; body_text: string }, keyring: Keyring = getKeyring()): string {
  return open(keyring, row.body_text, bodyWhere(row.id));
}

/**
 * Seals again, with the current key, every queued or kept message not sealed with it (stored
 * before sealing began, or under a previous key), each only if unchanged since it was read.
 * Returns how many.
 */
export async function sealStoredMail(db: Db, keyring: Keyring = getKeyring(), batchSize = 200): Promise<number> {
  let sealed = 0;
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("mail_outbox")
      .select(["id", "body_text"])
      .where("id", ">", after)
      .where(sql<boolean>`body_text not like ${sealedWithCurrentPattern(keyring)}`)
      .orderBy("id")
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return sealed;
    for (const row of rows) {
      const updated = await db
        .updateTable("mail_outbox")
        .set({ body_text: seal(keyring, openMailBody(row, keyring), bodyWhere(row.id)) })
        .where("id", "=", row.id)
        .where("body_text", "=", row.body_text)
        .executeTakeFirst();
      sealed += Number(updated.numUpdatedRows);
    }
    after = rows[rows.length - 1]!.id;
  }
}

/** Sent mail is kept this long (for questions like "was staff told?"), then deleted: with
 * NOTIFY_INCLUDE_DETAILS a row holds the visitor's message, which must not linger here. */
export const sentMailRetentionMs = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes mail sent before `cutoff`, with its copy in the mail folder `mailDir`; unsent mail is
 * never deleted. Returns how many messages went.
 */
export async function pruneSentMail(db: Db, cutoff: Date, mailDir = getConfig().mailDir): Promise<number> {
  const deleted = await db
    .deleteFrom("mail_outbox")
    .where("sent_at", "is not", null)
    .where("sent_at", "<", cutoff.toISOString())
    .returning("id")
    .execute();
  await deleteMailCopies(
    mailDir,
    deleted.map((row) => row.id),
  );
  return deleted.length;
}

const retryScheduleMs = [30_000, 60_000, 120_000, 300_000, 600_000, 1_200_000, 1_800_000, 3_600_000];

/** The wait after a message's `attempts`-th failed try: 30 s, 1 min, 2 min, 5 min, ... then hourly for ever. */
export function retryDelayMs(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), retryScheduleMs.length) - 1;
  return retryScheduleMs[index]!;
}

export type DeliveryOptions = {
  db: Db;
  transport: MailTransport;
  /** The clock; tests move it instead of sleeping. */
  now?: () => Date;
  retryDelayMs?: (attempts: number) => number;
  /** How long a claim lasts (default: the configuration's); longer than any one delivery may take. */
  lockMs?: number;
  /** Stops the pass between messages. */
  signal?: AbortSignal;
};

export type DeliveryCounts = { sent: number; failed: number };

/** Delivers every message that is due and not being delivered by another sender, one at a time. */
export async function deliverDueMail(options: DeliveryOptions): Promise<DeliveryCounts> {
  const now = options.now ?? (() => new Date());
  const counts: DeliveryCounts = { sent: 0, failed: 0 };
  // A message fails at most once per pass, even when its retry comes due at once.
  const seen = new Set<string>();
  const lockMs = options.lockMs ?? getConfig().outboxLockMs;
  while (!options.signal?.aborted) {
    const row = await claimNextDue(options.db, now(), lockMs, seen);
    if (!row) break;
    seen.add(row.id);
    if (await deliver(options, row, now)) counts.sent++;
    else counts.failed++;
  }
  return counts;
}

// Due, not yet sent, and not locked by a live sender.
function isClaimable(eb: ExpressionBuilder<Database, "mail_outbox">, nowIso: string) {
  return eb.and([
    eb("sent_at", "is", null),
    eb("next_attempt_at", "<=", nowIso),
    eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", nowIso)]),
  ]);
}

/** Whether any mail has been due since `since` and still no sender has it (a claimable row that old). */
export async function mailUnclaimedSince(db: Db, since: Date, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom("mail_outbox")
    .select("id")
    .where((eb) => isClaimable(eb, now.toISOString()))
    .where("next_attempt_at", "<=", since.toISOString())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function claimNextDue(db: Db, now: Date, lockMs: number, skip: Set<string>): Promise<OutboxRow | undefined> {
  const nowIso = now.toISOString();
  for (;;) {
    let candidates = db
      .selectFrom("mail_outbox")
      .select("id")
      .where((eb) => isClaimable(eb, nowIso))
      .orderBy("next_attempt_at")
      .limit(10);
    if (skip.size > 0) candidates = candidates.where("id", "not in", [...skip]);
    const ids = await candidates.execute();
    if (ids.length === 0) return undefined;
    for (const { id } of ids) {
      // The condition is checked again by the UPDATE itself, so of two senders racing for a
      // row exactly one gets it back (PostgreSQL re-checks a row it waited for; SQLite has
      // one writer at a time).
      const claimed = await db
        .updateTable("mail_outbox")
        .set((eb) => ({ locked_until: new Date(now.getTime() + lockMs).toISOString(), attempts: eb("attempts", "+", 1) }))
        .where("id", "=", id)
        .where((eb) => isClaimable(eb, nowIso))
        .returningAll()
        .executeTakeFirst();
      if (claimed) return claimed;
      skip.add(id); // another sender has it
    }
  }
}

async function deliver(options: DeliveryOptions, row: OutboxRow, now: () => Date): Promise<boolean> {
  const attempts = Number(row.attempts);
  let where: string;
  try {
    where = await options.transport.send({
      id: row.id,
      to: row.to_address.split(",").map((address) => address.trim()),
      subject: row.subject,
      text: openMailBody(row),
    });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const delay = (options.retryDelayMs ?? retryDelayMs)(attempts);
    const retryAt = new Date(now().getTime() + delay).toISOString();
    await options.db
      .updateTable("mail_outbox")
      .set({ last_error: message, next_attempt_at: retryAt, locked_until: null })
      .where("id", "=", row.id)
      .where("sent_at", "is", null)
      .execute();
    // Never given up on: past the end of the schedule it is retried hourly, and said so each time.
    const hint = attempts >= retryScheduleMs.length ? " (still failing; check SMTP_URL and the mail server)" : "";
    log.error(`Mail attempt ${attempts} failed${hint}`, error, { mail: row.id, kind: row.kind, nextTry: retryAt });
    return false;
  }
  await options.db
    .updateTable("mail_outbox")
    .set({ sent_at: now().toISOString(), locked_until: null, last_error: null })
    .where("id", "=", row.id)
    .execute();
  log.info(`Mail ${where}`, { mail: row.id, kind: row.kind });
  return true;
}

export type OutboxSenderOptions = Partial<Omit<DeliveryOptions, "signal">> & {
  /** How often to look for due mail that no nudge announced (another instance's, retries). */
  pollMs?: number;
};

export type OutboxSender = {
  /** Runs a pass soon (at once, or right after the one under way). */
  wake(): void;
  /** Ends the loop after the message being delivered, if any, and closes the transport it made. */
  stop(): Promise<void>;
};

const runningSenders = new Set<OutboxSender>();

/**
 * Starts the background sender: a pass at once (resuming whatever an earlier run or a crashed
 * instance left), then one every `pollMs`, and one whenever it is woken.
 */
export function startOutboxSender(options: OutboxSenderOptions = {}): OutboxSender {
  const config = getConfig();
  const transport = options.transport ?? createMailTransport(config);
  const pollMs = options.pollMs ?? config.outboxPollMs;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let again = false;
  let prunedAt = 0;

  function run(): void {
    if (stopping.signal.aborted) return;
    if (pass) {
      again = true;
      return;
    }
    clearTimeout(timer);
    pass = (async () => {
      try {
        const db = options.db ?? (await getDb());
        await deliverDueMail({ ...options, db, transport, signal: stopping.signal });
        if (Date.now() - prunedAt > 60 * 60 * 1000) {
          prunedAt = Date.now();
          await pruneSentMail(db, new Date(Date.now() - sentMailRetentionMs));
        }
      } catch (error) {
        log.error("Error delivering queued mail", error);
      }
    })().finally(() => {
      pass = undefined;
      if (stopping.signal.aborted) return;
      if (again) {
        again = false;
        run();
      } else {
        timer = setTimeout(run, pollMs);
        timer.unref();
      }
    });
  }

  const sender: OutboxSender = {
    wake: run,
    async stop() {
      runningSenders.delete(sender);
      stopping.abort();
      clearTimeout(timer);
      await pass;
      if (!options.transport) transport.close();
    },
  };
  runningSenders.add(sender);
  run();
  return sender;
}

/** Nudges this process's senders to deliver soon, without waiting for them. */
export function wakeOutbox(): void {
  for (const sender of runningSenders) sender.wake();
}
