import { liveServices } from "#app/content/collection-store.server.ts";
import { loadPage, publishedTranslationsOf, translationStateOf } from "#app/content/page-store.server.ts";
import { isItemTranslated } from "#app/content/translation.ts";
import { isPageName, pageDefinitions } from "#app/content/pages.ts";
import type { ListedPaths } from "#app/content/public-paths.ts";
import { teamPages } from "#app/pages/team-pages.ts";
import type { Db } from "#app/server/db/db.server.ts";

/** The live services' and the team's page addresses, as visitors see them now (public-paths.ts). */
export async function listedPaths(db: Db): Promise<ListedPaths> {
  const [services, about] = await Promise.all([liveServices(db), loadPage(db, "about")]);
  return { services: services.map((service) => service.path), team: teamPages(about.staff).map((page) => page.path) };
}

/**
 * The English addresses of the pages that are pages of their own in Spanish too (page-languages.ts):
 * the contact page, each page (a live service among them) whose translation is published, and each
 * team member's page whose texts the About page's translation has.
 */
export async function pathsAlsoInSpanish(db: Db): Promise<ReadonlySet<string>> {
  const services = await liveServices(db);
  const fixed = pageDefinitions.flatMap(({ name, route, publicPath }) =>
    route && !services.some((service) => service.id === name) ? [{ id: name, path: publicPath }] : [],
  );
  const pages = [...services, ...fixed].flatMap(({ id, path }) => (isPageName(id) ? [{ name: id, path }] : []));
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
  return new Set(["/contact", ...translated, ...members.map((page) => page.path)]);
}
