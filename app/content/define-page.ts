import type { ComponentType } from "react";
import type { z } from "zod";
import type { ImageRef } from "../media/image-ref.ts";
import type { Practice } from "./practice.ts";
import type { Language } from "../i18n/languages.ts";

/**
 * An editable page kind, in one place: its schema and built-in text, how the admin shows each of
 * its fields, where the admin edits it, and the view that draws it. The list in app/content/pages.ts
 * is what the public routes, the admin tabs, the editors, the preview, the history and the checks
 * are built from. The kinds themselves are in app/pages/.
 */

type Described = {
  label: string;
  /**
   * A text that is the same in every language (a name, a phone number, a license number): a
   * translation does not hold it. Other texts and lists are written per language (decision 047).
   */
  sameInEveryLanguage?: true;
  /** A sentence under the field that says what it is for or how to fill it in. */
  help?: string;
  /** The same, on a translation's side, where it says something else there (the Spanish default of a photo's description). */
  helpInTranslation?: string;
  /**
   * Filled in once its item is in the list, not in the add panel (a therapist's profile): the
   * panel asks what the specification's does.
   */
  addedLater?: boolean;
};

export type TextFieldDescription = Described & {
  kind: "text" | "longText";
  /** How many characters search results show of it: the editor counts them as staff type. */
  shownLength?: number;
  /** The picture field this text describes (its alt text): shown after that picture, filled in once it is there. */
  describes?: string;
};
export type ListFieldDescription = Described & { kind: "list" };
export type ChoiceFieldDescription<Value extends string = string> = Described & { kind: "choice"; options: ReadonlyArray<Value> };
/** Some of a fixed set of options, as check boxes (choiceSet in text-fields.ts). */
export type ChoicesFieldDescription<Value extends string = string> = Described & { kind: "choices"; options: ReadonlyArray<Value> };
/** Some of the site's live services, as check boxes, kept by their page names (which never change). */
export type ServicesFieldDescription = Described & { kind: "services" };
/** A picture: uploaded, chosen from the library, or given by an address (see ImagePicker). */
export type ImageFieldDescription = Described & {
  kind: "image";
  /** What its upload control says ("Upload a photo" unless given). */
  uploadLabel?: string;
};
/** A team member, chosen from the About page's team and kept by their id (an article's author). */
export type TeamMemberFieldDescription = Described & { kind: "teamMember" };
/**
 * A text written in a rich-text editor (an article's body, decision 045): headings, paragraphs,
 * bold, italic, lists, quotes, links and pictures, stored as the editor's JSON.
 */
export type RichTextFieldDescription = Described & { kind: "richText" };
/** An item's identity, made when it is added and carried unseen (a staff member's id names their photos). */
export type IdFieldDescription = { kind: "id" };
/** A list of items with fields of their own (the team), as the editors read it. */
export interface ObjectListFieldDescription extends ObjectListOf<Readonly<Record<string, unknown>>, unknown> {
  item: Readonly<Record<string, FieldDescription>>;
}

/** An object list as a page kind declares it: its item descriptions follow from the item's type. */
type ObjectListOf<Item, ItemFields> = Described & {
  kind: "objectList";
  /** What one item is called: "Staff member". */
  itemLabel: string;
  /** The item field whose text names an item in headings and messages. */
  titleKey: keyof Item & string;
  /** What a collapsed item's card shows under its name (a member's title), and its picture if it has one. */
  card?: { subtitleKey: keyof Item & string; imageKey?: keyof Item & string };
  /** A new item's values before staff fill it in (the id is made by the editor). */
  newItem: Omit<Item, "id">;
  item: ItemFields;
  /** The empty list's text and the add panel's texts (spec wording). */
  texts: { empty: string; add: string; panelTitle: string; confirmAdd: string; panelNote?: string };
  /** The toast titles for an added and a removed item (spec section 8). */
  toasts?: { added: string; removed: string; imageUploaded: string };
  /** The heading of the folded part that holds an item's fields marked `addedLater`. */
  laterTitle?: string;
  /** Kept empty when saved empty (the team), instead of falling back to the built-in list. */
  emptyAllowed?: boolean;
};

export type FieldDescription =
  | TextFieldDescription
  | ListFieldDescription
  | ChoiceFieldDescription
  | ChoicesFieldDescription
  | ServicesFieldDescription
  | ImageFieldDescription
  | TeamMemberFieldDescription
  | RichTextFieldDescription
  | IdFieldDescription
  | ObjectListFieldDescription;

/** The descriptions a value of type V can have: the compiler refuses a picture described as text. */
type FieldFor<V> = [V] extends [ImageRef | null]
  ? ImageFieldDescription
  : [V] extends [string]
    ? TextFieldDescription | ChoiceFieldDescription<V> | IdFieldDescription | TeamMemberFieldDescription
    : [V] extends [ReadonlyArray<string>]
      ? ListFieldDescription | ChoicesFieldDescription<V[number]> | ServicesFieldDescription
      : [V] extends [ReadonlyArray<infer Item>]
        ? ObjectListOf<Item, FieldsOf<Item>>
        : [V] extends [{ type: "doc" }]
          ? RichTextFieldDescription
          : never;

/** One description per key of the content, in the order the editor shows them. */
export type FieldsOf<T> = { readonly [K in keyof T & string]-?: FieldFor<T[K]> };

/** Where the admin edits a page: the tab (pages sharing a path share a tab, with a picker) and its toast. */
export type AdminPlace = {
  /** The tab's address, "/admin/{segment}". */
  path: `/admin/${string}`;
  /** The tab's name in the dashboard. */
  tab: string;
  /** The toast after a save on this tab, and the one when the tab cannot be loaded (spec section 8). */
  toast: string;
  loadFailed: string;
  /**
   * Reached from a link in the dashboard's header, not as a tab: the specification's dashboard
   * has five tabs, and details a practice changes once a year need no sixth.
   */
  besideTabs?: boolean;
};

/** What a page kind's view is given: the page's content (its practice tokens filled in) and which page it is. */
export type PageViewProps<Content, Name extends string = string> = { content: Content; page: Name };

/** A page kind's view module: its default export draws the page between the site's header and footer. */
export type PageViewModule<Content, Name extends string = string> = { default: ComponentType<PageViewProps<Content, Name>> };

/**
 * A public page's title (the practice's name is added to it) and description, for search results
 * and link previews, and the picture a shared link shows (an address on this site; none: the site's own).
 */
export type PageHead = { title: string; description: string; image?: string };

export type PageDefinition<Name extends string = string, Schema extends z.ZodObject = z.ZodObject> = {
  name: Name;
  /** What the admin calls the page (the picker, the history). */
  label: string;
  /** The public page it fills. */
  publicPath: string;
  /**
   * The public route that shows it (app/routes.ts makes one per path pattern, all served by
   * app/routes/public-page.tsx): its path pattern ("" for the home page) and its head. Pages of
   * one kind share one pattern ("services/:slug"). None for details every page shows (the
   * practice's), which have no page of their own.
   */
  route?: { path: string; head(content: z.output<Schema>, practice: Practice, language: Language): PageHead };
  /**
   * The view that draws the page from its content, for the public route and the editor's preview:
   * `() => import("./faq-view.tsx")`. Loaded when a page is first drawn, so the route table
   * (app/routes.ts) and the server start without React views.
   */
  view: () => Promise<PageViewModule<z.output<Schema>, Name>>;
  /**
   * The practice's details this page's content stands for (Practice Details), which the header
   * and footer of every page show: the preview draws its view between them.
   */
  practice?(content: z.output<Schema>): Practice;
  /**
   * Its view writes its own words in every language of the site, so a translation of its texts
   * makes the whole page in that language: only then does the editor offer one and a page in
   * that language read it (decision 047; kinds join as their views are translated).
   */
  translatable?: true;
  /**
   * The built-in translation of its built-in text, per language, as a translation is stored
   * (its per-language fields only, translation.ts): what a page in that language shows until
   * staff publish one of their own.
   */
  builtInTranslations?: Partial<Record<"es", unknown>>;
  schema: Schema;
  defaults: z.output<Schema>;
  fields: FieldsOf<z.output<Schema>>;
  admin: AdminPlace & {
    /** False for the service pages specified as built-in only: stored rows are ignored. */
    usesStoredContent: boolean;
    /** Some of the fields edited from another tab too (the About 'page variant' of Service Pages). */
    alsoIn?: { path: AdminPlace["path"]; label: string; fields: ReadonlyArray<keyof z.output<Schema> & string> };
  };
};

/** Declares a page kind; the types of its defaults and descriptions follow from its schema. */
export function definePage<const Name extends string, Schema extends z.ZodObject>(
  definition: PageDefinition<Name, Schema>,
): PageDefinition<Name, Schema> {
  return definition;
}

/** Field descriptions as a list, in the order the editor shows them. */
export function fieldList(fields: Readonly<Record<string, FieldDescription>>): Array<[key: string, field: FieldDescription]> {
  return Object.entries(fields);
}
