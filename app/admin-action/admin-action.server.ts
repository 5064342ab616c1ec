import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { type AdminAnswer, type AdminFormRules, type Failure, failedAnswer } from "#app/admin-action/admin-answer.ts";
import type { Toast } from "#app/admin-action/toast-message.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import { log } from "#app/server/log.server.ts";

/**
 * Every admin action's way in and out. The session was checked once, by the middleware of
 * routes/admin/signed-in.tsx; this reads the form with the route's schema (the browser checks
 * the same one), hands the typed values to `act`, and sends whatever it answers as one shape,
 * AdminAnswer, with its status. An error in `act` is logged and answered with the form's
 * `failed` message, the values typed kept.
 */

/** How `act` words its answer; the submitted values go back with it (but never `hideFields`). */
export type AdminReply = (
  status: number,
  says?: {
    message?: string | undefined;
    fieldErrors?: Record<string, Array<string>> | undefined;
    toast?: Toast | undefined;
    version?: number | undefined;
    /** After a success: the form starts again from what the loader sends. */
    resetForm?: boolean;
  },
) => AdminAnswer;

export type AdminActionRules = AdminFormRules & {
  /** What a form the schema refuses says (each field's message is shown beside it in any case). */
  invalid?: Partial<Failure> | undefined;
  /** What a body that cannot be read as this form says; "The form could not be read..." when not given. */
  unreadable?: Failure | undefined;
  /** Fields whose values are never sent back (a password). */
  hideFields?: Array<string> | undefined;
};

const unreadableMessage = "The form could not be read. Please reload the page and try again.";

/** An answer that also sets headers: a new session's cookie, for a sign-in that stays on its page. */
export type AnswerWithHeaders = { answer: AdminAnswer; headers: Headers };

/** The answer as React Router sends it: the body, and its status (and any headers) on the response. */
export function sendAnswer(answer: AdminAnswer, headers?: Headers) {
  return data(answer, { status: answer.status, headers });
}

export async function adminAction<Schema extends z.ZodObject>(
  request: Request,
  schema: Schema,
  rules: AdminActionRules,
  act: (value: z.output<Schema>, reply: AdminReply) => Promise<Response | AdminAnswer | AnswerWithHeaders>,
) {
  const formData = await readFormData(request, schema);
  if (!formData) return sendAnswer(failedAnswer(400, rules.unreadable ?? { message: unreadableMessage, toast: rules.failed.toast }));
  const submission = parseWithZod(formData, { schema });
  const hideFields = rules.hideFields;
  const reply: AdminReply = (status, says = {}) => ({
    status,
    result: says.resetForm
      ? submission.reply({ resetForm: true })
      : submission.reply({ formErrors: says.message ? [says.message] : undefined, fieldErrors: says.fieldErrors, hideFields }),
    toast: says.toast,
    version: says.version,
  });
  if (submission.status !== "success") return sendAnswer(reply(400, rules.invalid));
  try {
    const answer = await act(submission.value, reply);
    if (answer instanceof Response) return answer;
    if ("headers" in answer) return sendAnswer(answer.answer, answer.headers);
    return sendAnswer(answer);
  } catch (error) {
    if (!(error instanceof Error)) throw error; // a response thrown on purpose (404, a redirect)
    log.error("Error in an admin action", error, { method: request.method, path: new URL(request.url).pathname });
    return sendAnswer(reply(500, rules.failed));
  }
}
