import { expect } from "vitest";
import * as exportModule from "#app/routes/admin/inquiries-export.ts";
import { officeDayStart } from "#app/content/office-time.ts";
import { exportColumns } from "#app/inquiries/inquiry-export.server.ts";
import { listAuditLog } from "#app/server/audit.server.ts";
import {
  answerOf,
  createTestAdmin,
  insertInquiries,
  newInquiry,
  routeArgs,
  signedIn,
  signedInCookie,
  siteRequest,
} from "#tests/fixtures/admin.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

const exportRoute = signedIn(exportModule);

/** RFC 4180 rows of a CSV text: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): Array<Array<string>> {
  const rows: Array<Array<string>> = [];
  let row: Array<string> = [];
  let cell = "";
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const character = text[at]!;
    const next = text[at + 1];
    if (quoted && character === '"' && next === '"') {
      cell += '"';
      at++;
    } else if (character === '"') {
      quoted = !quoted;
    } else if (!quoted && character === ",") {
      row.push(cell);
      cell = "";
    } else if (!quoted && character === "\r" && next === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      at++;
    } else {
      cell += character;
    }
  }
  return rows;
}

/** The file as bytes arrive: Response.text() would drop the byte order mark, which is checked here. */
async function csvOf(answer: Response): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await answer.arrayBuffer());
}

async function exportAs(cookie: string, query: string) {
  const request = siteRequest(`/admin/inquiries/export?${query}`, { cookie });
  return (await exportRoute.loader(routeArgs(request))) as Response;
}

testOnEachEngine("an export holds the inquiries of the office's days asked for, oldest first, in the list asked for", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  // January in Utah is MST (UTC-7): the office's 10 January begins at 07:00 UTC.
  const at = (iso: string, name: string, overrides: Parameters<typeof newInquiry>[0] = {}) =>
    newInquiry({ created_at: iso, name, archived: 0, possible_spam: 0, ...overrides });
  await insertInquiries(db, [
    at("2026-01-10T06:59:59.999Z", "Before the first day"),
    at("2026-01-10T07:00:00.000Z", "First of the first day", { phone: "+1 435 555 0100" }),
    at("2026-01-11T18:00:00.000Z", '=HYPERLINK("https://evil.example","open")', {
      message: 'Line one, with "quotes"\nline two',
      insurance_company: "@SUM(A1)",
    }),
    at("2026-01-11T19:00:00.000Z", "Read one", {
      is_read: 1,
      read_at: "2026-01-11T20:00:00.000Z",
      therapist: "Daniel Reyes",
      language: "es",
    }),
    at("2026-01-11T20:00:00.000Z", "Archived one", { archived: 1 }),
    at("2026-01-11T21:00:00.000Z", "Bot", { possible_spam: 1, spam_reason: "sent 0.4 s after the form was shown" }),
    at("2026-01-11T22:00:00.000Z", "Not a contact-form subject", { service: "Something else" }),
    at("2026-01-12T06:59:00.000Z", "Last minute of the last day"),
    at("2026-01-12T07:00:00.000Z", "After the last day"),
  ]);

  const answer = await exportAs(cookie, "from=2026-01-10&to=2026-01-11");
  expect(answer.status).toBe(200);
  expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(answer.headers.get("Content-Disposition")).toBe('attachment; filename="inquiries-2026-01-10-to-2026-01-11-all.csv"');
  expect(answer.headers.get("Cache-Control")).toBe("no-store");
  const text = await csvOf(answer);
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  expect(header).toEqual([...exportColumns]);
  expect(rows.map((row) => row[1])).toEqual([
    "First of the first day",
    '\'=HYPERLINK("https://evil.example","open")',
    "Read one",
    "Archived one",
    "Last minute of the last day",
  ]);
  const [first, formula, read, archived] = rows as [Array<string>, Array<string>, Array<string>, Array<string>];
  expect(first[0]).toBe("2026-01-10 00:00 MST");
  expect(first[3]).toBe("'+1 435 555 0100");
  expect(formula[6]).toBe("'@SUM(A1)");
  expect(formula[7]).toBe('Line one, with "quotes"\nline two');
  expect([read[8], read[9]]).toEqual(["Read", "2026-01-11 13:00 MST"]);
  // Sent from a therapist's page: whom it was for; then the language of the page, in the last column.
  expect([read.at(-2), first.at(-2)]).toEqual(["Daniel Reyes", ""]);
  expect([read.at(-1), first.at(-1)]).toEqual(["Spanish", "English"]);
  expect([archived[8], archived[10]]).toEqual(["New", "Yes"]);

  const names = async (status: string) =>
    parseCsv((await csvOf(await exportAs(cookie, `from=2026-01-10&to=2026-01-11&status=${status}`))).slice(1))
      .slice(1)
      .map((row) => row[1]);
  expect(await names("new")).toEqual([
    "First of the first day",
    '\'=HYPERLINK("https://evil.example","open")',
    "Last minute of the last day",
  ]);
  expect(await names("read")).toEqual(["Read one"]);
  expect(await names("archived")).toEqual(["Archived one"]);
  const spam = parseCsv((await csvOf(await exportAs(cookie, "from=2026-01-11&to=2026-01-11&status=possible-spam"))).slice(1));
  expect(spam.slice(1).map((row) => [row[1], row[11]])).toEqual([["Bot", "sent 0.4 s after the form was shown"]]);

  // Each export is recorded: who, which days, which list.
  const exports = (await listAuditLog(db)).filter((entry) => entry.action === "inquiries-exported");
  expect(exports).toHaveLength(5);
  expect(exports.at(-1)).toMatchObject({
    admin_email: admin.email,
    target: "2026-01-10..2026-01-11",
    details: JSON.stringify({ status: "all" }),
  });
});

testOnEachEngine("a range that is not one goes back to the inbox with the reason, and nothing is exported or recorded", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  for (const query of [
    "from=2026-01-12&to=2026-01-11",
    "from=2026-01-10",
    "from=yesterday&to=2026-01-11",
    "from=2026-01-10&to=2026-01-11&status=all-of-it",
  ]) {
    const answer = await answerOf(() => exportAs(cookie, query));
    expect(answer.status, query).toBe(302);
    expect(answer.location).toBe("/admin/inquiries");
    expect(answer.setCookies.join(";")).toContain("admin_toast=");
  }
  expect((await listAuditLog(db)).filter((entry) => entry.action === "inquiries-exported")).toEqual([]);
  // Without a session nothing is read either.
  const stranger = await answerOf(() =>
    exportRoute.loader(routeArgs(siteRequest("/admin/inquiries/export?from=2026-01-10&to=2026-01-11"))),
  );
  expect(stranger.status).toBe(302);
  expect(stranger.location).toMatch(/^\/admin\/login/);
});

testOnEachEngine("an office day begins at the office's midnight, on the days the clocks change too", async () => {
  expect(officeDayStart("2026-01-10")).toBe("2026-01-10T07:00:00.000Z");
  expect(officeDayStart("2026-01-10", 1)).toBe("2026-01-11T07:00:00.000Z");
  // Daylight saving time begins on 8 March 2026 at 2 AM and ends on 1 November 2026 at 2 AM.
  expect(officeDayStart("2026-03-08")).toBe("2026-03-08T07:00:00.000Z");
  expect(officeDayStart("2026-03-09")).toBe("2026-03-09T06:00:00.000Z");
  expect(officeDayStart("2026-11-01")).toBe("2026-11-01T06:00:00.000Z");
  expect(officeDayStart("2026-10-31", 2)).toBe("2026-11-02T07:00:00.000Z");
  expect(officeDayStart("2026-12-31", 1)).toBe("2027-01-01T07:00:00.000Z");
});
