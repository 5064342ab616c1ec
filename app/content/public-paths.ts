import { aboutDefaults } from "#app/pages/about.ts";
import { teamPages } from "#app/pages/team-pages.ts";
import { editablePagePaths } from "./pages.ts";
import { languages, pathIn } from "#app/i18n/languages.ts";

// The public pages by address. The services are a list staff keep (decision 043) and each team
// member has a page (/team/{slug}, from the About page's team): each list here is made from the
// live services' and the team's addresses, where a fresh site has its own.

/**
 * The live pages that are entries of a list: the services in their order, the team's members in
 * theirs, and the articles' pages (the list's pages, then each article, newest first).
 */
export type ListedPaths = { services: ReadonlyArray<string>; team: ReadonlyArray<string>; articles: ReadonlyArray<string> };

const isServicePath = (path: string) => path.startsWith("/services/");

/** The addresses of a fresh site's services, in the specification's order. */
const builtInServicePaths = editablePagePaths.filter(isServicePath);

/** Public pages whose HTML depends only on the site's content (served from the page cache): the team's after About, the articles last. */
export function contentPagePathsWith({ services, team, articles }: ListedPaths): Array<string> {
  const others = editablePagePaths.filter((path) => !isServicePath(path));
  const at = editablePagePaths.findIndex(isServicePath);
  const listed = [...others.slice(0, at), ...services, ...others.slice(at)];
  const about = listed.indexOf("/about") + 1;
  return [...listed.slice(0, about), ...team, ...listed.slice(about), ...articles];
}

/** The articles' feed (issue 44), in each language: cached like a page, not a page of the sitemap. */
export const articleFeedPath = "/articles/feed.xml";

/** Every public page a search engine should know about. */
export function sitemapPathsWith(listed: ListedPaths): Array<string> {
  return [...contentPagePathsWith(listed), "/contact"];
}

/**
 * Pages with the contact form: the same bytes for everyone, from the page cache; what is per
 * visitor (the form's signed token) comes in the cookie of a stylesheet the page links.
 */
export const formPagePaths: ReadonlySet<string> = new Set(languages.map((language) => pathIn(language, "/contact")));

/**
 * What the page cache keeps: every public page in each language (a Spanish page reads the same
 * content as its English one, so the same changes make both stale), the robots file and the sitemap.
 */
export function cacheablePathsWith(listed: ListedPaths): ReadonlySet<string> {
  const pages = [...contentPagePathsWith(listed), "/contact", articleFeedPath];
  return new Set([...languages.flatMap((language) => pages.map((path) => pathIn(language, path))), "/robots.txt", "/sitemap.xml"]);
}

const builtInListed: ListedPaths = {
  services: builtInServicePaths,
  team: teamPages(aboutDefaults.staff).map((page) => page.path),
  // A fresh site has no article, so no page of them is listed.
  articles: [],
};

/** A fresh site's content pages and sitemap (the tests and benchmarks visit these). */
export const contentPagePaths: ReadonlyArray<string> = contentPagePathsWith(builtInListed);
export const sitemapPaths: ReadonlyArray<string> = sitemapPathsWith(builtInListed);
