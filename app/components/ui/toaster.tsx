import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import type { ToastMessage } from "#app/lib/toast-message.ts";

/**
 * Where toasts appear; one per page. In the admin on a desktop they start below the header's
 * buttons (Save draft, Save Changes, Logout), so a toast never covers them.
 */
export function Toaster({ belowHeader = false }: { belowHeader?: boolean }) {
  return (
    <Sonner
      position="top-right"
      offset={belowHeader ? { top: 176, right: 24 } : undefined}
      closeButton
      toastOptions={{
        classNames: {
          toast: "rounded-xl! border! font-sans! shadow-lg!",
          success: "border-brand/40! bg-brand-soft! text-brand-dark!",
          error: "border-clay/40! bg-clay-soft! text-clay-dark!",
          description: "text-ink!",
        },
      }}
    />
  );
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
