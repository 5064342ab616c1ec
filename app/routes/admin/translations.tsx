import { AdminError } from "#app/components/admin/admin-error.tsx";
import { readServiceList } from "#app/content/collection-store.server.ts";
import { readArticleList } from "#app/articles/article-store.server.ts";
import { editorHrefOf, isPageName, isTranslatable, type PageName, pageDefinitions } from "#app/content/pages.ts";
import { translationStatus, translationStatusText } from "#app/content/translation-status.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import type { Route } from "./+types/translations";

export const meta: Route.MetaFunction = () => [{ title: "Translations | Admin Dashboard" }];

/**
 * Every page staff can translate, with whether its Spanish keeps up with its English (decision
 * 047): the services in the list's order (not the retired ones), then the other pages, then the
 * articles (not the retired ones), newest first; those behind first, each a link to its Spanish side.
 */
export async function loader() {
  const db = await getDb();
  const [{ entries }, articleEntries] = await Promise.all([readServiceList(db), readArticleList(db)]);
  const services = entries.flatMap((entry) =>
    entry.status !== "retired" && isPageName(entry.id) && isTranslatable(entry.id) ? [{ name: entry.id, label: entry.title }] : [],
  );
  const others = pageDefinitions.flatMap(({ name, label }) =>
    isTranslatable(name) && !entries.some((entry) => entry.id === name) ? [{ name, label }] : [],
  );
  const articles = articleEntries.flatMap((entry) =>
    entry.status !== "retired" && isPageName(entry.id) ? [{ name: entry.id, label: `Article: ${entry.title}` }] : [],
  );
  const pages = await Promise.all(
    [...services, ...others, ...articles].map(async ({ name, label }: { name: PageName; label: string }) => {
      const status = await translationStatus(db, name, "es");
      return {
        name,
        label,
        behind: status.state !== "upToDate",
        status: translationStatusText(status),
        href: editorHrefOf(name, "es"),
      };
    }),
  );
  // The services specified as built-in only: their built-in text in both languages, edited in neither.
  const builtInOnly = pageDefinitions.flatMap(({ label, route, admin }) => (route && !admin.usesStoredContent ? [label] : []));
  return { pages: [...pages.filter((page) => page.behind), ...pages.filter((page) => !page.behind)], builtInOnly };
}

export default function Translations({ loaderData }: Route.ComponentProps) {
  const { pages } = loaderData;
  const behind = pages.filter((page) => page.behind).length;
  return (
    <section aria-labelledby="tab-title" className="space-y-6">
      <div>
        <h2 id="tab-title" className="mb-2 text-2xl font-bold text-brand-dark">
          Translations
        </h2>
        <p className="max-w-prose text-muted">
          A Spanish page shows the English text, with a note in Spanish, until its texts are translated; once translated, it says when the
          English has changed since. Publishing the English never changes the Spanish.
        </p>
      </div>
      <p className="font-semibold text-ink">
        {behind === 0 ? "Every page's Spanish is up to date." : `${behind} of ${pages.length} pages need their Spanish written or updated.`}
      </p>
      <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
        {pages.map((page) => (
          <li key={page.name} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4">
            <a className="link font-semibold" href={page.href}>
              {page.label}
            </a>
            <span className={`text-sm ${page.behind ? "font-semibold text-clay-dark" : "text-muted"}`}>{page.status}</span>
          </li>
        ))}
      </ul>
      {loaderData.builtInOnly.length > 0 ? (
        <p className="max-w-prose text-sm text-muted">
          {loaderData.builtInOnly.join(", ")} always show their built-in text, in English and in Spanish: neither can be edited here.
        </p>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="The translations could not be loaded. Please try again." />;
}
