import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ContentFieldEditors, contentSourceOf, TabHeader } from "#app/components/admin/content-fields.tsx";
import { EditorForm, usePageEditor } from "#app/components/admin/page-editor.tsx";
import { HistoryLink } from "#app/components/admin/history-link.tsx";
import { homepageContentSchema } from "#app/content/homepage.ts";
import { pageDefinition } from "#app/content/page-kinds.ts";
import { editorSchema, saveToasts } from "#app/lib/page-save.ts";
import { readPage } from "#app/server/content.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { keepTextWhenOffline } from "#app/components/admin/save-answer.ts";
import { savePageFromForm } from "#app/server/page-save.server.ts";
import { requireAdmin } from "#app/server/session.server.ts";
import type { Route } from "./+types/homepage";

const schema = editorSchema(homepageContentSchema);

export const meta: Route.MetaFunction = () => [{ title: "Homepage | Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = await readPage(await getDb(), "homepage");
  return { content: page.content, version: page.version, source: contentSourceOf(page) };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

export const action = async ({ request }: Route.ActionArgs) =>
  savePageFromForm(request, await requireAdmin(request), { name: "homepage", schema });

export const clientAction = (args: Route.ClientActionArgs) => keepTextWhenOffline(args);

function HomepageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const editor = usePageEditor({
    schema,
    content: loaderData.content,
    version: loaderData.version,
    answer: actionData,
    success: saveToasts.homepage,
  });
  return (
    <EditorForm editor={editor}>
      <ContentFieldEditors form={editor.form} fields={editor.fields} descriptions={pageDefinition("homepage").fields} />
    </EditorForm>
  );
}

export default function AdminHomepage(props: Route.ComponentProps) {
  return (
    <section aria-labelledby="tab-title">
      <TabHeader title="Homepage" source={props.loaderData.source}>
        <HistoryLink page="homepage" />
      </TabHeader>
      <HomepageEditor key={props.loaderData.version} {...props} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Failed to load homepage content." />;
}
