import { isRouteErrorResponse } from "react-router";
import { formErrorResult } from "#app/lib/form-result.ts";
import { type PageSaveAnswer, saveMessages } from "#app/lib/page-save.ts";

/**
 * An editor's clientAction: a save that never got an answer (connection lost, server down) or
 * was refused because the session ended becomes a message in the editor, which keeps the text
 * typed into it, instead of an error page that would drop it.
 */
export async function keepTextWhenOffline<T>({ serverAction }: { serverAction: () => Promise<T> }): Promise<T | PageSaveAnswer> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    const sessionEnded = isRouteErrorResponse(error) && error.status === 401;
    return { outcome: "failed", result: formErrorResult(sessionEnded ? saveMessages.sessionEnded : saveMessages.failed) };
  }
}
