import type { ToasterProps } from "sonner";

/**
 * How the admin's toasts look (sonner's Toaster props), without sonner itself: the sign-in
 * page's island shows the same toasts but loads sonner only once the form is in use. In the
 * admin on a desktop they start below the header's buttons (Save draft, Save Changes, Logout),
 * so a toast never covers them.
 */
export function adminToasterProps({ belowHeader = false }: { belowHeader?: boolean } = {}): ToasterProps {
  return {
    position: "top-right",
    offset: belowHeader ? { top: 176, right: 24 } : undefined,
    closeButton: true,
    toastOptions: {
      classNames: {
        toast: "rounded-xl! border! font-sans! shadow-lg!",
        success: "border-brand/40! bg-brand-soft! text-brand-dark!",
        error: "border-clay/40! bg-clay-soft! text-clay-dark!",
        description: "text-ink!",
      },
    },
  };
}
