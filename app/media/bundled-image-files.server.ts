import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { bundledImages, imageSrc, plainImageSrc, type BundledImage } from "#app/media/bundled-images.ts";
import { sizeInKb } from "#app/media/media.ts";

export type BundledImageFile = {
  key: string;
  name: string;
  category: BundledImage["category"];
  alt: string;
  /** The plain URL the admin lists and content stores. */
  url: string;
  /** A small variant for the list's thumbnail. */
  thumbnailUrl: string;
  /** Spec section 9: bytes / 1024, rounded; null when the file is missing. */
  sizeKb: number | null;
  lastModified: string | null;
};

const publicDir = resolve("public");

/** The bundled images ("local-images") with their file sizes, in the manifest's order. */
export async function listBundledImageFiles(): Promise<Array<BundledImageFile>> {
  return Promise.all(
    bundledImages.map(async (image) => {
      const url = plainImageSrc(image);
      const stats = await stat(join(publicDir, url)).catch(() => null);
      return {
        key: image.key,
        name: `${image.name}.webp`,
        category: image.category,
        alt: image.alt,
        url,
        thumbnailUrl: imageSrc(image, 240),
        sizeKb: stats ? sizeInKb(stats.size) : null,
        lastModified: stats ? stats.mtime.toISOString() : null,
      };
    }),
  );
}
