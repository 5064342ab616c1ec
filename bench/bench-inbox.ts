// `npm run bench:inbox`: the admin inbox at 10, 10,000 and 100,000 stored inquiries, every one
// unread (the worst case for the New count), on SQLite and, with BENCH_POSTGRES_URL, on
// PostgreSQL. One database per engine grows through the sizes, each inquiry stored by the app's
// own createInquiry (one in a hundred as possible spam, one in a hundred archived with
// setInquiryArchived). At each size:
// - the inbox's queries (inquiry-store.server.ts) called directly: the first page, the next one,
//   the filters, searches, the archived list, the two counts the page shows;
// - at the largest size, the plan of every statement an admin page runs on the inquiries table
//   (SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN), a full scan marked;
// - the production build (the last `npm run build`) on the same database, signed in as an
//   admin, as a browser asks (gzip): the inbox document, its next page (the document, and the
//   data requests a click on Older sends), the same click back to the first page, and Mark as
//   Read (the post and the two data requests that follow it; the inquiry is made unread again,
//   untimed, before each);
// - a second client timing `GET /` every 25 ms, alone and while a signed-in client reloads the
//   inbox back to back (and while it clicks Older back to back), interleaved twice.
// Medians and p95 in milliseconds, with the load average (the machine is shared), and each goal
// beside its figure: at the largest size p95 under 25 ms and a median at most twice the one at
// the smallest; the public `GET /` median moved by under 1 ms by the inbox reloads on SQLite.
//
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:inbox -- \
//     [--runs 25] [--requests 200] [--sizes 10,10000,100000] [--engines sqlite,postgres]
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { CompiledQuery, sql } from "kysely";
import { paymentMethodOptions, subjectOptions } from "#app/inquiries/contact-options.ts";
import {
  countNewInquiries,
  countPossibleSpam,
  createInquiry,
  type InquiryCursor,
  inquiryPageSize,
  listInquiries,
  markInquiryUnread,
  setInquiryArchived,
} from "#app/inquiries/inquiry-store.server.ts";
import { createAdmin } from "#app/staff/staff-accounts.server.ts";
import { createDb, type Db } from "#app/server/db/db.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { inboxWork, statementsRunBy } from "#tests/fixtures/statements-run.ts";
import { createPostgresDatabase } from "#tests/setup/postgres-database.ts";
import { signInCookie, startLocalServer } from "./local-server.ts";
import { median, percentile } from "./statistics.ts";
import { encodeCursor } from "#app/server/list-cursor.server.ts";

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "25" },
    requests: { type: "string", default: "200" },
    sizes: { type: "string", default: "10,10000,100000" },
    // Seeding 100,000 takes minutes per engine: one engine may be measured alone.
    engines: { type: "string", default: "sqlite,postgres" },
  },
});
const engines = new Set(options.engines.split(","));
if (![...engines].every((engine) => engine === "sqlite" || engine === "postgres"))
  throw new Error("--engines takes sqlite, postgres or both, separated by commas");
const runs = Number(options.runs);
const requests = Number(options.requests);
const sizes = options.sizes
  .split(",")
  .map(Number)
  .sort((a, b) => a - b);
if (![runs, requests, ...sizes].every((value) => Number.isInteger(value) && value > 0))
  throw new Error("--runs, --requests and --sizes take whole numbers above 0 (--sizes separated by commas)");
if (!existsSync(new URL("../build/server/index.js", import.meta.url))) throw new Error("No production build: run `npm run build` first.");
const largestSize = sizes.at(-1) ?? 0;
const firstNames = ["Maria", "James", "Aiko", "Daniel", "Fatima", "Noah", "Grace", "Omar", "Lucia", "Ethan", "Hana", "Samuel"];
const lastNames = ["Lopez", "Smith", "Tanaka", "Reyes", "Khan", "Brown", "Okafor", "Nielsen", "Garcia", "Young", "Park", "Evans"];
const words = "I would like to book a first session for my family and ask whether you take our plan or offer evenings".split(" ");
const adminEmail = "bench@example.com";
const adminPassword = "a long password for the inbox bench";
// Who archives the seeded inquiries, as the audit log names a script: no one.
const seeder = null;
const goalP95Ms = 25;
const goalRatio = 2;
const goalHomeShiftMs = 1;
const homeEveryMs = 25;

/** Inquiry number `index` of the seeding, the newest at the largest size sent now, one every 5 minutes before. */
function seeded(index: number) {
  const name = `${firstNames[index % firstNames.length]} ${lastNames[(index * 7) % lastNames.length]} ${index}`;
  const length = 40 + ((index * 37) % 81);
  const payload = {
    name,
    email: `person${index}@example.com`,
    phone: `(435) 555-${String(index % 10_000).padStart(4, "0")}`,
    service: subjectOptions[index % subjectOptions.length]!,
    message: Array.from({ length }, (_, word) => words[(index + word) % words.length]).join(" "),
    payment_method: paymentMethodOptions[index % paymentMethodOptions.length]!,
    ...(index % paymentMethodOptions.length === 0 ? { insurance_company: "Blue Cross" } : {}),
  };
  return { payload, now: Date.now() - (largestSize - 1 - index) * 300_000, spam: index % 100 === 7, archived: index % 100 === 3 };
}

/**
 * Grows the inquiries from `from` to `to`, each as a visitor's form post stores it
 * (createInquiry, with its idempotency key and its staff notification in one transaction), a
 * possible spam one as a post with a bad timing proof is stored, an archived one archived by
 * staff. Eight at a time on PostgreSQL, as its pool allows; one at a time on SQLite, which has
 * one connection. The notifications it queued are then deleted: the server under test would
 * otherwise spend the run sending them.
 */
async function grow(db: Db, from: number, to: number, postgres: boolean): Promise<void> {
  const parallel = postgres ? 8 : 1;
  // PostgreSQL's autovacuum analyzes a table once 50 rows and a tenth of it have changed, which
  // lets the plans of the foreign-key checks use the primary key; on a server where it is off (as
  // on this machine) each search token's check would scan every inquiry. Done here as it would.
  let analyzedAt = from;
  for (let start = from; start < to; start += parallel) {
    if (postgres && start - analyzedAt >= 50 + analyzedAt / 10) {
      await sql`analyze inquiries, inquiry_search_tokens`.execute(db);
      analyzedAt = start;
    }
    await Promise.all(
      Array.from({ length: Math.min(parallel, to - start) }, async (_, offset) => {
        const { payload, now, spam, archived } = seeded(start + offset);
        const id = await createInquiry(db, payload, {
          idempotencyKey: spam ? null : randomUUID(),
          spamReason: spam ? "sent 900 ms after the form was shown" : null,
          now,
        });
        if (archived) await setInquiryArchived(db, id, true, seeder, now);
      }),
    );
  }
  await db.deleteFrom("mail_outbox").execute();
  // As autovacuum leaves a table some time after a bulk load: statistics, and the visibility
  // map that lets a count be answered from an index alone.
  if (postgres) await sql`vacuum analyze inquiries, inquiry_search_tokens`.execute(db);
}

type Timing = { p50: number; p95: number };

function summary(times: Array<number>): Timing {
  return { p50: median(times), p95: percentile(times, 95) };
}

/** Median and 95th percentile of `count` timings of `work`, after `warmUp` runs; `before` runs untimed ahead of each. */
async function timed(work: () => Promise<unknown>, count = runs, warmUp = 3, before?: () => Promise<unknown>): Promise<Timing> {
  for (let warm = 0; warm < warmUp; warm++) {
    await before?.();
    await work();
  }
  const times: Array<number> = [];
  for (let run = 0; run < count; run++) {
    await before?.();
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return summary(times);
}

/** One request on loopback over `agent`'s kept-alive connections, its body read to the end; a status other than `expect` is an error. */
function send(agent: Agent, url: string, init: { method?: string; headers?: Record<string, string>; body?: string; expect?: number } = {}) {
  return new Promise<Buffer>((resolve, reject) => {
    const request = httpRequest(url, { agent, method: init.method ?? "GET", headers: init.headers, timeout: 10_000 }, (response) => {
      const chunks: Array<Buffer> = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        response.statusCode === (init.expect ?? 200)
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`${init.method ?? "GET"} ${url} answered ${response.statusCode}`)),
      );
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`${url} took over 10 s`)));
    request.on("error", reject);
    request.end(init.body);
  });
}

function loadAverage(): string {
  return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
}

/** Every statement on the inquiries table that `work` runs, each with the engine's plan of it. */
async function plansOf(db: Db, postgres: boolean, work: (db: Db) => Promise<unknown>) {
  const statements = await statementsRunBy(db, "inquiries", work);
  const plans: Array<{ sql: string; plan: Array<string> }> = [];
  for (const statement of statements) {
    const explain = CompiledQuery.raw(`${postgres ? "explain" : "explain query plan"} ${statement.sql}`, [...statement.parameters]);
    const { rows } = await db.executeQuery<Record<string, unknown>>(explain);
    plans.push({ sql: statement.sql, plan: rows.map((row) => String(postgres ? row["QUERY PLAN"] : row.detail)) });
  }
  return plans;
}

/**
 * Whether a plan reads the whole table: SQLite's SCAN of it, PostgreSQL's Seq Scan. A search that
 * found few reads them by id into found_inquiries, whose rows SQLite shows as a SCAN under the
 * table's name (inquiry-store.server.ts).
 */
function readsWholeTable(plan: Array<string>): boolean {
  const lines = plan.map((line) => line.trim());
  const viaFound = lines.includes("MATERIALIZE found_inquiries");
  return lines.some((line) => /Seq Scan on inquiries/.test(line) || (!viaFound && /^SCAN inquiries\b/.test(line)));
}

/** Prints the plan of every statement the admin's pages run on the inquiries table; the number of full scans. */
async function printPlans(db: Db, postgres: boolean, engine: string, first: InquiryCursor | null, id: string): Promise<number> {
  const work = inboxWork({ older: first, id, search: "okafor 4" });
  let scans = 0;
  console.log(`\n${engine}: the plan of every statement an admin page runs on inquiries, at ${largestSize.toLocaleString("en-US")}:`);
  for (const [label, run] of Object.entries(work))
    for (const { sql: text, plan } of await plansOf(db, postgres, run)) {
      const scanning = readsWholeTable(plan);
      if (scanning) scans++;
      const statement = text.replace(/\s+/g, " ").slice(0, 60);
      const steps = plan
        .map((line) => line.trim())
        .filter((line) => !/^(Filter|Index Cond|Recheck Cond|Sort Key|Workers Planned):/.test(line));
      console.log(`  ${label}${scanning ? " (FULL SCAN)" : ""}: ${statement}...\n    ${steps.join("\n    ")}`);
    }
  return scans;
}

type Row = {
  size: number;
  seconds: number;
  inbox: Timing;
  next: Timing;
  nextNavigation: Timing;
  /** The same click's two data requests for the first page (a click on Newer back to it). */
  firstNavigation: Timing;
  markRead: Timing;
  home: Timing;
  homeDuringReloads: Timing;
  homeDuringNavigations: Timing;
  load: string;
};

/** Runs `work` back to back until stopped; stop() answers how many runs completed. */
function backToBack(work: () => Promise<unknown>): () => Promise<number> {
  let running = true;
  let completed = 0;
  const loop = (async () => {
    while (running) {
      await work();
      completed++;
    }
  })();
  return async () => {
    running = false;
    await loop;
    return completed;
  };
}

/** `count` GETs of `/` by a client of its own, one every homeEveryMs, each timed. */
async function pacedHome(origin: string, count: number): Promise<Array<number>> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: Array<number> = [];
  try {
    for (let run = 0; run < count; run++) {
      const start = performance.now();
      await send(agent, `${origin}/`, { headers: { "Accept-Encoding": "gzip" } });
      const took = performance.now() - start;
      times.push(took);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, homeEveryMs - took)));
    }
  } finally {
    agent.destroy();
  }
  return times;
}

/**
 * The production server on the seeded database, signed in: the inbox's first page, its next
 * page, Mark as Read, and `/` alone and while staff use the inbox.
 */
async function overHttp(db: Db, databaseUrl: string): Promise<Omit<Row, "size" | "seconds">> {
  const first = await listInquiries(db);
  const newest = first.inquiries[0];
  const last = first.inquiries.at(-1);
  // With every inquiry on the first page (10) there is no Older link: the page after the last one, empty.
  const before = first.older ?? (last ? { createdAt: last.createdAt, id: last.id } : null);
  if (!newest || !before) throw new Error("No inquiry listed");
  const nextQuery = `before=${encodeCursor(before)}`;
  const next = await listInquiries(db, { before });

  const server = await startLocalServer(
    { DATABASE_URL: databaseUrl },
    // The one warning every start on a loopback port gives says nothing here.
    { onStderr: (text) => void (text.includes("SITE_URL is not set") || process.stderr.write(text)) },
  );
  // Two connections, as a browser sends a navigation's two data requests at once.
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  try {
    const cookie = await signInCookie(server.origin, adminEmail, adminPassword);
    const admin = { Cookie: cookie, "Accept-Encoding": "gzip" };
    const url = (path: string) => server.origin + path;
    // What is timed is the page staff see: the listed inquiries, and the link to the next page.
    const page = (await send(agent, url("/admin/inquiries"), { headers: { Cookie: cookie } })).toString("utf8");
    if (!page.includes(newest.name) || (first.older && !page.includes(`href="/admin/inquiries?${nextQuery}"`)))
      throw new Error("The inbox's first page does not show the newest inquiry and its Older link");
    const nextPage = (await send(agent, url(`/admin/inquiries?${nextQuery}`), { headers: { Cookie: cookie } })).toString("utf8");
    if (next.inquiries[0] && !nextPage.includes(next.inquiries[0].name)) throw new Error("The next page does not show its inquiries");

    // What Chromium sends (recorded with Playwright): a click on Older loads the list (its route
    // has a clientLoader, so it comes alone) and the root's data; the layout's is not loaded
    // again for a change of the query alone (its shouldRevalidate). Mark as Read posts to the
    // page's data URL (202, a redirect back), then loads the list and root + layout (the New count).
    // `via`: the agent (connections) it goes through; the staff client below has its own.
    const document = (via = agent) => send(via, url("/admin/inquiries"), { headers: admin });
    const listClick =
      (query: string, via = agent) =>
      () =>
        Promise.all(
          ["routes%2Fadmin%2Finquiries", "root"].map((routes) =>
            send(via, url(`/admin/inquiries.data?${query ? `${query}&` : ""}_routes=${routes}`), { headers: admin }),
          ),
        );
    const olderClick = listClick(nextQuery);
    const markRead = async () => {
      await send(agent, url("/admin/inquiries.data"), {
        method: "POST",
        headers: { ...admin, Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ id: newest.id, intent: "mark-read" }).toString(),
        expect: 202,
      });
      await Promise.all([
        send(agent, url("/admin/inquiries.data?_routes=routes%2Fadmin%2Finquiries"), { headers: admin }),
        send(agent, url("/admin/inquiries.data?_routes=root%2Croutes%2Fadmin%2Flayout"), { headers: admin }),
      ]);
    };
    // Every inquiry stays unread: the one marked is made New again, untimed, before each mark.
    const unread = () => markInquiryUnread(db, newest.id, seeder);
    await unread();
    await markRead();
    const marked = await db.selectFrom("inquiries").select("is_read").where("id", "=", newest.id).executeTakeFirstOrThrow();
    if (Number(marked.is_read) !== 1) throw new Error("Mark as Read over HTTP did not mark the inquiry read");

    const result = {
      inbox: await timed(() => document(), requests, 20),
      next: await timed(() => send(agent, url(`/admin/inquiries?${nextQuery}`), { headers: admin }), requests, 20),
      nextNavigation: await timed(olderClick, requests, 20),
      firstNavigation: await timed(listClick(""), requests, 20),
      markRead: await timed(markRead, requests, 20, unread),
    };
    await unread();

    // `/` as a visitor's browser asks for it, alone and while staff reload the inbox (or click
    // Older) back to back on their own connection; interleaved twice, so drift on this shared
    // machine falls on both.
    const staff = new Agent({ keepAlive: true, maxSockets: 2 });
    const staffDocument = () => document(staff);
    const staffOlder = listClick(nextQuery, staff);
    const alone: Array<number> = [];
    const duringReloads: Array<number> = [];
    const duringNavigations: Array<number> = [];
    const perRound = Math.ceil(requests / 2);
    try {
      await pacedHome(server.origin, 20);
      for (let round = 0; round < 2; round++) {
        alone.push(...(await pacedHome(server.origin, perRound)));
        for (const [staffWork, times] of [
          [staffDocument, duringReloads],
          [staffOlder, duringNavigations],
        ] as const) {
          const stop = backToBack(staffWork);
          times.push(...(await pacedHome(server.origin, perRound)));
          if ((await stop()) === 0) throw new Error("The staff client never finished a request");
        }
      }
    } finally {
      staff.destroy();
    }
    return {
      ...result,
      home: summary(alone),
      homeDuringReloads: summary(duringReloads),
      homeDuringNavigations: summary(duringNavigations),
      load: loadAverage(),
    };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

type Opened = { db: Db; databaseUrl: string; postgres: boolean; drop: () => Promise<void> };

function line(engine: string, size: number, label: string, timing: Timing): void {
  console.log(
    `${engine.padEnd(10)} ${String(size).padStart(7)}  ${label.padEnd(34)} median ${timing.p50.toFixed(2).padStart(7)} ms  p95 ${timing.p95.toFixed(2).padStart(7)} ms`,
  );
}

async function measure(engine: string, open: () => Promise<Opened>): Promise<{ rows: Array<Row>; scans: number }> {
  const rows: Array<Row> = [];
  let scans = 0;
  const { db, databaseUrl, postgres, drop } = await open();
  try {
    await migrateToLatest(db);
    await createAdmin(db, { email: adminEmail, password: adminPassword });
    let stored = 0;
    let seconds = 0;
    for (const size of sizes) {
      const seeding = performance.now();
      await grow(db, stored, size, postgres);
      stored = size;
      seconds += (performance.now() - seeding) / 1000;
      console.log(
        `${engine.padEnd(10)} ${String(size).padStart(7)}  seeded in ${seconds.toFixed(1)} s in all; New count ${await countNewInquiries(db)} (capped)`,
      );
      const first = await listInquiries(db);
      const queries: Record<string, () => Promise<unknown>> = {
        "first page": () => listInquiries(db),
        "next page": () => listInquiries(db, { before: first.older }),
        "filter: New": () => listInquiries(db, { show: "new" }),
        "filter: Read": () => listInquiries(db, { show: "read" }),
        "search: a name": () => listInquiries(db, { search: "okafor 4" }),
        "search: phone digits": () => listInquiries(db, { search: "4355550042" }),
        "search: nobody": () => listInquiries(db, { search: "nobody at all" }),
        archived: () => listInquiries(db, { list: "archived" }),
        "archived: New": () => listInquiries(db, { list: "archived", show: "new" }),
        // The inbox page runs these too: the admin's New count on every admin page, the spam tab's count.
        "count: New": () => countNewInquiries(db),
        "count: possible spam": () => countPossibleSpam(db),
      };
      for (const [label, query] of Object.entries(queries)) line(engine, size, label, await timed(query));
      if (size === largestSize) {
        const id = first.inquiries[0]?.id ?? "";
        scans = await printPlans(db, postgres, engine, first.older, id);
        // The plans ran their statements: that inquiry is New and in the inbox again.
        await markInquiryUnread(db, id, seeder);
        await setInquiryArchived(db, id, false, seeder);
      }
      const http = await overHttp(db, databaseUrl);
      for (const [label, timing] of [
        ["GET inbox", http.inbox],
        ["GET inbox, next page", http.next],
        ["Older click (2 data requests)", http.nextNavigation],
        ["first page click (2 data requests)", http.firstNavigation],
        ["Mark as Read (post + 2 data)", http.markRead],
        ["GET /", http.home],
        ["GET / during inbox reloads", http.homeDuringReloads],
        ["GET / during Older clicks", http.homeDuringNavigations],
      ] as const)
        line(engine, size, label, timing);
      rows.push({ size, seconds, ...http });
    }
  } finally {
    await drop();
  }
  return { rows, scans };
}

const ms = (timing: Timing) => `${timing.p50.toFixed(2)} / ${timing.p95.toFixed(2)}`;
const count = (size: number) => size.toLocaleString("en-US");
const verdict = (holds: boolean) => (holds ? "holds" : "FAILS");

function report(engine: string, rows: ReadonlyArray<Row>, scans: number): void {
  const smallest = rows[0];
  const largest = rows.at(-1);
  if (!smallest || !largest) return;
  console.log(
    `\n${engine}: median / p95 in ms, ${requests} requests each (gzip); GET / one every ${homeEveryMs} ms by a client of its own.\n`,
  );
  console.log(
    "| inquiries | seeded (in all) | inbox document | next page: document | next page: Older click | Mark as Read | GET / alone | GET / during inbox reloads | GET / during Older clicks | load average |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const row of rows)
    console.log(
      `| ${count(row.size)} | ${row.seconds.toFixed(1)} s | ${ms(row.inbox)} | ${ms(row.next)} | ${ms(row.nextNavigation)} | ${ms(row.markRead)} | ${ms(row.home)} | ${ms(row.homeDuringReloads)} | ${ms(row.homeDuringNavigations)} | ${row.load} |`,
    );
  // Up to a page of inquiries has no next page: its empty page after the last one renders no
  // card (and records no reading in the audit log), so the next page is held to the first
  // page's time there instead, the document and the click alike.
  const nextHasRows = smallest.size > inquiryPageSize;
  if (rows.length > 1) {
    console.log(
      `\nGoals at ${count(largest.size)}: p95 < ${goalP95Ms} ms, and a median at most ${goalRatio}x the one at ${count(smallest.size)}:`,
    );
    for (const [label, small, large] of [
      ["inbox document", smallest.inbox, largest.inbox],
      ["next page, document", nextHasRows ? smallest.next : smallest.inbox, largest.next],
      ["next page, Older click", nextHasRows ? smallest.nextNavigation : smallest.firstNavigation, largest.nextNavigation],
      ["Mark as Read", smallest.markRead, largest.markRead],
    ] as const) {
      const ratio = large.p50 / small.p50;
      console.log(
        `  ${label.padEnd(24)} p95 ${large.p95.toFixed(1).padStart(5)} ms (goal < ${goalP95Ms}): ${verdict(large.p95 < goalP95Ms)}; median ${large.p50.toFixed(2)} ms = x${ratio.toFixed(2)} of ${small.p50.toFixed(2)} (goal <= x${goalRatio}): ${verdict(ratio <= goalRatio)}`,
      );
    }
    if (!nextHasRows)
      console.log(
        `  (at ${count(smallest.size)} every inquiry is on the first page: the next page's document and Older click are held to the first page's; against the empty page after the last one, the click is x${(largest.nextNavigation.p50 / smallest.nextNavigation.p50).toFixed(2)})`,
      );
  }
  const shift = (during: Timing) => during.p50 - largest.home.p50;
  const goalNote = engine === "SQLite" ? "" : " (the goal is SQLite's, whose queries block the process; shown for comparison)";
  console.log(
    `GET / median at ${count(largest.size)} while staff reload the inbox back to back: ${largest.homeDuringReloads.p50.toFixed(2)} ms against ${largest.home.p50.toFixed(2)} alone, ${shift(largest.homeDuringReloads) >= 0 ? "+" : ""}${shift(largest.homeDuringReloads).toFixed(2)} ms (goal < ${goalHomeShiftMs} ms): ${verdict(shift(largest.homeDuringReloads) < goalHomeShiftMs)}${goalNote}`,
  );
  console.log(
    `GET / median at ${count(largest.size)} while staff click Older back to back: ${shift(largest.homeDuringNavigations) >= 0 ? "+" : ""}${shift(largest.homeDuringNavigations).toFixed(2)} ms`,
  );
  console.log(`Full scans of the inquiries table among the admin's statements at ${count(largestSize)}: ${scans} (goal 0).`);
}

console.log(`Load average at the start: ${loadAverage()}`);
const results: Array<[string, { rows: Array<Row>; scans: number }]> = [];
if (engines.has("sqlite")) {
  results.push([
    "SQLite",
    await measure("sqlite", async () => {
      const folder = mkdtempSync(join(tmpdir(), "bench-inbox-"));
      const file = join(folder, "bench.db");
      const db = createDb({ dialect: "sqlite", file });
      return {
        db,
        databaseUrl: file,
        postgres: false,
        drop: async () => {
          await db.destroy();
          rmSync(folder, { recursive: true, force: true });
        },
      };
    }),
  ]);
}
const postgresUrl = process.env.BENCH_POSTGRES_URL;
if (postgresUrl && engines.has("postgres")) {
  results.push([
    "PostgreSQL",
    await measure("postgres", async () => {
      const database = await createPostgresDatabase(postgresUrl, "bench_inbox");
      const db = createDb({ dialect: "postgres", url: database.url });
      return {
        db,
        databaseUrl: database.url,
        postgres: true,
        drop: async () => {
          await db.destroy();
          await database.drop();
        },
      };
    }),
  ]);
} else if (engines.has("postgres")) {
  console.log("PostgreSQL skipped: set BENCH_POSTGRES_URL to measure it too.");
}
for (const [engine, { rows, scans }] of results) report(engine, rows, scans);
console.log(`\nLoad average at the end: ${loadAverage()}`);
