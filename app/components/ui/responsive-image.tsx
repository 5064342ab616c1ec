import type { ComponentPropsWithoutRef } from "react";
import { defaultImageWidth, findBundledImageByUrl, imageSrc, imageSrcSet, type BundledImage } from "#app/content/images.ts";

/** Everything an <img> takes except what these components decide themselves. */
type ImgProps = Omit<
  ComponentPropsWithoutRef<"img">,
  "src" | "srcSet" | "width" | "height" | "alt" | "loading" | "fetchPriority" | "decoding"
>;

type CommonProps = ImgProps & {
  /** Above the fold (hero, LCP): load at once with high priority instead of lazily. */
  priority?: boolean;
};

export type ResponsiveImageProps = CommonProps & {
  image: BundledImage;
  /** Overrides the manifest's description; pass "" for a decorative image. */
  alt?: string;
  /** The CSS width the image will take; defaults suit a full-width banner or a small portrait. */
  sizes?: string;
};

export type ImageFromUrlProps = CommonProps & {
  url: string;
  alt: string;
  /** Used for images that are not bundled (uploads, typed URLs) so the browser reserves space. */
  width?: number;
  height?: number;
  sizes?: string;
};

function loadingAttributes(priority: boolean | undefined) {
  return priority
    ? ({ loading: "eager", fetchPriority: "high", decoding: "async" } as const)
    : ({ loading: "lazy", decoding: "async" } as const);
}

function defaultSizes(image: BundledImage): string {
  return image.category === "staff" ? "240px" : "100vw";
}

/**
 * One bundled image with every generated width: the browser picks the smallest that fills
 * `sizes`, and width/height (of the master) reserve the space so nothing shifts.
 */
export function ResponsiveImage({ image, sizes, alt, priority, ...rest }: ResponsiveImageProps) {
  return (
    <img
      src={imageSrc(image, defaultImageWidth(image))}
      srcSet={imageSrcSet(image)}
      sizes={sizes ?? defaultSizes(image)}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      {...loadingAttributes(priority)}
      {...rest}
    />
  );
}

/**
 * An image known only by a stored URL (staff imageUrl, media fields). Bundled images, in plain or
 * width form, get their srcset; any other URL renders as a plain <img> with the given size.
 */
export function ImageFromUrl({ url, alt, width, height, sizes, priority, ...rest }: ImageFromUrlProps) {
  const bundled = findBundledImageByUrl(url);
  if (bundled) return <ResponsiveImage image={bundled} alt={alt} sizes={sizes} priority={priority} {...rest} />;
  return <img src={url} alt={alt} width={width} height={height} {...loadingAttributes(priority)} {...rest} />;
}
