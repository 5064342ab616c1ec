import { data } from "react-router";
import { log } from "#app/server/log.server.ts";
import { NotFoundContent } from "#app/components/site/not-found-content.tsx";
import type { PageTranslationHandle } from "#app/i18n/page-languages.ts";
import type { Route } from "./+types/not-found";
import { languageOfPath } from "#app/i18n/languages.ts";
import { siteWords } from "#app/i18n/site-words.ts";

// The 404 is the site's own words, in the address's language.
export const handle: PageTranslationHandle = { translated: "whole" };

export const meta: Route.MetaFunction = ({ location }) => {
  const language = languageOfPath(location.pathname);
  // Another language's address is kept from search engines by the layout already (one robots tag).
  return [{ title: siteWords[language].notFound.pageTitle }, ...(language === "en" ? [{ name: "robots", content: "noindex" }] : [])];
};

function notFound(request: Request) {
  log.warn("404 Not found", { path: new URL(request.url).pathname });
  return data(null, { status: 404 });
}

export function loader({ request }: Route.LoaderArgs) {
  return notFound(request);
}

// A POST (or any other method) to an unknown path is a 404 as well, not a 405.
export function action({ request }: Route.ActionArgs) {
  return notFound(request);
}

export default function NotFound() {
  return <NotFoundContent />;
}
