import type { MiddlewareFunction } from "react-router";
import { log } from "./log.server.ts";
import { plainErrorResponse } from "./plain-error.server.ts";

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Why a request must be refused as a write another site may have sent, or null when it may go
 * on. Anything but GET and HEAD must name this site in its Origin header, or, from an old browser
 * that sends no Origin, in its Referer. Browsers send Origin with every POST, so a write with
 * neither did not come from a page of this site. SameSite=Lax keeps the session cookie off
 * cross-site posts already; this also covers sign-in, the contact form and sibling subdomains.
 * `siteOrigin` is the request's own origin: SITE_URL's when it is set, else the address the site
 * was opened at (the Host header, or the proxy's under TRUST_PROXY), as the HTTP shell builds the
 * request's URL (docs/decisions/006-cross-site-write-protection.md).
 */
export function crossSiteRefusal(method: string, headers: Headers, siteOrigin: string): string | null {
  if (method === "GET" || method === "HEAD") return null;
  const origin = headers.get("Origin");
  // "null" is what a sandboxed frame or a redirect from another site sends: not this site.
  if (origin !== null) return origin === siteOrigin ? null : `Origin ${origin.slice(0, 200)}`;
  const referer = headers.get("Referer");
  if (referer === null) return "no Origin or Referer";
  return originOf(referer) === siteOrigin ? null : `Referer ${referer.slice(0, 200)}`;
}

/**
 * The root route's first middleware (app/root.tsx): every write, to any route (a page's action,
 * its `.data` request, a resource route such as /api/inquiries or an image upload), is refused
 * with 403 and one log line unless `crossSiteRefusal` lets it through, before any other
 * middleware, loader or action runs. It runs in `npm run dev` as in production.
 */
export const refuseCrossSiteWrites: MiddlewareFunction<Response> = ({ request }, next) => {
  const url = new URL(request.url);
  const reason = crossSiteRefusal(request.method, request.headers, url.origin);
  if (reason === null) return next();
  log.warn("403 cross-site write refused", { method: request.method, path: url.pathname, reason });
  return plainErrorResponse(403, "Forbidden");
};
