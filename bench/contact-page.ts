// What the scripts and browser tests that post the contact form themselves need from /contact.

/** The signed form token an answer sets in its cookie (`contact_form`, or `__Host-contact_form` over https). */
function formTokenFromCookies(setCookies: ReadonlyArray<string>): string {
  const token = setCookies.map((cookie) => /^(?:__Host-)?contact_form=([^;]+)/.exec(cookie)?.[1]).find(Boolean);
  if (!token) throw new Error("no form token cookie was set");
  return token;
}

/** The address of the stylesheet a contact page links for its form's token (decision 002). */
export function formTokenAddress(html: string): string {
  const href = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]*form-token[^"]*)"[^>]*>/.exec(html)?.[1];
  if (!href) throw new Error("the contact page links no form token stylesheet");
  return href;
}

/**
 * Opens /contact once, as a visitor's browser would (the page, then the stylesheet it links for
 * its form's token), and returns that token (without keeping the cookie anywhere).
 */
export async function fetchContactFormToken(origin: string | URL): Promise<string> {
  const page = await fetch(new URL("/contact", origin));
  const token = await fetch(new URL(formTokenAddress(await page.text()), origin));
  await token.arrayBuffer();
  return formTokenFromCookies(token.headers.getSetCookie());
}
