import { type ComponentType, lazy } from "react";
import { type PageName, pageDefinition } from "./pages.ts";

/** A kind's view as code that draws any kind calls it. */
type AnyPageView = ComponentType<{ content: unknown; page: string }>;

// By the kind's loader: pages that share one (every article) share their view.
const views = new Map<unknown, AnyPageView>();

/**
 * A page drawn by its kind's view (its definition's `view`), loaded the first time it is drawn:
 * the public route (app/routes/public-page.tsx) and the editor's preview show every kind so. The
 * content is the page's own: loaded by its name, or checked with its definition's schema.
 */
export function PageView({ page, content }: { page: PageName; content: unknown }) {
  const load = pageDefinition(page).view;
  let View = views.get(load);
  if (!View) {
    View = lazy(load as () => Promise<{ default: AnyPageView }>);
    views.set(load, View);
  }
  return <View page={page} content={content} />;
}
