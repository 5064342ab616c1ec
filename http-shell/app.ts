import type { RequestListener } from "node:http";
import { fileURLToPath } from "node:url";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { TrustedProxies } from "#app/server/client-address.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import { mediaAnswerFor } from "#app/media/media-delivery.server.ts";
import { watchContentVersion } from "#app/content/content-version.server.ts";
import { withContentReads } from "#app/content/content-keys.server.ts";
import { cacheablePathsWith, formPagePaths } from "#app/content/public-paths.ts";
import { languageOfPath } from "#app/i18n/languages.ts";
import { servicesKey } from "#app/content/collection-store.server.ts";
import { articlesKey } from "#app/articles/article-store.server.ts";
import { listedPaths } from "#app/content/listed-paths.server.ts";
import { pageKey } from "#app/content/content-keys.server.ts";
import { log } from "#app/server/log.server.ts";
import { contactFormCookie } from "#app/inquiries/contact-form-cookie.server.ts";
import { contactFormTokenIssuer } from "#app/inquiries/contact-form-token.server.ts";
import { contactFormTokenPath } from "#app/inquiries/contact-form-ids.ts";
import { closeDb, getDb } from "#app/server/db/db.server.ts";
import { onServerStart } from "#app/operations/on-server-start.server.ts";
import { isReady } from "#app/server/readiness.server.ts";
import { contentSecurityPolicy, securityHeaders } from "#app/server/security-headers.server.ts";
import { getLoadContext } from "#app/server/load-context.server.ts";
import { routeBodyLimits, unknownPaths } from "./body-limits.ts";
import { PageCache, renderedPages } from "./page-cache.ts";
import { createRequestListener } from "./request-listener.ts";
import { createStaticFiles } from "./static-files.ts";

// The server build's entry (vite.config.ts): the site's one event loop, with the database, the
// background services, React Router, and the HTTP shell in front of it (request-listener.ts).

export type App = {
  listener: RequestListener;
  /** Renders every cacheable page once, so the first visitors are served from memory. */
  warm(): Promise<void>;
  /** From now on /readyz answers 503, so a load balancer sends new visitors elsewhere. */
  drain(): void;
  close(): Promise<void>;
  port: number;
  host: string;
};

/** Where to listen, from the configuration (reading it touches no state). */
export function listenAddress(): { port: number; host: string } {
  const { port, host } = getConfig();
  return { port, host };
}

export type AppOptions = {
  /**
   * `npm run dev` (scripts/dev.ts): React Router's build comes from Vite for each request, so an
   * edit shows at once; pages are not cached and Vite serves the files. Every rule of the HTTP
   * shell (body limits, client address, media) and of React Router's root middleware (cross-site
   * writes) holds as in production.
   */
  dev?: { loadBuild: () => Promise<ServerBuild> };
};

const clientFolder = fileURLToPath(new URL("../client", import.meta.url));

// React Router's own address for lazy route discovery (its default, unless configured).
function manifestPathOf({ routeDiscovery }: ServerBuild): string | null {
  return routeDiscovery.mode === "lazy" ? (routeDiscovery.manifestPath ?? "/__manifest") : null;
}

/** The site: its database and background services, React Router, and the HTTP shell in front. */
export async function createApp(options: AppOptions = {}): Promise<App> {
  const config = getConfig();
  const dev = options.dev !== undefined;
  const db = await getDb(); // creates and migrates the database before the first request
  const stopServices = await onServerStart(db);
  const handleRequest = options.dev
    ? createRequestHandler(options.dev.loadBuild, "development")
    : createRequestHandler(build, config.isProduction ? "production" : "development");
  const served = options.dev ? await options.dev.loadBuild() : build;

  const pageCache = new PageCache(
    renderedPages(async (path) => {
      const {
        result: response,
        reads,
        until,
      } = await withContentReads(() =>
        handleRequest(new Request(config.linkOrigin + path, { headers: { "User-Agent": "page-cache" } }), new RouterContextProvider()),
      );
      // Cached documents carry no inline scripts, so their policy needs no nonce.
      response.headers.set("Content-Security-Policy", contentSecurityPolicy());
      return { response, reads, until };
    }),
  );
  // The pages the cache keeps: the fixed ones, the live services, the team's pages and the
  // articles', read again when the services or articles list or the About page's team changes,
  // the newest read winning.
  const cacheablePaths = async () => cacheablePathsWith(await listedPaths(db));
  let cacheable = await cacheablePaths();
  let pathReads = 0;
  const readCacheablePaths = () => {
    const read = ++pathReads;
    cacheablePaths()
      .then((paths) => {
        if (read === pathReads) cacheable = paths;
      })
      .catch((error: unknown) => log.error("Error reading the public pages' addresses", error));
  };
  // Saves in this process are reported at once, once committed; several instances may share one
  // database, and each notices an edit made through another within CONTENT_POLL_MS.
  const stopWatching = await watchContentVersion(db, config.contentPollMs, (stale) => {
    pageCache.invalidate(stale === "everything" ? undefined : stale);
    if (stale === "everything" || stale.has(servicesKey) || stale.has(articlesKey) || stale.has(pageKey("about"))) readCacheablePaths();
  });

  // The one issuer of this database, which the form's own answers (an expired form's) use too.
  const issueFormToken = await contactFormTokenIssuer(db);
  const isUnknownPath = unknownPaths(served.routes, manifestPathOf(served));
  let draining = false;
  const listener = createRequestListener({
    // In `npm run dev` from the build as it is at start: a route's new limit counts after a restart.
    bodyLimitOf: routeBodyLimits(served.routes),
    headers: securityHeaders(),
    serveStatic: dev ? () => false : createStaticFiles(clientFolder),
    mediaFile: (request, path) =>
      path.startsWith("/media/")
        ? () =>
            mediaAnswerFor(path, request.method ?? "GET", request.headers["if-none-match"] ?? null) ??
            Promise.reject(new Error(`${path} is no image`))
        : null,
    // A form page with a query (/contact?sent=1 shows "message sent") is rendered for its visitor.
    cachedPage: (path, query) => (dev || !cacheable.has(path) || (query && formPagePaths.has(path)) ? null : pageCache.get(path)),
    // Every path that is no page, built file or image gets the one cached 404 document of its
    // language (the site's words in Spanish under /es).
    notFoundPage: (path) => (dev || !isUnknownPath(path) ? null : pageCache.notFound(languageOfPath(path))),
    // The contact form's signed token, made for each visitor and carried in a cookie set by the
    // stylesheet its page links (decision 002): the page is the same for everyone.
    formTokenCookie: (path, secure) => (path === contactFormTokenPath ? contactFormCookie(issueFormToken(), secure) : null),
    // React Router, with who sent the request in its load context; its root middleware refuses
    // cross-site writes (app/root.tsx).
    handleRequest: (request, client) => handleRequest(request, getLoadContext(client)),
    // Requests carry the public address when it is known (behind a proxy that terminates TLS the
    // socket says http), so same-origin checks compare like with like.
    siteUrl: config.siteUrl ? new URL(config.siteUrl) : null,
    trustedProxies: new TrustedProxies(config.trustedProxies),
    logRequests: config.logRequests,
    ready: () => (draining ? Promise.resolve(false) : isReady(db)),
  });

  return {
    listener,
    async warm() {
      if (dev) return;
      await Promise.all([...cacheable].map((path) => pageCache.get(path)));
    },
    drain() {
      draining = true;
    },
    async close() {
      stopWatching();
      await stopServices();
      await closeDb();
    },
    port: config.port,
    host: config.host,
  };
}
