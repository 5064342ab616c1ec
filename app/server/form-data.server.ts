/**
 * The posted form, or null when the body cannot be read as one (a malformed multipart body, a
 * body that is not a form). That is the client's mistake: callers answer 400, and the log gets
 * one line instead of a 500 and a stack trace each time.
 */
export async function readFormData(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`400 unreadable form body: ${request.method} ${new URL(request.url).pathname} (${reason.slice(0, 200)})`);
    return null;
  }
}
