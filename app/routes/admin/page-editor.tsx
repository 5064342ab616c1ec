import { useMemo } from "react";
import { data, redirect, useParams, useRouteLoaderData } from "react-router";
import type { loader as adminLayoutLoader } from "./layout.tsx";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import {
  EmptyListShowsBuiltIn,
  EnglishReference,
  FieldEditors,
  type ItemNote,
  ItemNotes,
  TeamMembersContext,
} from "#app/content/editor/field-editors.tsx";
import type { FieldDescription } from "#app/content/define-page.ts";
import { type ArticleEntry, readArticleList } from "#app/articles/article-store.server.ts";
import { LanguageSwitch } from "#app/content/editor/language-switch.tsx";
import { HistoryLink } from "#app/content/editor/history-link.tsx";
import { EditorForm, usePageEditor } from "#app/content/editor/editor-form.tsx";
import { adminClientAction, useAdminAction } from "#app/admin-action/admin-action.ts";
import { editorClientRules } from "#app/content/editor/save-answer.ts";
import { type ContentSource, contentSourceOf, TabHeader } from "#app/content/editor/tab-header.tsx";
import { TabSelect } from "#app/components/admin/tab-select.tsx";
import { scheduledTimeOf } from "#app/scheduling/scheduled-publications.server.ts";
import { imagesAsAddresses } from "#app/media/image-ref.ts";
import {
  type EditorTab,
  type EditorView,
  editorTabAt,
  isPageName,
  isTranslatable,
  type PageName,
  pageDefinition,
  translationFields,
  viewFields,
} from "#app/content/pages.ts";
import { entryStatusLabels, isAddedServiceId, type ServiceEntry } from "#app/content/collections.ts";
import { liveLinksOf, readServiceList, type ServiceList } from "#app/content/collection-store.server.ts";
import { type AdminAnswer, revalidateUnlessUnanswered } from "#app/admin-action/admin-answer.ts";
import { propertyOf } from "#app/lib/property-of.ts";
import { editorBodyLimitBytes, editorSchemaOf, translationEditorSchemaOf } from "#app/content/page-save.ts";
import {
  type EditedPage,
  listRevisions,
  readEditedPage,
  readEditedTranslation,
  readPage,
  withReplacedImages,
} from "#app/content/page-store.server.ts";
import { type Language, pathIn } from "#app/i18n/languages.ts";
import { translationStatus, translationStatusText } from "#app/content/translation-status.server.ts";
import { perLanguageTextsByName } from "#app/content/translation.ts";
import { savedByPhrase } from "#app/content/saved-by-phrase.ts";
import { type AboutContent, aboutDefaults } from "#app/pages/about.ts";
import { lastMemberChanges } from "#app/pages/team-pages.ts";
import { membersAwaitingReview } from "#app/pages/profile-review.server.ts";
import { EditorPreview } from "#app/content/editor/preview.tsx";
import { ServicesProvider } from "#app/components/site/services-context.tsx";
import { PracticePhoneContext } from "#app/content/editor/editor-values.ts";
import { loadPractice } from "#app/pages/practice-details.server.ts";
import { type Db, getDb } from "#app/server/db/db.server.ts";
import { savePageFromForm } from "#app/content/page-save.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import type { BodyLimitHandle } from "#app/lib/body-limit.ts";
import type { Route } from "./+types/page-editor";

/**
 * Every content tab (Homepage, About, Service Pages), as the page definitions describe them
 * (app/content/pages.ts): a tab that edits several pages shows the picker of spec section 2.
 */

/** What the editor needs of a page that is an entry of a list staff keep (a service, an article). */
type ChosenEntry = Pick<ServiceEntry, "id" | "path" | "status" | "title">;

/**
 * The tab this address names and the page chosen in it (`?page=`, else its first); 404 for
 * anything else. The Service Pages tab edits every service in the list, added ones too; the
 * Articles tab the article named, and without one it is the articles list.
 */
function chosenView(
  list: ServiceList,
  articles: ReadonlyArray<ArticleEntry>,
  request: Request,
  segment: string,
): { tab: EditorTab; view: EditorView; entry?: ChosenEntry } {
  const tab = editorTabAt(`/admin/${segment}`);
  if (!tab) throw data({ error: "Unknown tab" }, { status: 404 });
  const page = new URL(request.url).searchParams.get("page") ?? tab.views[0]?.page;
  if (tab.path === articleTabPath) {
    if (page === undefined) throw redirect(articleListPath);
    const article = articles.find((each) => each.id === page);
    if (!article || !isPageName(article.id)) throw data({ error: "Unknown page" }, { status: 404 });
    return { tab, view: { page: article.id, label: article.title, fields: null }, entry: article };
  }
  const view = tab.views.find((each) => each.page === page);
  const entry = tab.path === serviceTabPath ? list.entries.find((each) => each.id === page) : undefined;
  if (view) return { tab, view, entry };
  if (!entry || !isPageName(entry.id)) throw data({ error: "Unknown page" }, { status: 404 });
  return { tab, view: { page: entry.id, label: entry.title, fields: null }, entry };
}

/** The articles, read only for the Articles tab. */
function articlesFor(db: Db, segment: string): Promise<Array<ArticleEntry>> {
  return `/admin/${segment}` === articleTabPath ? readArticleList(db) : Promise.resolve([]);
}

/**
 * A page's content as its editor's form holds it: each picture as its address, a rich text (an
 * article's body) as its JSON in one text, as its editor posts it.
 */
function formValuesOf(page: PageName, content: unknown, keys: Iterable<string>): Record<string, unknown> {
  const fields = pageDefinition(page).fields as Readonly<Record<string, FieldDescription>>;
  return Object.fromEntries(
    [...keys].map((key) => {
      const value = propertyOf(content, key);
      return [key, fields[key]?.kind === "richText" ? JSON.stringify(value) : imagesAsAddresses(value)];
    }),
  );
}

/** The picker of a tab with several pages; the Service Pages tab's in the list's order (others marked), then its variants. */
function pickerOptions(list: ServiceList, tab: EditorTab): Array<{ value: string; label: string }> | null {
  if (tab.views.length < 2) return null;
  if (tab.path !== serviceTabPath) return tab.views.map((each) => ({ value: each.page, label: each.label }));
  const services = list.entries.map((entry) => ({
    value: entry.id,
    label: entry.status === "live" ? entry.title : `${entry.title} (${entryStatusLabels[entry.status].toLowerCase()})`,
  }));
  const variants = tab.views.flatMap((each) => (each.fields === null ? [] : [{ value: each.page, label: each.label }]));
  return [...services, ...variants];
}

function schemaOf({ page, fields }: Pick<EditorView, "page" | "fields">) {
  return editorSchemaOf(pageDefinition(page).schema, fields);
}

/**
 * The language an editor edits: Spanish with `?lang=es` on a page staff can translate
 * (decision 047), else the English page. Only a whole page is translated, not a tab's variant.
 */
function editedLanguage(request: Request, view: EditorView): "en" | "es" {
  return new URL(request.url).searchParams.get("lang") === "es" && hasSpanishSide(view) ? "es" : "en";
}

/** Whether a tab's choice has a Spanish side: a whole page (not a variant) staff can translate. */
function hasSpanishSide(view: EditorView): boolean {
  return view.fields === null && isTranslatable(view.page);
}

/** A translation's editor form: its per-language fields and the English version it shows. */
function translationSchemaOf(page: PageName) {
  return translationEditorSchemaOf(
    pageDefinition(page).schema,
    translationFields(page).map(([key]) => key),
  );
}

/** The switch between a page's English and its translation, when it can be translated. */
function languageHref(request: Request, language: "en" | "es"): string {
  const url = new URL(request.url);
  if (language === "en") url.searchParams.delete("lang");
  else url.searchParams.set("lang", language);
  return url.pathname + url.search;
}

const serviceTabPath = "/admin/services";
const serviceListPath = "/admin/services/list";
const articleTabPath = "/admin/articles";
const articleListPath = "/admin/articles/list";

/**
 * What each team member's card in the About tab says: when they were last changed and by whom
 * (from the page's last 50 versions), and whether their own change awaits review.
 */
async function teamNotesOf(db: Db, edited: EditedPage<AboutContent>): Promise<Record<string, Array<ItemNote>>> {
  const [revisions, awaiting, live] = await Promise.all([
    listRevisions(db, "about", 50),
    membersAwaitingReview(db),
    // With no draft pending, what the editor opened is what is live.
    edited.isDraft ? readPage(db, "about") : edited,
  ]);
  const versions = revisions.map((revision) => ({ staff: revision.content.staff, savedBy: revision.savedBy, savedAt: revision.savedAt }));
  // Fewer than 50: the oldest is compared with the built-in team it was made from.
  if (revisions.length < 50) versions.push({ staff: aboutDefaults.staff, savedBy: null, savedAt: "" });
  const notes: Record<string, Array<ItemNote>> = {};
  for (const [id, change] of lastMemberChanges(versions)) notes[id] = [{ text: `Changed${savedByPhrase(change)}` }];
  // A member of the pending draft who is not on the live page: not on the site until it is published.
  const onSite = new Set(live.content.staff.map((member) => member.id));
  for (const member of edited.content.staff) {
    if (!onSite.has(member.id)) notes[member.id] = [{ text: "Draft: not on the site until Save Changes" }, ...(notes[member.id] ?? [])];
  }
  for (const id of awaiting) notes[id] = [...(notes[id] ?? []), { text: "Awaiting review: their own change", href: "/admin/reviews" }];
  return notes;
}

// An editor posts a whole page (page-save.ts).
export const handle: BodyLimitHandle = { bodyLimit: { maxBytes: editorBodyLimitBytes } };

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Content"} | Admin Dashboard` }];

// A form the server never answered keeps its page (see revalidateUnlessUnanswered).
export const shouldRevalidate = revalidateUnlessUnanswered;

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  // Read once: the page chosen, the picker and the preview's menus all come from it.
  const [list, articles] = await Promise.all([readServiceList(db), articlesFor(db, params.tab)]);
  const { tab, view, entry } = chosenView(list, articles, request, params.tab);
  const definition = pageDefinition(view.page);
  const language = editedLanguage(request, view);
  const [practice, edited, scheduledFor, team] = await Promise.all([
    loadPractice(db),
    // A page opens with what it shows now, or its pending draft: never with placeholder text that
    // one save would put live (spec section 4's "default draft" is its built-in text here).
    definition.admin.usesStoredContent && language === "en" ? readEditedPage(db, view.page) : null,
    // A draft waiting to publish by itself at a time (the Scheduled page), as the office's clock says it.
    definition.admin.usesStoredContent ? scheduledTimeOf(db, view.page, language) : null,
    // Who can be named as an article's author.
    tab.path === articleTabPath ? readPage(db, "about") : null,
  ]);
  const common = {
    // An article's editor is headed by its title: the tab edits one article at a time.
    title: tab.path === articleTabPath && entry ? `Article: ${entry.title}` : tab.tab,
    toast: tab.toast,
    page: view.page,
    fields: view.fields,
    // Sent with the data, so the browser never downloads the built-in texts of every page.
    pageOptions: pickerOptions(list, tab),
    // The list the tab's pages are entries of, which it links to and its notes name.
    list: tab.path === articleTabPath ? ("articles" as const) : tab.path === serviceTabPath ? ("services" as const) : null,
    team: team ? team.content.staff.map((member) => ({ id: member.id, name: member.name })) : [],
    variantOf: view.fields ? definition.admin.tab : null,
    publicPath: pathIn(language, entry?.path ?? definition.publicPath),
    // The switch between the English and the Spanish, on a page that can be translated.
    languages: hasSpanishSide(view)
      ? {
          edited: language,
          englishHref: languageHref(request, "en"),
          spanishHref: languageHref(request, "es"),
          status: translationStatusText(await translationStatus(db, view.page, "es")),
        }
      : null,
    // A service not on the site: a draft not yet published, or one retired.
    notLive: entry && entry.status !== "live" ? entry.status : null,
    // For the preview: the practice's details its header and footer (and portal link) show, and the menus.
    practice,
    services: liveLinksOf(list.entries),
    scheduledFor,
    // What the About page's team cards say: each member's last change, and a change awaiting review.
    teamNotes: view.page === "about" && edited ? await teamNotesOf(db, edited as EditedPage<AboutContent>) : {},
  };
  if (language === "es") {
    const translation = await readEditedTranslation(db, view.page, "es");
    const english = await withReplacedImages(db, translation.english);
    const keys = new Set(translationFields(view.page).map(([key]) => key));
    const source: ContentSource = translation.isDraft
      ? "draft"
      : translation.saved
        ? "saved"
        : translation.builtIn
          ? "builtIn"
          : "notTranslated";
    return {
      ...common,
      editor: {
        content: {
          ...formValuesOf(view.page, translation.content, keys),
          // Posted with the texts (a hidden field): part of what the form starts from, so it is no change.
          sourceVersion: String(translation.englishVersion),
        },
        // The preview shows the English page's pictures and other shared fields around the texts.
        previewRest: Object.fromEntries(
          Object.entries(english).flatMap(([key, value]) => (keys.has(key) ? [] : [[key, imagesAsAddresses(value)]])),
        ),
        version: translation.version,
        isDraft: translation.isDraft,
      },
      translation: {
        // Under each field, by the field's name in the form (an item's too: "staff[0].bio").
        english: perLanguageTextsByName(pageDefinition(view.page).fields, english),
        sourceVersion: translation.englishVersion,
      },
      source,
    };
  }
  if (edited === null) {
    const source: ContentSource = "builtInOnly";
    return { ...common, editor: null, translation: null, source };
  }
  // A picture replaced in the library opens as its replacement, which a save then names.
  const stored = { ...edited, content: await withReplacedImages(db, edited.content) };
  const shown = new Set(viewFields(view).map(([key]) => key));
  return {
    ...common,
    editor: {
      content: formValuesOf(view.page, stored.content, shown),
      // The page's other fields, for the preview of an editor that shows some (the About variant).
      previewRest: Object.fromEntries(
        Object.entries(stored.content).flatMap(([key, value]) => (shown.has(key) ? [] : [[key, imagesAsAddresses(value)]])),
      ),
      version: stored.version,
      isDraft: stored.isDraft,
    },
    translation: null,
    source: contentSourceOf(stored),
  };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const db = await getDb();
  const [list, articles] = await Promise.all([readServiceList(db), articlesFor(db, params.tab)]);
  const chosen = chosenView(list, articles, request, params.tab);
  const translated = editedLanguage(request, chosen.view) === "es";
  return savePageFromForm(request, admin, {
    name: chosen.view.page,
    schema: translated ? translationSchemaOf(chosen.view.page) : schemaOf(chosen.view),
    fields: chosen.view.fields ?? undefined,
    toast: chosen.tab.toast,
    translation: translated ? { language: "es" } : undefined,
  });
}

export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args, editorClientRules);

type Loaded = Route.ComponentProps["loaderData"];

function Editor({
  loaderData,
  editor,
  answer,
  saving,
}: Pick<Route.ComponentProps, "loaderData"> & { editor: NonNullable<Loaded["editor"]>; answer: AdminAnswer | undefined; saving: boolean }) {
  const { page, fields: only, translation } = loaderData;
  const translated = translation !== null;
  const schema = useMemo(() => (translated ? translationSchemaOf(page) : schemaOf({ page, fields: only })), [page, only, translated]);
  const account = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/layout")?.email ?? "";
  const form = usePageEditor({
    schema,
    content: editor.content,
    version: editor.version,
    isDraft: editor.isDraft,
    answer,
    saving,
    account,
    keptEditsKey: [page, ...(only ?? []), ...(translated ? ["es"] : [])].join(":"),
  });
  const { teamNotes } = loaderData;
  const itemNotes = useMemo(() => new Map(Object.entries(teamNotes)), [teamNotes]);
  return (
    <EditorForm editor={form}>
      <EditorPreview
        form={form.form}
        page={page}
        publicPath={loaderData.publicPath}
        rest={editor.previewRest}
        practice={loaderData.practice}
        services={loaderData.services}
        language={translated ? "es" : "en"}
      />
      {translation ? <input type="hidden" name="sourceVersion" value={String(translation.sourceVersion)} /> : null}
      <PracticePhoneContext.Provider value={pageDefinition(page).practice ? null : loaderData.practice.phone.display}>
        <EmptyListShowsBuiltIn.Provider value={!isAddedServiceId(page)}>
          {/* The services a therapist offers are chosen from the live list. */}
          <ServicesProvider value={loaderData.services}>
            <TeamMembersContext.Provider value={loaderData.team}>
              <ItemNotes.Provider value={itemNotes}>
                <EnglishReference.Provider value={translation?.english ?? null}>
                  <FieldEditors fields={translated ? translationFields(page) : viewFields({ page, fields: only })} />
                </EnglishReference.Provider>
              </ItemNotes.Provider>
            </TeamMembersContext.Provider>
          </ServicesProvider>
        </EmptyListShowsBuiltIn.Provider>
      </PracticePhoneContext.Provider>
    </EditorForm>
  );
}

/** When a draft is scheduled to publish, or the way to schedule one: the draft's own tab says so. */
function ScheduleNote({ page, language, isDraft, at }: { page: string; language: Language; isDraft: boolean; at: string | null }) {
  const href = `${scheduledPath}?page=${encodeURIComponent(page)}&lang=${language}`;
  if (at)
    return (
      <p className="rounded-lg bg-sand px-3 py-2 text-sm text-ink">
        Scheduled: the saved draft publishes by itself on {at}.{" "}
        <a className="link" href={href}>
          Move or cancel it
        </a>
      </p>
    );
  if (!isDraft) return null;
  return (
    <p className="text-sm">
      <a className="link" href={href}>
        Publish this draft later, at a time you choose
      </a>
    </p>
  );
}

export default function ContentTab({ loaderData }: Route.ComponentProps) {
  const { page, editor, source } = loaderData;
  // The language the editor edits: a translation's, or the English page.
  const language: Language = loaderData.translation ? "es" : "en";
  // Here, not in the editor that remounts with each saved version; the editor toasts the answer
  // when it applies to the version it holds (usePageEditor).
  const { answer, pending } = useAdminAction<AdminAnswer>({ toast: false });
  return (
    <section aria-labelledby="tab-title">
      <TabHeader title={loaderData.title} source={source}>
        {loaderData.languages ? (
          <LanguageSwitch
            edited={loaderData.languages.edited}
            englishHref={loaderData.languages.englishHref}
            spanishHref={loaderData.languages.spanishHref}
          >
            {loaderData.languages.status}{" "}
            <a className="link" href={translationsPath}>
              All translations
            </a>
          </LanguageSwitch>
        ) : null}
        {editor ? (
          <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {/* A service not yet published has no live page to see (its preview shows it). */}
            {loaderData.notLive === "draft" ? null : (
              <a className="link font-semibold" href={loaderData.publicPath} target="_blank" rel="noreferrer">
                See the live page<span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
            {/* Each language has its own versions. */}
            <HistoryLink page={page} language={language} />
          </p>
        ) : null}
        {editor ? <ScheduleNote page={page} language={language} isDraft={editor.isDraft} at={loaderData.scheduledFor} /> : null}
        {loaderData.variantOf ? (
          <p className="text-sm text-muted">
            These fields belong to the {loaderData.variantOf} page; the {loaderData.variantOf} tab edits them too, with the page's other
            fields, which a save here keeps as they are.
          </p>
        ) : null}
      </TabHeader>
      {loaderData.notLive && loaderData.list === "articles" ? (
        <p className="rounded-xl border border-line bg-sand p-4 text-sm text-ink">
          {loaderData.notLive === "draft"
            ? "This article is not on the site yet. Write it and publish it (or schedule it): it then appears in the list of articles, the feed and the sitemap."
            : "This article is retired: it is in no list, and its address leads to the list of articles. Bring it back from the "}
          {loaderData.notLive === "retired" ? (
            <>
              <a className="link" href={articleListPath}>
                articles list
              </a>
              .
            </>
          ) : null}
        </p>
      ) : loaderData.notLive === "draft" ? (
        <p className="rounded-xl border border-line bg-sand p-4 text-sm text-ink">
          This service is not on the site yet. Fill in its page and publish it: it then appears in the menus, the contact form and the
          sitemap, in the place the{" "}
          <a className="link" href={serviceListPath}>
            services list
          </a>{" "}
          gives it.
        </p>
      ) : loaderData.notLive === "retired" ? (
        <p className="rounded-xl border border-line bg-sand p-4 text-sm text-ink">
          This service is retired: it is in no menu, and its address sends visitors to another page. Bring it back from the{" "}
          <a className="link" href={serviceListPath}>
            services list
          </a>
          .
        </p>
      ) : null}
      {loaderData.pageOptions ? (
        <TabSelect id="service-page" name="page" label="Page" value={page} options={loaderData.pageOptions} />
      ) : null}
      {loaderData.list === "articles" ? (
        <p className="text-sm">
          <a className="link font-semibold" href={articleListPath}>
            All articles
          </a>
        </p>
      ) : null}
      {loaderData.list === "services" ? (
        <p className="text-sm">
          <a className="link font-semibold" href={serviceListPath}>
            Add, order or retire services
          </a>
        </p>
      ) : null}
      {editor ? (
        <Editor
          key={`${page}-${language}-${editor.version}-${source}`}
          loaderData={loaderData}
          editor={editor}
          answer={answer}
          saving={pending}
        />
      ) : (
        <p className="rounded-2xl border border-line bg-white p-6 text-ink">
          <a className="link" href={loaderData.publicPath}>
            See the page on the site
          </a>
        </p>
      )}
    </section>
  );
}

const translationsPath = "/admin/translations";
const scheduledPath = "/admin/scheduled";

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const tab = editorTabAt(`/admin/${useParams().tab ?? ""}`);
  return <AdminError error={error} message={tab?.loadFailed ?? "Failed to load page content."} />;
}
