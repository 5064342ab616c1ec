// What the scripts and browser tests that post the contact form themselves need from /contact.

/** The signed form token a /contact answer sets in its cookie (`contact_form`, or `__Host-contact_form` over https). */
export function formTokenFromCookies(setCookies: ReadonlyArray<string>): string {
  const token = setCookies.map((cookie) => /^(?:__Host-)?contact_form=([^;]+)/.exec(cookie)?.[1]).find(Boolean);
  if (!token) throw new Error("/contact set no form token cookie");
  return token;
}

/** Opens /contact once, as a visitor would, and returns its form's token (without keeping the cookie anywhere). */
export async function fetchContactFormToken(origin: string | URL): Promise<string> {
  const response = await fetch(new URL("/contact", origin));
  await response.arrayBuffer();
  return formTokenFromCookies(response.headers.getSetCookie());
}
