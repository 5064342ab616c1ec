import { loadPage, loadPageIn } from "#app/content/page-store.server.ts";
import { isPageName } from "#app/content/pages.ts";
import type { Language } from "#app/i18n/languages.ts";
import type { StaffMember } from "#app/pages/about.ts";
import { teamPages } from "#app/pages/team-pages.ts";
import type { Db } from "#app/server/db/db.server.ts";
import type { ArticleCard } from "./article-extras.tsx";
import type { ArticleContent } from "./article-page.ts";
import type { ArticleEntry } from "./article-store.server.ts";

/** An article's texts in `language` (its English where not yet translated), with how much is translated. */
export async function articleIn(db: Db, entry: Pick<ArticleEntry, "id">, language: Language) {
  if (!isPageName(entry.id)) throw new Error(`Not an article: ${entry.id}`);
  const shown = await loadPageIn(db, entry.id, language);
  return { ...shown, content: shown.content as ArticleContent };
}

/** The team member an article names as its author, with their page's address; null for none or one who left. */
export function authorOf(staff: ReadonlyArray<StaffMember>, id: string) {
  return teamPages(staff).find((page) => page.member.id === id) ?? null;
}

/** Articles as a list shows them, in `language`, the author's name from the team as shown in that language. */
export async function articleCardsOf(
  db: Db,
  entries: ReadonlyArray<ArticleEntry>,
  language: Language,
  staff: ReadonlyArray<StaffMember>,
): Promise<Array<ArticleCard>> {
  const shown = await Promise.all(entries.map((entry) => articleIn(db, entry, language)));
  return entries.map((entry, index) => {
    const { content, translated } = shown[index] ?? { content: null, translated: "none" };
    const author = content ? authorOf(staff, content.author) : null;
    return {
      id: entry.id,
      path: entry.path,
      title: content?.title || entry.title,
      summary: content?.summary ?? entry.summary,
      publishedAt: entry.publishedAt ?? "",
      ...(language !== "en" && translated === "none" ? { lang: "en" as const } : {}),
      image: content?.image ? { ref: content.image, alt: content.imageAlt } : null,
      author: author ? { name: author.member.name, path: author.path } : null,
    };
  });
}

/**
 * Up to `count` other live articles that share a service with this one, newest first: the
 * "related articles" under it. Their services are read from their English pages (services are
 * the same in every language).
 */
export async function relatedArticles(
  db: Db,
  article: { id: string; services: ReadonlyArray<string> },
  live: ReadonlyArray<ArticleEntry>,
  count = 3,
): Promise<Array<ArticleEntry>> {
  if (article.services.length === 0) return [];
  const others = live.filter((entry) => entry.id !== article.id);
  const contents = await Promise.all(others.map((entry) => (isPageName(entry.id) ? loadPage(db, entry.id) : null)));
  return others
    .filter((_, index) => {
      const services = (contents[index] as ArticleContent | null)?.services ?? [];
      return services.some((service) => article.services.includes(service));
    })
    .slice(0, count);
}
