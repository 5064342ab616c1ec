import { z } from "zod";
import { notSingleLineText } from "#app/lib/text-characters.ts";
import { imageRefFromText } from "#app/media/image-ref.ts";

/**
 * An article's body (issue 44, decision 045): the editor's document as ProseMirror stores it
 * (`{ type, attrs, content, marks, text }`), holding only what the issue allows: paragraphs,
 * headings (levels 2 and 3; the article's title is its level 1), bold, italic, links, bullet and
 * numbered lists, quotes, line breaks and pictures from the media library with their description.
 * Anything else a paste or a crafted request brings is refused here, by the one schema the
 * editor and the server share; attributes the editor adds that mean nothing here (a link's
 * target) are dropped.
 */

export const articleBodyMessages = {
  link: "A link must lead to a page of this site (like /contact), an https:// address, an e-mail (mailto:) or a phone number (tel:).",
  imageAlt: "Describe each picture for people who cannot see it (its alt text).",
  imageSource: "Choose each picture from the media library.",
  tooLong: "The article is too long: keep it under 100,000 characters (about 15,000 words).",
  tooDeep: "Lists and quotes are nested too deeply: keep them at most four levels deep.",
  empty: "Write the article: its body is empty.",
  control: "Remove the control characters (invisible characters pasted from another program).",
  unknown:
    "The article holds something the editor does not allow (only headings, paragraphs, bold, italic, links, lists, quotes and pictures).",
} as const;

/** How much text a body may hold, and how deep lists and quotes may nest. */
export const articleBodyLimits = { characters: 100_000, depth: 4, altLength: 300, hrefLength: 2048 } as const;

/** Whether a link's address is one the site shows: a path of this site, https, mailto or tel; never javascript:, data: and the like. */
export function isArticleLink(href: string): boolean {
  if (href.length > articleBodyLimits.hrefLength || /[\s<>"\\]/.test(href)) return false;
  if (/^\/(?!\/)/.test(href) || /^#[A-Za-z0-9_-]+$/.test(href)) return true;
  try {
    const url = new URL(href);
    if (url.protocol === "https:") return url.hostname !== "" && !url.username && !url.password;
    return url.protocol === "mailto:" || url.protocol === "tel:";
  } catch {
    return false;
  }
}

/** Whether a picture's address is one of the media library's (an upload or a bundled picture): the only pictures a body holds. */
export function isLibraryPicture(src: string | null): boolean {
  const ref = imageRefFromText(src ?? "");
  return ref?.source === "media" || ref?.source === "bundled";
}

const linkMark = z.object({
  type: z.literal("link"),
  attrs: z.object({ href: z.string().refine(isArticleLink, { error: articleBodyMessages.link }) }),
});
const mark = z.discriminatedUnion("type", [z.object({ type: z.literal("bold") }), z.object({ type: z.literal("italic") }), linkMark], {
  error: articleBodyMessages.unknown,
});

const text = z.object({
  type: z.literal("text"),
  // A NUL or other control character has no place in a page (a line break is a hardBreak node, not a character).
  text: z
    .string()
    .min(1)
    .refine((value) => !notSingleLineText.test(value), { error: articleBodyMessages.control }),
  marks: z.array(mark).max(3).optional(),
});
const hardBreak = z.object({ type: z.literal("hardBreak") });
const inline = z.discriminatedUnion("type", [text, hardBreak], { error: articleBodyMessages.unknown });
const inlineContent = z.array(inline).optional();

const paragraph = z.object({ type: z.literal("paragraph"), content: inlineContent });
const heading = z.object({
  type: z.literal("heading"),
  attrs: z.object({ level: z.union([z.literal(2), z.literal(3)], { error: articleBodyMessages.unknown }) }),
  content: inlineContent,
});
const image = z.object({
  type: z.literal("image"),
  attrs: z.object({
    src: z.string().refine(isLibraryPicture, { error: articleBodyMessages.imageSource }),
    alt: z
      .string({ error: articleBodyMessages.imageAlt })
      .trim()
      .min(1, { error: articleBodyMessages.imageAlt })
      .max(articleBodyLimits.altLength, { error: `Keep each picture's description under ${articleBodyLimits.altLength} characters.` }),
  }),
});

export type ArticleInline = z.infer<typeof inline>;
export type ArticleMark = z.infer<typeof mark>;
export type ArticleBlock =
  | z.infer<typeof paragraph>
  | z.infer<typeof heading>
  | z.infer<typeof image>
  | { type: "bulletList"; content: Array<ArticleListItem> }
  | { type: "orderedList"; attrs?: { start?: number | undefined } | undefined; content: Array<ArticleListItem> }
  | { type: "blockquote"; content: Array<ArticleBlock> };
export type ArticleListItem = { type: "listItem"; content: Array<ArticleBlock> };
export type ArticleBody = { type: "doc"; content: Array<ArticleBlock> };

const listItem: z.ZodType<ArticleListItem> = z.object({
  type: z.literal("listItem"),
  get content() {
    return z.array(block).min(1);
  },
});
const block: z.ZodType<ArticleBlock> = z.lazy(() =>
  z.discriminatedUnion(
    "type",
    [
      paragraph,
      heading,
      image,
      z.object({ type: z.literal("bulletList"), content: z.array(listItem).min(1) }),
      z.object({
        type: z.literal("orderedList"),
        attrs: z.object({ start: z.number().int().min(0).max(10_000).optional() }).optional(),
        content: z.array(listItem).min(1),
      }),
      z.object({ type: z.literal("blockquote"), content: z.array(block).min(1) }),
    ],
    { error: articleBodyMessages.unknown },
  ),
);

/** Every text node's text, in order: what the length limit, reading time and search count. */
export function textsOf(body: { content?: ReadonlyArray<unknown> }): Array<string> {
  const texts: Array<string> = [];
  const walk = (node: unknown) => {
    if (typeof node !== "object" || node === null) return;
    const { text, content } = node as { text?: unknown; content?: unknown };
    if (typeof text === "string") texts.push(text);
    if (Array.isArray(content)) for (const child of content) walk(child);
  };
  walk(body);
  return texts;
}

/**
 * A body as lines, one a top-level block (a heading, a paragraph, a list's or a quote's words, a
 * picture by its description): how the history compares two versions. Read without trusting its shape.
 */
export function blockLinesOf(body: unknown): Array<string> {
  const content = typeof body === "object" && body !== null ? (body as { content?: unknown }).content : undefined;
  if (!Array.isArray(content)) return [];
  return content.flatMap((block: unknown) => {
    const sources = imageSourcesOf(block);
    const words = textsOf({ content: [block] })
      .join(" ")
      .trim();
    if (words) return [words];
    const alt = (block as { attrs?: { alt?: unknown } }).attrs?.alt;
    return sources.length > 0 ? [`Picture: ${typeof alt === "string" ? alt : ""}`] : [];
  });
}

/** Whether a node is a picture of a body (as stored, so its shape is checked). */
function isPictureNode(node: unknown): node is { type: "image"; attrs: { src: string } } {
  if (typeof node !== "object" || node === null) return false;
  const { type, attrs } = node as { type?: unknown; attrs?: { src?: unknown } };
  return type === "image" && typeof attrs?.src === "string";
}

/**
 * The address of every picture in a body, or in the bodies anywhere in a page's content (as
 * stored, so read without trusting its shape): for the library's list of uses and for which
 * library pictures a page shows.
 */
export function imageSourcesOf(value: unknown): Array<string> {
  if (isPictureNode(value)) return [value.attrs.src];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(imageSourcesOf);
}

/** Whether a node holds other nodes and holds none (a quote, a list or a list item emptied). */
function isEmptied(node: unknown): boolean {
  const content = typeof node === "object" && node !== null ? (node as { content?: unknown }).content : undefined;
  return Array.isArray(content) && content.length === 0;
}

/**
 * `value` (a body, or a page's content holding bodies) with each picture's address as `shown`
 * says: the same, another (the library picture that replaced it), or null to leave it out. A
 * quote, list item or list that held nothing but pictures left out goes with them, so the page
 * draws no empty box or bullet.
 */
export function withBodyPictures<T>(value: T, shown: (src: string) => string | null): T {
  if (Array.isArray(value)) {
    return value.flatMap((node: unknown) => {
      if (!isPictureNode(node)) {
        const mapped = withBodyPictures(node, shown);
        return isEmptied(mapped) && !isEmptied(node) ? [] : [mapped];
      }
      const src = shown(node.attrs.src);
      return src === null ? [] : [src === node.attrs.src ? node : { ...node, attrs: { ...node.attrs, src } }];
    }) as T;
  }
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withBodyPictures(item, shown)])) as T;
}

/** How deep lists and quotes nest in a block (a paragraph alone: 0). */
function depthOf(node: unknown): number {
  if (typeof node !== "object" || node === null) return 0;
  const { type, content } = node as { type?: unknown; content?: unknown };
  const below = Array.isArray(content) ? Math.max(0, ...content.map(depthOf)) : 0;
  return (type === "bulletList" || type === "orderedList" || type === "blockquote" ? 1 : 0) + below;
}

/** An article's body as the editor and the server check it: its size and depth, then its nodes, then that it says something. */
export const articleBodySchema = z
  .object(
    {
      type: z.literal("doc", { error: articleBodyMessages.unknown }),
      content: z.array(z.unknown(), { error: articleBodyMessages.unknown }),
    },
    { error: articleBodyMessages.unknown },
  )
  // Size and depth are checked before the nodes, so a huge or deep document is refused cheaply.
  .superRefine((value, context) => {
    const characters = textsOf(value).reduce((sum, part) => sum + part.length, 0);
    if (characters > articleBodyLimits.characters) context.addIssue({ code: "custom", message: articleBodyMessages.tooLong });
    else if (Math.max(0, ...value.content.map(depthOf)) > articleBodyLimits.depth)
      context.addIssue({ code: "custom", message: articleBodyMessages.tooDeep });
  })
  .pipe(
    z
      .object({ type: z.literal("doc"), content: z.array(block) })
      .refine((body) => textsOf(body).some((part) => part.trim() !== "") || body.content.some((node) => node.type === "image"), {
        error: articleBodyMessages.empty,
      }),
  );

/** The words of a body, for its reading time. */
export function wordCountOf(body: ArticleBody): number {
  return textsOf(body)
    .join(" ")
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Minutes to read a body at 220 words a minute, at least 1. */
export function readingMinutesOf(body: ArticleBody): number {
  return Math.max(1, Math.round(wordCountOf(body) / 220));
}

/** A heading's text as an address fragment: lower case, letters and digits joined by hyphens. */
function fragmentOf(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "section"
  );
}

export type ArticleHeading = { id: string; text: string; level: 2 | 3 };

/**
 * The body's headings with the ids the page gives them (unique: a repeated heading gets "-2"),
 * for the table of contents and its links; in the order they come.
 */
export function headingsOf(body: ArticleBody): Array<ArticleHeading> {
  const used = new Map<string, number>();
  return body.content.flatMap((node) => {
    if (node.type !== "heading") return [];
    const text = textsOf(node).join("").trim();
    const base = fragmentOf(text);
    const seen = (used.get(base) ?? 0) + 1;
    used.set(base, seen);
    return [{ id: seen === 1 ? base : `${base}-${seen}`, text, level: node.attrs.level }];
  });
}

/** A table of contents is shown for three headings or more. */
export const tableOfContentsFrom = 3;
