import { data, Form, useSubmit } from "react-router";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ContentFields, type ContentField } from "#app/components/admin/content-fields.tsx";
import { TabHeader } from "#app/components/admin/tab-header.tsx";
import { services } from "#app/content/services.ts";
import { readAboutContent, readServiceContent } from "#app/server/content.server.ts";
import { requireAdmin } from "#app/server/session.server.ts";
import type { Route } from "./+types/services";

// The selector of spec section 2: every service page, plus an 'about' variant. Sent with the
// loader data so the browser never downloads the services' built-in text.
const pageOptions = [
  ...services.map((service) => ({ value: service.slug, label: service.label })),
  { value: "about", label: "About (page variant)" },
];

export const meta: Route.MetaFunction = () => [{ title: "Service Pages | Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = new URL(request.url).searchParams.get("page") ?? services[0]!.slug;
  if (page === "about") {
    const { content: about, saved } = await readAboutContent();
    const fields: Array<ContentField> = [
      { label: "Title", value: about.title },
      { label: "Description", value: about.description },
      { label: "Additional information", value: about.additionalInfo },
    ];
    return { page, pageOptions, fields, source: saved ? "saved" : "builtIn" } as const;
  }
  const service = services.find((candidate) => candidate.slug === page);
  if (!service) throw data({ error: "Unknown page" }, { status: 404 });
  const { content, saved } = await readServiceContent(service);
  const fields: Array<ContentField> = [
    { label: "Title", value: content.title },
    { label: "Description", value: content.description },
    { label: "Benefits", value: content.benefits },
    { label: "Who it helps", value: content.whoItHelps },
    { label: "What to expect", value: content.process },
    { label: "Additional information", value: content.additionalInfo },
  ];
  const source = !service.contentBacked ? "builtInOnly" : saved ? "saved" : "builtIn";
  return { page, pageOptions, fields, source } as const;
}

// Fetched on its own, so a failed request lands in this tab's ErrorBoundary (its message and
// toast) rather than replacing the whole dashboard.
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

const sourceNotes = {
  saved: "Saved content, over the built-in text for any field left empty.",
  builtIn: "Built-in text: nothing has been saved yet.",
  builtInOnly: "This page always shows its built-in text; saved content is not used.",
} as const;

export default function AdminServices({ loaderData }: Route.ComponentProps) {
  const submit = useSubmit();
  return (
    <section aria-labelledby="tab-title">
      <TabHeader title="Service Pages" source={sourceNotes[loaderData.source]} />
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3" onChange={(event) => void submit(event.currentTarget)}>
        <div>
          <label htmlFor="service-page" className="block text-sm font-semibold text-ink">
            Page
          </label>
          <select
            id="service-page"
            name="page"
            defaultValue={loaderData.page}
            key={loaderData.page}
            className="mt-1.5 block min-w-64 rounded-lg border border-[#8a8f8c] bg-white px-3.5 py-2.5 text-base text-ink"
          >
            {loaderData.pageOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {/* Needed without JavaScript; with it the page changes as soon as one is chosen. */}
        <button type="submit" className="btn-outline-brand">
          Show
        </button>
      </Form>
      <ContentFields fields={loaderData.fields} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Failed to load page content." />;
}
