// `npm run bench:contact`: N contact submissions over C concurrent connections against a
// fresh server; checks that every one was stored exactly once and reports submissions per
// second and latency percentiles.
//
//   npm run bench:contact -- [--requests 500] [--connections 50]
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { openInquiry } from "#app/inquiries/inquiry-sealing.server.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { fetchContactFormToken } from "./contact-page.ts";
import { startLocalServer } from "./local-server.ts";
import { percentile } from "./statistics.ts";

const { values: options } = parseArgs({
  options: { requests: { type: "string", default: "500" }, connections: { type: "string", default: "50" } },
});
const total = Number(options.requests);
const concurrency = Number(options.connections);

buildIfNeeded();
// One client sends everything here, as fast as it can: the per-client limit and the fill-time
// check (which takes such speed for a bot) are lifted for the run.
const server = await startLocalServer({ CONTACT_RATE_LIMIT: String(total * 2), CONTACT_MIN_FILL_MS: "0" });
const { origin, databaseFile } = server;

try {
  const run = `bench-${Date.now()}`;
  // Fetched before the clock starts: the benchmark measures submissions, not page renders.
  const formTokens: Array<string> = [];
  for (let start = 0; start < total; start += concurrency) {
    formTokens.push(
      ...(await Promise.all(Array.from({ length: Math.min(concurrency, total - start) }, () => fetchContactFormToken(origin)))),
    );
  }
  const latencies: Array<number> = [];
  const statuses = new Map<number, number>();
  let next = 0;
  async function worker() {
    while (next < total) {
      const index = next++;
      const body = new URLSearchParams({
        firstName: "Load",
        lastName: `Test ${index}`,
        email: `${run}-${index}@example.com`,
        phone: "435-555-0100",
        subject: "Individual Counseling",
        paymentMethod: "Self-Pay",
        message: "Submitted by the contact benchmark.",
        formToken: formTokens[index]!,
      });
      const started = performance.now();
      // As the form's page would: a write that names no page of the site is refused.
      const response = await fetch(`${origin}/api/inquiries`, { method: "POST", body, headers: { Origin: origin } });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;

  const database = new DatabaseSync(databaseFile);
  // Sealed with the key startLocalServer gave the server (and this process).
  const rows = database.prepare("SELECT id, sealed_fields FROM inquiries").all() as Array<{ id: string; sealed_fields: string }>;
  database.close();
  const copies = new Map<string, number>();
  for (const { email } of rows.map((row) => openInquiry(row))) {
    if (email.startsWith(`${run}-`)) copies.set(email, (copies.get(email) ?? 0) + 1);
  }
  const storedOnce = [...copies.values()].filter((count) => count === 1).length;

  console.log(`${total} submissions over ${concurrency} connections in ${seconds.toFixed(2)} s`);
  console.log(
    `  ${(total / seconds).toFixed(0)} submissions/s; latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  console.log(`  statuses: ${[...statuses].map(([status, count]) => `${status} x${count}`).join(", ")}`);
  console.log(
    `  stored exactly once: ${storedOnce} of ${total}${copies.size !== storedOnce ? ` (${copies.size - storedOnce} stored more than once)` : ""}`,
  );
  if (storedOnce !== total || statuses.get(201) !== total) process.exitCode = 1;
} finally {
  await server.stop();
}
