import { data } from "react-router";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ContentFields, contentSourceNotes, contentSourceOf, textFieldsOf } from "#app/components/admin/content-fields.tsx";
import { TabHeader } from "#app/components/admin/tab-header.tsx";
import { TabSelect } from "#app/components/admin/tab-select.tsx";
import { aboutVariantFields, pageDefinition } from "#app/content/page-kinds.ts";
import { getService, services } from "#app/content/services.ts";
import { readPage } from "#app/server/content.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
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
  const db = await getDb();
  const page = new URL(request.url).searchParams.get("page") ?? services[0]!.slug;
  if (page === "about") {
    const about = await readPage(db, "about");
    return { page, pageOptions, fields: textFieldsOf(aboutVariantFields, about.content), source: contentSourceOf(about) };
  }
  const service = getService(page);
  if (!service) throw data({ error: "Unknown page" }, { status: 404 });
  const definition = pageDefinition(service.slug);
  const content = await readPage(db, service.slug);
  return {
    page,
    pageOptions,
    fields: textFieldsOf(definition.fields, content.content),
    source: contentSourceOf(content, definition.usesStoredContent),
  };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

export default function AdminServices({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="tab-title">
      <TabHeader title="Service Pages" source={contentSourceNotes[loaderData.source]} />
      <TabSelect id="service-page" name="page" label="Page" value={loaderData.page} options={loaderData.pageOptions} />
      <ContentFields fields={loaderData.fields} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Failed to load page content." />;
}
