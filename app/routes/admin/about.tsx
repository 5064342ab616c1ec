import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ContentFieldEditors, contentSourceOf, TabHeader } from "#app/components/admin/content-fields.tsx";
import { HistoryLink } from "#app/components/admin/history-link.tsx";
import { EditorForm, usePageEditor } from "#app/components/admin/page-editor.tsx";
import { keepTextWhenOffline } from "#app/components/admin/save-answer.ts";
import { StaffEditor } from "#app/components/admin/staff-editor.tsx";
import { aboutContentSchema } from "#app/content/about.ts";
import { imageRefText, resolveImage } from "#app/content/image-ref.ts";
import { pageDefinition } from "#app/content/page-kinds.ts";
import { editorSchema, saveToasts } from "#app/lib/page-save.ts";
import { readPage } from "#app/server/content.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { savePageFromForm } from "#app/server/page-save.server.ts";
import { requireAdmin } from "#app/server/session.server.ts";
import type { Route } from "./+types/about";

const schema = editorSchema(aboutContentSchema);

export const meta: Route.MetaFunction = () => [{ title: "About | Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = await readPage(await getDb(), "about");
  const { staff, ...texts } = page.content;
  return {
    // A photo is edited as an address: the one its picture is shown at, which reads back as the same image.
    content: {
      ...texts,
      staff: staff.map(({ image, ...member }) => ({
        ...member,
        image: image ? (resolveImage(image, 240)?.src ?? imageRefText(image)) : "",
      })),
    },
    version: page.version,
    source: contentSourceOf(page),
  };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

export const action = async ({ request }: Route.ActionArgs) =>
  savePageFromForm(request, await requireAdmin(request), { name: "about", schema });

export const clientAction = (args: Route.ClientActionArgs) => keepTextWhenOffline(args);

const textFields = pageDefinition("about").fields.filter((field) => field.kind !== "staff");

function AboutEditor({ loaderData, actionData }: Route.ComponentProps) {
  const editor = usePageEditor({
    schema,
    content: loaderData.content,
    version: loaderData.version,
    answer: actionData,
    success: saveToasts.about,
  });
  return (
    <EditorForm editor={editor}>
      <ContentFieldEditors form={editor.form} fields={editor.fields} descriptions={textFields} />
      <StaffEditor form={editor.form} staffField={editor.fields.staff} />
    </EditorForm>
  );
}

export default function AdminAbout(props: Route.ComponentProps) {
  return (
    <section aria-labelledby="tab-title">
      <TabHeader title="About" source={props.loaderData.source}>
        <HistoryLink page="about" />
      </TabHeader>
      <AboutEditor key={props.loaderData.version} {...props} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Failed to load about content." />;
}
