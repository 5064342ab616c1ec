import { History } from "lucide-react";
import { Link } from "react-router";
import type { PageName } from "#app/content/pages.ts";
import { historyHrefOf } from "#app/content/pages.ts";

/** The way from an editor to the page's saved versions (compare, restore, undo a removal). */
export function HistoryLink({ page }: { page: PageName }) {
  return (
    <Link to={historyHrefOf(page)} className="link inline-flex items-center gap-1.5 text-sm font-semibold">
      <History aria-hidden="true" className="size-4" />
      History: earlier versions of this page
    </Link>
  );
}
