// `GET /` every 100 ms, as a visitor with an open connection sees it, for the benchmarks that
// load a server with uploads or downloads (bench/bench-images.ts, `npm run bench -- --uploads`).
// It samples on a thread of its own, warmed up before the load starts. On the benchmark's own
// event loop each sample could also wait for the uploads' client (a 4 MB FormData built and sent
// per photo), and that wait was counted as the server's. Measured on 2026-11-28, 15 uploads in a
// row, two alternating runs each: max 42 and 57 ms on the uploads' loop, 14 and 24 ms on a thread
// of its own; p95 7.2 and 4.7 against 5.6 and 4.5 ms (within this machine's noise).
import http from "node:http";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { median, percentile } from "./statistics.ts";

export type Latencies = { n: number; medianMs: number; p95Ms: number; maxMs: number };

type SamplerData = { role: "home-sampler"; origin: string };

const intervalMs = 100;
/** Samples taken and not counted before the load starts: the connection, and the client's first runs. */
const warmUpSamples = 10;

/** What a started sampler gives: the samples taken until `load` settles, its failure passed on. */
export type HomeSampler = { until(load: Promise<unknown> | number): Promise<Latencies> };

/**
 * Starts sampling `origin`'s `GET /`; resolves once warmed up, before the caller starts its load.
 * `until(load)` stops the sampler once `load` settles (a promise, or a number of milliseconds),
 * also when it fails, and gives the times of the samples taken since the warm-up.
 */
export async function startHomeSampler(origin: string): Promise<HomeSampler> {
  const worker = new Worker(new URL(import.meta.url), { workerData: { role: "home-sampler", origin } satisfies SamplerData });
  const failed = new Promise<never>((_, reject) => {
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the GET / sampler stopped (exit code ${code})`)));
  });
  const message = () => Promise.race([new Promise<unknown>((resolve) => worker.once("message", resolve)), failed]);
  await message(); // warmed up
  return {
    async until(load) {
      const [settled] = await Promise.allSettled([typeof load === "number" ? new Promise((resolve) => setTimeout(resolve, load)) : load]);
      worker.postMessage("stop");
      const times = (await message()) as Array<number>;
      await worker.terminate();
      if (settled.status === "rejected") throw settled.reason;
      return { n: times.length, medianMs: median(times), p95Ms: percentile(times, 95), maxMs: Math.max(...times) };
    },
  };
}

/**
 * The sampling thread: node:http on one kept-alive socket, as a browser reuses its connection
 * (fetch() adds 0.5-2 ms of its own to each answer on loopback, which would be counted as the
 * server's).
 */
async function sample({ origin }: SamplerData): Promise<void> {
  const port = parentPort;
  if (!port) return;
  let stopping = false;
  port.once("message", () => (stopping = true));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const getHome = () =>
    new Promise<void>((resolve, reject) =>
      http
        .get(`${origin}/`, { agent, headers: { "Accept-Encoding": "gzip" } }, (answer) => answer.resume().on("end", resolve))
        .on("error", reject),
    );
  const times: Array<number> = [];
  for (let taken = 0; !stopping; taken++) {
    const started = performance.now();
    await getHome();
    const ms = performance.now() - started;
    if (taken >= warmUpSamples) times.push(ms);
    else if (taken === warmUpSamples - 1) port.postMessage("ready");
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - ms)));
  }
  agent.destroy();
  port.postMessage(times);
}

if (!isMainThread && (workerData as SamplerData | undefined)?.role === "home-sampler") await sample(workerData as SamplerData);
