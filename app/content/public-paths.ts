import { editablePagePaths } from "./pages.ts";

/** Public pages whose HTML depends only on the site's content (served from the page cache). */
export const contentPagePaths: ReadonlyArray<string> = editablePagePaths;

/** Every public page a search engine should know about. */
export const sitemapPaths: ReadonlyArray<string> = [...contentPagePaths, "/contact"];

/**
 * Pages with the contact form: the same bytes for everyone, from the page cache; what is per
 * visitor (the form's signed token) comes in the cookie of a stylesheet the page links.
 */
export const formPagePaths: ReadonlySet<string> = new Set(["/contact"]);

export const cacheablePaths: ReadonlySet<string> = new Set([...contentPagePaths, ...formPagePaths, "/robots.txt", "/sitemap.xml"]);
