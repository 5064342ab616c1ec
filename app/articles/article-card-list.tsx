// Articles as cards, for the list of articles and an article's related ones. Its own module: the
// article's view is loaded only when drawn (article-page.ts), the list's route imports this.
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { useLocalPath } from "#app/i18n/site-words.ts";
import { useShownLanguage } from "#app/i18n/shown-language.tsx";
import type { ArticleCard } from "./article-extras.tsx";
import { articleDate, articleWords } from "./article-words.ts";

/** Articles as cards: their picture, title (a link), date, author and summary. */
export function ArticleCards({ articles, headingLevel }: { articles: ReadonlyArray<ArticleCard>; headingLevel: 2 | 3 }) {
  const localPath = useLocalPath();
  const shown = useShownLanguage();
  const words = articleWords[shown];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {articles.map((article) => (
        <li key={article.id} className="flex flex-col overflow-hidden rounded-2xl border border-line bg-white">
          {article.image ? (
            <ResponsiveImage
              image={article.image.ref}
              alt={article.image.alt}
              sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
              className="aspect-video h-auto w-full object-cover"
            />
          ) : null}
          <div className="flex flex-1 flex-col p-6" lang={article.lang}>
            <Heading className="text-xl font-bold text-brand-dark">
              <a href={localPath(article.path)} className="link">
                {article.title}
              </a>
            </Heading>
            <p className="mt-2 text-sm text-muted">
              <time dateTime={article.publishedAt}>{articleDate(article.publishedAt, shown)}</time>
              {article.author ? (
                <>
                  {" · "}
                  {words.by}{" "}
                  <a href={localPath(article.author.path)} className="link">
                    {article.author.name}
                  </a>
                </>
              ) : null}
            </p>
            <p className="mt-3 text-base">{article.summary}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
