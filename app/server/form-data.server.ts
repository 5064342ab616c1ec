/** What a client is told when its form body cannot be parsed (a broken or mislabelled body). */
export const unreadableFormMessage = "The form could not be read. Please reload the page and try again.";

/**
 * The posted form, or null when the body is not a readable form. A malformed body is the
 * client's mistake: one log line, and the caller answers 400, never a 500 with a stack trace.
 */
export async function readFormData(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`400 unreadable form body on ${request.method} ${new URL(request.url).pathname}: ${reason.slice(0, 200)}`);
    return null;
  }
}
