import { createContext, useContext } from "react";
import type { StaffMember } from "#app/pages/about.ts";
import type { ImageRef } from "#app/media/image-ref.ts";

/**
 * What an article's page shows beside its own content, which the article's route reads (its
 * author from the team, its dates from its versions, the articles that share a service) and the
 * editor's preview does not have: a preview shows the article without them.
 */
export type ArticleExtras = {
  author: { member: Pick<StaffMember, "name" | "title" | "credentials" | "image" | "imageAlt">; path: string; lang?: "en" } | null;
  publishedAt: string | null;
  /** The last publish, when later than the first. */
  updatedAt: string | null;
  related: ReadonlyArray<ArticleCard>;
};

/** An article as a list shows it. */
export type ArticleCard = {
  id: string;
  path: string;
  title: string;
  summary: string;
  publishedAt: string;
  /** Its title and summary are English on a page in another language (not yet translated). */
  lang?: "en";
  image: { ref: ImageRef; alt: string } | null;
  author: { name: string; path: string } | null;
};

const ArticleExtrasContext = createContext<ArticleExtras>({ author: null, publishedAt: null, updatedAt: null, related: [] });

export const ArticleExtrasProvider = ArticleExtrasContext.Provider;

export function useArticleExtras(): ArticleExtras {
  return useContext(ArticleExtrasContext);
}
