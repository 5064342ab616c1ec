import { HomeView } from "#app/pages/homepage-view.tsx";
import { pageMeta, practiceOf } from "#app/content/seo.ts";
import { loadPage } from "#app/content/page-store.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { name } = practiceOf(matches);
  return pageMeta({ title: name, description: loaderData?.content.heroSubtitle ?? name, matches, path: "/" });
};

export async function loader() {
  return { content: await loadPage(await getDb(), "homepage") };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeView content={loaderData.content} />;
}
