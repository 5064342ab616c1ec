import { z } from "zod";
import { definePage, type FieldsOf } from "#app/content/define-page.ts";
import { lineText, optionalLineText, paragraphsText } from "#app/content/text-fields.ts";
import { imageRefSchema, resolveImage } from "#app/media/image-ref.ts";
import { type ArticleBody, articleBodySchema } from "./article-body.ts";

/**
 * An article (issue 44): a page of its own kind, one `page_content` row per article named by its
 * entry in the articles list ("article-…", article-store.server.ts), edited in the Articles tab
 * with drafts, preview, history, conflicts, scheduling and a Spanish side like every page.
 */

/** The name of an article's page: "article-" and a random part, made when it is added; never changes. */
export type ArticleName = `article-${string}`;

export const articleIdPattern = /^article-[a-z0-9]{10}$/;

export const isArticleId = (name: string): name is ArticleName => articleIdPattern.test(name);

export const articlePathOf = (slug: string) => `/articles/${slug}`;

/** Where the articles are listed, and where a retired article's addresses send visitors. */
export const articlesPath = "/articles";

/** How many articles each page of the list shows. */
export const articlesPerPage = 12;

/** The address of page `number` of the list (from 1): "/articles", then "/articles/page/2". */
export const articleListPagePath = (number: number) => (number <= 1 ? articlesPath : `${articlesPath}/page/${number}`);

/** How many pages the list has for `count` live articles (one, saying there are none, for none). */
export const articleListPageCount = (count: number) => Math.max(1, Math.ceil(count / articlesPerPage));

/**
 * The addresses of the list's pages for `count` live articles: none while there is none (the
 * list then says so to a visitor who finds it, but is in no sitemap and no footer).
 */
export function articleListPaths(count: number): Array<string> {
  return count === 0 ? [] : Array.from({ length: articleListPageCount(count) }, (_, index) => articleListPagePath(index + 1));
}

/** The addresses of the list's pages and of each article, as the sitemap and the page cache list them. */
export function articlePathsFor(articlePaths: ReadonlyArray<string>): Array<string> {
  return [...articleListPaths(articlePaths.length), ...articlePaths];
}

/** A body with nothing in it yet: what a new article's editor opens with. */
export const emptyArticleBody: ArticleBody = { type: "doc", content: [{ type: "paragraph" }] };

/**
 * The body as a form posts it (the editor's JSON as text in one field) or as it is stored (the
 * JSON itself). Text that is not JSON is refused as something the editor does not allow. Every
 * refusal is the field's own (not a node's deep inside it), so the editor shows it under the body.
 */
const articleBodyField = z.unknown().transform((value, context) => {
  let body: unknown = value ?? emptyArticleBody;
  if (typeof body === "string") {
    try {
      body = JSON.parse(body);
    } catch {
      body = null;
    }
  }
  const parsed = articleBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  for (const message of new Set(parsed.error.issues.map((issue) => issue.message))) context.addIssue({ code: "custom", message });
  return z.NEVER;
});

const authorId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{0,64}$/, { error: "Choose the author from the team." })
  .optional()
  .transform((value) => value ?? "");

const serviceIds = z
  .array(z.string().regex(/^[a-z0-9-]{1,80}$/, { error: "A service in this list is not known: reload the page." }))
  .max(200)
  .optional()
  .transform((ids) => [...new Set(ids ?? [])]);

export const articleContentSchema = z.object({
  title: lineText(120, "Give the article a title."),
  summary: paragraphsText(300, "Write a sentence or two for the list of articles and search results."),
  // A team member's id (the About page's team); empty: the practice itself.
  author: authorId,
  image: imageRefSchema,
  imageAlt: optionalLineText(300),
  services: serviceIds,
  body: articleBodyField,
});

export type ArticleContent = z.output<typeof articleContentSchema>;

const noArticleText: ArticleContent = {
  title: "",
  summary: "",
  author: "",
  image: null,
  imageAlt: "",
  services: [],
  body: emptyArticleBody,
};

/** The picture a list and a shared link show of an article, as an address; none: the site's own. */
export function articleImageSrc(content: Pick<ArticleContent, "image">, width: number): string | undefined {
  return content.image ? resolveImage(content.image, width)?.src : undefined;
}

/** How the editor shows an article's fields, in its order. */
export const articleFields = {
  title: { label: "Title", kind: "text", shownLength: 70 },
  summary: {
    label: "Summary",
    kind: "longText",
    help: "A sentence or two under its title in the list of articles, in search results and in feed readers.",
    shownLength: 155,
  },
  author: {
    label: "Author",
    kind: "teamMember",
    help: "Their name, photo and credentials show with the article and link to their page.",
  },
  image: { label: "Picture", kind: "image", help: "Shown in the list of articles and when a link to the article is shared." },
  imageAlt: {
    label: "Picture description (alt text)",
    kind: "text",
    describes: "image",
    help: "What the picture shows, read to people who cannot see it.",
  },
  services: {
    label: "Related services",
    kind: "services",
    help: "The article links to these, and lists other articles about them.",
  },
  body: {
    label: "Article",
    kind: "richText",
    help: "Headings, paragraphs, bold, italic, lists, quotes, links and pictures from the library. Text pasted from Word or Google Docs keeps its headings, lists and links and drops its fonts and colours.",
  },
} as const satisfies FieldsOf<ArticleContent>;

const definitions = new Map<string, ReturnType<typeof articlePageOf>>();

// One loader for every article, so they share one view.
const articleView = () => import("./article-view.tsx");

function articlePageOf(name: ArticleName) {
  return definePage({
    name,
    label: "Article",
    publicPath: "",
    route: {
      path: "articles/:slug",
      head: (content) => ({ title: content.title, description: content.summary, image: articleImageSrc(content, 1200) }),
    },
    view: articleView,
    translatable: true,
    schema: articleContentSchema,
    defaults: noArticleText,
    fields: articleFields,
    admin: {
      path: "/admin/articles",
      tab: "Articles",
      toast: "Article saved",
      loadFailed: "Failed to load the article.",
      besideTabs: true,
      usesStoredContent: true,
    },
  });
}

/** An article's page definition (made once per name). */
export function articlePage(name: ArticleName) {
  let definition = definitions.get(name);
  if (!definition) {
    definition = articlePageOf(name);
    definitions.set(name, definition);
  }
  return definition;
}
