// Serves the production build: `npm start` builds first when the sources are newer.
import "./http-shell/production-mode.ts";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { App } from "./http-shell/app.ts";
import { exitOnStartupError, listenOrExit } from "./http-shell/listen-or-exit.ts";
import { log } from "#app/server/log.server.ts";

const buildEntry = new URL("./build/server/index.js", import.meta.url).href;
// Longer than a request may take to arrive (requestTimeout) is not needed: what is in flight at
// SIGTERM has arrived or is close to it. Below systemd's 90 s, so the unit's stop stays ours.
const shutdownGraceMs = 20_000;

async function main(): Promise<void> {
  let serverBuild: typeof import("./http-shell/app.ts");
  let address: { port: number; host: string };
  try {
    serverBuild = (await import(buildEntry)) as typeof import("./http-shell/app.ts");
    address = serverBuild.listenAddress();
  } catch (error) {
    exitOnStartupError(error);
  }

  // The port is claimed before the database is touched: a second start while the site runs
  // stops here with one line and changes nothing. Requests that arrive meanwhile wait.
  let app: App | undefined;
  let appReady: Promise<App> | undefined;
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    if (app) return app.listener(request, response);
    void appReady?.then((ready) => ready.listener(request, response));
  };
  // A client gets 30 s to send a whole request, so slow senders cannot hold connections open.
  const server = createServer({ keepAliveTimeout: 65_000, requestTimeout: 30_000, headersTimeout: 20_000 }, listener);
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
  });
  await listenOrExit(server, address.port, address.host);

  try {
    appReady = serverBuild.createApp();
    app = await appReady;
  } catch (error) {
    exitOnStartupError(error);
  }
  const bound = server.address();
  log.info(`Site ready at http://localhost:${typeof bound === "object" && bound ? bound.port : address.port}`);
  app.warm().catch((error: unknown) => log.error("Error warming the page cache", error));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing the requests in flight, then stopping`);
    // /readyz says 503 at once; no new connection is accepted; idle keep-alive connections are
    // closed, and busy ones once their answer is sent. Then the mail being sent is finished
    // (what is still queued waits in the database for the next start or another instance) and
    // the database closed. A request that never ends cannot hold the deploy.
    app!.drain();
    setTimeout(() => {
      log.warn(`Still busy ${shutdownGraceMs / 1000} s after ${signal}: stopping anyway`);
      process.exit(1);
    }, shutdownGraceMs).unref();
    server.close(() => {
      app!.close().finally(() => {
        log.info("Stopped");
        process.exit(0);
      });
    });
    server.closeIdleConnections();
    // A connection busy at the signal may be kept alive by its client; close it once it is idle.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    closeIdle.unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

await main();
