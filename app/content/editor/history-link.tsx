import { History } from "lucide-react";
import { Link } from "react-router";
import type { PageName } from "#app/content/pages.ts";
import { historyHrefOf } from "#app/content/pages.ts";
import type { Language } from "#app/i18n/languages.ts";

/** The way from an editor to the page's saved versions (compare, restore, undo a removal); a translation's own, from its side. */
export function HistoryLink({ page, language = "en" }: { page: PageName; language?: Language }) {
  return (
    <Link to={historyHrefOf(page, undefined, language)} className="link inline-flex items-center gap-1.5 text-sm font-semibold">
      <History aria-hidden="true" className="size-4" />
      {language === "en" ? "History: earlier versions of this page" : "History: earlier versions of this translation"}
    </Link>
  );
}
