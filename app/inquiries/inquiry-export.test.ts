import { expect, test } from "vitest";
import { csvCell, csvLine, exportFileName, exportRangeMessage, inquiryExportSchema } from "./inquiry-export.ts";

test("a cell that a spreadsheet would run as a formula is written as text", () => {
  for (const [typed, written] of [
    ['=HYPERLINK("https://evil.example","Click")', `"'=HYPERLINK(""https://evil.example"",""Click"")"`],
    ["+1 (435) 555-0142", "'+1 (435) 555-0142"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", `"'\r=1+1"`],
  ] as const) {
    expect(csvCell(typed), typed).toBe(written);
  }
  // Only the start counts: a formula sign inside a text is nothing to a spreadsheet.
  expect(csvCell("Jane = happy")).toBe("Jane = happy");
  expect(csvCell("(435) 555-0142")).toBe("(435) 555-0142");
});

test("quotes, commas and line breaks are quoted as RFC 4180 writes them", () => {
  expect(csvCell('She said "hello", then left')).toBe('"She said ""hello"", then left"');
  expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
  expect(csvCell("plain")).toBe("plain");
  expect(csvCell(null)).toBe("");
  expect(csvLine(["a", null, "b,c"])).toBe('a,,"b,c"\r\n');
});

test("the range is two days of the calendar, the start on or before the end; the status one of the lists", () => {
  expect(inquiryExportSchema.parse({ from: "2026-11-01", to: "2026-11-26" })).toEqual({
    from: "2026-11-01",
    to: "2026-11-26",
    status: "all",
  });
  expect(inquiryExportSchema.parse({ from: "2026-11-26", to: "2026-11-26", status: "possible-spam" }).status).toBe("possible-spam");
  for (const wrong of [
    { from: "2026-11-27", to: "2026-11-26" },
    { from: "2026-02-30", to: "2026-03-01" },
    { from: "26-11-01", to: "2026-11-26" },
    { from: "2026-11-01\n", to: "2026-11-26" },
    { to: "2026-11-26" },
  ]) {
    const result = inquiryExportSchema.safeParse(wrong);
    expect(result.success, JSON.stringify(wrong)).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(exportRangeMessage);
  }
  expect(inquiryExportSchema.safeParse({ from: "2026-11-01", to: "2026-11-26", status: "everything" }).success).toBe(false);
  expect(exportFileName({ from: "2026-11-01", to: "2026-11-26", status: "new" })).toBe("inquiries-2026-11-01-to-2026-11-26-new.csv");
});
