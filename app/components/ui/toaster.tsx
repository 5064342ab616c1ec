import { useEffect, useSyncExternalStore } from "react";
import { Toaster as Sonner, toast } from "sonner";
import type { ToastMessage } from "#app/admin-action/toast-message.ts";
import { adminToasterProps } from "./toaster-look.ts";

const wideScreen = "(min-width: 1024px)";

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia(wideScreen);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * Where toasts appear; one per page (its look: toaster-look.ts). In the admin (`belowHeader`),
 * below 1024 px they sit at the bottom, above a phone's save bar.
 */
export function Toaster({ belowHeader = false }: { belowHeader?: boolean }) {
  const wide = useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(wideScreen).matches,
    () => true,
  );
  return <Sonner {...adminToasterProps({ belowHeader, atBottom: belowHeader && !wide })} />;
}

/** What a toast for a change made in an editor adds: the change is not on the website until saved. */
export const notPublishedYet = "Not on the website yet: press Save Changes to publish it.";

// The toasts on screen that say a change is not on the website yet: a publish makes them untrue.
const notPublishedToasts = new Set<string | number>();

export function showToast(message: ToastMessage): void {
  const show = message.type === "error" ? toast.error : toast.success;
  const id = show(message.title, { id: message.id, description: message.description });
  if (message.description === notPublishedYet) notPublishedToasts.add(id);
}

/** A toast saying something was just done, with an "Undo" that takes it back (before anything is saved). */
export function showUndoToast(title: string, undo: () => void): void {
  notPublishedToasts.add(
    toast.success(title, { id: `undo-${Date.now()}`, description: notPublishedYet, action: { label: "Undo", onClick: undo } }),
  );
}

/** Takes away the toasts that say a change is not on the website yet, once Save Changes has put it there. */
export function dismissNotPublishedToasts(): void {
  for (const id of notPublishedToasts) toast.dismiss(id);
  notPublishedToasts.clear();
}

/** Takes away every toast: they belong to the page they were shown on. */
export function dismissToasts(): void {
  toast.dismiss();
  notPublishedToasts.clear();
}

/** Shows a toast handed over by a loader or action (e.g. after a redirect). */
export function useToastMessage(message: ToastMessage | null | undefined): void {
  useEffect(() => {
    if (message) showToast(message);
  }, [message]);
}
