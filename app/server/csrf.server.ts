import { data } from "react-router";
import { siteOrigin } from "./config.server.ts";

function originOf(value: string | null): string | null {
  if (!value || value === "null") return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses (403) a write that a page on another site could have sent. SameSite=Lax already keeps
 * the session cookie off cross-site posts; this also covers sign-in and sibling subdomains.
 * Browsers send Origin with every POST (Referer when an old one does not), so a write
 * carrying neither is refused too.
 */
export function requireSameOrigin(request: Request): void {
  const expected = siteOrigin(request);
  const actual = originOf(request.headers.get("Origin")) ?? originOf(request.headers.get("Referer"));
  if (actual !== expected) throw data({ error: "This request did not come from this site." }, { status: 403 });
}
