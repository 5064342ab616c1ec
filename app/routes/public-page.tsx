import { data } from "react-router";
import { PageView } from "#app/content/page-view.tsx";
import { pageDefinition, publicHeadOf, publicPageAt } from "#app/content/pages.ts";
import { loadPage } from "#app/content/page-store.server.ts";
import { pageMeta, practiceOf } from "#app/content/seo.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import type { Route } from "./+types/public-page";

/**
 * Every editable public page, whatever its kind: app/routes.ts gives this module one route per
 * path pattern of the page definitions (app/content/pages.ts). The definition the matched route
 * names gives the content, the head and the view.
 */

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Page not found" }];
  const head = publicHeadOf(loaderData.page, loaderData.content, practiceOf(matches));
  return head ? pageMeta({ ...head, matches, path: pageDefinition(loaderData.page).publicPath }) : [];
};

export async function loader({ request, pattern, params }: Route.LoaderArgs) {
  const page = publicPageAt(pattern, params);
  if (!page) {
    log.warn("404 Not found", { path: new URL(request.url).pathname });
    throw data(null, { status: 404 });
  }
  return { page, content: await loadPage(await getDb(), page) };
}

export default function PublicPage({ loaderData }: Route.ComponentProps) {
  return <PageView page={loaderData.page} content={loaderData.content} />;
}
