/** A short error page: what the HTTP shell and the request policy answer a refused request with. */
export function plainErrorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message}</title></head><body><main><h1>${message}</h1><p><a href="/">Return to the home page</a></p></main></body></html>`;
}

/** `plainErrorPage` as a Fetch Response with `status`. */
export function plainErrorResponse(status: number, message: string): Response {
  return new Response(plainErrorPage(message), { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
}
