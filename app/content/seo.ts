import type { MetaDescriptor } from "react-router";
import { practice } from "./practice.ts";

type PageMeta = {
  /** The page's own title; the practice name is appended. */
  title: string;
  description: string;
  /** Absolute origin of the site, e.g. https://www.example.com (from the root loader). */
  origin: string;
  path: string;
  image?: string;
};

/** Title, description, canonical URL and Open Graph tags of one page. */
export function pageMeta({ title, description, origin, path, image = "/images/og-image.jpg" }: PageMeta): Array<MetaDescriptor> {
  const fullTitle = title === practice.name ? title : `${title} | ${practice.name}`;
  const url = origin + path;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: practice.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: origin + image },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** The origin the root loader put in its data, for building absolute URLs in `meta`. */
export function originFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData;
  if (root && typeof root === "object" && "origin" in root && typeof root.origin === "string") return root.origin;
  return "";
}
