import { data, Link } from "react-router";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ContentFieldEditors, type ContentSource, contentSourceOf, TabHeader } from "#app/components/admin/content-fields.tsx";
import { HistoryLink } from "#app/components/admin/history-link.tsx";
import { EditorForm, usePageEditor } from "#app/components/admin/page-editor.tsx";
import { keepTextWhenOffline } from "#app/components/admin/save-answer.ts";
import { TabSelect } from "#app/components/admin/tab-select.tsx";
import { aboutContentSchema } from "#app/content/about.ts";
import { aboutVariantFields, type PageName, pageDefinition, serviceFields } from "#app/content/page-kinds.ts";
import { serviceContentSchema } from "#app/content/service-content.ts";
import { draftServiceContent, getService, type Service, services } from "#app/content/services.ts";
import { editorHrefOf } from "#app/content/page-links.ts";
import { editorSchema, saveToasts } from "#app/lib/page-save.ts";
import { readPage } from "#app/server/content.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { savePageFromForm } from "#app/server/page-save.server.ts";
import { requireAdmin } from "#app/server/session.server.ts";
import type { Route } from "./+types/services";

// The selector of spec section 2: every service page, plus an 'about' variant. Sent with the
// loader data so the browser never downloads the services' built-in text.
const pageOptions = [
  ...services.map((service) => ({ value: service.slug, label: service.label })),
  { value: "about", label: "About (page variant)" },
];

const serviceSchema = editorSchema(serviceContentSchema);
// The variant edits three fields of the About tab's row; the server keeps the others as stored.
const aboutVariantKeys = ["title", "description", "additionalInfo"] as const;
const aboutVariantSchema = editorSchema(aboutContentSchema.pick({ title: true, description: true, additionalInfo: true }));

type Selected = { kind: "about" } | { kind: "service"; service: Service };

function selectedPage(request: Request): Selected {
  const page = new URL(request.url).searchParams.get("page") ?? services[0]!.slug;
  if (page === "about") return { kind: "about" };
  const service = getService(page);
  if (!service) throw data({ error: "Unknown page" }, { status: 404 });
  return { kind: "service", service };
}

export const meta: Route.MetaFunction = () => [{ title: "Service Pages | Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const selected = selectedPage(request);
  if (selected.kind === "about") {
    const about = await readPage(db, "about");
    const { title, description, additionalInfo } = about.content;
    const source: ContentSource = contentSourceOf(about);
    return {
      page: "about",
      pageOptions,
      editor: { name: "about" as PageName, content: { title, description, additionalInfo }, version: about.version },
      source,
    };
  }
  const { service } = selected;
  if (!pageDefinition(service.slug).usesStoredContent) {
    const source: ContentSource = "builtInOnly";
    return { page: service.slug, pageOptions, editor: null, source, path: service.path };
  }
  const stored = await readPage(db, service.slug);
  // Spec section 4: with no stored row the editor opens the specified draft, unless staff asked
  // to start from the text the page shows now.
  const startFromBuiltIn = new URL(request.url).searchParams.get("start") === "builtIn";
  const draft = !stored.saved && !startFromBuiltIn;
  const source: ContentSource = draft ? "draft" : contentSourceOf(stored);
  return {
    page: service.slug,
    pageOptions,
    editor: {
      name: service.slug as PageName,
      content: draft ? draftServiceContent(service.label) : stored.content,
      version: stored.version,
    },
    source,
    path: service.path,
  };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const selected = selectedPage(request);
  if (selected.kind === "about") {
    return savePageFromForm(request, admin, { name: "about", schema: aboutVariantSchema, fields: aboutVariantKeys });
  }
  return savePageFromForm(request, admin, { name: selected.service.slug, schema: serviceSchema });
}

export const clientAction = (args: Route.ClientActionArgs) => keepTextWhenOffline(args);

type Editor = NonNullable<Route.ComponentProps["loaderData"]["editor"]>;

function ServiceEditor({ page, answer }: { page: Editor; answer: Route.ComponentProps["actionData"] }) {
  const isAbout = page.name === "about";
  const editor = usePageEditor({
    schema: isAbout ? aboutVariantSchema : serviceSchema,
    content: page.content,
    version: page.version,
    answer,
    success: saveToasts.page,
  });
  return (
    <EditorForm editor={editor}>
      <ContentFieldEditors form={editor.form} fields={editor.fields} descriptions={isAbout ? aboutVariantFields : serviceFields} />
    </EditorForm>
  );
}

export default function AdminServices({ loaderData, actionData }: Route.ComponentProps) {
  const { page, editor, source } = loaderData;
  return (
    <section aria-labelledby="tab-title">
      <TabHeader title="Service Pages" source={source}>
        {editor && source === "draft" ? (
          <p className="text-sm">
            <Link className="link font-semibold" to={`${editorHrefOf(editor.name)}&start=builtIn`}>
              Start from the text the page shows now
            </Link>
          </p>
        ) : null}
        {editor ? <HistoryLink page={editor.name} /> : null}
        {editor?.name === "about" ? (
          <p className="text-sm text-muted">
            These fields belong to the About page; the About tab edits them too, with the team and the other texts, which a save here keeps
            as they are.
          </p>
        ) : null}
      </TabHeader>
      <TabSelect id="service-page" name="page" label="Page" value={page} options={loaderData.pageOptions} />
      {editor ? (
        <ServiceEditor key={`${page}-${editor.version}-${source}`} page={editor} answer={actionData} />
      ) : (
        <p className="rounded-2xl border border-line bg-white p-6 text-ink">
          {loaderData.path ? (
            <a className="link" href={loaderData.path}>
              See the page on the site
            </a>
          ) : null}
        </p>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Failed to load page content." />;
}
