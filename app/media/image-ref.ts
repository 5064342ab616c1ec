import { z } from "zod";
import { type BundledImage, defaultImageWidth, findBundledImageByUrl, getBundledImage, imageSrc } from "./bundled-images.ts";
import { mediaFileUrl, mediaIdSize, mediaVariantFormats, type MediaVariantFormat, variantFile, variantWidths } from "./media.ts";

/**
 * Where a picture in page content comes from: a bundled file (by its key), an uploaded media
 * item (by its id), or an external https address typed by staff. Stored as this object; a form
 * sends it as one text (see imageRefFromText), and content saved before references existed holds
 * a plain URL, which reads as the same reference.
 */
export type ImageRef = { source: "bundled"; key: string } | { source: "media"; id: string } | { source: "external"; url: string };

export const invalidImageMessage =
  "Enter an address starting with https:// (without a user name or password), or choose an image from the library.";

const maxUrlLength = 2048;
const mediaIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

function httpsUrl(text: string): string | null {
  if (text.length > maxUrlLength || !text.startsWith("https://")) return null;
  try {
    const url = new URL(text);
    // Credentials in an address would be sent to its site by the server copying it (review F16).
    if (url.username || url.password) return null;
    return url.protocol === "https:" && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/** The media id in the address of an uploaded file ("/media/<id>/<file>", on any origin). */
function mediaIdFromUrl(text: string): string | undefined {
  const path = text.replace(/^(?:https?:)?\/\/[^/?#]*/i, "").replace(/[?#].*$/, "");
  const id = /^\/media\/([^/]+)\/[^/]+$/.exec(path)?.[1];
  return id && mediaIdPattern.test(id) ? id : undefined;
}

/**
 * Reads the text form of a reference: "bundled:<key>", "media:<id>", an https address, the
 * URL of a bundled file (any width, as content stored plain URLs) or of an uploaded file (the
 * Images tab copies those); "" is no image. Anything else gives undefined.
 */
export function imageRefFromText(text: string): ImageRef | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (trimmed.startsWith("bundled:")) {
    const key = trimmed.slice("bundled:".length);
    return getBundledImage(key) ? { source: "bundled", key } : undefined;
  }
  if (trimmed.startsWith("media:")) {
    const id = trimmed.slice("media:".length);
    return mediaIdPattern.test(id) ? { source: "media", id } : undefined;
  }
  const bundled = findBundledImageByUrl(trimmed);
  if (bundled) return { source: "bundled", key: bundled.key };
  const mediaId = mediaIdFromUrl(trimmed);
  if (mediaId) return { source: "media", id: mediaId };
  const url = httpsUrl(trimmed);
  return url ? { source: "external", url } : undefined;
}

/** The text a form shows for a reference (the inverse of imageRefFromText). */
export function imageRefText(ref: ImageRef | null): string {
  if (!ref) return "";
  if (ref.source === "bundled") return `bundled:${ref.key}`;
  if (ref.source === "media") return `media:${ref.id}`;
  return ref.url;
}

const imageRefObjectSchema = z.discriminatedUnion(
  "source",
  [
    z.object({ source: z.literal("bundled"), key: z.string().refine((key) => getBundledImage(key) !== undefined, invalidImageMessage) }),
    z.object({ source: z.literal("media"), id: z.string().regex(mediaIdPattern, invalidImageMessage) }),
    z.object({
      source: z.literal("external"),
      url: z.string().refine((url) => httpsUrl(url) !== null, invalidImageMessage),
    }),
  ],
  { error: invalidImageMessage },
);

/** An image reference, or null for none: accepts the stored object or its text form (a form's emptied field arrives as undefined). */
export const imageRefSchema = z.preprocess((value) => {
  if (value === undefined) return null;
  if (typeof value !== "string") return value;
  const ref = imageRefFromText(value);
  return ref === undefined ? value : ref;
}, imageRefObjectSchema.nullable());

/**
 * What an <img> needs. Width and height are known for bundled images (the master's size) and
 * uploads (carried by the id). `sources` are the <picture> alternatives in better formats.
 */
export type ResolvedImage = {
  src: string;
  srcSet?: string;
  sources?: Array<{ type: string; srcSet: string }>;
  width?: number;
  height?: number;
  alt?: string;
};

/**
 * The shape of every image stored as variants (uploads and bundled files alike): AVIF as a
 * <source>, WebP as the <img>'s srcset, `src` the WebP variant nearest `wanted` px.
 */
function variantImage(
  widths: ReadonlyArray<number>,
  urlOf: (width: number, format: MediaVariantFormat) => string,
  wanted: number,
  size: { width: number; height: number },
): ResolvedImage {
  const srcSet = (format: MediaVariantFormat) => widths.map((w) => `${urlOf(w, format)} ${w}w`).join(", ");
  const chosen = widths.find((w) => w >= wanted) ?? widths[widths.length - 1] ?? size.width;
  return {
    src: urlOf(chosen, "webp"),
    srcSet: srcSet("webp"),
    sources: mediaVariantFormats
      .filter((format) => format !== "webp")
      .map((format) => ({ type: `image/${format}`, srcSet: srcSet(format) })),
    width: size.width,
    height: size.height,
  };
}

/** An upload: AVIF and WebP at every variant width. */
function resolveMedia(id: string, width: number | undefined): ResolvedImage {
  const size = mediaIdSize(id);
  // An id without a size names nothing this site stored: the address answers with a placeholder.
  if (!size) return { src: mediaFileUrl(id, variantFile(640, "webp")) };
  return variantImage(variantWidths(size.width), (w, format) => mediaFileUrl(id, variantFile(w, format)), width ?? 960, size);
}

/** A bundled file: the same variants as an upload (tools/generate-images.ts), and its description. */
function resolveBundled(image: BundledImage, width: number | undefined): ResolvedImage {
  const resolved = variantImage(image.widths, (w, format) => imageSrc(image, w, format), width ?? defaultImageWidth(image), image);
  return { ...resolved, alt: image.alt };
}

/** Whether a value is an image reference (as stored in content). */
export function isImageRef(value: unknown): value is ImageRef {
  if (typeof value !== "object" || value === null) return false;
  const ref = value as Record<string, unknown>;
  return (
    (ref.source === "bundled" && typeof ref.key === "string") ||
    (ref.source === "media" && typeof ref.id === "string") ||
    (ref.source === "external" && typeof ref.url === "string")
  );
}

/** Where in a page's content a picture is: its path (`["staff", 2, "image"]`) and its reference. */
export type ImagePlace = { path: ReadonlyArray<string | number>; ref: ImageRef };

/** Every picture in a page's content, wherever a page kind keeps one. */
export function imagePlacesIn(value: unknown, path: ReadonlyArray<string | number> = []): Array<ImagePlace> {
  if (isImageRef(value)) return [{ path, ref: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => imagePlacesIn(item, [...path, index]));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => imagePlacesIn(item, [...path, key]));
  }
  return [];
}

/** A copy of `value` with each picture replaced by what `replace` says (null: no picture). */
export function replaceImageRefs<T>(value: T, replace: (ref: ImageRef) => ImageRef | null): T {
  if (isImageRef(value)) return replace(value) as T;
  if (Array.isArray(value)) return value.map((item) => replaceImageRefs(item, replace)) as T;
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceImageRefs(item, replace)])) as T;
  }
  return value;
}

/**
 * The one place a reference becomes an address. `width` is the CSS pixel width wanted for `src`
 * (the variants get every width in `srcSet` and `sources`).
 */
export function resolveImage(ref: ImageRef, width?: number): ResolvedImage | null {
  if (ref.source === "bundled") {
    const image = getBundledImage(ref.key);
    return image ? resolveBundled(image, width) : null;
  }
  if (ref.source === "media") return resolveMedia(ref.id, width);
  // An address on another site is never shown: every visitor's browser would tell that site who
  // reads which page of a therapy practice (review F6). Saving copies it into the library.
  return null;
}

/**
 * Content as an editor form holds it: each picture as its address (the one it is shown at, which
 * reads back as the same reference), so staff see and can paste an ordinary address.
 */
export function imagesAsAddresses(value: unknown): unknown {
  if (isImageRef(value)) return resolveImage(value, 240)?.src ?? imageRefText(value);
  if (Array.isArray(value)) return value.map(imagesAsAddresses);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, imagesAsAddresses(item)]));
  return value;
}
