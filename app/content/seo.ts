import type { Language } from "#app/i18n/languages.ts";
import type { MetaDescriptor } from "react-router";
import { type Practice, practice } from "./practice.ts";

type PageMeta = {
  /** The page's own title; the practice name is appended. */
  title: string;
  description: string;
  /** The matched routes: the root's origin and the public layout's practice details. */
  matches: Matches;
  path: string;
  image?: string;
  /** The page's language (its Open Graph locale); English unless said. */
  language?: Language;
  /** Its Open Graph type: a website's page unless said (an article). */
  type?: "website" | "article";
};

/** Title, description, canonical URL and Open Graph tags of one page. */
export function pageMeta({
  title,
  description,
  matches,
  path,
  image = "/images/og-image.jpg",
  language = "en",
  type = "website",
}: PageMeta): Array<MetaDescriptor> {
  const { name } = practiceOf(matches);
  const origin = originFrom(matches);
  const fullTitle = title === name ? title : `${title} | ${name}`;
  const url = origin + path;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: origin + image },
    { property: "og:locale", content: language === "en" ? "en_US" : "es_US" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** The origin the root loader put in its data, for building absolute URLs in `meta`. */
function originFrom(matches: Matches): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData;
  if (root && typeof root === "object" && "origin" in root && typeof root.origin === "string") return root.origin;
  return "";
}

/** The practice's details the public layout loaded (as staff saved them), for `meta`; else the built-in ones. */
export function practiceOf(matches: Matches): Practice {
  const layout = matches.find((match) => match?.id === "routes/public-layout")?.loaderData;
  return layout && typeof layout === "object" && "practice" in layout ? (layout.practice as Practice) : practice;
}
