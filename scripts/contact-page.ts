// What the scripts and browser tests that post the contact form themselves need from /contact.

/** The signed form token a rendering of /contact carries (in the form island's JSON props). */
export function formTokenIn(html: string): string {
  const token = /"formToken":"([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error("/contact rendered no form token");
  return token;
}

/** Renders /contact once, as a visitor opening it would, and returns its form token. */
export async function fetchContactFormToken(origin: string | URL): Promise<string> {
  return formTokenIn(await (await fetch(new URL("/contact", origin))).text());
}
