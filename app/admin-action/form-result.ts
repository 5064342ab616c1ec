import type { SubmissionResult } from "@conform-to/react";

/** What an admin form's action answers when it does not go on: Conform's `submission.reply()`. */
export type FormResult = SubmissionResult<Array<string>>;

/**
 * An answer about the whole form rather than one field (Conform keeps such messages under the
 * name ""), for failures that come before or after parsing: a body that is not a form, a request
 * that never reached the server.
 */
export function formErrorResult(message: string): FormResult {
  return { status: "error", error: { "": [message] } };
}
