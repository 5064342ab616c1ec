import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import type { ToastMessage } from "#app/lib/toast-message.ts";
import { adminToasterProps } from "./toaster-look.ts";

/** Where toasts appear; one per page (its look: toaster-look.ts). */
export function Toaster({ belowHeader = false }: { belowHeader?: boolean }) {
  return <Sonner {...adminToasterProps({ belowHeader })} />;
}

export function showToast(message: ToastMessage): void {
  const show = message.type === "error" ? toast.error : toast.success;
  show(message.title, { id: message.id, description: message.description });
}

/** What a toast for a change made in an editor adds: the change is not on the website until saved. */
export const notPublishedYet = "Not on the website yet: press Save Changes to publish it.";

/** A toast saying something was just done, with an "Undo" that takes it back (before anything is saved). */
export function showUndoToast(title: string, undo: () => void): void {
  toast.success(title, { id: `undo-${Date.now()}`, description: notPublishedYet, action: { label: "Undo", onClick: undo } });
}

/** Shows a toast handed over by a loader or action (e.g. after a redirect). */
export function useToastMessage(message: ToastMessage | null | undefined): void {
  useEffect(() => {
    if (message) showToast(message);
  }, [message]);
}
