import type { ComponentPropsWithoutRef } from "react";
import { type ImageRef, resolveImage } from "#app/content/image-ref.ts";
import { defaultImageWidth, imageSrc, imageSrcSet, type BundledImage } from "#app/content/images.ts";

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

export type ImageFromRefProps = CommonProps & {
  image: ImageRef;
  alt: string;
  /** Used for images whose size is not known here (uploads, typed URLs) so the browser reserves space. */
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
 * An image named by a content reference (a staff portrait, a media field): bundled images get
 * their srcset and size; uploads a <picture> with AVIF and WebP at every width and their size;
 * typed addresses a plain <img> with the size given here.
 */
export function ImageFromRef({ image, alt, width, height, sizes, priority, ...rest }: ImageFromRefProps) {
  const resolved = resolveImage(image);
  if (!resolved) return null;
  const img = (
    <img
      src={resolved.src}
      srcSet={resolved.srcSet}
      sizes={resolved.srcSet ? sizes : undefined}
      width={resolved.width ?? width}
      height={resolved.height ?? height}
      alt={alt}
      {...loadingAttributes(priority)}
      {...rest}
    />
  );
  if (!resolved.sources?.length) return img;
  // display: contents, so the <img> is laid out (and styled) as if it stood alone.
  return (
    <picture className="contents">
      {resolved.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
