import { Form, Link } from "react-router";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { getDb } from "#app/server/db/db.server.ts";
import { decodeCursor, encodeCursor } from "#app/server/list-cursor.server.ts";
import { type ActivityFilter, activityFilterSchema, activityPeople, listActivity } from "#app/staff/activity-log.server.ts";
import type { Route } from "./+types/activity";

export const meta: Route.MetaFunction = () => [{ title: "Activity Log | Admin Dashboard" }];

function activityHref(filter: ActivityFilter, before?: string): string {
  const query = new URLSearchParams(Object.entries({ ...filter, before: before ?? "" }).filter(([, value]) => value !== "")).toString();
  return query ? `/admin/activity?${query}` : "/admin/activity";
}

/** Owners only (the session middleware's table: an address it does not place is the Owner's). */
export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const params = new URL(request.url).searchParams;
  const asked = { person: params.get("person") ?? "", from: params.get("from") ?? "", to: params.get("to") ?? "" };
  const parsed = activityFilterSchema.safeParse(asked);
  const people = await activityPeople(db);
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    return { people, filter: asked, errors, entries: [], olderHref: null, newestHref: null };
  }
  const filter = parsed.data;
  const before = decodeCursor(params.get("before"));
  const { entries, older } = await listActivity(db, filter, before);
  return {
    people,
    filter,
    errors: {} as Record<string, string>,
    entries,
    olderHref: older ? activityHref(filter, encodeCursor(older)) : null,
    newestHref: before ? activityHref(filter) : null,
  };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

const fieldClass = "mt-1.5 block min-h-11 rounded-lg border border-[#8a8f8c] bg-white px-3.5 py-2.5 text-base font-normal";

export default function ActivityLog({ loaderData }: Route.ComponentProps) {
  const { people, filter, errors, entries } = loaderData;
  const filtered = filter.person !== "" || filter.from !== "" || filter.to !== "";
  const hasErrors = Object.keys(errors).length > 0;
  // A field's message under it, and the attributes that tie the two together.
  const describedBy = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `activity-${field}-error` } : {});
  const errorOf = (field: string) =>
    errors[field] ? (
      <span id={`activity-${field}-error`} className="mt-1 block text-sm font-medium text-clay-dark">
        {errors[field]}
      </span>
    ) : null;
  const dayField = (name: "from" | "to", label: string) => (
    <label className="block text-sm font-semibold text-ink">
      {label}
      <input type="date" name={name} defaultValue={filter[name]} className={fieldClass} {...describedBy(name)} />
      {errorOf(name)}
    </label>
  );
  return (
    <section aria-labelledby="tab-title">
      <h2 id="tab-title" className="mb-2 text-2xl font-bold text-brand-dark">
        Activity Log
      </h2>
      <p className="mb-6 text-muted">
        Who signed in, who opened and changed which inquiry, who exported inquiries, and who changed pages, images and accounts. Newest
        first; times are the office's.
      </p>
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-4 rounded-2xl border border-line bg-white p-4">
        <label className="block max-w-full text-sm font-semibold text-ink">
          Person
          <select name="person" defaultValue={filter.person} className={`${fieldClass} w-80 max-w-full`} {...describedBy("person")}>
            <option value="">Everyone</option>
            {people.map((email) => (
              <option key={email} value={email}>
                {email}
              </option>
            ))}
          </select>
          {errorOf("person")}
        </label>
        {dayField("from", "From")}
        {dayField("to", "To (included)")}
        <button type="submit" className="btn-outline-brand">
          Show
        </button>
        {filtered ? (
          <Link className="link inline-flex min-h-11 items-center text-sm" to="/admin/activity">
            Everyone, every day
          </Link>
        ) : null}
      </Form>

      {hasErrors ? (
        <p role="alert" className="mb-6 rounded-lg border-l-4 border-clay bg-clay-soft p-4 font-medium text-clay-dark">
          Nothing shown: correct the filter above.
        </p>
      ) : entries.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-8 text-center text-muted">
          {filtered ? "No activity matches this filter." : "No activity yet."}
        </p>
      ) : (
        <ol className="divide-y divide-line rounded-2xl border border-line bg-white">
          {entries.map((entry) => (
            <li key={entry.id} className="p-4">
              <p className="text-sm text-muted">
                <time dateTime={entry.at}>{entry.when}</time>
                {" · "}
                <span className="font-semibold text-ink">{entry.who ?? "Command line or the site itself"}</span>
              </p>
              <p className="mt-1 break-words">{entry.what}</p>
              {entry.inquiries.length === 1 ? (
                <p className="mt-1 text-sm text-muted">{entry.inquiries[0]}</p>
              ) : entry.inquiries.length > 1 ? (
                <details className="mt-1 text-sm">
                  <summary className="min-h-11 cursor-pointer content-center text-muted">Which inquiries</summary>
                  <ul className="list-disc pl-6 text-muted">
                    {entry.inquiries.map((sender, index) => (
                      // The same sender may appear twice; the position tells them apart.
                      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
                      <li key={index}>{sender}</li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {loaderData.newestHref || loaderData.olderHref ? (
        <nav aria-label="Activity pages" className="mt-8 flex flex-wrap justify-between gap-3">
          {loaderData.newestHref ? (
            <Link className="btn-outline-brand" to={loaderData.newestHref}>
              Newest
            </Link>
          ) : (
            <span />
          )}
          {loaderData.olderHref ? (
            <Link className="btn-outline-brand" to={loaderData.olderHref}>
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="The activity log could not be loaded. Please try again." />;
}
