import { ServiceView } from "#app/pages/service-view.tsx";
import { data } from "react-router";
import { getService } from "#app/pages/services.ts";
import { pageMeta } from "#app/content/seo.ts";
import { loadPage } from "#app/content/page-store.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import type { Route } from "./+types/service";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta({
        title: loaderData.content.title,
        description: loaderData.content.description,
        matches,
        path: `/services/${loaderData.slug}`,
      })
    : [{ title: "Page not found" }];

export async function loader({ params }: Route.LoaderArgs) {
  const service = getService(params.slug);
  if (!service) {
    log.warn("404 Not found", { path: `/services/${params.slug}` });
    throw data(null, { status: 404 });
  }
  return { slug: service.slug, content: await loadPage(await getDb(), service.slug) };
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  return <ServiceView slug={loaderData.slug} content={loaderData.content} />;
}
