import { z } from "zod";
import type { Failure } from "#app/admin-action/admin-answer.ts";
import type { Toast } from "#app/admin-action/toast-message.ts";

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

export const baseVersionSchema = z.number({ error: "Reload the page and try again." }).int().min(0);

/** After a clash, "Save mine over theirs" names the version it saw and chose to save over. */
export const overwriteVersionSchema = z.number({ error: "Reload the page and try again." }).int().min(0);

/** Which button saved: "Save draft" keeps the work without publishing it; "Save Changes" (any other submit) publishes. */
export const saveAsSchema = z.enum(["draft", "publish"], { error: "Reload the page and try again." }).default("publish");

/**
 * The form schema of an editor: the page's fields (or the ones `fields` names, for a tab that
 * edits some of another tab's page) plus `baseVersion`, `saveAs`, and `overwriteVersion` after a clash.
 */
export function editorSchemaOf(schema: z.ZodObject, fields: ReadonlyArray<string> | null): z.ZodObject {
  const shape = fields ? Object.fromEntries(fields.flatMap((key) => (schema.shape[key] ? [[key, schema.shape[key]]] : []))) : schema.shape;
  return z
    .object(shape)
    .extend({ baseVersion: baseVersionSchema, saveAs: saveAsSchema, overwriteVersion: overwriteVersionSchema.optional() });
}

/** The English version a translator read, so the admin can tell when the English changed since. */
export const sourceVersionSchema = z.number({ error: "Reload the page and try again." }).int().min(0);

/** The form schema of a translation's editor: its per-language fields (editorSchemaOf) and the English version it was written from. */
export function translationEditorSchemaOf(schema: z.ZodObject, fields: ReadonlyArray<string>): z.ZodObject {
  return editorSchemaOf(schema, fields).extend({ sourceVersion: sourceVersionSchema });
}

export const draftSavedToast = {
  type: "success",
  title: "Draft saved",
  description: "It is not live: visitors still see the published page until you press Save Changes.",
} as const satisfies Toast;

/** The spec's toast for a failed save (section 8); each tab's success toast is in its page definitions. */
export const saveFailedToast = {
  type: "error",
  title: "Error",
  description: "Failed to save content.",
} as const satisfies Toast;

export const saveMessages = {
  invalid: "Some fields need attention: see the messages under them.",
  failed: "Your changes were not saved. Please try again; your text is still here.",
  notEditable: "This page always shows its built-in text, so nothing can be saved for it.",
  sessionEnded: "Your session has ended, so nothing was saved. Your text is still here: sign in again, and the save goes through.",
} as const;

/** How a save fails, said beside the form and as the spec's toast; the same on the server and in the browser. */
export const saveFailures = {
  failed: { message: saveMessages.failed, toast: saveFailedToast },
  invalid: { message: saveMessages.invalid, toast: saveFailedToast },
  // The sign-in dialog says it (sign-in-again.tsx); a red "Failed to save" would say it was lost.
  sessionEnded: { message: saveMessages.sessionEnded },
} as const satisfies Record<string, Failure>;
