import { useEffect } from "react";
import { type FetcherWithComponents, isRouteErrorResponse, useActionData, useNavigation } from "react-router";
import { showToast } from "#app/components/ui/toaster.tsx";
import { type AdminAnswer, type AdminFormRules, failedAnswer, formMessageOf, sessionEndedFailure } from "#app/admin-action/admin-answer.ts";

/**
 * The browser's half of the admin actions' contract (the server's is admin-action.server.ts):
 * every admin form's clientAction and the one hook that shows its answers.
 */

/** The message a refusal made before the action ran carries (the HTTP shell answers `{ error }`). */
function messageIn(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const body: unknown = error.data;
  return body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : undefined;
}

/**
 * A form's clientAction: the server's answer as it is, and an answer in the same shape when
 * there was none, so the page keeps what was typed and says why: no connection (status 0), the
 * session ended (401), a body too large (413), or another refusal. A redirect, and a 404 (the
 * page itself is gone), go on to React Router.
 */
export async function adminClientAction<T>(
  { request, serverAction }: { request: Request; serverAction: () => Promise<T> },
  rules: AdminFormRules & { maxBytes?: number },
): Promise<T | AdminAnswer> {
  const form = rules.tooLarge ? await request.clone().formData() : null;
  if (form && rules.tooLarge && rules.maxBytes !== undefined && postedBytes(form) > rules.maxBytes) {
    return failedAnswer(413, rules.tooLarge(form));
  }
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!isRouteErrorResponse(error)) return failedAnswer(0, rules.offline ?? rules.failed);
    if (error.status === 404) throw error;
    if (error.status === 401) return failedAnswer(401, rules.sessionEnded ?? sessionEndedFailure);
    if (error.status === 413 && form && rules.tooLarge) return failedAnswer(413, rules.tooLarge(form));
    const message = messageIn(error);
    return failedAnswer(error.status, message ? { ...rules.failed, message } : rules.failed);
  }
}

/** A field's size as the browser posts it (form-encoded: a character outside ASCII takes 6 to 12 bytes). */
export function fieldBytes(name: string, value: FormDataEntryValue): number {
  return encodeURIComponent(name).length + (typeof value === "string" ? encodeURIComponent(value).length : value.size) + 2;
}

export function postedBytes(form: FormData): number {
  let total = 0;
  for (const [name, value] of form) total += fieldBytes(name, value);
  return total;
}

// One id per answer: an answer shown again (a remounted form) updates its toast, not a second one.
const toastIds = new WeakMap<AdminAnswer, string>();
let shown = 0;

/** Shows an answer's toast, once for each answer (an answer shown again updates its toast). */
export function useAnswerToast(answer: AdminAnswer | undefined): void {
  useEffect(() => {
    if (!answer?.toast) return;
    const id = toastIds.get(answer) ?? `answer-${++shown}`;
    toastIds.set(answer, id);
    showToast({ id, ...answer.toast });
  }, [answer]);
}

/**
 * An admin form's answer, for a fetcher's form or (without one) the page's own: shows its toast
 * once (unless `toast: false`: the page shows it when it applies, with useAnswerToast), and says
 * whether the form is on its way or its page is still being read again after the answer
 * (`action`: the address it posts to, when the page has more than one form).
 */
export function useAdminAction<T extends AdminAnswer>(
  options: { fetcher?: FetcherWithComponents<T | undefined>; action?: string; toast?: boolean } = {},
) {
  const navigation = useNavigation();
  const pageAnswer = useActionData<T | undefined>();
  const { fetcher, action } = options;
  const answer = fetcher ? fetcher.data : pageAnswer;
  const pending = fetcher
    ? fetcher.state !== "idle"
    : // Until the page's data is read again after the answer: React Router shows the answer (and
      // its toast) while it still reads, and a form sent then would carry what the page was before.
      navigation.state !== "idle" &&
      navigation.formMethod?.toUpperCase() === "POST" &&
      (action === undefined || navigation.formAction === action);
  useAnswerToast(options.toast === false ? undefined : answer);
  return { answer, pending, message: formMessageOf(answer) };
}
