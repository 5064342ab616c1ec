import { liveServices } from "#app/content/collection-store.server.ts";
import { loadPage } from "#app/content/page-store.server.ts";
import type { ListedPaths } from "#app/content/public-paths.ts";
import { teamPages } from "#app/pages/team-pages.ts";
import type { Db } from "#app/server/db/db.server.ts";

/** The live services' and the team's page addresses, as visitors see them now (public-paths.ts). */
export async function listedPaths(db: Db): Promise<ListedPaths> {
  const [services, about] = await Promise.all([liveServices(db), loadPage(db, "about")]);
  return { services: services.map((service) => service.path), team: teamPages(about.staff).map((page) => page.path) };
}
