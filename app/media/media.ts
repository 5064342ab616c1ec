/**
 * Facts about uploaded images ("media") that both the server and the pages need: the buckets,
 * the shape of a media id, and which variants exist for an image of a given size. Pure, so
 * image-ref.ts can turn a reference into a srcset without asking the database.
 *
 * A media id carries the size of the image it names ("q3Xk9vP2aLzR7mWd-1600x1200"): the pages
 * know width and height (no layout shift) and every variant's address from the id alone, and the
 * text form of a reference ("media:<id>") stays one short string.
 */

// No schemas here (media-texts.ts has them): the image thread loads this module, and zod would
// add about 100 ms to its start.

/** Largest upload accepted (a phone photo is 2-8 MB). */
export const maxUploadBytes = 15 * 1024 * 1024;

/** An upload's request: the file plus the multipart framing and the other fields. */
export const maxUploadRequestBytes = maxUploadBytes + 256 * 1024;

/**
 * The body limit of the routes that take an upload: they read the body as it arrives and stop
 * at their own limit, so that their answer, with its reason ("The file is larger than 15 MB"),
 * is the one staff see; this count, a little above it, is only the backstop.
 */
export const uploadBodyLimit = { maxBytes: maxUploadRequestBytes + 64 * 1024, streamed: true };

/** The categories staff upload into. */
export const uploadBuckets = ["hero-images", "service-images", "general-images"] as const;
export type UploadBucket = (typeof uploadBuckets)[number];

/** The read-only pseudo-category of bundled files. */
export const localBucket = "local-images";

/** Every category of the Images tab, in the selector's order. */
export const imageCategories = [...uploadBuckets, localBucket] as const;
export type ImageCategory = (typeof imageCategories)[number];

export function isUploadBucket(value: unknown): value is UploadBucket {
  return typeof value === "string" && (uploadBuckets as ReadonlyArray<string>).includes(value);
}

export function isImageCategory(value: unknown): value is ImageCategory {
  return typeof value === "string" && (imageCategories as ReadonlyArray<string>).includes(value);
}

/**
 * Widths made at upload (CSS px x density): cards and portraits take 320-640, a hero on a phone
 * 750-1280 (a 375 px screen at 2x or 3x), on a desktop 1920. Never wider than the upload.
 */
export const mediaWidths: ReadonlyArray<number> = [320, 640, 960, 1280, 1920];

/** The largest variant width. */
export const maxMediaWidth = mediaWidths[mediaWidths.length - 1] ?? 1920;

/** Formats of the variants: AVIF first (smallest), WebP for browsers without AVIF. */
export const mediaVariantFormats = ["avif", "webp"] as const;
export type MediaVariantFormat = (typeof mediaVariantFormats)[number];

/** The widths of the variants an image `width` px wide gets, ascending. */
export function variantWidths(width: number): Array<number> {
  const widths = mediaWidths.filter((w) => w < width);
  const top = Math.min(width, maxMediaWidth);
  if (!widths.includes(top)) widths.push(top);
  return widths;
}

/** The file name of one variant ("640.avif"); the original keeps its upload name. */
export function variantFile(width: number, format: MediaVariantFormat): string {
  return `${width}.${format}`;
}

/** The public address of one stored file of an image. */
export function mediaFileUrl(id: string, file: string): string {
  return `/media/${encodeURIComponent(id)}/${encodeURIComponent(file)}`;
}

const mediaIdShape = /^[A-Za-z0-9]{8,32}-([1-9][0-9]{0,4})x([1-9][0-9]{0,4})$/;

/** A media id's image size, or null when the id does not carry one. */
export function mediaIdSize(id: string): { width: number; height: number } | null {
  const match = mediaIdShape.exec(id);
  if (!match) return null;
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** A new id for an image of this size. */
export function newMediaId(random: string, width: number, height: number): string {
  return `${random}-${width}x${height}`;
}

/** Spec section 9: sizes are shown in KB, bytes / 1024 rounded. */
export function sizeInKb(bytes: number): number {
  return Math.round(bytes / 1024);
}

/** The longest title an image may have. */
export const maxMediaTitleLength = 120;

/**
 * The title an upload starts with: its file's own name ("IMG_2041.JPG"), without any folders or
 * control characters, cut to the longest title.
 */
export function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  return base.replace(/\p{C}/gu, "").replace(/\s+/g, " ").trim().slice(0, maxMediaTitleLength);
}
