// `npm run measure:contact`: what /contact costs a visitor on a phone, as decision 007 records it.
// Chromium on a throttled phone profile (Slow 4G: 150 ms RTT, 1.6 Mbps down, 750 kbps up; CPU
// slowed 4x), a fresh browser context each run, the production build with a throw-away database.
//
//   npm run measure:contact -- [--runs 5] [--origin http://127.0.0.1:3000 ...] [--encoding gzip|br]
//
// Without --origin it starts the current build. Given several origins (say, two builds to compare,
// each started with `PORT=... npm run serve`), it alternates between them run by run, so a busy
// moment of the machine does not fall on one of them only.
// Scripts are asked for as gzip (the unit of the budgets in ARCHITECTURE.md) unless --encoding br.
// Two visitors: one reads, then touches the form (first load, then first touch, measured apart);
// one taps the form the moment it shows and types (time until the form is live, from navigation).
// "Live" is the moment the form carries data-hydrated: React handles it, validates and sends it.
import { parseArgs } from "node:util";
import { chromium, type Browser, type CDPSession, type Page } from "@playwright/test";
import { chromiumPath } from "./chromium.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { startLocalServer } from "./local-server.ts";
import { median } from "./statistics.ts";

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    origin: { type: "string", multiple: true },
    encoding: { type: "string", default: "gzip" },
  },
});
const runs = Number(options.runs);

const slow4g = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const cpuSlowdown = 4;
const phone = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

type PageMarks = { live: number | null; lcp: number; longTasks: Array<[number, number]> };

// Runs in every document before its own scripts.
function recordMarks() {
  const marks: PageMarks = { live: null, lcp: 0, longTasks: [] };
  (window as unknown as { marks: PageMarks }).marks = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    marks.lcp = list.getEntries().at(-1)?.startTime ?? marks.lcp;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new MutationObserver(() => {
    if (marks.live === null && document.querySelector("form[data-hydrated]")) marks.live = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-hydrated"] });
}

/** Script bytes as they crossed the (emulated) network, compressed, counted per request. */
async function countScriptBytes(cdp: CDPSession) {
  const scripts = new Map<string, string>();
  const finished: Array<{ url: string; bytes: number; encoding: string }> = [];
  const encodings = new Map<string, string>();
  await cdp.send("Network.enable");
  cdp.on("Network.responseReceived", (event) => {
    if (event.type !== "Script") return;
    scripts.set(event.requestId, event.response.url);
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]));
    encodings.set(event.requestId, String(headers["content-encoding"] ?? "identity"));
  });
  cdp.on("Network.loadingFinished", (event) => {
    const url = scripts.get(event.requestId);
    if (url) finished.push({ url, bytes: event.encodedDataLength, encoding: encodings.get(event.requestId) ?? "?" });
  });
  return {
    total: () => finished.reduce((sum, entry) => sum + entry.bytes, 0),
    count: () => finished.length,
    encodings: () => [...new Set(finished.map((entry) => entry.encoding))],
  };
}

async function phonePage(browser: Browser): Promise<{ page: Page; scripts: Awaited<ReturnType<typeof countScriptBytes>> }> {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  // The map is an external iframe: nothing outside this machine is reachable, so answer at once.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  await page.addInitScript(recordMarks);
  const cdp = await context.newCDPSession(page);
  const scripts = await countScriptBytes(cdp);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": options.encoding } });
  await cdp.send("Network.emulateNetworkConditions", slow4g);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  return { page, scripts };
}

const marksOf = (page: Page) => page.evaluate(() => (window as unknown as { marks: PageMarks }).marks);
const blockingTime = (tasks: Array<[number, number]>, from: number, to: number) =>
  tasks.filter(([start]) => start >= from && start < to).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);

async function readsThenTouches(browser: Browser, origin: string) {
  const { page, scripts } = await phonePage(browser);
  await page.goto(`${origin}/contact`, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1000);
  const navigation = await page.evaluate(() => {
    const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    return { fcp, domContentLoaded: entry.domContentLoadedEventEnd, load: entry.loadEventEnd, now: performance.now() };
  });
  const beforeTouch = await marksOf(page);
  const firstLoad = {
    scriptBytes: scripts.total(),
    scripts: scripts.count(),
    encodings: scripts.encodings(),
    fcp: navigation.fcp,
    lcp: beforeTouch.lcp,
    domContentLoaded: navigation.domContentLoaded,
    load: navigation.load,
    liveWithoutTouch: beforeTouch.live,
    blockingTime: blockingTime(beforeTouch.longTasks, 0, navigation.now),
  };
  const touchedAt = await page.evaluate(() => performance.now());
  await page.tap("#firstName");
  await page.waitForSelector("form[data-hydrated]", { timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  const afterTouch = await marksOf(page);
  const touch = {
    scriptBytes: scripts.total() - firstLoad.scriptBytes,
    scripts: scripts.count() - firstLoad.scripts,
    toLive: Math.max(0, (afterTouch.live ?? touchedAt) - touchedAt),
    blockingTime: blockingTime(afterTouch.longTasks, touchedAt, Number.POSITIVE_INFINITY),
  };
  await page.context().close();
  return { firstLoad, touch };
}

async function tapsAtOnce(browser: Browser, origin: string) {
  const { page, scripts } = await phonePage(browser);
  await page.goto(`${origin}/contact`, { waitUntil: "commit" });
  await page.tap("#firstName", { timeout: 60_000 });
  await page.keyboard.type("J");
  await page.waitForSelector("form[data-hydrated]", { timeout: 60_000 });
  const marks = await marksOf(page);
  const value = await page.inputValue("#firstName");
  await page.waitForLoadState("networkidle");
  const result = { live: marks.live ?? 0, scriptBytes: scripts.total(), typedKept: value === "J" };
  await page.context().close();
  return result;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function report(
  origin: string,
  reads: Array<Awaited<ReturnType<typeof readsThenTouches>>>,
  taps: Array<Awaited<ReturnType<typeof tapsAtOnce>>>,
) {
  const m = (pick: (read: (typeof reads)[number]) => number) => median(reads.map(pick));
  const first = reads[0]!;
  console.log(`/contact on a phone (Slow 4G, CPU ${cpuSlowdown}x slower), medians of ${reads.length} runs, ${origin}`);
  console.log(
    `first load:  script ${kb(m((r) => r.firstLoad.scriptBytes))} in ${first.firstLoad.scripts} files (${first.firstLoad.encodings.join(", ")})`,
  );
  console.log(
    `             FCP ${ms(m((r) => r.firstLoad.fcp))}, LCP ${ms(m((r) => r.firstLoad.lcp))}, DOMContentLoaded ${ms(m((r) => r.firstLoad.domContentLoaded))}, load ${ms(m((r) => r.firstLoad.load))}`,
  );
  const live = reads.map((r) => r.firstLoad.liveWithoutTouch).filter((value) => value !== null);
  console.log(
    `             form live without a touch: ${live.length ? `${ms(median(live))} (${live.length} of ${reads.length} runs)` : "no (waits for a touch)"}; total blocking time ${ms(m((r) => r.firstLoad.blockingTime))}`,
  );
  console.log(
    `first touch: script ${kb(m((r) => r.touch.scriptBytes))} in ${first.touch.scripts} files, live ${ms(m((r) => r.touch.toLive))} after the touch, total blocking time ${ms(m((r) => r.touch.blockingTime))}`,
  );
  console.log(`total:       script ${kb(m((r) => r.firstLoad.scriptBytes + r.touch.scriptBytes))}`);
  console.log(
    `tap at once: form live ${ms(median(taps.map((t) => t.live)))} after navigation started; typed text kept: ${taps.every((t) => t.typedKept)}`,
  );
}

async function main(): Promise<void> {
  let origins = options.origin ?? [];
  let stop = async () => {};
  if (origins.length === 0) {
    buildIfNeeded();
    const server = await startLocalServer();
    origins = [server.origin];
    stop = server.stop;
  }
  const browser = await chromium.launch({ executablePath: chromiumPath });
  try {
    const results = origins.map((origin) => ({
      origin,
      reads: [] as Array<Awaited<ReturnType<typeof readsThenTouches>>>,
      taps: [] as Array<Awaited<ReturnType<typeof tapsAtOnce>>>,
    }));
    for (const { origin } of results) await readsThenTouches(browser, origin); // warm each server
    for (let run = 0; run < runs; run += 1) {
      for (const result of results) {
        result.reads.push(await readsThenTouches(browser, result.origin));
        result.taps.push(await tapsAtOnce(browser, result.origin));
      }
    }
    for (const { origin, reads, taps } of results) report(origin, reads, taps);
  } finally {
    await browser.close();
    await stop();
  }
}

await main();
