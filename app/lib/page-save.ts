import { z } from "zod";
import type { FormResult } from "./form-result.ts";
import type { ToastMessage } from "./toast-message.ts";

/**
 * What the content editors send and get back, shared by the browser and the server. A form is
 * the page kind's own schema plus the version the editor opened, so a save made meanwhile by
 * someone else is noticed rather than overwritten.
 */

/**
 * The largest editor post the server takes. The largest valid About (60 people, every text at
 * its maximum, in characters that take 3 bytes and 9 when form-encoded) posts about 3.3 MB.
 */
export const editorBodyLimitBytes = 4 * 1024 * 1024;

const baseVersionSchema = z.number({ error: "Reload the page and try again." }).int().min(0);

/** The form schema of an editor: the page's fields plus `baseVersion`. */
export function editorSchema<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  return schema.extend({ baseVersion: baseVersionSchema });
}

export type SaveOutcome = "saved" | "invalid" | "conflict" | "failed" | "notEditable";

export type PageSaveAnswer = {
  outcome: SaveOutcome;
  /** Conform's reply: field errors, and a message for the whole form. */
  result: FormResult;
  /** The version now stored (after a save, or the one that got in the way of it). */
  version?: number;
};

/** The spec's toasts (section 8): each tab's success, and the one failure. */
export const saveToasts = {
  homepage: { type: "success", title: "Homepage content updated successfully!" },
  about: { type: "success", title: "About page content updated successfully!" },
  page: { type: "success", title: "Page content updated successfully!" },
  failed: { type: "error", title: "Error", description: "Failed to save content." },
} as const satisfies Record<string, Omit<ToastMessage, "id">>;

export const saveMessages = {
  invalid: "Some fields need attention: see the messages under them.",
  failed: "Your changes were not saved. Please try again; your text is still here.",
  notEditable: "This page always shows its built-in text, so nothing can be saved for it.",
  sessionEnded:
    "Your session has ended, so nothing was saved. Your text is still here: sign in again in a new tab, then come back and press Save Changes.",
} as const;
