import { HomeView } from "#app/components/site/home-view.tsx";
import { practice } from "#app/content/practice.ts";
import { originFrom, pageMeta } from "#app/content/seo.ts";
import { loadPage } from "#app/content/page-store.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { patientPortalUrl } from "#app/server/config.server.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: practice.name,
    description: loaderData?.content.heroSubtitle ?? practice.name,
    origin: originFrom(matches),
    path: "/",
  });

export async function loader() {
  return {
    content: await loadPage(await getDb(), "homepage"),
    patientPortalUrl: patientPortalUrl(),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeView content={loaderData.content} patientPortalUrl={loaderData.patientPortalUrl} />;
}
