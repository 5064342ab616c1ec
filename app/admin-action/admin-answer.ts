import { type FormResult, formErrorResult } from "./form-result.ts";
import type { Toast } from "./toast-message.ts";

/**
 * What every admin action answers when it does not redirect, the same for every form (sign-in,
 * the editors, history, images, the inbox): Conform's submission result (each field's message,
 * and the form's own under ""), the HTTP status it went with, the toast to show, and the stored
 * version a content save concerns. An upload also names the image it stored; two-step sign-in's
 * setup its recovery codes.
 */
export type AdminAnswer = {
  status: number;
  result: FormResult;
  toast?: Toast | undefined;
  version?: number | undefined;
  /** What an action made: an uploaded image, or a one-time link (valid `until`, in office time). */
  item?: { id: string; url: string; until?: string } | undefined;
  /** Turning on two-step sign-in, or renewing its codes: the new recovery codes, shown once. */
  recoveryCodes?: Array<string> | undefined;
  /** A content save that clashed: each field both changed, with the value stored now (theirs). */
  clashes?: Array<Clash> | undefined;
};

/**
 * One field two people changed differently: its key and label, theirs as the editor's form holds
 * values, and for a list of items the key that names one.
 */
export type Clash = { key: string; label: string; theirs: unknown; titleKey?: string | undefined };

/** What a form says when it cannot go on: in the page beside the form, and as a toast. */
export type Failure = { message: string; toast?: Toast | undefined };

/**
 * How one admin form fails, the same on the server (an error while acting) and in the browser (a
 * request that got no answer, or was refused before the action ran).
 */
export type AdminFormRules = {
  /** The action failed on the server. */
  failed: Failure;
  /** The request got no answer (connection lost, server down); `failed` when not given. */
  offline?: Failure | undefined;
  /** The session ended before the action ran (a 401 from the session middleware). */
  sessionEnded?: Failure | undefined;
  /** The body is larger than the route takes (413): the message may name what to shorten. */
  tooLarge?: ((form: FormData) => Failure) | undefined;
};

export const sessionEndedFailure: Failure = {
  message: "Your session has ended, so this was not done. Sign in again in a new tab, then come back and try again.",
  toast: { type: "error", title: "Your session has ended" },
};

/** An answer that says only why the form did not go on. */
export function failedAnswer(status: number, failure: Failure): AdminAnswer {
  return { status, result: formErrorResult(failure.message), toast: failure.toast };
}

/** The form's own message in an answer (Conform keeps it under the name ""). */
export function formMessageOf(answer: AdminAnswer | undefined): string | undefined {
  return answer?.result.error?.[""]?.[0];
}

/** Whether the action did what it was asked. */
export function succeeded(answer: AdminAnswer | undefined): boolean {
  return answer !== undefined && answer.status >= 200 && answer.status < 300;
}

/** An answer made in the browser because the server could not be reached or took nothing (status 0 or 401). */
function isUnanswered(result: unknown): boolean {
  return (
    typeof result === "object" &&
    result !== null &&
    "result" in result &&
    "status" in result &&
    (result.status === 0 || result.status === 401)
  );
}

/**
 * Every route's `shouldRevalidate` (React Router's arguments) on the way to an admin form: after a form the server never
 * answered (no connection) or refused for an ended session, the pages' data is not loaded again.
 * That load would fail the same way, and the error page it brought would replace the form and
 * drop what was typed.
 */
export function revalidateUnlessUnanswered({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  return isUnanswered(actionResult) ? false : defaultShouldRevalidate;
}
