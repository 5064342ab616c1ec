import { data, redirect } from "react-router";
import { articleCardsOf } from "#app/articles/article-cards.server.ts";
import { articleListPageCount, articleListPagePath, articlesPerPage } from "#app/articles/article-page.ts";
import { liveArticles } from "#app/articles/article-store.server.ts";
import { ArticleCards } from "#app/articles/article-card-list.tsx";
import { articleWords } from "#app/articles/article-words.ts";
import { loadPageIn } from "#app/content/page-store.server.ts";
import { pageMeta } from "#app/content/seo.ts";
import { articleFeedPath } from "#app/content/public-paths.ts";
import { languageOfPath, pathIn } from "#app/i18n/languages.ts";
import { useLanguage, useLocalPath } from "#app/i18n/site-words.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import type { Route } from "./+types/articles";

/**
 * The published articles, newest first, a page at a time (/articles, /articles/page/2, ...), each
 * with its picture, title, date, author and summary. Pages name the next and previous ones
 * (rel=next/prev) for search engines. In Spanish, an article not yet translated is listed in
 * English, marked so.
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  const path = new URL(request.url).pathname;
  const language = languageOfPath(path);
  const raw = params.number;
  const [live, about] = await Promise.all([liveArticles(db), loadPageIn(db, "about", language)]);
  const number = raw === undefined ? 1 : Number(raw);
  const pages = articleListPageCount(live.length);
  if ((raw !== undefined && !/^[1-9]\d{0,5}$/.test(raw)) || number > pages) {
    log.warn("404 Not found", { path });
    throw data(null, { status: 404 });
  }
  // Page 1 has one address: /articles/page/1 leads there.
  if (raw === "1") throw redirect(pathIn(language, articleListPagePath(1)), 301);
  const shown = live.slice((number - 1) * articlesPerPage, number * articlesPerPage);
  const articles = await articleCardsOf(db, shown, language, about.content.staff);
  return {
    path: pathIn(language, articleListPagePath(number)),
    number,
    pages,
    articles,
    // The site's own words around the practice's titles: in Spanish, all but the articles not yet translated.
    translated: articles.some((article) => article.lang === "en") ? ("partly" as const) : ("whole" as const),
    languages: ["en", "es"] as const,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Page not found" }];
  const language = languageOfPath(loaderData.path);
  const words = articleWords[language];
  const { number, pages } = loaderData;
  const title = number === 1 ? words.articles : `${words.articles}: ${words.pageOf(number, pages)}`;
  return [
    ...pageMeta({ title, description: words.articlesIntro, matches, path: loaderData.path, language }),
    ...(number > 1 ? [{ tagName: "link", rel: "prev", href: pathIn(language, articleListPagePath(number - 1)) }] : []),
    ...(number < pages ? [{ tagName: "link", rel: "next", href: pathIn(language, articleListPagePath(number + 1)) }] : []),
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: words.articles, href: pathIn(language, articleFeedPath) },
  ];
};

export default function Articles({ loaderData }: Route.ComponentProps) {
  const language = useLanguage();
  const localPath = useLocalPath();
  const words = articleWords[language];
  const { number, pages, articles } = loaderData;
  return (
    <>
      <section aria-labelledby="articles-title" className="bg-brand-soft">
        <div className="container-page py-14 sm:py-16">
          <h1 id="articles-title" className="text-4xl font-bold text-brand-dark sm:text-5xl">
            {words.articles}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-ink">{words.articlesIntro}</p>
        </div>
      </section>
      <div className="container-page py-12">
        {articles.length === 0 ? <p className="text-lg">{words.noArticles}</p> : <ArticleCards articles={articles} headingLevel={2} />}
        {pages > 1 ? (
          <nav aria-label={words.pageOf(number, pages)} className="mt-10 flex flex-wrap items-center justify-between gap-4">
            {number > 1 ? (
              <a href={localPath(articleListPagePath(number - 1))} rel="prev" className="btn-outline-brand">
                {words.newer}
              </a>
            ) : (
              <span />
            )}
            <span className="text-sm text-muted">{words.pageOf(number, pages)}</span>
            {number < pages ? (
              <a href={localPath(articleListPagePath(number + 1))} rel="next" className="btn-outline-brand">
                {words.older}
              </a>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
        <p className="mt-10 text-sm">
          <a href={localPath(articleFeedPath)} className="link">
            {words.feed}
          </a>
        </p>
      </div>
    </>
  );
}
