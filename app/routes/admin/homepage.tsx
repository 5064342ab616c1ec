import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ContentFields, contentSourceNotes, contentSourceOf, textFieldsOf } from "#app/components/admin/content-fields.tsx";
import { TabHeader } from "#app/components/admin/tab-header.tsx";
import { pageDefinition } from "#app/content/page-kinds.ts";
import { readPage } from "#app/server/content.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { requireAdmin } from "#app/server/session.server.ts";
import type { Route } from "./+types/homepage";

export const meta: Route.MetaFunction = () => [{ title: "Homepage | Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = await readPage(await getDb(), "homepage");
  return { fields: textFieldsOf(pageDefinition("homepage").fields, page.content), source: contentSourceOf(page) };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

export default function AdminHomepage({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="tab-title">
      <TabHeader title="Homepage" source={contentSourceNotes[loaderData.source]} />
      <ContentFields fields={loaderData.fields} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Failed to load homepage content." />;
}
