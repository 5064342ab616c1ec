import { recordAudit } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import { deleteInquiriesWithNotifications, finishDeleting } from "./inquiry-store.server.ts";

const dayMs = 24 * 60 * 60 * 1000;
// Small batches keep each transaction short (SQLite holds its one writer meanwhile).
const batchSize = 200;

/**
 * Deletes the inquiries read more than `days` days before `now`, with the notifications about them
 * in the outbox and their copies in the mail folder (`mailDir`), and records each batch in the
 * audit log (how many, never who). Unread inquiries are never deleted. Returns how many went.
 */
export async function deleteExpiredInquiries(db: Db, options: { days: number; mailDir: string }, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - options.days * dayMs).toISOString();
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const expired = await trx
        .selectFrom("inquiries")
        .select("id")
        .where("is_read", "=", 1)
        .where("read_at", "<", cutoff)
        .limit(batchSize)
        .execute();
      const ids = expired.map((row) => row.id);
      if (ids.length === 0) return { ids, mail: [] };
      const mail = await deleteInquiriesWithNotifications(trx, ids);
      await recordAudit(trx, { action: "inquiries-deleted-by-retention", details: { count: ids.length, days: options.days } }, now);
      return { ids, mail };
    });
    if (batch.ids.length > 0) await finishDeleting(db, options.mailDir, batch.mail);
    deleted += batch.ids.length;
    if (batch.ids.length < batchSize) return deleted;
  }
}

/**
 * Runs the retention now and then every hour while the server runs (each instance: the delete is
 * the same whoever runs it). Returns the function that stops it.
 */
export function startInquiryRetention(db: Db, options: { days: number; mailDir: string }): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const run = () => {
    running ??= deleteExpiredInquiries(db, options)
      .then((count) => {
        if (count > 0) log.info("Inquiries deleted by retention", { count, days: options.days });
      })
      .catch((error: unknown) => log.error("Error deleting inquiries by retention", error))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, 5_000);
  const hourly = setInterval(run, 60 * 60 * 1000);
  first.unref();
  hourly.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(hourly);
    await running;
  };
}
