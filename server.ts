// Serves the production build: `npm start` builds first when the sources are newer. One event
// loop holds the database, the background services, React Router and the HTTP shell in front of
// it; nginx's cache answers public pages before they reach it in production (deploy/nginx,
// docs/decisions/038-http-loops.md).
import "./http-shell/production-mode.ts";
import type { App } from "./http-shell/app.ts";
import { closeSiteServer, createSiteServer, exitOnStartupError, listenOrExit } from "./http-shell/listen-or-exit.ts";
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

  // The port is taken before the database is touched: a second start while the site runs stops
  // here with one line (EADDRINUSE) and changes nothing. Requests that arrive meanwhile wait.
  const appReady = Promise.withResolvers<App>();
  const server = createSiteServer(appReady.promise);
  await listenOrExit(server, address.port, address.host);
  const bound = server.address();
  const port = typeof bound === "object" && bound ? bound.port : address.port;

  let app: App;
  try {
    app = await serverBuild.createApp();
  } catch (error) {
    exitOnStartupError(error);
  }
  appReady.resolve(app);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing the requests in flight, then stopping`);
    // /readyz says 503 at once; no new connection is accepted; idle keep-alive connections are
    // closed, and busy ones once their answer is sent. Then the mail being sent is finished
    // (what is still queued waits in the database for the next start or another instance) and
    // the database closed. A request that never ends cannot hold the deploy.
    app.drain();
    setTimeout(() => {
      log.warn(`Still busy ${shutdownGraceMs / 1000} s after ${signal}: stopping anyway`);
      process.exit(1);
    }, shutdownGraceMs).unref();
    void closeSiteServer(server)
      .then(() => app.close())
      .finally(() => {
        log.info("Stopped");
        process.exit(0);
      });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  log.info(`Site ready at http://localhost:${port}`);
  app.warm().catch((error: unknown) => log.error("Error warming the page cache", error));
}

await main();
