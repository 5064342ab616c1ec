import { data, redirect, useRouteLoaderData } from "react-router";
import { articleCardsOf, articleIn, authorOf, relatedArticles } from "#app/articles/article-cards.server.ts";
import { ArticleExtrasProvider } from "#app/articles/article-extras.tsx";
import { articleImageSrc } from "#app/articles/article-page.ts";
import { articleAt, lastPublishedAt, readArticleList } from "#app/articles/article-store.server.ts";
import { hasPublishedTranslation, loadPageIn } from "#app/content/page-store.server.ts";
import { PageView } from "#app/content/page-view.tsx";
import { isPageName } from "#app/content/pages.ts";
import { pageMeta } from "#app/content/seo.ts";
import { usePractice } from "#app/components/site/practice-context.tsx";
import { isItemTranslated } from "#app/content/translation.ts";
import { englishPathOf, type Language, languageOfPath, pathIn } from "#app/i18n/languages.ts";
import { ShownLanguageProvider } from "#app/i18n/shown-language.tsx";
import { useLanguage } from "#app/i18n/site-words.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import type { Route } from "./+types/article";

/**
 * One article (issue 44): its title, author with photo and credentials, dates, reading time,
 * picture, table of contents (three headings or more), body, related services, a call to the
 * contact page and related articles, with an Article block for search engines. A retired
 * article's address leads to the list of articles; a draft's is nothing yet.
 */

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const path = new URL(request.url).pathname;
  const language = languageOfPath(path);
  // Read once: the article at this address and the others related to it.
  const list = await readArticleList(db);
  const address = articleAt(list, englishPathOf(path));
  if (address && "redirectTo" in address) throw redirect(pathIn(language, address.redirectTo), 301);
  const page = address?.entry.id;
  if (!address || page === undefined || !isPageName(page)) {
    log.warn("404 Not found", { path });
    throw data(null, { status: 404 });
  }
  const { entry } = address;
  const live = list.filter((each) => each.status === "live");
  const [shown, about, updatedAt, inSpanish] = await Promise.all([
    articleIn(db, entry, language),
    loadPageIn(db, "about", language),
    lastPublishedAt(db, entry.id, language),
    language === "en" ? hasPublishedTranslation(db, page, "es") : null,
  ]);
  const { content } = shown;
  const translated = language === "en" || shown.translated !== "none";
  const author = authorOf(about.content.staff, content.author);
  const related = await articleCardsOf(
    db,
    await relatedArticles(db, { id: entry.id, services: content.services }, live),
    language,
    about.content.staff,
  );
  const languages: ReadonlyArray<Language> = (language === "en" ? inSpanish : translated) ? ["en", "es"] : ["en"];
  return {
    page,
    path: pathIn(language, entry.path),
    content,
    translated: shown.translated === "none" ? undefined : shown.translated,
    languages,
    extras: {
      author: author && {
        member: author.member,
        path: author.path,
        ...(language !== "en" && !isItemTranslated(about, author.member.id) ? { lang: "en" as const } : {}),
      },
      publishedAt: entry.publishedAt,
      // "Updated" only when published again on a later day than the first.
      updatedAt: updatedAt && entry.publishedAt && updatedAt.slice(0, 10) > entry.publishedAt.slice(0, 10) ? updatedAt : null,
      related,
    },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Page not found" }];
  const language = loaderData.translated ? languageOfPath(loaderData.path) : "en";
  const { content, extras } = loaderData;
  const image = articleImageSrc(content, 1200);
  return [
    ...pageMeta({
      title: content.title,
      description: content.summary,
      matches,
      path: loaderData.path,
      language,
      type: "article",
      ...(image ? { image } : {}),
    }),
    ...(extras.publishedAt ? [{ property: "article:published_time", content: extras.publishedAt }] : []),
    ...(extras.updatedAt ? [{ property: "article:modified_time", content: extras.updatedAt }] : []),
  ];
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const language = useLanguage();
  const { content, extras, translated, page } = loaderData;
  const practice = usePractice();
  const origin = useRouteLoaderData<{ origin: string }>("root")?.origin ?? "";
  const image = articleImageSrc(content, 1200);
  // What search engines read of the article (schema.org Article).
  const article = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: content.title,
    description: content.summary,
    inLanguage: translated ? language : "en",
    mainEntityOfPage: origin + loaderData.path,
    ...(image ? { image: origin + image } : {}),
    ...(extras.publishedAt ? { datePublished: extras.publishedAt, dateModified: extras.updatedAt ?? extras.publishedAt } : {}),
    author: extras.author
      ? { "@type": "Person", name: extras.author.member.name, url: origin + extras.author.path }
      : { "@type": "Organization", name: practice.name },
    publisher: { "@type": "Organization", name: practice.name },
  };
  return (
    <ShownLanguageProvider value={{ language: translated ? language : "en", englishItems: [] }}>
      <ArticleExtrasProvider value={extras}>
        <PageView page={page} content={content} />
      </ArticleExtrasProvider>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD made from the article's own checked texts, "<" escaped */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(article).replace(/</g, "\\u003c") }} />
    </ShownLanguageProvider>
  );
}
