import { ResourcesView } from "#app/pages/resources-view.tsx";
import { loadPage } from "#app/content/page-store.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { pageMeta } from "#app/content/seo.ts";
import type { Route } from "./+types/resources";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Resources",
    description:
      "Books our therapists recommend on anxiety, trauma, depression, mindfulness, self-compassion, DBT and IFS, and personal growth.",
    matches,
    path: "/resources",
  });

export async function loader() {
  return { categories: (await loadPage(await getDb(), "resources")).categories };
}

export default function Resources({ loaderData }: Route.ComponentProps) {
  return <ResourcesView categories={loaderData.categories} />;
}
