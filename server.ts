// Serves the production build: `npm start` builds first when the sources are newer.
import { createServer } from "node:http";
import type { App } from "./server/app.ts";

const buildEntry = new URL("./build/server/index.js", import.meta.url).href;
const shutdownGraceMs = 5_000;

async function main(): Promise<void> {
  let app: App;
  try {
    const serverBuild = (await import(buildEntry)) as typeof import("./server/app.ts");
    app = await serverBuild.createApp();
  } catch (error) {
    // A bad setting is a message, not a stack trace.
    console.error(error instanceof Error && error.name === "ConfigError" ? error.message : error);
    process.exit(1);
  }

  // A client gets 30 s to send a whole request, so slow senders cannot hold connections open.
  const server = createServer({ keepAliveTimeout: 65_000, requestTimeout: 30_000, headersTimeout: 20_000 }, app.listener);
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
  });
  server.listen(app.port, app.host, () => {
    const address = server.address();
    const shown = typeof address === "object" && address ? address.port : app.port;
    console.log(`Site ready at http://localhost:${shown}`);
    app.warm().catch((error: unknown) => console.error("Error warming the page cache:", error));
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: shutting down`);
    // Finish requests in flight, then close the database; never hang the deploy.
    setTimeout(() => process.exit(0), shutdownGraceMs).unref();
    server.close(() => {
      app.close().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

await main();
