// `npm run bench:inbox`: the admin inbox's queries (inquiry-store.server.ts) at 10, 10,000 and
// 100,000 stored inquiries, on SQLite and, with BENCH_POSTGRES_URL, on PostgreSQL: the first
// page, the next one, the New and Read filters, a search by name and by phone digits, and the
// archived list. Medians and p95 of repeated runs, in milliseconds (the machine is shared).
//
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:inbox -- [--runs 25]
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { PostgresAdapter, sql } from "kysely";
import { subjectOptions } from "#app/content/contact-options.ts";
import { inquirySearchText } from "#app/inquiries/inquiry-search.ts";
import { listInquiries } from "#app/inquiries/inquiry-store.server.ts";
import { createDb, type Db } from "#app/server/db/db.server.ts";
import type { NewInquiry } from "#app/server/db/schema.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { createPostgresDatabase } from "#tests/setup/postgres-database.ts";
import { median } from "./median.ts";

const { values: options } = parseArgs({ options: { runs: { type: "string", default: "25" } } });
const runs = Number(options.runs);
const sizes = [10, 10_000, 100_000];
const firstNames = ["Maria", "James", "Aiko", "Daniel", "Fatima", "Noah", "Grace", "Omar", "Lucia", "Ethan", "Hana", "Samuel"];
const lastNames = ["Lopez", "Smith", "Tanaka", "Reyes", "Khan", "Brown", "Okafor", "Nielsen", "Garcia", "Young", "Park", "Evans"];

/** `count` inquiries over the last year: a tenth unread, one in fifty possible spam, one in a hundred archived. */
function inquiries(count: number): Array<NewInquiry> {
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => {
    const name = `${firstNames[index % firstNames.length]} ${lastNames[(index * 7) % lastNames.length]} ${index}`;
    const read = index % 10 !== 0;
    const email = `person${index}@example.com`;
    const phone = `(435) 555-${String(index % 10_000).padStart(4, "0")}`;
    return {
      id: randomUUID(),
      created_at: new Date(now - index * 300_000).toISOString(),
      name,
      email,
      phone,
      service: subjectOptions[index % subjectOptions.length]!,
      message: "I would like to book a first session.",
      payment_method: "Self-Pay",
      insurance_company: null,
      is_read: read ? 1 : 0,
      read_at: read ? new Date(now - index * 300_000 + 60_000).toISOString() : null,
      idempotency_key: null,
      possible_spam: index % 50 === 7 ? 1 : 0,
      spam_reason: index % 50 === 7 ? "sent too fast" : null,
      archived: index % 100 === 3 ? 1 : 0,
      search_text: inquirySearchText({ name, email, phone }),
    };
  });
}

async function store(db: Db, rows: Array<NewInquiry>) {
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto("inquiries")
      .values(rows.slice(start, start + 500))
      .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`analyze inquiries`.execute(db);
}

/** Median and 95th percentile of `runs` timings of `query`, after a few to warm up. */
async function timed(query: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let warm = 0; warm < 3; warm++) await query();
  const times: Array<number> = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await query();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: median(times), p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] ?? 0 };
}

async function measure(engine: string, open: () => Promise<{ db: Db; drop: () => Promise<void> }>) {
  for (const size of sizes) {
    const { db, drop } = await open();
    try {
      await migrateToLatest(db);
      await store(db, inquiries(size));
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
      };
      for (const [label, query] of Object.entries(queries)) {
        const { p50, p95 } = await timed(query);
        console.log(
          `${engine.padEnd(10)} ${String(size).padStart(7)}  ${label.padEnd(22)} median ${p50.toFixed(2).padStart(7)} ms  p95 ${p95.toFixed(2).padStart(7)} ms`,
        );
      }
    } finally {
      await drop();
    }
  }
}

await measure("sqlite", async () => {
  const folder = mkdtempSync(join(tmpdir(), "bench-inbox-"));
  const db = createDb({ dialect: "sqlite", file: join(folder, "bench.db") });
  return {
    db,
    drop: async () => {
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    },
  };
});
const postgresUrl = process.env.BENCH_POSTGRES_URL;
if (postgresUrl) {
  await measure("postgres", async () => {
    const database = await createPostgresDatabase(postgresUrl, "bench_inbox");
    const db = createDb({ dialect: "postgres", url: database.url });
    return {
      db,
      drop: async () => {
        await db.destroy();
        await database.drop();
      },
    };
  });
} else {
  console.log("PostgreSQL skipped: set BENCH_POSTGRES_URL to measure it too.");
}
