import { z } from "zod";
import { subjectOptions } from "#app/content/contact-options.ts";
import { getDb } from "./db/db.server.ts";

export const inquiryPageSize = 25;

/** A position in the newest-first list: the (created_at, id) of an inquiry. */
export type InquiryCursor = { createdAt: string; id: string };

const cursorSchema = z.tuple([z.string().min(1).max(40), z.string().min(1).max(100)]);

/** Cursors travel in URLs as opaque base64url text. */
export function encodeCursor(cursor: InquiryCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString("base64url");
}

/** The cursor in `text`, or null when it is missing or not one of ours. */
export function decodeCursor(text: string | null): InquiryCursor | null {
  if (!text || text.length > 300) return null;
  try {
    const result = cursorSchema.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
    return result.success ? { createdAt: result.data[0], id: result.data[1] } : null;
  } catch {
    return null;
  }
}

export type InquiryPage = {
  inquiries: Array<{
    id: string;
    createdAt: string;
    name: string;
    email: string;
    phone: string | null;
    service: string;
    message: string;
    paymentMethod: string;
    insuranceCompany: string | null;
    isRead: boolean;
    readAt: string | null;
  }>;
  /** Cursors for the neighbouring pages, null at either end. */
  newer: InquiryCursor | null;
  older: InquiryCursor | null;
};

/** How many inquiries are New (unread), counted as the inbox lists them. */
export async function countNewInquiries(): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom("contact_submissions")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("is_read", "=", 0)
    .where("service", "in", subjectOptions)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page of inquiries, newest first (spec call 6: only those whose service is one of the
 * contact form's subjects). Keyset paging over the (created_at, id) index keeps every page as
 * fast as the first however many inquiries there are. `before` pages toward older ones,
 * `after` back toward newer ones.
 */
export async function listInquiries(
  options: { before?: InquiryCursor | null; after?: InquiryCursor | null; pageSize?: number } = {},
): Promise<InquiryPage> {
  const pageSize = options.pageSize ?? inquiryPageSize;
  const db = await getDb();
  const towardNewer = !options.before && Boolean(options.after);
  let query = db
    .selectFrom("contact_submissions")
    .select([
      "id",
      "created_at",
      "name",
      "email",
      "phone",
      "service",
      "message",
      "payment_method",
      "insurance_company",
      "is_read",
      "read_at",
    ])
    .where("service", "in", subjectOptions);
  if (options.before) {
    const { createdAt, id } = options.before;
    query = query.where((eb) => eb(eb.refTuple("created_at", "id"), "<", eb.tuple(createdAt, id)));
  } else if (options.after) {
    const { createdAt, id } = options.after;
    query = query.where((eb) => eb(eb.refTuple("created_at", "id"), ">", eb.tuple(createdAt, id)));
  }
  const direction = towardNewer ? "asc" : "desc";
  const rows = await query
    .orderBy("created_at", direction)
    .orderBy("id", direction)
    .limit(pageSize + 1)
    .execute();

  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (towardNewer) page.reverse();
  const cursorOf = (row: (typeof page)[number] | undefined) => (row ? { createdAt: row.created_at, id: row.id } : null);
  const first = page[0];
  const last = page[page.length - 1];
  return {
    inquiries: page.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      name: row.name,
      email: row.email,
      phone: row.phone,
      service: row.service,
      message: row.message,
      paymentMethod: row.payment_method,
      insuranceCompany: row.insurance_company,
      isRead: Number(row.is_read) === 1,
      readAt: row.read_at,
    })),
    newer: towardNewer ? (hasMore ? cursorOf(first) : null) : options.before ? (cursorOf(first) ?? options.before) : null,
    older: towardNewer ? (cursorOf(last) ?? options.after ?? null) : hasMore ? cursorOf(last) : null,
  };
}

export type MarkReadResult = "marked" | "already-read" | "not-found";

/** New → Read, once: read_at keeps the first time it was read (spec section 4, no way back). */
export async function markInquiryRead(id: string, now = Date.now()): Promise<MarkReadResult> {
  const db = await getDb();
  const result = await db
    .updateTable("contact_submissions")
    .set({ is_read: 1, read_at: new Date(now).toISOString() })
    .where("id", "=", id)
    .where("is_read", "=", 0)
    .where("service", "in", subjectOptions)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return "marked";
  const existing = await db
    .selectFrom("contact_submissions")
    .select("id")
    .where("id", "=", id)
    .where("service", "in", subjectOptions)
    .executeTakeFirst();
  return existing ? "already-read" : "not-found";
}
