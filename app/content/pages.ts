import type { z } from "zod";
import { aboutPage } from "#app/pages/about.ts";
import { type AdminPlace, type FieldDescription, fieldList, type PageHead } from "./define-page.ts";
import type { Practice } from "./practice.ts";
import type { Language } from "#app/i18n/languages.ts";
import { homepagePage } from "#app/pages/homepage.ts";
import { practiceDetailsPage } from "#app/pages/practice-details.ts";
import { resourcesPage } from "#app/pages/resources.ts";
import { type AddedServiceName, addedServicePage, servicePages } from "#app/pages/services.ts";
import { isAddedServiceId } from "./collections.ts";
import { type ArticleName, articlePage, isArticleId } from "#app/articles/article-page.ts";
import { withSearchFields } from "./search-fields.ts";
import { isPerLanguage } from "./translation.ts";

/**
 * Every page whose text staff can edit (a `page_content` row each), homepage and about first,
 * then the services in menu order, then the practice's details and the recommended books. Adding a
 * page kind is adding its definition here.
 */
export const pageDefinitions = [homepagePage, aboutPage, ...servicePages, practiceDetailsPage, resourcesPage] as const;

/** A fixed page's definition, an added service's (their names: "service-…") or an article's ("article-…"). */
type AnyDefinition = (typeof pageDefinitions)[number] | ReturnType<typeof addedServicePage> | ReturnType<typeof articlePage>;

export type PageName = AnyDefinition["name"];

/** The definition page N has (every service slug has the service pages' one). */
export type DefinitionOf<N extends PageName> = AnyDefinition extends infer D
  ? D extends { name: infer M }
    ? N extends M
      ? D
      : never
    : never
  : never;

/** What page N holds: its schema's output. */
export type ContentOf<N extends PageName> = z.output<DefinitionOf<N>["schema"]>;

/** Whether `name` can name a page: a fixed page's, an added service's or an article's (whether it exists is its list's to say). */
export function isPageName(name: string): name is PageName {
  return pageDefinitions.some((definition) => definition.name === name) || isEntryPageName(name);
}

/** Whether a page is an entry of a list staff keep (an added service, an article): it exists once added, with its first draft. */
export function isEntryPageName(name: string): boolean {
  return isAddedServiceId(name) || isArticleId(name);
}

const addedPages = new Map<string, ReturnType<typeof addedServicePage>>();

export function pageDefinition<N extends PageName>(name: N): DefinitionOf<N> {
  const definition: AnyDefinition | undefined = pageDefinitions.find((each) => each.name === name);
  if (definition) return definition as DefinitionOf<N>;
  if (isArticleId(name)) return articlePage(name as ArticleName) as DefinitionOf<N>;
  if (!isAddedServiceId(name)) throw new Error(`Unknown page: ${name}`);
  let added = addedPages.get(name);
  if (!added) {
    added = addedServicePage(name as AddedServiceName);
    addedPages.set(name, added);
  }
  return added as DefinitionOf<N>;
}

/** What staff call a page: a service by its title in the services list (`serviceTitles`, by id), any other by its definition. */
export function pageLabelOf(name: string, serviceTitles: ReadonlyMap<string, string>): string {
  return serviceTitles.get(name) ?? (isPageName(name) ? pageDefinition(name).label : name);
}

/** The object lists (the team) a page shows empty when saved empty, instead of its built-in list. */
export function emptyListsAllowed(fields: Readonly<Record<string, FieldDescription>>): Array<string> {
  return fieldList(fields).flatMap(([key, field]) => (field.kind === "objectList" && field.emptyAllowed ? [key] : []));
}

/**
 * The public routes of the editable pages (app/routes.ts): one per path pattern, all served by
 * app/routes/public-page.tsx, each with an id of its own.
 */
export const publicPageRoutes = [...new Set(pageDefinitions.flatMap(({ route }) => (route ? [route.path] : [])))].map((path) => ({
  path,
  id: `public-page:/${path}`,
}));

/**
 * The page a public route shows: the one whose path pattern the router matched (`pattern`, as a
 * loader is given it) and whose public path these params fill it to; none for a slug no page has.
 */
export function publicPageAt(pattern: string, params: Readonly<Record<string, string | undefined>>): PageName | undefined {
  const matched = pattern.replace(/^\/+|\/+$/g, "");
  const filled = (path: string) => `/${path.replace(/:(\w+)/g, (_, key: string) => params[key] ?? ":")}`;
  return pageDefinitions.find(({ route, publicPath }) => route?.path === matched && filled(route.path) === publicPath)?.name;
}

/** Whether a route's path pattern (as a loader is given it) is the services' ("services/:slug"): their pages are in the list staff keep. */
export function isServiceRoute(pattern: string): boolean {
  return pattern.replace(/^\/+|\/+$/g, "") === servicePages[0]?.route?.path;
}

/** A public page's title and description, from its content as loaded by its name (so of its own kind). */
export function publicHeadOf(page: PageName, content: unknown, practice: Practice, language: Language = "en"): PageHead | undefined {
  const { route }: { route?: { head(content: unknown, practice: Practice, language: Language): PageHead } } = pageDefinition(page);
  return route ? withSearchFields(route.head(content, practice, language), content) : undefined;
}

/** The public pages staff can edit, by address: those with a page of their own. */
export const editablePagePaths = pageDefinitions.flatMap((definition) => (definition.route ? [definition.publicPath] : []));

/** One choice in a tab's picker: a page, or some of its fields (`fields`) edited from another tab. */
export type EditorView = { page: PageName; label: string; fields: ReadonlyArray<string> | null };

export type EditorTab = AdminPlace & { views: Array<EditorView> };

/**
 * The dashboard's content tabs in order, each with the pages it edits: pages that name the same
 * admin path share a tab, which then shows a picker (`?page=`), their variants last.
 */
export const editorTabs: ReadonlyArray<EditorTab> = (() => {
  const tabs = new Map<string, EditorTab>();
  for (const { name, label, admin } of pageDefinitions) {
    const { path, tab: tabName, toast, loadFailed, besideTabs } = admin;
    const tab = tabs.get(path) ?? { path, tab: tabName, toast, loadFailed, besideTabs, views: [] };
    tab.views.push({ page: name, label, fields: null });
    tabs.set(admin.path, tab);
  }
  for (const { name, admin } of pageDefinitions) {
    const { alsoIn } = admin;
    if (alsoIn) tabs.get(alsoIn.path)?.views.push({ page: name, label: alsoIn.label, fields: alsoIn.fields });
  }
  return [...tabs.values()];
})();

/** The fields a choice of a tab edits, described, in the editor's order: all of its page's, or the ones it names. */
export function viewFields({ page, fields }: Pick<EditorView, "page" | "fields">): Array<[key: string, field: FieldDescription]> {
  return fieldList(pageDefinition(page).fields).filter(([key]) => fields === null || fields.includes(key));
}

/**
 * The Articles tab: it edits the article `?page=` names, chosen from the articles list
 * (/admin/articles/list), so it has no fixed pages of its own.
 */
const articlesTab: EditorTab = { ...articlePage("article-0000000000").admin, views: [] };

/** The tab at `path`, if it is a content tab. */
export function editorTabAt(path: string): EditorTab | undefined {
  return path === articlesTab.path ? articlesTab : editorTabs.find((tab) => tab.path === path);
}

/** The address of one choice in a tab: the tab itself, or with the page chosen when the tab has a picker. */
export function editorViewHref(tab: EditorTab, view: EditorView): string {
  return tab.views.length > 1 ? `${tab.path}?page=${encodeURIComponent(view.page)}` : tab.path;
}

/** Every address that edits content, with what it edits: the admin's content routes, for the checks that visit each. */
export const editorAddresses = editorTabs.flatMap((tab) => tab.views.map((view) => ({ href: editorViewHref(tab, view), tab, view })));

/** The admin address that edits a page: its tab, with the page chosen when the tab has a picker. */
export function editorHrefOf(name: PageName, language: Language = "en"): string {
  return withLanguage(englishEditorHrefOf(name), language);
}

function englishEditorHrefOf(name: PageName): string {
  const address = editorAddresses.find(({ view }) => view.page === name && view.fields === null);
  if (address) return address.href;
  // A service staff added is edited in its kind's tab, like the built-in ones; an article in the Articles tab.
  const tab = isEntryPageName(name) ? editorTabAt(pageDefinition(name).admin.path) : undefined;
  if (!tab) throw new Error(`No tab edits ${name}`);
  return `${tab.path}?page=${encodeURIComponent(name)}`;
}

/** An admin address for a page's translation: `?lang=es` added (English: as it is). */
function withLanguage(href: string, language: Language): string {
  return language === "en" ? href : `${href}${href.includes("?") ? "&" : "?"}lang=${language}`;
}

/** A page's saved versions, and with `compare` one of them set beside the current content. */
export function historyHrefOf(name: PageName, compare?: number, language: Language = "en"): string {
  const path = `/admin/history/${encodeURIComponent(name)}`;
  return withLanguage(compare === undefined ? path : `${path}?compare=${compare}`, language);
}

/**
 * Version 0 of every editable page: the built-in text it came with. Every history ends with it,
 * so even a page's first save can be undone, by restoring it like any saved version.
 */
export const builtInVersion = 0;

/**
 * Whether staff can translate a page: its kind's view is written in every language
 * (`translatable`), its text is read from what is saved, and it has texts of its own to translate.
 */
export function isTranslatable(name: PageName): boolean {
  const definition: { translatable?: true; admin: { usesStoredContent: boolean } } = pageDefinition(name);
  return definition.translatable === true && definition.admin.usesStoredContent && translationFields(name).length > 0;
}

/** The fields a translation of a page holds, in the editor's order (translation.ts). */
export function translationFields(name: PageName): Array<[key: string, field: FieldDescription]> {
  return fieldList(pageDefinition(name).fields).filter(([, field]) => isPerLanguage(field));
}
