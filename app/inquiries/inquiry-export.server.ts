import type { ExpressionBuilder } from "kysely";
import { offeredSubjects } from "#app/content/collection-store.server.ts";
import { officeDayStart, officeTimeStamp } from "#app/content/office-time.ts";
import { type AuditEntry, recordAudit } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import type { Database } from "#app/server/db/schema.server.ts";
import { openInquiry } from "./inquiry-sealing.server.ts";
import { inquiryColumns } from "./inquiry-store.server.ts";
import { languageNames, languageOf } from "#app/i18n/languages.ts";
import { csvLine, type ExportStatus, type InquiryExport } from "./inquiry-export.ts";

// Rows are read a batch at a time, oldest first, so an export of years of inquiries is sent as
// it is read and never held whole in memory.
const batchSize = 500;

/** The rows a status names, as the inbox's lists hold them. */
function withStatus(status: ExportStatus) {
  return (eb: ExpressionBuilder<Database, "inquiries">) => {
    switch (status) {
      case "all":
        return eb.or([eb("archived", "=", 1), eb("possible_spam", "=", 0)]);
      case "new":
      case "read":
        return eb.and([eb("archived", "=", 0), eb("possible_spam", "=", 0), eb("is_read", "=", status === "new" ? 0 : 1)]);
      case "archived":
        return eb("archived", "=", 1);
      case "possible-spam":
        return eb.and([eb("archived", "=", 0), eb("possible_spam", "=", 1)]);
    }
  };
}

export const exportColumns = [
  "Received",
  "Name",
  "Email",
  "Phone",
  "Service",
  "Payment method",
  "Insurance company",
  "Message",
  "Status",
  "Read at",
  "Archived",
  "Possible spam: why",
  // Last, so a spreadsheet made from the earlier columns reads the same.
  "For therapist",
  "Wrote in",
] as const;

/**
 * The inquiries received in the office's days `from` to `to` (inclusive) with `status`, as a
 * CSV file (UTF-8 with a byte order mark, which spreadsheets need to read it as UTF-8), oldest
 * first. The export is audited before the first byte, with who asked and for what.
 */
export async function exportInquiries(db: Db, request: InquiryExport, by: AuditEntry["admin"]): Promise<ReadableStream<Uint8Array>> {
  await recordAudit(db, {
    action: "inquiries-exported",
    admin: by,
    target: `${request.from}..${request.to}`,
    details: { status: request.status },
  });
  const start = officeDayStart(request.from);
  const end = officeDayStart(request.to, 1);
  const subjects = await offeredSubjects(db);
  const encoder = new TextEncoder();
  let after: { createdAt: string; id: string } | null = null;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) {
        first = false;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(exportColumns)}`));
        return;
      }
      let query = db
        .selectFrom("inquiries")
        .select([...inquiryColumns, "possible_spam"])
        .where("service", "in", subjects)
        .where("created_at", ">=", start)
        .where("created_at", "<", end)
        .where(withStatus(request.status));
      if (after) {
        const { createdAt, id } = after;
        query = query.where((eb) => eb(eb.refTuple("created_at", "id"), ">", eb.tuple(createdAt, id)));
      }
      const rows = await query.orderBy("created_at").orderBy("id").limit(batchSize).execute();
      const last = rows.at(-1);
      if (!last) return controller.close();
      after = { createdAt: last.created_at, id: last.id };
      const lines = rows
        .map((stored) => openInquiry(stored))
        .map((row) =>
          csvLine([
            officeTimeStamp(row.created_at),
            row.name,
            row.email,
            row.phone,
            row.service,
            row.payment_method,
            row.insurance_company,
            row.message,
            Number(row.is_read) === 1 ? "Read" : "New",
            row.read_at ? officeTimeStamp(row.read_at) : null,
            Number(row.archived) === 1 ? "Yes" : "No",
            Number(row.possible_spam) === 1 ? (row.spam_reason ?? "Yes") : null,
            row.therapist,
            languageNames[languageOf(row.language)],
          ]),
        );
      controller.enqueue(encoder.encode(lines.join("")));
    },
  });
}
