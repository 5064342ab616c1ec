import type { ExpressionBuilder } from "kysely";
import { formatOfficeTime } from "#app/content/office-time.ts";
import { type AuditEntry, recordAudit } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import type { Database } from "#app/server/db/schema.server.ts";
import { getKeyring } from "#app/server/field-encryption.server.ts";
import { digitsOf, emailTerm, wholePhoneTerm } from "./inquiry-search.ts";
import { foundBy } from "./inquiry-sealing.server.ts";
import {
  deleteInquiriesWithNotifications,
  finishDeleting,
  inquiryColumns,
  type StoredInquiry,
  storedInquiryOf,
} from "./inquiry-store.server.ts";

/**
 * The inquiries written from `who`: the same e-mail whatever its case, or the same phone number
 * whatever its punctuation (with or without the country code 1), found by their tokens
 * (inquiry-search.ts), so a match is exact.
 */
function writtenFrom(who: string) {
  const keyring = getKeyring();
  return (eb: ExpressionBuilder<Database, "inquiries">) => {
    if (who.includes("@")) return foundBy(keyring, emailTerm(who))(eb);
    const digits = digitsOf(who);
    const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : `1${digits}`;
    return eb.or([foundBy(keyring, wholePhoneTerm(digits))(eb), foundBy(keyring, wholePhoneTerm(national))(eb)]);
  };
}

/** An inquiry of the person, with when it came and where it is, as the privacy page shows it. */
export type PersonInquiry = StoredInquiry & { received: string; status: string };

function statusOf(inquiry: StoredInquiry): string {
  if (inquiry.archived) return "Archived";
  if (inquiry.spamReason !== null) return "Possible spam";
  return inquiry.isRead ? "Read" : "New";
}

/** Everything held about the person: their inquiries, oldest first, and the notifications about them. */
export async function findPersonData(db: Db, who: string): Promise<{ inquiries: Array<PersonInquiry>; notifications: number }> {
  const rows = await db
    .selectFrom("inquiries")
    .select(inquiryColumns)
    .where(writtenFrom(who))
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const ids = rows.map((row) => row.id);
  const notifications =
    ids.length === 0
      ? 0
      : Number(
          (
            await db
              .selectFrom("mail_outbox")
              .select((eb) => eb.fn.countAll().as("count"))
              .where("kind", "=", "inquiry-notification")
              .where("reference_id", "in", ids)
              .executeTakeFirstOrThrow()
          ).count,
        );
  return {
    inquiries: rows.map(storedInquiryOf).map((inquiry) => ({
      ...inquiry,
      received: formatOfficeTime(inquiry.createdAt),
      status: statusOf(inquiry),
    })),
    notifications,
  };
}

/** The person's data as a JSON document to hand them, recorded in the audit log (ids only). */
export async function exportPersonData(db: Db, who: string, by: AuditEntry["admin"]): Promise<string> {
  const { inquiries } = await findPersonData(db, who);
  await recordAudit(db, {
    action: "person-data-exported",
    admin: by,
    details: { count: inquiries.length, ids: inquiries.map((i) => i.id).join(" ") },
  });
  const document = {
    about: "Everything the practice's website holds about the person who wrote from this address or number.",
    exportedAt: new Date().toISOString(),
    // What the person wrote and when, and where it stands; not the ids and flags the inbox works with.
    inquiries: inquiries.map(({ id, createdAt, isRead, readAt, spamReason, archived, ...written }) => written),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * Erases everything held about the person: their inquiries, the notifications about them in the
 * outbox and the copies of those in the mail folder, in one transaction, recorded in the audit
 * log by count and ids (never who). Returns how many inquiries went.
 */
export async function erasePerson(db: Db, who: string, by: AuditEntry["admin"], mailDir: string): Promise<number> {
  const { ids, mail } = await db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom("inquiries").select("id").where(writtenFrom(who)).execute();
    const ids = found.map((row) => row.id);
    if (ids.length === 0) return { ids, mail: [] };
    const mail = await deleteInquiriesWithNotifications(trx, ids);
    await recordAudit(trx, { action: "person-erased", admin: by, details: { count: ids.length, ids: ids.join(" ") } });
    return { ids, mail };
  });
  await finishDeleting(db, mailDir, mail);
  return ids.length;
}
