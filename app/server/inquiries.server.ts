import { randomUUID } from "node:crypto";
import type { ContactSubmissionPayload } from "#app/lib/contact-form.ts";
import { getDb } from "./db/db.server.ts";

/** Stores a visitor's inquiry as New (unread); returns its id. */
export async function createInquiry(payload: ContactSubmissionPayload): Promise<string> {
  const db = await getDb();
  const id = randomUUID();
  await db
    .insertInto("contact_submissions")
    .values({
      id,
      created_at: new Date().toISOString(),
      name: payload.name,
      email: payload.email,
      phone: payload.phone || null,
      service: payload.service,
      message: payload.message,
      payment_method: payload.payment_method,
      insurance_company: payload.insurance_company ?? null,
      is_read: 0,
      read_at: null,
    })
    .execute();
  return id;
}
