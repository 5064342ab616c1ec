// An HTTP loop thread of server.ts: its own event loop, answering visitors on the site's port
// (shared with the other loops through SO_REUSEPORT) from its page cache and the built files,
// and handing the rest to the core in the main thread over `corePort` (http-shell/core-channel.ts).
import "./http-shell/production-mode.ts";
import type { AddressInfo } from "node:net";
import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import type { HttpLoopOptions } from "./http-shell/http-loop.ts";
import { closeSiteServer, createSiteServer } from "./http-shell/listen-or-exit.ts";
import { log, logAsInTerminals, type Terminals } from "#app/server/log.server.ts";

/** What this thread tells the main one: it listens, or it could not. */
export type LoopReport = { op: "listening"; port: number } | { op: "failed"; code: string | undefined; message: string };

export type LoopThreadData = HttpLoopOptions & {
  corePort: MessagePort;
  changes: Int32Array;
  port: number;
  host: string;
  terminal: Terminals;
};

const { corePort, changes, port, host, terminal, ...options } = workerData as LoopThreadData;
logAsInTerminals(terminal);
const report = (message: LoopReport) => parentPort?.postMessage(message);

const shell = (await import(new URL("./build/server/http-loop.js", import.meta.url).href)) as typeof import("./http-shell/http-loop.ts");
const loopReady = shell.createHttpLoop(shell.coreOverPort(corePort, changes), options);
const server = createSiteServer(loopReady);
server.once("error", (error: NodeJS.ErrnoException) => report({ op: "failed", code: error.code, message: error.message }));

let stopping = false;
parentPort?.once("message", () => {
  // Stop: no new connection, and the busy ones finished (closeSiteServer).
  stopping = true;
  const done = () => {
    corePort.close();
    parentPort?.close();
  };
  if (!server.listening) return done(); // told to stop before it listened: it never will
  void closeSiteServer(server).then(done);
});
server.listen({ port, host, reusePort: true }, () => {
  if (stopping) return void server.close();
  report({ op: "listening", port: (server.address() as AddressInfo).port });
});

const loop = await loopReady;
loop.warm().catch((error: unknown) => log.error("Error warming the page cache", error));
