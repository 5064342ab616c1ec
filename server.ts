// Serves the production build: `npm start` builds first when the sources are newer.
// This thread holds the database, the background services and React Router (the core), and
// answers visitors as the first of HTTP_LOOPS event loops on the port; the others are threads
// (loop-thread.ts) that reach the core over a channel (docs/decisions/038-http-loops.md).
import "./http-shell/production-mode.ts";
import { MessageChannel, type MessagePort, Worker } from "node:worker_threads";
import type { App } from "./http-shell/app.ts";
import {
  claimPortOrExit,
  closeSiteServer,
  createSiteServer,
  exitOnStartupError,
  explainListenError,
  listenOrExit,
} from "./http-shell/listen-or-exit.ts";
import type { LoopReport, LoopThreadData } from "./loop-thread.ts";
import { log, processTerminals } from "#app/server/log.server.ts";

const buildEntry = new URL("./build/server/index.js", import.meta.url).href;
// Longer than a request may take to arrive (requestTimeout) is not needed: what is in flight at
// SIGTERM has arrived or is close to it. Below systemd's 90 s, so the unit's stop stays ours.
const shutdownGraceMs = 20_000;

type LoopThread = { worker: Worker; corePort: MessagePort; listening: Promise<void> };

let stopping = false;

function startLoopThread(data: Omit<LoopThreadData, "corePort">): LoopThread {
  const { port1: corePort, port2: loopPort } = new MessageChannel();
  const worker = new Worker(new URL("./loop-thread.ts", import.meta.url), {
    workerData: { ...data, corePort: loopPort } satisfies LoopThreadData,
    transferList: [loopPort],
  });
  // A loop thread ends only when told to: one that fails takes the site down (systemd restarts it).
  worker.on("error", (error) => {
    log.error("An HTTP loop thread failed: stopping the site", error);
    process.exit(1);
  });
  worker.on("exit", (code) => {
    if (stopping) return;
    log.error("An HTTP loop thread stopped unexpectedly: stopping the site", { code });
    process.exit(1);
  });
  const listening = new Promise<void>((resolve) => {
    worker.on("message", (report: LoopReport) => {
      if (report.op === "listening") return resolve();
      // A taken port is one line; anything else, what went wrong.
      log.error(explainListenError({ name: "Error", message: report.message, code: report.code }, data.port) ?? "Start-up failed", {
        message: report.message,
      });
      process.exit(1);
    });
  });
  return { worker, corePort, listening };
}

async function main(): Promise<void> {
  let serverBuild: typeof import("./http-shell/app.ts");
  let address: { port: number; host: string };
  let loops: number;
  try {
    serverBuild = (await import(buildEntry)) as typeof import("./http-shell/app.ts");
    address = serverBuild.listenAddress();
    loops = serverBuild.httpLoopCount();
  } catch (error) {
    exitOnStartupError(error);
  }

  // The port is claimed before the database is touched: a second start while the site runs
  // stops here with one line and changes nothing. Requests that arrive meanwhile wait.
  // (PORT=0 asks the system for a free port: nobody else can be on it.)
  if (loops > 1 && address.port !== 0) await claimPortOrExit(address.port, address.host);
  const appReady = Promise.withResolvers<App>();
  const server = createSiteServer(appReady.promise);
  await listenOrExit(server, address.port, address.host, { reusePort: loops > 1 });
  const bound = server.address();
  const port = typeof bound === "object" && bound ? bound.port : address.port;

  let app: App;
  try {
    app = await serverBuild.createApp();
  } catch (error) {
    exitOnStartupError(error);
  }
  appReady.resolve(app);
  const changes = new Int32Array(new SharedArrayBuffer(4));
  const loopThreadData = {
    changes,
    port,
    host: address.host,
    terminal: processTerminals(),
    ...serverBuild.httpLoopOptions(),
  };
  const threads = Array.from({ length: loops - 1 }, () => startLoopThread(loopThreadData));
  serverBuild.exposeCore(
    app,
    app.cachedPage,
    threads.map((thread) => thread.corePort),
    changes,
  );
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing the requests in flight, then stopping`);
    // /readyz says 503 at once; no new connection is accepted; idle keep-alive connections are
    // closed, and busy ones once their answer is sent (here and in each loop thread). Then the
    // mail being sent is finished (what is still queued waits in the database for the next
    // start or another instance) and the database closed. A request that never ends cannot
    // hold the deploy.
    app.drain();
    setTimeout(() => {
      log.warn(`Still busy ${shutdownGraceMs / 1000} s after ${signal}: stopping anyway`);
      process.exit(1);
    }, shutdownGraceMs).unref();
    const closed = [closeSiteServer(server), ...threads.map(({ worker }) => new Promise((resolve) => worker.once("exit", resolve)))];
    for (const { worker } of threads) worker.postMessage("stop");
    void Promise.all(closed)
      .then(() => app.close())
      .finally(() => {
        log.info("Stopped");
        process.exit(0);
      });
  };
  // From here on, a stop finishes what is in flight, also while the loop threads start.
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  await Promise.all(threads.map((thread) => thread.listening));
  log.info(`Site ready at http://localhost:${port}`, { httpLoops: loops });
  app.warm().catch((error: unknown) => log.error("Error warming the page cache", error));
}

await main();
