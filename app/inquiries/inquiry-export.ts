import { z } from "zod";

/**
 * Exporting inquiries to a spreadsheet: what the inbox's export form may ask for, and how one
 * cell of the CSV is written. Shared by the form (its options and labels) and the server.
 */

/** Which inquiries: every one the inbox lists (archived included, possible spam not), or one list. */
export const exportStatuses = ["all", "new", "read", "archived", "possible-spam"] as const;
export type ExportStatus = (typeof exportStatuses)[number];

export const exportStatusLabels = {
  all: "All inquiries (archived included, possible spam not)",
  new: "New",
  read: "Read",
  archived: "Archived",
  "possible-spam": "Possible spam",
} as const satisfies Record<ExportStatus, string>;

export const exportRangeMessage = "Choose a start and an end date, the start on or before the end, to export inquiries.";

const officeDate = z.iso.date({ error: exportRangeMessage });

/** The export form's fields: two days of the office's calendar, inclusive, and a status. */
export const inquiryExportSchema = z
  .object({
    from: officeDate,
    to: officeDate,
    status: z.enum(exportStatuses, { error: "Choose which inquiries to export." }).default("all"),
  })
  .refine((range) => range.from <= range.to, { error: exportRangeMessage, path: ["to"] });

export type InquiryExport = z.output<typeof inquiryExportSchema>;

// A spreadsheet runs a cell that starts with one of these as a formula (=HYPERLINK(...), +cmd...);
// a tab or carriage return in front hides such a start from a simple check, so they count too.
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): a text that could start a formula gets a leading apostrophe, so a
 * spreadsheet shows it as text ("'=1+1", "'+1 435 555 0100"); a cell with a quote, comma or line
 * break is quoted, its quotes doubled.
 */
export function csvCell(value: string | null): string {
  if (value === null || value === "") return "";
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line of `cells`, ended with CRLF as RFC 4180 writes it. */
export function csvLine(cells: ReadonlyArray<string | null>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** The file's name: the range and the status, so two exports never share one. */
export function exportFileName({ from, to, status }: InquiryExport): string {
  return `inquiries-${from}-to-${to}-${status}.csv`;
}
