// An article as visitors see it, from its content: the articles' view (article-page.ts), drawn by
// the article's route and by the editor's preview. No script: the body is plain elements.
import type { PageViewProps } from "#app/content/define-page.ts";
import { useServices } from "#app/components/site/services-context.tsx";
import { ServicePills } from "#app/components/site/service-pills.tsx";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { useLocalPath } from "#app/i18n/site-words.ts";
import { useShownLanguage } from "#app/i18n/shown-language.tsx";
import { StaffPhoto } from "#app/pages/staff-photo.tsx";
import { headingsOf, readingMinutesOf, tableOfContentsFrom } from "./article-body.ts";
import { ArticleBodyView } from "./article-body-view.tsx";
import { ArticleCards } from "./article-card-list.tsx";
import { useArticleExtras } from "./article-extras.tsx";
import type { ArticleContent } from "./article-page.ts";
import { articleDate, articleWords } from "./article-words.ts";

export default function ArticleView({ content }: PageViewProps<ArticleContent>) {
  const localPath = useLocalPath();
  const shown = useShownLanguage();
  const words = articleWords[shown];
  const { author, publishedAt, updatedAt, related } = useArticleExtras();
  const services = useServices().filter((service) => content.services.includes(service.id));
  const headings = headingsOf(content.body);
  return (
    <article className="bg-white">
      <header className="container-page max-w-3xl pt-10 sm:pt-14">
        <p>
          <a href={localPath("/articles")} className="link text-sm font-semibold">
            {words.articles}
          </a>
        </p>
        <h1 className="mt-3 text-4xl font-bold text-brand-dark sm:text-5xl">{content.title}</h1>
        <p className="mt-4 text-xl leading-relaxed text-ink">{content.summary}</p>
        {author ? (
          <div className="mt-6 flex items-center gap-4" lang={author.lang}>
            <StaffPhoto member={author.member} sizes="56px" sizeClass="size-14" initialsClass="text-lg" />
            <p className="text-base">
              {words.by}{" "}
              <a href={localPath(author.path)} className="link font-semibold">
                {author.member.name}
              </a>
              {author.member.credentials ? `, ${author.member.credentials}` : ""}
              <span className="block text-sm text-muted">{author.member.title}</span>
            </p>
          </div>
        ) : null}
        <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          {publishedAt ? (
            <span>
              {words.published} <time dateTime={publishedAt}>{articleDate(publishedAt, shown)}</time>
            </span>
          ) : null}
          {updatedAt ? (
            <span>
              {words.updated} <time dateTime={updatedAt}>{articleDate(updatedAt, shown)}</time>
            </span>
          ) : null}
          <span>{words.minutesToRead(readingMinutesOf(content.body))}</span>
        </p>
      </header>
      {content.image ? (
        <figure className="container-page mt-8 max-w-4xl">
          <ResponsiveImage
            image={content.image}
            alt={content.imageAlt}
            sizes="(min-width: 1024px) 896px, 100vw"
            priority
            className="h-auto w-full rounded-2xl"
          />
        </figure>
      ) : null}
      <div className="container-page max-w-3xl py-10">
        {headings.length >= tableOfContentsFrom ? (
          <nav aria-labelledby="article-contents" className="mb-10 rounded-2xl bg-sand p-6">
            <h2 id="article-contents" className="text-lg font-bold text-brand-dark">
              {words.inThisArticle}
            </h2>
            <ol className="mt-3 space-y-2">
              {headings.map((heading) => (
                <li key={heading.id} className={heading.level === 3 ? "pl-5" : undefined}>
                  <a href={`#${heading.id}`} className="link">
                    {heading.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <ArticleBodyView body={content.body} />
        {services.length > 0 ? (
          <nav aria-labelledby="article-services" className="mt-12 border-t border-line pt-8">
            <h2 id="article-services" className="text-2xl font-bold text-brand-dark">
              {words.relatedServices}
            </h2>
            <ServicePills services={services} className="mt-4" />
          </nav>
        ) : null}
      </div>
      <section aria-labelledby="article-talk" className="bg-brand-dark text-white">
        <div className="container-page py-14 text-center">
          <h2 id="article-talk" className="text-3xl font-bold">
            {words.talkWithUs}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-white/90">{words.talkWithUsText}</p>
          <a href={localPath("/contact")} className="btn-primary mt-8">
            {words.contactUs}
          </a>
        </div>
      </section>
      {related.length > 0 ? (
        <section aria-labelledby="article-related" className="bg-white">
          <div className="container-page py-14">
            <h2 id="article-related" className="text-2xl font-bold text-brand-dark">
              {words.relatedArticles}
            </h2>
            <ArticleCards articles={related} headingLevel={3} />
          </div>
        </section>
      ) : null}
    </article>
  );
}
