import { liveServices } from "#app/content/collection-store.server.ts";
import { liveArticlesOrNone } from "#app/articles/article-store.server.ts";
import { articleListPaths, articlePathsFor } from "#app/articles/article-page.ts";
import { loadPage, publishedTranslationsOf, translationStateOf } from "#app/content/page-store.server.ts";
import { isItemTranslated } from "#app/content/translation.ts";
import { isPageName, pageDefinitions } from "#app/content/pages.ts";
import type { ListedPaths } from "#app/content/public-paths.ts";
import { teamPages } from "#app/pages/team-pages.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import { pageKey, recordContentReads, translationKey } from "#app/content/content-keys.server.ts";

/** The live services', the team's and the articles' page addresses, as visitors see them now (public-paths.ts). */
export async function listedPaths(db: Db): Promise<ListedPaths> {
  const [services, about, articles] = await Promise.all([liveServices(db), loadPage(db, "about"), liveArticlesOrNone(db)]);
  return {
    services: services.map((service) => service.path),
    team: teamPages(about.staff).map((page) => page.path),
    articles: articlePathsFor(articles.map((article) => article.path)),
  };
}

/**
 * The English addresses of the pages that are pages of their own in Spanish too (page-languages.ts):
 * the contact page, the list of articles, each page (a live service or article among them) whose
 * translation is published, and each team member's page whose texts the About page's translation has.
 */
export async function pathsAlsoInSpanish(db: Db): Promise<ReadonlySet<string>> {
  const [services, articles] = await Promise.all([liveServices(db), liveArticlesOrNone(db)]);
  const fixed = pageDefinitions.flatMap(({ name, route, publicPath }) =>
    route && !services.some((service) => service.id === name) ? [{ id: name, path: publicPath }] : [],
  );
  const pages = [...services, ...fixed, ...articles].flatMap(({ id, path }) => (isPageName(id) ? [{ name: id, path }] : []));
  const [translations, team] = await Promise.all([
    publishedTranslationsOf(
      db,
      pages.map((page) => page.name),
      "es",
    ),
    translationStateOf(db, "about", "es"),
  ]);
  // A team member's page, once the About page's translation has their texts.
  const members = teamPages(team.content.staff).filter(({ member }) => isItemTranslated(team, member.id));
  const translated = pages.flatMap((page) => (translations.has(page.name) ? [page.path] : []));
  // The list of articles is the site's own words around the articles' titles: a page in Spanish too.
  return new Set(["/contact", ...articleListPaths(articles.length), ...translated, ...members.map((page) => page.path)]);
}

/** Each page's and translation's last publish; none when the database cannot say (the sitemap is still served, as its pages are). */
async function publishDates(db: Db): Promise<Array<{ page_name: string; lang: string; at: unknown }>> {
  try {
    return await db
      .selectFrom("page_revisions")
      .select(["page_name", "lang", (eb) => eb.fn.max("created_at").as("at")])
      .where("published", "<>", 0)
      .groupBy(["page_name", "lang"])
      .execute();
  } catch (error) {
    log.error("Error reading when the pages were published: the sitemap gives no dates", error);
    return [];
  }
}

/**
 * When each public page last changed as visitors read it, by English address and language: the
 * last publish (or restore) of the page it shows (a team member's page, `team` of listedPaths:
 * the About page's; a Spanish page: its translation's or its English page's, whichever is later;
 * a page of the list of articles: the newest article's). A page never saved has none (it shows its
 * built-in text). For the sitemap's `lastmod`.
 */
export async function lastPublished(db: Db, team: ListedPaths["team"]): Promise<(path: string, language: Language) => string | undefined> {
  const [services, articles, rows] = await Promise.all([liveServices(db), liveArticlesOrNone(db), publishDates(db)]);
  const published = new Map(rows.map((row) => [`${row.page_name}|${row.lang}`, String(row.at)]));
  const pageAt = new Map<string, string>([
    ...pageDefinitions.flatMap(({ name, route, publicPath }): Array<[string, string]> => (route ? [[publicPath, name]] : [])),
    ...services.map((service): [string, string] => [service.path, service.id]),
    ...articles.map((article): [string, string] => [article.path, article.id]),
    ...team.map((path): [string, string] => [path, "about"]),
  ]);
  // A publish of any of these pages changes a date the sitemap shows.
  recordContentReads(new Set([...pageAt.values()].flatMap((name) => [pageKey(name), translationKey(name, "es")])));
  // Instants written alike (toISOString), so the later sorts last.
  const latest = (dates: ReadonlyArray<string | undefined>) =>
    dates
      .filter((date) => date !== undefined)
      .sort()
      .at(-1);
  const pageDate = (name: string, language: Language) => latest([published.get(`${name}|en`), published.get(`${name}|${language}`)]);
  // The list of articles changes with each article published: each of its pages takes the newest one's date.
  const listPaths = new Set(articleListPaths(articles.length));
  return (path, language) => {
    if (listPaths.has(path)) return latest(articles.map((article) => pageDate(article.id, language)));
    const name = pageAt.get(path);
    return name ? pageDate(name, language) : undefined;
  };
}
