// The Resources page as visitors see it: its definition's view (resources.ts), drawn by the public
// route and by the editor's preview.
import type { PageViewProps } from "#app/content/define-page.ts";
import { ContactCta } from "#app/components/site/contact-cta.tsx";
import { ExternalLinkIcon } from "#app/components/site/icons.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { getBundledImage } from "#app/media/bundled-images.ts";
import { bookLinks, type ResourcesContent } from "./resources.ts";
import { resourcesWords } from "./resources-words.ts";
import { useItemLang, useShownLanguage } from "#app/i18n/shown-language.tsx";

/** The Resources page: the recommended books by category, as staff keep them. */
export default function ResourcesView({ content: { categories } }: PageViewProps<ResourcesContent>) {
  const shown = useShownLanguage();
  const words = resourcesWords[shown];
  // A category or book added since the page was translated is in English, and says so.
  const itemLang = useItemLang();
  // The books' titles are as published, in English.
  const titleLang = shown === "en" ? undefined : "en";
  return (
    <>
      <PageHero
        eyebrow={words.resources}
        title={words.title}
        description={words.description}
        image={getBundledImage("general/resources-books")}
      />

      <nav aria-labelledby="categories-title" className="border-b border-line bg-sand">
        <div className="container-page py-6">
          <h2 id="categories-title" className="font-sans text-sm font-semibold tracking-widest text-muted uppercase">
            {words.categories}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {categories.map((category) => (
              <li key={category.id}>
                <a
                  href={`#${category.id}`}
                  lang={itemLang(category.id)}
                  className="inline-block rounded-full bg-white px-4 py-2 text-sm font-medium text-brand-dark no-underline shadow-sm hover:bg-brand-soft"
                >
                  {category.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </nav>

      <div className="container-page space-y-16 py-16">
        {categories.map((category) => (
          <section key={category.id} id={category.id} aria-labelledby={`${category.id}-title`} lang={itemLang(category.id)}>
            <h2 id={`${category.id}-title`} className="text-3xl font-bold text-brand-dark">
              {category.name}
            </h2>
            <p className="mt-2 text-lg text-muted">{category.intro}</p>
            <ul className="mt-6 grid gap-6 md:grid-cols-2">
              {category.books.map((book) => (
                <li key={book.id} lang={itemLang(book.id)} className="flex flex-col rounded-2xl border border-line bg-white p-6 shadow-sm">
                  <h3 className="text-xl font-bold text-ink" lang={itemLang(book.id) ? undefined : titleLang}>
                    {book.title}
                  </h3>
                  <p className="mt-1 text-sm font-semibold text-clay-dark">
                    {/* The author's name as published (English, "and" and all), marked so on a Spanish page. */}
                    {`${words.by} `}
                    {titleLang && !itemLang(book.id) ? <span lang={titleLang}>{book.author}</span> : book.author}
                  </p>
                  <p className="mt-3 flex-1">{book.description}</p>
                  <ul className="mt-5 flex flex-wrap gap-3">
                    {bookLinks(book).map((link) => (
                      <li key={link.label}>
                        <a
                          href={link.href}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand px-4 py-2 text-sm font-semibold text-brand no-underline hover:bg-brand hover:text-white"
                        >
                          {link.label}
                          <ExternalLinkIcon className="size-4" />
                          <span className="sr-only">
                            : {titleLang ? <span lang={titleLang}>{book.title}</span> : book.title}
                            {` ${words.opensInNewTab}`}
                          </span>
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <ContactCta title={words.ctaTitle} description={words.ctaDescription} />
    </>
  );
}
