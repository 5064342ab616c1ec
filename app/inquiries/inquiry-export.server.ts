import type { ExpressionBuilder } from "kysely";
import { subjectOptions } from "#app/content/contact-options.ts";
import { practice } from "#app/content/practice.ts";
import { type AuditEntry, recordAudit } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import type { Database } from "#app/server/db/schema.server.ts";
import { inquiryColumns } from "./inquiry-store.server.ts";
import { csvLine, type ExportStatus, type InquiryExport } from "./inquiry-export.ts";

// Rows are read a batch at a time, oldest first, so an export of years of inquiries is sent as
// it is read and never held whole in memory.
const batchSize = 500;

const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: practice.timeZone, timeZoneName: "longOffset" });

/** The office's offset from UTC at `instant`, in minutes ("GMT-07:00" is -420). */
function officeOffsetMinutes(instant: number): number {
  const name = offsetFormat.formatToParts(new Date(instant)).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!match) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** When the office's day `date` (YYYY-MM-DD) begins, as an ISO instant; `days` later for a later day. */
export function officeDayStart(date: string, days = 0): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, day + days);
  // The offset of the moment found, once more: on a day the clocks change it may differ.
  const guess = midnightUtc - officeOffsetMinutes(midnightUtc) * 60_000;
  return new Date(midnightUtc - officeOffsetMinutes(guess) * 60_000).toISOString();
}

const officeDay = new Intl.DateTimeFormat("en-CA", { timeZone: practice.timeZone, year: "numeric", month: "2-digit", day: "2-digit" });

/** The office's calendar day at `instant` (YYYY-MM-DD). */
export function officeDate(instant = Date.now()): string {
  return officeDay.format(new Date(instant));
}

const officeStamp = new Intl.DateTimeFormat("en-CA", {
  timeZone: practice.timeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
});

/** A moment as the office's clock read it, sortable in a spreadsheet: "2026-11-25 18:34 MST". */
function officeTimeStamp(iso: string): string {
  const parts = Object.fromEntries(officeStamp.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

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
        .where("service", "in", subjectOptions)
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
      const lines = rows.map((row) =>
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
        ]),
      );
      controller.enqueue(encoder.encode(lines.join("")));
    },
  });
}
