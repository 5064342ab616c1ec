import type { ComponentPropsWithoutRef } from "react";
import { type ImageRef, resolveImage } from "#app/media/image-ref.ts";
import type { BundledImage } from "#app/media/bundled-images.ts";

/** Everything an <img> takes except what this component decides itself. */
type ImgProps = Omit<
  ComponentPropsWithoutRef<"img">,
  "src" | "srcSet" | "sizes" | "width" | "height" | "alt" | "loading" | "fetchPriority" | "decoding"
>;

export type ResponsiveImageProps = ImgProps & {
  /** The CSS width the image takes on the page, for the browser's pick among the variants. */
  sizes: string;
  /** Above the fold (hero, LCP): load at once with high priority instead of lazily. */
  priority?: boolean;
  /** Used when the image's size is not known (an upload whose id carries none) so the browser reserves space. */
  width?: number;
  height?: number;
} & (
    | {
        /** A bundled file from the manifest. */
        image: BundledImage;
        /** Overrides the manifest's description; pass "" for a decorative image. */
        alt?: string;
      }
    | {
        /** A picture named by page content (bundled or uploaded). */
        image: ImageRef;
        /** Content references carry no description: say what the picture shows ("" if decorative). */
        alt: string;
      }
  );

function loadingAttributes(priority: boolean | undefined) {
  return priority
    ? ({ loading: "eager", fetchPriority: "high", decoding: "async" } as const)
    : ({ loading: "lazy", decoding: "async" } as const);
}

/**
 * Every picture on the site. Bundled files and uploads have the same variants (AVIF and WebP at
 * the widths of `variantWidths`), so both render as a <picture>: an AVIF <source> and a WebP
 * <img> with srcset, `sizes` and the image's width and height (no layout shift). An address on
 * another site renders nothing (resolveImage). Lazy unless `priority`.
 */
export function ResponsiveImage({ image, alt, sizes, width, height, priority, ...rest }: ResponsiveImageProps) {
  const resolved = resolveImage("source" in image ? image : { source: "bundled", key: image.key });
  if (!resolved) return null;
  const img = (
    <img
      src={resolved.src}
      srcSet={resolved.srcSet}
      sizes={resolved.srcSet ? sizes : undefined}
      width={resolved.width ?? width}
      height={resolved.height ?? height}
      alt={alt ?? resolved.alt ?? ""}
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
