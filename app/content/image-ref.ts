import { z } from "zod";
import { defaultImageWidth, findBundledImageByUrl, getBundledImage, imageSrc, imageSrcSet } from "./images.ts";

/**
 * Where a picture in page content comes from: a bundled file (by its key), an uploaded media
 * item (by its id), or an external https address typed by staff. Stored as this object; a form
 * sends it as one text (see imageRefFromText), and content saved before references existed holds
 * a plain URL, which reads as the same reference.
 */
export type ImageRef = { source: "bundled"; key: string } | { source: "media"; id: string } | { source: "external"; url: string };

export const invalidImageMessage = "Enter an address starting with https://, or choose an image from the library.";

const maxUrlLength = 2048;
const mediaIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

function httpsUrl(text: string): string | null {
  if (text.length > maxUrlLength || !text.startsWith("https://")) return null;
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Reads the text form of a reference: "bundled:<key>", "media:<id>", an https address, or the
 * URL of a bundled file (any width, as content stored plain URLs); "" is no image. Anything
 * else gives undefined.
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

/** An image reference, or null for none: accepts the stored object or its text form. */
export const imageRefSchema = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  const ref = imageRefFromText(value);
  return ref === undefined ? value : ref;
}, imageRefObjectSchema.nullable());

/** What an <img> needs. Width and height are known for bundled images (the master's size). */
export type ResolvedImage = { src: string; srcSet?: string; width?: number; height?: number; alt?: string };

/**
 * The one place a reference becomes an address. `width` is the CSS pixel width wanted for `src`
 * (bundled images also get every width in `srcSet`).
 */
export function resolveImage(ref: ImageRef, width?: number): ResolvedImage | null {
  if (ref.source === "bundled") {
    const image = getBundledImage(ref.key);
    if (!image) return null;
    return {
      src: imageSrc(image, width ?? defaultImageWidth(image)),
      srcSet: imageSrcSet(image),
      width: image.width,
      height: image.height,
      alt: image.alt,
    };
  }
  if (ref.source === "media") return { src: `/media/${encodeURIComponent(ref.id)}` };
  return { src: ref.url };
}
