import { randomUUID } from "node:crypto";
import type { ContactSubmissionPayload } from "#app/lib/contact-form.ts";
import { getConfig } from "./config.server.ts";
import { getDb } from "./db/db.server.ts";
import { composeInquiryNotification } from "./inquiry-notification.server.ts";
import { enqueueMail, wakeOutbox } from "./outbox.server.ts";

/** Whether an inquiry was already stored from the form rendering with this key. */
export async function inquiryExists(idempotencyKey: string): Promise<boolean> {
  const db = await getDb();
  const row = await db.selectFrom("contact_submissions").select("id").where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores a visitor's inquiry as New (unread) together with the staff notification, in one
 * transaction, and returns its id. Mail is delivered later by the outbox sender, so a down or
 * slow mail server neither loses the inquiry nor keeps the visitor waiting. With an
 * `idempotencyKey` already stored (the same form sent again, even at the same moment) nothing
 * is stored or queued, and the first inquiry's id is returned.
 */
export async function createInquiry(payload: ContactSubmissionPayload, idempotencyKey: string | null = null): Promise<string> {
  const db = await getDb();
  const config = getConfig();
  const now = new Date();
  const submission = {
    id: randomUUID(),
    created_at: now.toISOString(),
    name: payload.name,
    email: payload.email,
    phone: payload.phone || null,
    service: payload.service,
    message: payload.message,
    payment_method: payload.payment_method,
    insurance_company: payload.insurance_company ?? null,
  };
  const notification = composeInquiryNotification(submission, {
    includeDetails: config.notifyIncludeDetails,
    adminInboxUrl: `${config.linkOrigin}/admin/inquiries`,
  });
  const stored = await db.transaction().execute(async (trx) => {
    // The unique key decides between simultaneous copies on both engines: the others insert nothing.
    const inserted = await trx
      .insertInto("contact_submissions")
      .values({ ...submission, is_read: 0, read_at: null, idempotency_key: idempotencyKey })
      .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return false;
    await enqueueMail(trx, { kind: "inquiry-notification", referenceId: submission.id, to: config.notifyTo, ...notification }, now);
    return true;
  });
  if (stored) {
    wakeOutbox();
    return submission.id;
  }
  const first = await db
    .selectFrom("contact_submissions")
    .select("id")
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirstOrThrow();
  return first.id;
}
