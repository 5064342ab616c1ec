import { isRouteErrorResponse, Outlet, useLocation, useMatches, useRouteLoaderData } from "react-router";
import { getConfig } from "#app/server/config.server.ts";
import { practice as builtInPractice } from "#app/content/practice.ts";
import { islandScript } from "#app/islands/islands.server.ts";
import { IslandScriptTags } from "#app/islands/island-script.tsx";
import { NotFoundContent } from "#app/components/site/not-found-content.tsx";
import { type OtherLanguageLink, SiteFooter } from "#app/components/site/site-footer.tsx";
import { hasLiveArticles } from "#app/articles/article-store.server.ts";
import { articlesPath } from "#app/articles/article-page.ts";
import { SiteHeader } from "#app/components/site/site-header.tsx";
import { practiceJsonLd } from "#app/content/practice-json-ld.ts";
import { loadPractice } from "#app/pages/practice-details.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { PracticeProvider } from "#app/components/site/practice-context.tsx";
import { ServicesProvider, serviceTextIn } from "#app/components/site/services-context.tsx";
import { liveServices } from "#app/content/collection-store.server.ts";
import { servicesIn } from "#app/content/service-names.server.ts";
import { LanguageProvider, useLanguage, useSiteWords } from "#app/i18n/site-words.ts";
import { englishPathOf, type Language, languageOfPath, pathIn } from "#app/i18n/languages.ts";
import { type PageTranslationHandle, pageLanguagesOf } from "#app/i18n/page-languages.ts";
import { NoticeBar, noticeIn } from "#app/components/site/notice-bar.tsx";
import { type Notice, shownNotice } from "#app/notices/notices.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import type { Route } from "./+types/public-layout";

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const language = languageOfPath(new URL(request.url).pathname);
  const [practice, live, notice, articles] = await Promise.all([
    loadPractice(db, language),
    liveServices(db),
    readShownNotice(db),
    hasLiveArticles(db),
  ]);
  // A page in Spanish names the services in Spanish where they are translated.
  const services = await servicesIn(db, live, language);
  return {
    publicDemo: getConfig().demoMode === "public",
    headerMenuScript: islandScript("header-menu"),
    // The header, footer, structured data and pages show the details staff saved.
    practice,
    // The menus, the home page's grid, the service pages and the contact form list these.
    services,
    // Whether the footer links to the articles.
    articles,
    // The notice showing now, in the page's language (its English where it has no Spanish yet).
    notice: notice && noticeIn(notice, language),
  };
}

/** The notice showing now; none when it cannot be read (a page never fails for its notice). */
async function readShownNotice(db: Db): Promise<Notice | null> {
  try {
    return await shownNotice(db);
  } catch (error) {
    log.error("Error reading the notice", error);
    return null;
  }
}

/**
 * How much of a page is in its address's language, where the page leaves it to the practice's
 * details and services this layout read: "partly" while the note under the office hours or a
 * service's name is still English there.
 */
function useTranslated(said: PageTranslationHandle["translated"], language: Language): "whole" | "partly" | undefined {
  const layout = useRouteLoaderData<typeof loader>("routes/public-layout");
  if (said !== "as the practice's details") return said;
  const englishLeft =
    layout?.practice.officeHoursNoteLang !== undefined ||
    (layout?.services ?? []).some((service) => serviceTextIn(service, language).titleLang);
  return englishLeft ? "partly" : "whole";
}

/** The chrome every public page shares: skip link, header, footer and structured data. */
function PublicChrome({ children, translated: said }: { children: React.ReactNode; translated: PageTranslationHandle["translated"] }) {
  const { pathname } = useLocation();
  const language = languageOfPath(pathname);
  const translated = useTranslated(said, language);
  const page =
    language === "en" || translated === "whole" ? (
      children
    ) : translated === "partly" ? (
      <>
        <TranslationNote pathname={pathname} partly />
        {children}
      </>
    ) : (
      <>
        <TranslationNote pathname={pathname} />
        <div lang="en">{children}</div>
      </>
    );
  return (
    <LanguageProvider value={language}>
      <Chrome pathname={pathname}>{page}</Chrome>
    </LanguageProvider>
  );
}

/**
 * Above a Spanish page whose texts are not (all) translated yet: a short note in Spanish with the
 * way to the English address (decision 047).
 */
function TranslationNote({ pathname, partly = false }: { pathname: string; partly?: boolean }) {
  const { notTranslated, partlyTranslated } = useSiteWords();
  return (
    <p role="note" className="border-b border-line bg-sand px-4 py-3 text-center text-sm text-ink">
      {partly ? partlyTranslated : notTranslated}{" "}
      <a className="link font-semibold" href={englishPathOf(pathname)} lang="en" hrefLang="en">
        English
      </a>
    </p>
  );
}

/** The link to the same page in the other language, where the page is one of its own there too (page-languages.ts). */
function useOtherLanguageLink(pathname: string): OtherLanguageLink | undefined {
  const { languages } = pageLanguagesOf(useMatches().at(-1));
  const language = languageOfPath(pathname);
  const other = language === "en" ? "es" : "en";
  if (!languages.includes(language) || !languages.includes(other)) return undefined;
  return { href: pathIn(other, englishPathOf(pathname)), label: other === "es" ? "Español" : "English", lang: other };
}

function Chrome({ pathname, children }: { pathname: string; children: React.ReactNode }) {
  const otherLanguage = useOtherLanguageLink(pathname);
  const root = useRouteLoaderData<{ origin: string }>("root");
  const layout = useRouteLoaderData<typeof loader>("routes/public-layout");
  const practice = layout?.practice ?? builtInPractice;
  const words = useSiteWords();
  return (
    <PracticeProvider value={practice}>
      <ServicesProvider value={layout?.services ?? []}>
        {layout?.publicDemo ? (
          // DEMO_MODE=public lets anyone into the admin: nobody may mistake this for a real practice.
          <p role="note" className="bg-ink px-4 py-2 text-center text-sm text-white">
            This is a demonstration site: anyone can read the messages sent here. Please do not send personal or health information.
          </p>
        ) : null}
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-white px-4 py-3 font-semibold text-brand-dark shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {words.skipToContent}
        </a>
        <SiteHeader currentPath={pathname} />
        <main id="main-content" tabIndex={-1} className="outline-none">
          {layout?.notice ? <NoticeBar notice={layout.notice} /> : null}
          {children}
        </main>
        <SiteFooter
          otherLanguage={otherLanguage}
          articlesHref={layout?.articles ? pathIn(languageOfPath(pathname), articlesPath) : undefined}
        />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD made from our own constants and configuration */}
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: practiceJsonLd(root?.origin ?? "", practice) }} />
        {/* The only script of a content page: arrow keys in the header's Services menu. */}
        {layout?.headerMenuScript ? <IslandScriptTags script={layout.headerMenuScript} /> : null}
      </ServicesProvider>
    </PracticeProvider>
  );
}

export default function PublicLayout() {
  return (
    <PublicChrome translated={pageLanguagesOf(useMatches().at(-1)).translated}>
      <Outlet />
    </PublicChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <PublicChrome translated="whole">{notFound ? <NotFoundContent /> : <SomethingWentWrong />}</PublicChrome>;
}

function SomethingWentWrong() {
  const words = useSiteWords();
  const home = pathIn(useLanguage(), "/");
  return (
    <section className="container-page py-24 text-center">
      <h1 className="text-4xl font-bold text-brand-dark">{words.somethingWentWrong}</h1>
      <p className="mt-5 text-lg text-muted">{words.tryAgainOrCall}</p>
      <a href={home} className="btn-brand mt-8">
        {words.notFound.returnHome}
      </a>
    </section>
  );
}
