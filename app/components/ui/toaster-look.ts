import type { ToasterProps } from "sonner";

/**
 * How the admin's toasts look (sonner's Toaster props), without sonner itself: the sign-in
 * page's island shows the same toasts but loads sonner only once the form is in use. In the
 * admin on a desktop they start below the header's buttons (Save draft, Save Changes, Logout),
 * so a toast never covers them. Below 1024 px (`atBottom`) they sit at the bottom of the screen,
 * above the save bar fixed there on a phone (its height is --save-bar-height, editor-form.tsx),
 * so they never cover the header, the tab's title or the field being typed in.
 */
export function adminToasterProps({
  belowHeader = false,
  atBottom = false,
}: {
  belowHeader?: boolean;
  atBottom?: boolean;
} = {}): ToasterProps {
  const aboveSaveBar = { bottom: "calc(var(--save-bar-height, 0px) + 0.75rem)", left: 16, right: 16 };
  return {
    position: atBottom ? "bottom-center" : "top-right",
    offset: atBottom ? aboveSaveBar : belowHeader ? { top: 176, right: 24 } : undefined,
    mobileOffset: atBottom ? aboveSaveBar : undefined,
    closeButton: true,
    toastOptions: toastLook,
  };
}

/**
 * A toast's colours, the site's own wherever it shows (the admin, the contact form): sonner's
 * "rich colours" draw a success in a green on pale green of 4.25:1, under WCAG's 4.5:1.
 */
export const toastLook: NonNullable<ToasterProps["toastOptions"]> = {
  classNames: {
    toast: "rounded-xl! border! font-sans! shadow-lg!",
    success: "border-brand/40! bg-brand-soft! text-brand-dark!",
    error: "border-clay/40! bg-clay-soft! text-clay-dark!",
    description: "text-ink!",
  },
};
