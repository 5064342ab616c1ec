import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import type { ToastMessage } from "#app/lib/toast-message.ts";

/** Where toasts appear; one per page. */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
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

/** A toast saying something was just done, with an "Undo" that takes it back (before anything is saved). */
export function showUndoToast(title: string, undo: () => void): void {
  toast.success(title, { id: `undo-${Date.now()}`, action: { label: "Undo", onClick: undo } });
}

/** Shows a toast handed over by a loader or action (e.g. after a redirect). */
export function useToastMessage(message: ToastMessage | null | undefined): void {
  useEffect(() => {
    if (message) showToast(message);
  }, [message]);
}
