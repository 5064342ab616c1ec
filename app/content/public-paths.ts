import { editablePagePaths } from "./pages.ts";

/** Public pages whose HTML depends only on the site's content (served from the page cache). */
export const contentPagePaths: ReadonlyArray<string> = editablePagePaths;

/** Every public page a search engine should know about. */
export const sitemapPaths: ReadonlyArray<string> = [...contentPagePaths, "/contact"];

export const cacheablePaths: ReadonlySet<string> = new Set([...contentPagePaths, "/robots.txt", "/sitemap.xml"]);
