import type { ToastMessage } from "./toast-message.ts";

type Toast = Omit<ToastMessage, "id">;

/** The Images tab's toasts, with the spec's exact texts (section 8). */
export const mediaToasts = {
  uploaded: { type: "success", title: "Image uploaded successfully!" },
  deleted: { type: "success", title: "Image deleted successfully!" },
  // The spec's words, storage product and all: staff read them as the product has them.
  cannotUpload: {
    type: "error",
    title: "Cannot Upload",
    description: "Cannot upload to local images. Please select a Supabase storage bucket.",
  },
  cannotDelete: {
    type: "error",
    title: "Cannot Delete",
    description: "Local images cannot be deleted from the admin panel. These are part of your project files.",
  },
  loadFailed: { type: "error", title: "Error", description: "Failed to load images." },
  uploadFailed: { type: "error", title: "Error", description: "Failed to upload image." },
  deleteFailed: { type: "error", title: "Error", description: "Failed to delete image." },
} as const satisfies Record<string, Toast>;

export type MediaToast = keyof typeof mediaToasts;

/** What an upload or delete answers when it did not succeed: the toast, and why (shown beside the form). */
export type MediaFailure = { ok: false; toast: MediaToast; reason?: string };

/** The failure as one line beside the form (for a browser without JavaScript, which shows no toasts). */
export function failureText(failure: MediaFailure): string {
  const toast: Toast = mediaToasts[failure.toast];
  return [toast.title === "Error" ? undefined : `${toast.title}:`, toast.description, failure.reason].filter(Boolean).join(" ");
}

/** How the delete form lists the pages an image is used on, so the server can tell whether staff saw them all. */
export function usesText(uses: ReadonlyArray<string>): string {
  return [...uses].sort().join("\n");
}
