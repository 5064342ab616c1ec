// Turns uploaded bytes into what the media library stores: a master (the upload no wider than the
// widest variant, in its own format, with every piece of metadata removed (GPS position, camera
// serials) and its orientation applied; the whole cleaned original with MEDIA_KEEP_ORIGINALS),
// plus the AVIF and WebP variants pages pick from. Runs once per upload; nothing is re-encoded
// when serving. Why a bounded master: docs/decisions/027-bounded-photo-master.md.
import { createHash } from "node:crypto";
import { open, readFile } from "node:fs/promises";
import sharp, { type AvifOptions, type Metadata, type Sharp, type WebpOptions } from "sharp";
import { lowerImageWorkPriority } from "./image-work-priority.server.ts";
import { checkJpegScan } from "./jpeg-scan.server.ts";
import {
  maxMediaWidth,
  maxUploadBytes,
  mediaVariantFormats,
  type MediaVariantFormat,
  variantFile,
  variantWidths,
} from "#app/media/media.ts";
import { describeError, log } from "#app/server/log.server.ts";
import { type ImageRejected, maxInputPixels, rejection } from "./image-rejection.ts";

// A small server: libvips keeps no cache of decoded images between uploads (it would hold tens of
// MB after each), and works on an image with one thread (uploads are one at a time anyway, and
// pages keep the other core), on threads that give way to the ones answering visitors
// (image-work-priority.server.ts). Measured in docs/decisions/017-uploads-under-load.md.
sharp.cache(false);
sharp.concurrency(1);

type ImageType = "jpeg" | "png" | "gif" | "webp" | "avif";

const contentTypes: Record<ImageType, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
};

const extensions: Record<ImageType, ReadonlyArray<string>> = {
  jpeg: ["jpg", "jpeg"],
  png: ["png"],
  gif: ["gif"],
  webp: ["webp"],
  avif: ["avif"],
};

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/**
 * What the bytes really are, from their signature (never the name or the declared type): one of
 * the accepted formats, "svg" (refused), or null.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | "svg" | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp") {
    // ISO-BMFF: the major brand and the compatible brands up to the end of the ftyp box.
    const boxSize = Math.min(((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0), 256);
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      if (at === 12) continue; // minor version
      const brand = ascii(bytes, at, at + 4);
      if (brand === "avif" || brand === "avis") return "avif";
    }
    return null;
  }
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  if (head.startsWith("<svg") || ((head.startsWith("<?xml") || head.startsWith("<!doctype svg")) && head.includes("<svg"))) {
    return "svg";
  }
  return null;
}

export type ProcessedFile = { file: string; contentType: string; width: number; height: number; bytes: Buffer; etag: string };

export type ProcessedImage = {
  /** The master's size in pixels (the upload's, upright, when it is no wider than the widest variant or originals are kept). */
  width: number;
  height: number;
  /** The extension the stored name gets: the original's when it fits the real format. */
  extension: string;
  contentType: string;
  /**
   * The file stored at the upload's name (its `file` is set by the caller, who names it): the
   * master, or the whole cleaned original when originals are kept.
   */
  master: Omit<ProcessedFile, "file">;
  variants: Array<ProcessedFile>;
};

export type ProcessOptions = {
  /**
   * Keep the whole cleaned original (MEDIA_KEEP_ORIGINALS) instead of a master no wider than the
   * widest variant.
   */
  keepOriginal?: boolean;
};

export function etagOf(bytes: Uint8Array): string {
  return `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 32)}"`;
}

/** The extension of an upload's name, lowercased, when it names the real format. */
function extensionFor(type: ImageType, originalName: string): string {
  const given = /\.([A-Za-z0-9]{1,5})$/.exec(originalName)?.[1]?.toLowerCase();
  const known = extensions[type];
  return given && known.includes(given) ? given : (known[0] ?? type);
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/** An upload's bytes, or the file they were spooled to. */
export type ImageInput = Uint8Array | { path: string };

/** What sharp reads an upload from: its bytes, or its file's path. */
function sharpSource(input: ImageInput): Uint8Array | string {
  return input instanceof Uint8Array ? input : input.path;
}

function decoder(input: ImageInput) {
  // failOn "error": a truncated or corrupt file is refused rather than stored half-grey. (A JPEG's
  // damaged compressed data raises no error, nor a warning sharp passes on: checkJpegScan.)
  return sharp(sharpSource(input), {
    limitInputPixels: maxInputPixels,
    failOn: "error",
    sequentialRead: true,
  });
}

/**
 * `pipeline` encoded in the upload's own format; sharp writes no metadata unless asked to.
 * `jpegQuality`: 90 for a kept original (what every upload kept before decision 027), 85 for a
 * master (decision 027: a 12-megapixel photo's master and variants within 1.2 MB; no page shows
 * the master, and the variants are made from the decoded pixels, not from it).
 */
function inOwnFormat(type: ImageType, pipeline: Sharp, jpegQuality: number) {
  switch (type) {
    case "jpeg":
      // libjpeg-turbo, not mozjpeg: ten times faster on a 12-megapixel photo, about 15% larger.
      // (Trellis quantisation alone took 0.3-0.5 s more for a 1920 px master and saved bytes only
      // by losing as much detail as a lower quality: decision 027.)
      return pipeline.jpeg({ quality: jpegQuality });
    case "png":
      return pipeline.png();
    case "gif":
      return pipeline.gif();
    case "webp":
      return pipeline.webp({ quality: 90 });
    case "avif":
      return pipeline.avif({ quality: 70 });
  }
}

/** JPEG quality of a master (decision 027) and of a kept original (decision 013). */
const masterJpegQuality = 85;
const originalJpegQuality = 90;

/** The whole upload, upright, cleaned, in its own format (MEDIA_KEEP_ORIGINALS): a decode of its own at full size. */
function encodeOriginal(type: ImageType, input: ImageInput) {
  // autoOrient applies the EXIF orientation.
  return inOwnFormat(type, decoder(input).autoOrient(), originalJpegQuality);
}

/** The master: the decoded pixels every variant is made from (so no second decode), in the upload's own format. */
function encodeMaster(type: ImageType, base: VariantBase) {
  const { width, height, channels } = base.info;
  return inOwnFormat(type, sharp(base.data, { raw: { width, height, channels } }), masterJpegQuality);
}

/**
 * The upload decoded once, upright, at the largest variant width, as raw pixels: the master and
 * every variant are made from it (decoding a 12-megapixel JPEG ten times would take longer than
 * encoding; sharp has libjpeg decode a JPEG at a reduced scale when that is still wide enough).
 */
async function variantBase(input: ImageInput): Promise<VariantBase> {
  return decoder(input)
    .autoOrient()
    .resize({ width: maxMediaWidth, withoutEnlargement: true })
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
}

/** Decoded pixels, upright, 8 bits a channel: what every variant of an image is made from. */
export type VariantBase = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

/**
 * How hard the encoders work (docs/decisions/013-media-library.md, amendment of 2026-11-28),
 * chosen by measurement: "upload" keeps a photo's ingest within its 2 s budget on a slow core
 * (AVIF effort 1 at quality 44 gives about the PSNR of effort 3 at quality 40 for 12-16% more
 * bytes, in a fifth of the time; WebP effort 1 the PSNR of its default, 4, for up to 5% more bytes,
 * in a third); "bundled" is for the artwork tools/generate-images.ts makes once, where time does
 * not matter and the fewest bytes do.
 */
const variantEncoders = {
  upload: { avif: { quality: 44, effort: 1 }, webp: { quality: 70, effort: 1 } },
  bundled: { avif: { quality: 40, effort: 3 }, webp: { quality: 70 } },
} satisfies Record<string, { avif: AvifOptions; webp: WebpOptions }>;

export type VariantEffort = keyof typeof variantEncoders;

/**
 * One variant: `width` px wide (never wider than the base), in `format`. The one definition of
 * the variants' encoder settings: uploads and the bundled images (tools/generate-images.ts)
 * both go through it.
 */
export function encodeVariant(base: VariantBase, width: number, format: MediaVariantFormat, effort: VariantEffort) {
  const { width: baseWidth, height, channels } = base.info;
  const pipeline = sharp(base.data, { raw: { width: baseWidth, height, channels } }).resize({ width, withoutEnlargement: true });
  const settings = variantEncoders[effort];
  return format === "webp" ? pipeline.webp(settings.webp) : pipeline.avif(settings.avif);
}

/** The size of an upload and its first bytes (enough to tell its format), without reading it all. */
async function sizeAndHead(input: ImageInput): Promise<{ size: number; head: Uint8Array }> {
  if (input instanceof Uint8Array) return { size: input.byteLength, head: input.subarray(0, 1024) };
  const file = await open(input.path, "r");
  try {
    const { size } = await file.stat();
    const head = new Uint8Array(Math.min(size, 1024));
    await file.read(head, 0, head.byteLength, 0);
    return { size, head };
  } finally {
    await file.close();
  }
}

/**
 * Checks and processes an upload (its bytes, or the file it was spooled to). Throws
 * ImageRejected for anything that is not an accepted image (whatever its name says), an SVG, a
 * file over the size limit, an image over the pixel limit, or a damaged one.
 */
export async function processImage(input: ImageInput, originalName: string, options: ProcessOptions = {}): Promise<ProcessedImage> {
  const { size, head } = await sizeAndHead(input);
  if (size === 0) throw rejection.empty();
  if (size > maxUploadBytes) throw rejection.tooLarge();
  const type = sniffImageType(head);
  if (type === "svg") throw rejection.svg();
  if (type === null) throw rejection.notImage();

  let metadata: Metadata;
  try {
    metadata = await sharp(sharpSource(input)).metadata();
  } catch (error) {
    throw isPixelLimitError(error) ? rejection.tooManyPixels() : rejection.unreadable();
  }
  if (!metadata.width || !metadata.height) throw rejection.unreadable();
  if (metadata.width * metadata.height > maxInputPixels) throw rejection.tooManyPixels();
  // AVIF and HEIC share a container; only AVIF is accepted.
  if (type === "avif" && metadata.compression !== "av1") throw rejection.notImage();
  // libjpeg decodes damaged compressed data to grey streaks without a word (jpeg-scan.server.ts):
  // the scan is walked on this thread while libvips decodes and encodes on one of its own, and
  // nothing is kept if it finds damage.
  const scanned =
    type === "jpeg" ? (input instanceof Uint8Array ? Promise.resolve(input) : readFile(input.path)).then(checkJpegScan) : null;
  const [encoded, scan] = await Promise.allSettled([encodeUpload(input, type, originalName, options), scanned]);
  if (scan.status === "rejected") throw scan.reason;
  if (scan.value === "damaged") throw rejection.unreadable();
  if (encoded.status === "rejected") throw decodeFailure(encoded.reason);
  return encoded.value;
}

/**
 * The master and every variant of a checked upload. libvips' threads are lowered before each step
 * and after the last (image-work-priority.server.ts): libvips makes them as a step needs them.
 */
async function encodeUpload(input: ImageInput, type: ImageType, originalName: string, options: ProcessOptions): Promise<ProcessedImage> {
  lowerImageWorkPriority();
  const base = await variantBase(input);
  lowerImageWorkPriority();
  const master = await (options.keepOriginal ? encodeOriginal(type, input) : encodeMaster(type, base)).toBuffer({
    resolveWithObject: true,
  });
  const { width, height } = master.info;
  const variants: Array<ProcessedFile> = [];
  for (const variantWidth of variantWidths(width)) {
    for (const format of mediaVariantFormats) {
      lowerImageWorkPriority();
      const out = await encodeVariant(base, variantWidth, format, "upload").toBuffer({ resolveWithObject: true });
      variants.push({
        file: variantFile(variantWidth, format),
        contentType: `image/${format}`,
        width: out.info.width,
        height: out.info.height,
        bytes: out.data,
        etag: etagOf(out.data),
      });
    }
  }
  // A thread libvips made during the last step is kept for the next upload: lowered now too.
  lowerImageWorkPriority();
  return {
    width,
    height,
    extension: extensionFor(type, originalName),
    contentType: contentTypes[type],
    master: { contentType: contentTypes[type], width, height, bytes: master.data, etag: etagOf(master.data) },
    variants,
  };
}

/** What staff are told when libvips could not decode or encode an upload. */
function decodeFailure(error: unknown): ImageRejected {
  if (isPixelLimitError(error)) return rejection.tooManyPixels();
  log.warn("Upload could not be decoded", describeError(error));
  return rejection.unreadable();
}
