import { useEffect, useState } from "react";
import type { ToasterProps } from "sonner";

// An island's toasts come from sonner, loaded as a chunk of its own once the island is live
// (the visitor has touched the form), never with the page. Its stylesheet comes with that chunk:
// the build loads it and waits for it before the chunk's code runs, so a toast is never drawn
// unstyled, and the page's <head> keeps the site's one stylesheet (a statically imported sonner
// would add its CSS there, render-blocking, through the route's CSS).

type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | undefined;

function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner");
  return sonner;
}

/**
 * Where an island's toasts appear. Nothing on the server and at hydration (so both agree); sonner
 * loads as the island goes live, while the visitor fills the form.
 */
export function LazyToaster(props: ToasterProps) {
  const [module, setModule] = useState<Sonner | null>(null);
  useEffect(() => {
    let mounted = true;
    loadSonner().then(
      (loaded) => mounted && setModule(loaded),
      // Without sonner (the chunk could not load) the page's own messages still say it all.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);
  return module ? <module.Toaster {...props} /> : null;
}

/** Shows a toast once sonner is there (a toast made before its Toaster mounts is shown when it does). */
export function showIslandToast(type: "success" | "error", title: string, options: { description?: string; id?: string } = {}): void {
  loadSonner().then(
    ({ toast }) => toast[type](title, options),
    () => undefined,
  );
}
