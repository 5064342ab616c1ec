import { type ImageRef, imageRefSchema, isImageRef, resolveImage } from "#app/media/image-ref.ts";
import { propertyOf } from "#app/lib/property-of.ts";
import type { PageHead } from "./define-page.ts";
import { optionalLineText } from "./text-fields.ts";

/**
 * A page's own words for search results and link previews (issue 42): its search title and
 * description, and the picture a shared link shows. Left empty, the page's built-in head is used
 * (its title and opening text, the site's picture), so no page changes until staff fill them in.
 * Every page kind with a public page spreads these into its schema, defaults and fields.
 */
export const searchShape = {
  searchTitle: optionalLineText(120),
  searchDescription: optionalLineText(320),
  shareImage: imageRefSchema,
};

export const searchDefaults: { searchTitle: string; searchDescription: string; shareImage: ImageRef | null } = {
  searchTitle: "",
  searchDescription: "",
  shareImage: null,
};

export const searchFieldKeys = ["searchTitle", "searchDescription", "shareImage"] as const;

export const searchFields = {
  searchTitle: {
    // No label of a page's or a card's own fields is a part of these ("Title", "Description", "Name"):
    // finding a field by its label must find one.
    label: "Headline in search results",
    kind: "text",
    help: "The page's title in search results and browser tabs; the practice's name is added after it. Left empty, the page's own title is used.",
    shownLength: 60,
  },
  searchDescription: {
    label: "Summary in search results",
    kind: "text",
    help: "The sentence or two under the title in search results and link previews. Left empty, the start of the page's text is used.",
    shownLength: 155,
  },
  shareImage: {
    label: "Sharing picture",
    kind: "image",
    uploadLabel: "Upload a sharing picture",
    help: "The picture a link to this page shows when it is shared (1200 by 630 pixels is best). Left empty, the site's own picture is used.",
  },
} as const;

/** The page's built-in head with its own search words and sharing picture where staff gave them. */
export function withSearchFields(head: PageHead, content: unknown): PageHead {
  const title = propertyOf(content, "searchTitle");
  const description = propertyOf(content, "searchDescription");
  const picture = propertyOf(content, "shareImage");
  const image = isImageRef(picture) ? resolveImage(picture, 1200)?.src : undefined;
  return {
    title: typeof title === "string" && title ? title : head.title,
    description: typeof description === "string" && description ? description : head.description,
    ...(image ? { image } : head.image ? { image: head.image } : {}),
  };
}
