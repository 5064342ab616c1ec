import { editablePagePaths } from "./pages.ts";

// The public pages by address. The services are a list staff keep (decision 043): each list here
// is made from the live services' addresses, in their order, where a fresh site has its twelve.

const isServicePath = (path: string) => path.startsWith("/services/");

/** The addresses of a fresh site's services, in the specification's order. */
const builtInServicePaths = editablePagePaths.filter(isServicePath);

/** Public pages whose HTML depends only on the site's content (served from the page cache). */
export function contentPagePathsWith(servicePaths: ReadonlyArray<string>): Array<string> {
  const others = editablePagePaths.filter((path) => !isServicePath(path));
  const at = editablePagePaths.findIndex(isServicePath);
  return [...others.slice(0, at), ...servicePaths, ...others.slice(at)];
}

/** Every public page a search engine should know about. */
export function sitemapPathsWith(servicePaths: ReadonlyArray<string>): Array<string> {
  return [...contentPagePathsWith(servicePaths), "/contact"];
}

/**
 * Pages with the contact form: the same bytes for everyone, from the page cache; what is per
 * visitor (the form's signed token) comes in the cookie of a stylesheet the page links.
 */
export const formPagePaths: ReadonlySet<string> = new Set(["/contact"]);

/** What the page cache keeps: every public page, the robots file and the sitemap. */
export function cacheablePathsWith(servicePaths: ReadonlyArray<string>): ReadonlySet<string> {
  return new Set([...contentPagePathsWith(servicePaths), ...formPagePaths, "/robots.txt", "/sitemap.xml"]);
}

/** A fresh site's content pages and sitemap (the tests and benchmarks visit these). */
export const contentPagePaths: ReadonlyArray<string> = contentPagePathsWith(builtInServicePaths);
export const sitemapPaths: ReadonlyArray<string> = sitemapPathsWith(builtInServicePaths);
