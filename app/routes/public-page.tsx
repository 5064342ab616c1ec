import { data, redirect } from "react-router";
import { PageView } from "#app/content/page-view.tsx";
import { isPageName, isServiceRoute, type PageName, pageDefinition, publicHeadOf, publicPageAt } from "#app/content/pages.ts";
import { serviceAt } from "#app/content/collection-store.server.ts";
import { loadPage } from "#app/content/page-store.server.ts";
import { pageMeta, practiceOf } from "#app/content/seo.ts";
import { type Db, getDb } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import { ServiceTherapistsProvider, therapistCardOf } from "#app/pages/service-therapists.tsx";
import { teamPages, therapistsOffering } from "#app/pages/team-pages.ts";
import { englishPathOf, englishPatternOf, languageOfPath, pathIn } from "#app/i18n/languages.ts";
import type { Route } from "./+types/public-page";

/**
 * Every editable public page, whatever its kind: app/routes.ts gives this module one route per
 * path pattern of the page definitions (app/content/pages.ts). The definition the matched route
 * names gives the content, the head and the view.
 */

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Page not found" }];
  const head = publicHeadOf(loaderData.page, loaderData.content, practiceOf(matches));
  return head ? pageMeta({ ...head, matches, path: loaderData.path }) : [];
};

/**
 * The page at this address. A service's comes from the list staff keep: an earlier address of a
 * service, or any of a retired one, answers a permanent redirect (decision 043).
 */
async function pageAt(
  db: Db,
  pathname: string,
  pattern: string,
  params: Record<string, string | undefined>,
): Promise<PageName | undefined> {
  if (!isServiceRoute(pattern)) return publicPageAt(pattern, params);
  const address = await serviceAt(db, englishPathOf(pathname));
  if (address && "redirectTo" in address) throw redirect(pathIn(languageOfPath(pathname), address.redirectTo), 301);
  return address && isPageName(address.page) ? address.page : undefined;
}

export async function loader({ request, pattern, params }: Route.LoaderArgs) {
  const db = await getDb();
  const path = new URL(request.url).pathname;
  // A Spanish page is its English page's (decision 047), at its own address.
  const englishPattern = englishPatternOf(pattern);
  const page = await pageAt(db, path, englishPattern, params);
  if (!page) {
    log.warn("404 Not found", { path });
    throw data(null, { status: 404 });
  }
  if (!isServiceRoute(englishPattern)) {
    const publicPath = pathIn(languageOfPath(path), pageDefinition(page).publicPath);
    return { page, path: publicPath, content: await loadPage(db, page), therapists: [] };
  }
  // A service's page lists the therapists who offer it (the About page's team says who).
  const [content, { staff }] = await Promise.all([loadPage(db, page), loadPage(db, "about")]);
  return { page, path, content, therapists: therapistsOffering(teamPages(staff), page).map(therapistCardOf) };
}

export default function PublicPage({ loaderData }: Route.ComponentProps) {
  return (
    <ServiceTherapistsProvider value={loaderData.therapists}>
      <PageView page={loaderData.page} content={loaderData.content} />
    </ServiceTherapistsProvider>
  );
}
