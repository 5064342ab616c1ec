// What keeps the admin's inbox as fast at 100,000 inquiries as at 10 (decision 022, measured by
// `npm run bench:inbox`): every statement an admin page runs on the inquiries table is answered
// through an index in the order it lists, the counts stop where the badge stops being exact,
// and the layout's New count is not loaded again for each page, filter or search of the inbox.
import { sql } from "kysely";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { expect, test } from "vitest";
import { AdminTabs } from "#app/components/admin/admin-tabs.tsx";
import { countShownUpTo, countText } from "#app/inquiries/inbox-view.ts";
import {
  countNewInquiries,
  countPossibleSpam,
  createInquiry,
  listInquiries,
  markInquiryRead,
  setInquiryArchived,
} from "#app/inquiries/inquiry-store.server.ts";
import { shouldRevalidate } from "#app/routes/admin/layout.tsx";
import type { Db } from "#app/server/db/db.server.ts";
import { insertInquiries, newInquiry } from "#tests/fixtures/admin.ts";
import { inboxWork, statementsRunBy } from "#tests/fixtures/statements-run.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

/** Stores `count` inquiries as the contact form does, one a minute; `spam` of them as possible spam. */
async function storeInquiries(db: Db, count: number, spam = 0): Promise<Array<string>> {
  const ids: Array<string> = [];
  for (let index = 0; index < count; index++)
    ids.push(
      await createInquiry(
        db,
        {
          name: `Person ${index}`,
          email: `person${index}@example.com`,
          phone: "(435) 555-0142",
          service: "Other",
          message: "",
          payment_method: "Self-Pay",
        },
        { spamReason: index < spam ? "sent too fast" : null, now: Date.parse("2026-11-01T00:00:00Z") + index * 60_000 },
      ),
    );
  return ids;
}

/** `count` inquiries received one a minute from the start of 2026, the index-th with `fields(index)`. */
function oneAMinute(count: number, fields: (index: number) => Parameters<typeof newInquiry>[0]) {
  const start = Date.parse("2026-01-01T00:00:00Z");
  return Array.from({ length: count }, (_, index) =>
    newInquiry({ created_at: new Date(start + index * 60_000).toISOString(), ...fields(index) }),
  );
}

testOnEachEngine(
  "every statement an admin page runs on inquiries reads an index, in the order it lists (no full scan, no sort)",
  async (db, dialect) => {
    // Enough rows, and statistics, for PostgreSQL to plan as for a real inbox: a third read, one
    // in twenty archived, one in twenty-five possible spam.
    const rows = oneAMinute(2000, (index) => ({
      name: `Person ${index}`,
      is_read: index % 3 === 0 ? 1 : 0,
      possible_spam: index % 25 === 7 ? 1 : 0,
      archived: index % 20 === 3 ? 1 : 0,
    }));
    await insertInquiries(db, rows);
    if (dialect === "postgres") await sql`vacuum analyze inquiries`.execute(db);
    const first = await listInquiries(db);
    const id = rows[1000]!.id;
    const pages = inboxWork({ older: first.older, id, search: "person 3" });
    const plans: Record<string, Array<string>> = {};
    for (const [page, work] of Object.entries(pages)) {
      const statements = await statementsRunBy(db, "inquiries", work);
      expect(statements.length, page).toBeGreaterThan(0);
      // On PostgreSQL, the plan it makes when a scan or a sort costs more than anything else (one
      // remains only where no index can answer), run, to count the rows it read and threw away.
      await db.connection().execute(async (connection) => {
        if (dialect === "postgres") {
          await sql`set enable_seqscan = off`.execute(connection);
          await sql`set enable_sort = off`.execute(connection);
        }
        try {
          for (const [index, statement] of statements.entries()) {
            const explain = `${dialect === "postgres" ? "explain (analyze, costs off, timing off)" : "explain query plan"} ${statement.sql}`;
            const { rows } = await connection.executeQuery<Record<string, unknown>>({
              ...statement,
              sql: explain,
              parameters: [...statement.parameters],
            });
            plans[`${page} #${index + 1}`] = rows.map((row) => String(dialect === "postgres" ? row["QUERY PLAN"] : row.detail).trim());
          }
        } finally {
          if (dialect === "postgres") await sql`reset all`.execute(connection);
        }
      });
    }
    for (const [statement, plan] of Object.entries(plans)) {
      const text = plan.join("\n");
      if (statement.startsWith("a search")) {
        // "person 3" is found in 111 rows (of 2,000 named "Person"): their ids come from the tokens,
        // the rows are read by their key into the materialized CTE, and only those are sorted.
        if (dialect === "sqlite") {
          expect(plan, statement).toEqual([
            "MATERIALIZE found_inquiries",
            "SEARCH inquiries USING INDEX sqlite_autoindex_inquiries_1 (id=?)",
            "SCAN inquiries", // the CTE's rows, under the table's name
            "USE TEMP B-TREE FOR ORDER BY",
          ]);
        } else {
          expect(text, statement).toMatch(
            /^Limit[^\n]*\nCTE found_inquiries\n-> {2}(Bitmap Heap|Index) Scan on inquiries inquiries_1 \(actual rows=111 /,
          );
          expect(text, statement).toMatch(
            /Index Cond: \(id = ANY[\s\S]*Sort[\s\S]*CTE Scan on found_inquiries inquiries \(actual rows=100 /,
          );
          expect(text, statement).not.toMatch(/Seq Scan|using inquiries_/);
        }
        continue;
      }
      if (dialect === "sqlite") {
        // Each step on the table searches an index; none sorts what it found.
        for (const step of plan.filter((line) => /\binquiries\b/.test(line))) expect(step, statement).toMatch(/^SEARCH inquiries USING /);
        expect(text, statement).not.toMatch(/TEMP B-TREE/);
      } else {
        expect(text, statement).not.toMatch(/Seq Scan|Sort/);
        // An index that gives the order but not the rows (the created_at index walked for the few
        // archived ones) reads the table all the same: the rows it throws away show it. A search
        // reads the list until a page matches (no B-tree index finds text inside a name).
        const discarded = [...text.matchAll(/Rows Removed by Filter: (\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
        if (!statement.startsWith("a search")) expect(discarded, `${statement}\n${text}`).toBeLessThanOrEqual(50);
      }
    }
    // The count reads its index alone on SQLite, and stops at a limit (PostgreSQL shows it; which
    // index it takes on a table this small depends on its statistics).
    expect(plans["the New count (layout, /admin) #1"]?.join("\n")).toMatch(
      dialect === "sqlite" ? /USING COVERING INDEX inquiries_count_idx/ : /Limit[\s\S]*Index (Only )?Scan using/,
    );
  },
);

testOnEachEngine(
  "a search lists the same pages, newest first, whether its matches are few (looked up by their tokens) or many (the list walked)",
  async (db) => {
    // 1,200 "Okafor" inquiries, one a minute, every third archived; "okafor 1" matches few of them
    // (1, 10-19, 100-199, 1000-1199: the oldest most), "okafor" more than the look-up takes.
    const rows = oneAMinute(1200, (index) => ({ name: `Okafor ${index}`, archived: index % 3 === 0 ? 1 : 0 }));
    await insertInquiries(db, rows);
    const expected = (match: (name: string) => boolean) =>
      rows
        .filter((_row, index) => index % 3 !== 0 && match(`Okafor ${index}`))
        .reverse()
        .map((row) => row.id);
    /** Every page of the search, by Older, then back by Newer to the first. */
    async function allPages(search: string) {
      const seen: Array<string> = [];
      let page = await listInquiries(db, { search });
      seen.push(...page.inquiries.map((inquiry) => inquiry.id));
      const firstPage = seen.slice();
      while (page.older) {
        page = await listInquiries(db, { search, before: page.older });
        seen.push(...page.inquiries.map((inquiry) => inquiry.id));
      }
      let back = await listInquiries(db, { search, before: null, after: page.newer ?? null });
      while (back.newer) back = await listInquiries(db, { search, after: back.newer });
      expect(back.inquiries.map((inquiry) => inquiry.id)).toEqual(firstPage);
      return seen;
    }
    const few = expected((name) => /^Okafor 1/.test(name));
    expect(few.length).toBeGreaterThan(25);
    expect(await allPages("okafor 1")).toEqual(few);
    expect(await allPages("1 okafor")).toEqual(few);
    expect(await allPages("okafor")).toEqual(expected(() => true));
    expect((await listInquiries(db, { search: "okafor 1", list: "archived" })).inquiries.map((inquiry) => inquiry.id)).toEqual(
      rows
        .filter((_row, index) => index % 3 === 0 && /^Okafor 1/.test(`Okafor ${index}`))
        .reverse()
        .slice(0, 25)
        .map((row) => row.id),
    );
    expect((await listInquiries(db, { search: "okafor 9999" })).inquiries).toEqual([]);
  },
);

testOnEachEngine("the New and possible spam counts stop one past the most the admin shows exactly", async (db) => {
  const ids = await storeInquiries(db, 8, 3);
  await markInquiryRead(db, ids[7]!, null);
  expect(await countNewInquiries(db)).toBe(4);
  expect(await countNewInquiries(db, 4)).toBe(4);
  expect(await countNewInquiries(db, 3)).toBe(4);
  expect(await countNewInquiries(db, 2)).toBe(3);
  expect(await countPossibleSpam(db)).toBe(3);
  expect(await countPossibleSpam(db, 1)).toBe(2);
  // Archived inquiries are in neither count.
  await setInquiryArchived(db, ids[0]!, true, null);
  await setInquiryArchived(db, ids[6]!, true, null);
  expect([await countNewInquiries(db), await countPossibleSpam(db)]).toEqual([3, 2]);
});

test("a count above the most the admin shows exactly reads 999+, on the inbox tab too", () => {
  expect(countShownUpTo).toBe(999);
  expect([countText(0), countText(999), countText(1000), countText(100_000)]).toEqual(["0", "999", "999+", "999+"]);
  const tabs = (newInquiries: number) =>
    renderToString(
      createElement(MemoryRouter, { initialEntries: ["/admin/images"] }, createElement(AdminTabs, { role: "owner", newInquiries })),
    );

  expect(tabs(1000)).toMatch(/>999\+<span class="sr-only"> new<\/span>/);
  expect(tabs(42)).toMatch(/>42<span class="sr-only"> new<\/span>/);
});

test("the admin layout (the New count) is loaded again after a form, not for each page, filter or search of the inbox", () => {
  const url = (path: string) => new URL(`http://localhost${path}`);
  const navigation = (from: string, to: string, more: Record<string, unknown> = {}) =>
    shouldRevalidate({
      currentUrl: url(from),
      currentParams: {},
      nextUrl: url(to),
      nextParams: {},
      defaultShouldRevalidate: true,
      ...more,
    } as Parameters<typeof shouldRevalidate>[0]);
  // Older, Newer, a filter, the search form (a GET): the list alone.
  expect(navigation("/admin/inquiries", "/admin/inquiries?before=abc")).toBe(false);
  expect(navigation("/admin/inquiries?before=abc", "/admin/inquiries?after=def")).toBe(false);
  expect(navigation("/admin/inquiries", "/admin/inquiries?show=new")).toBe(false);
  expect(navigation("/admin/inquiries", "/admin/inquiries?q=maria", { formMethod: "GET" })).toBe(false);
  // After Mark as Read (its redirect back keeps the post's method) the count changes: loaded again.
  expect(navigation("/admin/inquiries?show=new", "/admin/inquiries", { formMethod: "POST" })).toBe(true);
  expect(navigation("/admin/inquiries", "/admin/inquiries", { formMethod: "POST" })).toBe(true);
  // A reload of the same address, another tab: as React Router decides.
  expect(navigation("/admin/inquiries?show=new", "/admin/inquiries?show=new")).toBe(true);
  expect(navigation("/admin/images", "/admin/inquiries?show=new")).toBe(true);
  expect(navigation("/admin/images", "/admin/inquiries", { defaultShouldRevalidate: false })).toBe(false);
  // A form the server never answered keeps the page.
  expect(navigation("/admin/inquiries", "/admin/inquiries", { formMethod: "POST", actionResult: { status: 0, result: {} } })).toBe(false);
});
