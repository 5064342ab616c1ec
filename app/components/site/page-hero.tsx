import type { ImageRef } from "#app/media/image-ref.ts";
import type { BundledImage } from "#app/media/bundled-images.ts";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";

type PageHeroProps = {
  title: string;
  /** A short line above the title. */
  eyebrow?: string;
  description?: React.ReactNode;
  /** The artwork: a bundled file, or a picture page content names (the homepage's, chosen by staff). */
  image?: BundledImage | ImageRef | undefined;
  children?: React.ReactNode;
};

/** The top of a page: artwork behind a dark veil so white text always reads. */
export function PageHero({ title, eyebrow, description, image, children }: PageHeroProps) {
  return (
    <section className="relative isolate overflow-hidden bg-brand-dark text-white">
      {image ? (
        // Decorative: the veil and the text carry the meaning.
        <ResponsiveImage
          image={"source" in image ? image : { source: "bundled", key: image.key }}
          alt=""
          sizes="100vw"
          priority
          className="absolute inset-0 -z-20 h-full w-full object-cover"
        />
      ) : null}
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-[#13302c]/90 via-[#13302c]/75 to-[#13302c]/45" aria-hidden="true" />
      <div className="container-page py-20 sm:py-28">
        <div className="max-w-3xl">
          {eyebrow ? <p className="text-sm font-semibold tracking-widest text-[#f5d9c4] uppercase">{eyebrow}</p> : null}
          <h1 className="mt-3 text-4xl leading-tight font-bold sm:text-5xl">{title}</h1>
          {description ? <p className="mt-6 text-lg leading-relaxed text-white/95 sm:text-xl">{description}</p> : null}
          {children}
        </div>
      </div>
    </section>
  );
}
