// Serves the production build: `npm start` builds first when the sources are newer.
import "./http-shell/production-mode.ts";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { App } from "./http-shell/app.ts";
import { exitOnStartupError, listenOrExit } from "./http-shell/listen-or-exit.ts";

const buildEntry = new URL("./build/server/index.js", import.meta.url).href;
const shutdownGraceMs = 5_000;

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
  console.log(`Site ready at http://localhost:${typeof bound === "object" && bound ? bound.port : address.port}`);
  app.warm().catch((error: unknown) => console.error("Error warming the page cache:", error));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: shutting down`);
    // Finish requests in flight, then close the database; never hang the deploy.
    setTimeout(() => process.exit(0), shutdownGraceMs).unref();
    server.close(() => {
      app!.close().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

await main();
