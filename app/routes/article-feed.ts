import { articleIn, authorOf } from "#app/articles/article-cards.server.ts";
import { articlePathOf, articlesPath } from "#app/articles/article-page.ts";
import { lastPublishedAt, liveArticles } from "#app/articles/article-store.server.ts";
import { articleWords } from "#app/articles/article-words.ts";
import { atomFeed } from "#app/articles/atom-feed.ts";
import { loadPageIn } from "#app/content/page-store.server.ts";
import { articleFeedPath } from "#app/content/public-paths.ts";
import { languageOfPath, pathIn } from "#app/i18n/languages.ts";
import { loadPractice } from "#app/pages/practice-details.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import type { Route } from "./+types/article-feed";

/** How many of the newest articles the feed carries. */
const feedLength = 20;

/** When a feed with no article says it last changed: the day articles came to the site. */
const noArticlesSince = "2026-12-01T00:00:00Z";

/**
 * The articles' Atom feed (/articles/feed.xml, and /es/articles/feed.xml with the Spanish texts
 * where an article has them), the newest first, for feed readers. Cached like a page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = getConfig().linkOrigin;
  const db = await getDb();
  const language = languageOfPath(new URL(request.url).pathname);
  const [live, practice, about] = await Promise.all([liveArticles(db), loadPractice(db), loadPageIn(db, "about", language)]);
  const shown = live.slice(0, feedLength);
  const entries = await Promise.all(
    shown.map(async (entry) => {
      const [{ content }, updated] = await Promise.all([articleIn(db, entry, language), lastPublishedAt(db, entry.id, language)]);
      const author = authorOf(about.content.staff, content.author);
      const published = entry.publishedAt ?? updated ?? noArticlesSince;
      return {
        url: origin + pathIn(language, articlePathOf(entry.slug)),
        title: content.title || entry.title,
        summary: content.summary,
        authorName: author?.member.name ?? practice.name,
        authorUrl: author ? origin + pathIn(language, author.path) : undefined,
        published,
        updated: updated ?? published,
      };
    }),
  );
  const body = atomFeed({
    title: `${articleWords[language].articles} | ${practice.name}`,
    siteUrl: origin + pathIn(language, articlesPath),
    feedUrl: origin + pathIn(language, articleFeedPath),
    language,
    publisher: practice.name,
    entries,
    updatedFallback: noArticlesSince,
  });
  return new Response(body, { headers: { "Content-Type": "application/atom+xml; charset=utf-8" } });
}
