// The Images tab's words: what staff type about an image (its title; what a picture shows is said
// where it is shown, e.g. a staff member's "Photo description") and the toasts the tab answers with.
import { maxMediaTitleLength } from "./media.ts";
import { lineText } from "#app/content/text-fields.ts";
import type { Failure } from "#app/admin-action/admin-answer.ts";
import type { Toast } from "#app/admin-action/toast-message.ts";

/** An image's title as staff type it: one line of words, at most 120 characters. */
export const mediaTitleSchema = lineText(maxMediaTitleLength, "Give the image a name.");

/** The Images tab's toasts, with the spec's exact texts (section 8). */
export const mediaToasts = {
  uploaded: { type: "success", title: "Image uploaded successfully!" },
  deleted: { type: "success", title: "Image deleted successfully!" },
  replaced: { type: "success", title: "Image replaced everywhere it is used." },
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

/**
 * An upload or delete that did not succeed: its toast, and one line in the page (beside the
 * upload, or for a browser without JavaScript, which shows no toasts): why, when the server
 * knows, else what the toast says.
 */
export function mediaFailure(key: MediaToast, reason?: string): Failure {
  const toast: Toast = mediaToasts[key];
  const toastWords = [toast.title === "Error" ? undefined : `${toast.title}:`, toast.description].filter(Boolean).join(" ");
  return { message: reason ?? toastWords, toast };
}

/** How the delete form lists the pages an image is used on, so the server can tell whether staff saw them all. */
export function usesText(uses: ReadonlyArray<string>): string {
  return [...uses].sort().join("\n");
}
