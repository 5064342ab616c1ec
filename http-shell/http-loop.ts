import type { RequestListener } from "node:http";
import { TrustedProxies } from "#app/server/client-address.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import { securityHeaders } from "#app/server/security-headers.server.ts";
import { cacheablePaths, formPagePaths } from "#app/content/public-paths.ts";
import { contactFormCookie, tokenIssuerWith } from "#app/inquiries/contact-form-cookie.server.ts";
import { type RouteManifest, routeBodyLimits, unknownPaths } from "./body-limits.ts";
import type { AppCore } from "./core-channel.ts";
import { PageCache, type PageSource } from "./page-cache.ts";
import { createRequestListener } from "./request-listener.ts";
import { createStaticFiles } from "./static-files.ts";

// This module is the build's second entry (vite.config.ts): an HTTP loop thread of server.ts loads
// it, and what it imports, instead of the whole site (React Router's routes stay in the core's).
export { coreOverPort } from "./core-channel.ts";

export type HttpLoop = {
  listener: RequestListener;
  /** This loop's cached copy of a page (made on a miss): what loop threads are sent. */
  cachedPage: PageSource;
  /** Renders every cacheable page once, so the first visitors are served from memory. */
  warm(): Promise<void>;
};

export type HttpLoopOptions = {
  /** React Router's routes (or routeManifestData of them): for body limits and unknown paths. */
  routes: RouteManifest;
  /** React Router's address for lazy route discovery, or null. */
  manifestPath: string | null;
  /** The client build's folder, whose files are served; none in `npm run dev` (Vite serves them, and pages are not cached). */
  clientFolder: string | null;
};

/**
 * One event loop's HTTP shell: the page cache, built files, and the rules every request passes
 * (request-listener.ts), in front of `core`.
 */
export async function createHttpLoop(core: AppCore, { routes, manifestPath, clientFolder }: HttpLoopOptions): Promise<HttpLoop> {
  const dev = clientFolder === null;
  const config = getConfig();
  const pageCache = new PageCache(core.page);
  core.watch((stale) => pageCache.invalidate(stale === "everything" ? undefined : stale));

  const issueFormToken = tokenIssuerWith(await core.formTokenSecret());
  const isUnknownPath = unknownPaths(routes, manifestPath);
  const listener = createRequestListener({
    // In `npm run dev` from the build as it is at start: a route's new limit counts after a restart.
    bodyLimitOf: routeBodyLimits(routes),
    headers: securityHeaders(),
    serveStatic: dev ? () => false : createStaticFiles(clientFolder),
    mediaFile: (request, path) =>
      path.startsWith("/media/") ? () => core.mediaAnswer(path, request.method ?? "GET", request.headers["if-none-match"] ?? null) : null,
    // A form page with a query (/contact?sent=1 shows "message sent") is rendered for its visitor.
    cachedPage(path, query) {
      if (dev || !cacheablePaths.has(path) || (query && formPagePaths.has(path))) return null;
      core.syncChanges(); // a save answered a moment ago by another loop shows on this one too
      return pageCache.get(path);
    },
    // Every path that is no page, built file or image gets the one cached 404 document.
    notFoundPage(path) {
      if (dev || !isUnknownPath(path)) return null;
      core.syncChanges();
      return pageCache.notFound();
    },
    // The contact form's signed token, made for each visitor and carried in a cookie (decision 002).
    pageCookie: (path, secure) => (formPagePaths.has(path) ? contactFormCookie(issueFormToken(), secure) : null),
    handleRequest: (request, client) => core.handleRequest(request, client),
    // Requests carry the public address when it is known (behind a proxy that terminates TLS the
    // socket says http), so same-origin checks compare like with like.
    siteUrl: config.siteUrl ? new URL(config.siteUrl) : null,
    trustedProxies: new TrustedProxies(config.trustedProxies),
    logRequests: config.logRequests,
    ready: () => core.ready(),
  });

  return {
    listener,
    cachedPage: (path, status) => pageCache.entry(path, status),
    async warm() {
      if (dev) return;
      await Promise.all([...cacheablePaths].map((path) => pageCache.get(path)));
    },
  };
}
