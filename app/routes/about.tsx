import { AboutView } from "#app/pages/about-view.tsx";
import { pageMeta, practiceOf } from "#app/content/seo.ts";
import { loadPage } from "#app/content/page-store.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { name, city, state } = practiceOf(matches);
  return pageMeta({
    title: "About Us",
    description: `Meet the licensed therapists of ${name} in ${city}, ${state}, and learn about our story, our philosophy and how we care for clients in person and by telehealth.`,
    matches,
    path: "/about",
  });
};

export async function loader() {
  return { content: await loadPage(await getDb(), "about") };
}

export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutView content={loaderData.content} />;
}
