import { fileURLToPath } from "node:url";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { getConfig } from "#app/server/config.server.ts";
import { mediaAnswerFor } from "#app/media/media-delivery.server.ts";
import { type StaleContent, watchContentVersion } from "#app/content/page-store.server.ts";
import { withContentReads } from "#app/content/content-keys.server.ts";
import { closeDb, getDb } from "#app/server/db/db.server.ts";
import { onServerStart } from "#app/operations/on-server-start.server.ts";
import { isReady } from "#app/server/readiness.server.ts";
import { contactFormTokenSecret } from "#app/inquiries/contact-form-token.server.ts";
import { clientInfoContext } from "#app/lib/request-context.ts";
import { routeManifestData } from "./body-limits.ts";
import type { AppCore } from "./core-channel.ts";
import { createHttpLoop, type HttpLoop, type HttpLoopOptions } from "./http-loop.ts";
import { renderedPages } from "./page-cache.ts";
import { contentSecurityPolicy } from "#app/server/security-headers.server.ts";

export { exposeCore } from "./core-channel.ts";

/** The core and what its owner does with it: stop taking visitors, and close. */
export type OwnedCore = AppCore & {
  /** From now on /readyz answers 503, so a load balancer sends new visitors elsewhere. */
  drain(): void;
  close(): Promise<void>;
};

export type App = HttpLoop & OwnedCore & { port: number; host: string };

/** Where to listen, from the configuration (reading it touches no state). */
export function listenAddress(): { port: number; host: string } {
  const { port, host } = getConfig();
  return { port, host };
}

/** How many event loops answer HTTP (HTTP_LOOPS). */
export function httpLoopCount(): number {
  return getConfig().httpLoops;
}

export type AppOptions = {
  /**
   * `npm run dev` (scripts/dev.ts): React Router's build comes from Vite for each request, so an
   * edit shows at once; pages are not cached and Vite serves the files. Every rule of the HTTP
   * shell (cross-site writes, body limits, client address, media) holds as in production.
   */
  dev?: { loadBuild: () => Promise<ServerBuild> };
};

/** The database, the background services and React Router: what only server.ts's main thread runs. */
async function createAppCore(options: AppOptions = {}): Promise<OwnedCore> {
  const config = getConfig();
  const db = await getDb(); // creates and migrates the database before the first request
  const stopServices = await onServerStart(db);
  const handleRequest = options.dev
    ? createRequestHandler(options.dev.loadBuild, "development")
    : createRequestHandler(build, config.isProduction ? "production" : "development");

  // Saves in this process are reported at once, once committed; several instances may share one
  // database, and each notices an edit made through another within CONTENT_POLL_MS.
  const listeners = new Set<(stale: StaleContent) => void>();
  const stopWatching = await watchContentVersion(db, config.contentPollMs, (stale) => {
    for (const listener of listeners) listener(stale);
  });
  let draining = false;
  return {
    handleRequest(request, client) {
      const context = new RouterContextProvider();
      context.set(clientInfoContext, { address: client.address });
      return handleRequest(request, context);
    },
    page: renderedPages(async (path) => {
      const { result: response, reads } = await withContentReads(() =>
        handleRequest(new Request(config.linkOrigin + path, { headers: { "User-Agent": "page-cache" } }), new RouterContextProvider()),
      );
      // Cached documents carry no inline scripts, so their policy needs no nonce.
      response.headers.set("Content-Security-Policy", contentSecurityPolicy());
      return { response, reads };
    }),
    mediaAnswer: (path, method, ifNoneMatch) =>
      mediaAnswerFor(path, method, ifNoneMatch) ?? Promise.reject(new Error(`${path} is no image`)),
    ready: () => (draining ? Promise.resolve(false) : isReady(db)),
    formTokenSecret: () => contactFormTokenSecret(db),
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // In this thread a change is reported as soon as it is committed.
    syncChanges() {},
    drain() {
      draining = true;
    },
    async close() {
      stopWatching();
      await stopServices();
      await closeDb();
    },
  };
}

const clientFolder = fileURLToPath(new URL("../client", import.meta.url));

/** What an HTTP loop in another thread is given (`createHttpLoop`'s options): plain data. */
export function httpLoopOptions(): HttpLoopOptions {
  return { routes: routeManifestData(build.routes), manifestPath: manifestPathOf(build), clientFolder };
}

// React Router's own address for lazy route discovery (its default, unless configured).
function manifestPathOf({ routeDiscovery }: ServerBuild): string | null {
  return routeDiscovery.mode === "lazy" ? (routeDiscovery.manifestPath ?? "/__manifest") : null;
}

/** The core, and an HTTP loop in front of it in the same thread: server.ts's first loop, and `npm run dev`. */
export async function createApp(options: AppOptions = {}): Promise<App> {
  const { port, host } = getConfig();
  const core = await createAppCore(options);
  const served = options.dev ? await options.dev.loadBuild() : build;
  const loop = await createHttpLoop(core, {
    routes: served.routes,
    manifestPath: manifestPathOf(served),
    clientFolder: options.dev ? null : clientFolder,
  });
  return { ...core, ...loop, port, host };
}
