import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import { useAdminAction } from "#app/admin-action/admin-action.ts";
import { type AdminActionRules, adminAction } from "#app/admin-action/admin-action.server.ts";
import { revalidateUnlessUnanswered } from "#app/admin-action/admin-answer.ts";
import { flashToastCookie } from "#app/admin-action/toast.server.ts";
import { articleListSchema } from "#app/articles/article-list-form.ts";
import { ArticleListRefusal, addArticle, readArticleList, restoreArticle, retireArticle } from "#app/articles/article-store.server.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { entryStatusLabels } from "#app/content/collections.ts";
import { editorHrefOf, isPageName } from "#app/content/pages.ts";
import { formatOfficeTime } from "#app/content/office-time.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import type { Route } from "./+types/article-list";

/**
 * The articles list (issue 44): every article, newest first, with its status; adding one (a draft
 * until its page is published or its scheduled time comes), retiring one (it leaves the list of
 * articles, the feed and the sitemap, and its address leads to the list) or bringing it back.
 * Each article is written in the Articles tab's editor.
 */

export const meta: Route.MetaFunction = () => [{ title: "Articles | Admin Dashboard" }];

export const shouldRevalidate = revalidateUnlessUnanswered;

export async function loader() {
  const entries = await readArticleList(await getDb());
  return {
    entries: entries.map((entry) => ({
      id: entry.id,
      title: entry.title,
      path: entry.path,
      status: entry.status,
      published: entry.publishedAt ? formatOfficeTime(entry.publishedAt) : null,
      changed: entry.updatedAt ? `${formatOfficeTime(entry.updatedAt)}${entry.updatedBy ? ` by ${entry.updatedBy}` : ""}` : null,
      editorHref: isPageName(entry.id) ? editorHrefOf(entry.id) : null,
    })),
  };
}

const rules: AdminActionRules = {
  failed: {
    message: "The articles list could not be changed. Please try again.",
    toast: { type: "error", title: "Nothing was changed", description: "The articles list could not be changed. Please try again." },
  },
  invalid: { message: "Some fields need attention: see the messages beside them." },
};

export async function action({ request, context }: Route.ActionArgs) {
  const staff = context.get(adminContext);
  return adminAction(request, articleListSchema, rules, async (form, reply) => {
    const db = await getDb();
    const id = form.id ?? "";
    try {
      if (form.intent === "add") {
        const added = await addArticle(db, { title: form.title ?? "", slug: form.slug, staff });
        const href = isPageName(added) ? editorHrefOf(added) : "/admin/articles/list";
        return redirect(href, { headers: { "Set-Cookie": await flashToastCookie(request, "article-added") } });
      }
      if (form.intent === "retire") await retireArticle(db, { id, staff });
      else await restoreArticle(db, { id, staff });
    } catch (error) {
      if (!(error instanceof ArticleListRefusal)) throw error;
      const toast = { type: "error" as const, title: "Nothing was changed", description: error.message };
      const field = error.field && error.field !== "id" ? error.field : null;
      return reply(field ? 400 : 409, { message: error.message, fieldErrors: field ? { [field]: [error.message] } : undefined, toast });
    }
    const title = (await readArticleList(db)).find((entry) => entry.id === id)?.title ?? "";
    return reply(200, {
      toast: { type: "success", title: form.intent === "retire" ? "Article retired" : "Article brought back", description: title },
    });
  });
}

export default function ArticleList({ loaderData }: Route.ComponentProps) {
  const { answer, message, pending } = useAdminAction();
  const sent = answer?.result?.initialValue as Record<string, unknown> | undefined;
  const [form, fields] = useForm({
    id: "add-article",
    lastResult: sent?.intent === "add" ? answer?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: articleListSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="tab-title" className="space-y-8">
      <div>
        <h2 id="tab-title" className="mb-2 text-2xl font-bold text-brand-dark">
          Articles
        </h2>
        <p className="max-w-prose text-muted">
          Articles answer the questions people search for. Each is a draft until you publish it (or schedule it); then it is listed on the
          site's Articles page, newest first, in the feed and in the sitemap. A retired article leaves them, and its address leads to the
          list of articles.
        </p>
      </div>
      <FormAlert message={message} className="max-w-prose px-4 py-3" />

      <section aria-labelledby="add-title" className="max-w-xl rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h3 id="add-title" className="mb-1 text-xl font-bold text-brand-dark">
          Write a new article
        </h3>
        <p className="mb-4 text-sm text-muted">It starts as a draft: nobody sees it until you publish it.</p>
        <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="space-y-4">
          <input type="hidden" name="intent" value="add" />
          <Field field={fields.title} label="Title" maxLength={120} required />
          <Field
            field={fields.slug}
            label="Address (optional)"
            description="The end of its address, /articles/…: made from the title when left empty."
            maxLength={80}
            autoCapitalize="none"
            spellCheck={false}
          />
          <button type="submit" className="btn-brand" disabled={pending}>
            Add the article
          </button>
        </Form>
      </section>

      {loaderData.entries.length === 0 ? (
        <p className="text-muted">No articles yet.</p>
      ) : (
        <ul className="max-w-3xl space-y-3" aria-label="Articles, newest first">
          {loaderData.entries.map((entry) => (
            <li key={entry.id} aria-labelledby={`${entry.id}-title`} className="rounded-2xl border border-line bg-white p-4 sm:p-5">
              <p className="text-sm text-muted">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${entry.status === "live" ? "bg-brand-soft text-brand-dark" : "bg-sand text-ink"}`}
                >
                  {entryStatusLabels[entry.status]}
                </span>
                {entry.published ? <span className="ml-2">Published {entry.published}</span> : null}
              </p>
              <h3 id={`${entry.id}-title`} className="mt-1 text-lg font-bold break-words text-ink">
                {entry.title}
              </h3>
              <p className="text-sm break-all text-muted">{entry.path}</p>
              {entry.changed ? <p className="text-xs text-muted">Changed {entry.changed}</p> : null}
              <div className="mt-3 flex flex-wrap gap-2">
                {entry.editorHref ? (
                  <a className="btn-outline-brand px-3 py-1.5 text-sm" href={entry.editorHref}>
                    Edit<span className="sr-only"> {entry.title}</span>
                  </a>
                ) : null}
                {entry.status === "live" ? (
                  <a className="btn-quiet" href={entry.path} target="_blank" rel="noreferrer">
                    See it on the site<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : null}
                {entry.status === "draft" ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value={entry.status === "live" ? "retire" : "restore"} />
                    <input type="hidden" name="id" value={entry.id} />
                    <button
                      type="submit"
                      className="btn-outline-brand px-3 py-1.5 text-sm"
                      disabled={pending}
                      aria-label={`${entry.status === "live" ? "Retire" : "Bring back"} ${entry.title}`}
                    >
                      {entry.status === "live" ? "Retire" : "Bring back"}
                    </button>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Failed to load the articles list." />;
}
