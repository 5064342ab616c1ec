import { data, redirect } from "react-router";
import { PageView } from "#app/content/page-view.tsx";
import { isPageName, isServiceRoute, type PageName, pageDefinition, publicHeadOf, publicPageAt } from "#app/content/pages.ts";
import { serviceAt } from "#app/content/collection-store.server.ts";
import { hasPublishedTranslation, loadPageIn } from "#app/content/page-store.server.ts";
import { isItemTranslated } from "#app/content/translation.ts";
import { ShownLanguageProvider } from "#app/i18n/shown-language.tsx";
import { useLanguage } from "#app/i18n/site-words.ts";
import { pageMeta, practiceOf } from "#app/content/seo.ts";
import { type Db, getDb } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import { ServiceTherapistsProvider, therapistCardOf } from "#app/pages/service-therapists.tsx";
import { teamPages, therapistsOffering } from "#app/pages/team-pages.ts";
import { englishPathOf, englishPatternOf, type Language, languageOfPath, pathIn } from "#app/i18n/languages.ts";
import type { Route } from "./+types/public-page";

/**
 * Every editable public page, whatever its kind: app/routes.ts gives this module one route per
 * path pattern of the page definitions (app/content/pages.ts). The definition the matched route
 * names gives the content, the head and the view.
 */

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Page not found" }];
  // In Spanish once translated: an untranslated page's texts are English.
  const language = loaderData.translated ? languageOfPath(loaderData.path) : "en";
  const head = publicHeadOf(loaderData.page, loaderData.content, practiceOf(matches), language);
  return head ? pageMeta({ ...head, matches, path: loaderData.path, language }) : [];
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
  const language = languageOfPath(path);
  if (!isServiceRoute(englishPattern)) {
    const publicPath = pathIn(language, pageDefinition(page).publicPath);
    return { page, path: publicPath, ...(await shownPage(db, page, language)), therapists: [] };
  }
  // A service's page lists the therapists who offer it (the About page's team says who).
  const [shown, team] = await Promise.all([shownPage(db, page, language), loadPageIn(db, "about", language)]);
  const therapists = therapistsOffering(teamPages(team.content.staff), page).map((card) =>
    therapistCardOf(card, !isItemTranslated(team, card.member.id)),
  );
  return { page, path, ...shown, therapists };
}

/**
 * A page's content, how much of it is in the address's language (for the layout's note and the
 * view; "none" is said as nothing, as on a page the site does not translate) and the languages
 * it is a page of its own in (page-languages.ts): Spanish too once its translation is published.
 */
async function shownPage(db: Db, page: PageName, language: Language) {
  const [{ content, translated, untranslatedItems }, inSpanish] = await Promise.all([
    loadPageIn(db, page, language),
    language === "en" ? hasPublishedTranslation(db, page, "es") : null,
  ]);
  const spanish = language === "en" ? inSpanish === true : translated !== "none";
  const languages: ReadonlyArray<Language> = spanish ? ["en", "es"] : ["en"];
  return { content, translated: translated === "none" ? undefined : translated, untranslatedItems, languages };
}

export default function PublicPage({ loaderData }: Route.ComponentProps) {
  const language = useLanguage();
  const { translated, untranslatedItems } = loaderData;
  return (
    <ShownLanguageProvider value={{ language: translated ? language : "en", englishItems: untranslatedItems }}>
      <ServiceTherapistsProvider value={loaderData.therapists}>
        <PageView page={loaderData.page} content={loaderData.content} />
      </ServiceTherapistsProvider>
    </ShownLanguageProvider>
  );
}
