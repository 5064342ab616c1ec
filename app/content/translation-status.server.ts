// Whether a page's translation keeps up with its English (decision 047): the published
// translation names the English version it was written from (`source_version`); the English
// versions published since are compared with that one over the per-language fields only, so a
// new picture or a changed choice does not make a translation out of date.
import { pageDifferences } from "./page-diff.ts";
import { builtInVersion, type PageName, translationFields } from "./pages.ts";
import { builtInTranslationOf, publishedRevisionsAfter, publishedSourceVersion, readVersion } from "./page-store.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import { formatOfficeTime } from "./office-time.ts";

export type TranslationStatus =
  | { state: "notTranslated" }
  | { state: "upToDate" }
  /** Since the first English publish that changed a text (its time), and the texts changed since (their labels). */
  | { state: "outOfDate"; since: string; changed: Array<string> };

export async function translationStatus(db: Db, name: PageName, language: Exclude<Language, "en">): Promise<TranslationStatus> {
  const published = await publishedSourceVersion(db, name, language);
  // The built-in translation is of the built-in English text (version 0).
  if (published === null && builtInTranslationOf(name, language) === null) return { state: "notTranslated" };
  const source = published ?? builtInVersion;
  const later = await publishedRevisionsAfter(db, name, source);
  if (later.length === 0) return { state: "upToDate" };
  const fields = Object.fromEntries(translationFields(name));
  const base = await readVersion(db, name, source);
  let since: string | null = null;
  let changed: Array<string> = [];
  for (const revision of later) {
    const differences = base ? pageDifferences(fields, revision.content, base.content) : [];
    // Each later version against the one translated: the first that differs says since when,
    // the newest what differs now (a text changed and changed back is no change).
    if (differences.length > 0 && since === null) since = revision.savedAt;
    changed = differences.map((difference) => difference.label);
  }
  return since === null || changed.length === 0 ? { state: "upToDate" } : { state: "outOfDate", since, changed };
}

/** What the editor and the list of translations say of a page's Spanish: "Spanish: up to date". */
export function translationStatusText(status: TranslationStatus): string {
  switch (status.state) {
    case "notTranslated":
      return "Spanish: not translated";
    case "upToDate":
      return "Spanish: up to date";
    case "outOfDate":
      return `Spanish: out of date since the English changed on ${formatOfficeTime(status.since)} (${status.changed.join(", ")})`;
  }
}
