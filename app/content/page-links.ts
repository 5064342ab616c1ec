import type { PageName } from "./page-kinds.ts";

/** The admin tab that edits a page: its own tab, or the Service Pages tab with the page chosen. */
export function editorHrefOf(name: PageName): string {
  if (name === "homepage" || name === "about") return `/admin/${name}`;
  return `/admin/services?page=${encodeURIComponent(name)}`;
}

/** A page's saved versions, and with `compare` one of them set beside the current content. */
export function historyHrefOf(name: PageName, compare?: number): string {
  const path = `/admin/history/${encodeURIComponent(name)}`;
  return compare === undefined ? path : `${path}?compare=${compare}`;
}
