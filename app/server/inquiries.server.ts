import { randomUUID } from "node:crypto";
import type { ContactSubmissionPayload } from "#app/lib/contact-form.ts";
import { getConfig } from "./config.server.ts";
import { getDb } from "./db/db.server.ts";
import { composeInquiryNotification } from "./inquiry-notification.server.ts";
import { enqueueMail, wakeOutbox } from "./outbox.server.ts";

/**
 * Stores a visitor's inquiry as New (unread) together with the staff notification, in one
 * transaction, and returns its id. Mail is delivered later by the outbox sender, so a down or
 * slow mail server neither loses the inquiry nor keeps the visitor waiting.
 */
export async function createInquiry(payload: ContactSubmissionPayload): Promise<string> {
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
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("contact_submissions")
      .values({ ...submission, is_read: 0, read_at: null })
      .execute();
    await enqueueMail(trx, { kind: "inquiry-notification", referenceId: submission.id, to: config.notifyTo, ...notification }, now);
  });
  wakeOutbox();
  return submission.id;
}
