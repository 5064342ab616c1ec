import { createHmac, randomBytes } from "node:crypto";

// The contact form's token as it is made for each visitor of the contact page, and the cookie
// that carries it: no database here, only the signing (contact-form-token.server.ts reads the
// secret).
// How tokens are checked: contact-form-token.server.ts.

const keyBytes = 16;

export function signature(secret: string, issuedAt: number, key: string): string {
  return createHmac("sha256", secret).update(`contact-form:${issuedAt}.${key}`).digest("base64url");
}

export type TokenIssuer = (now?: number) => string;

/** Makes tokens signed with `secret`: contactFormTokenIssuer makes the one of each database. */
export function tokenIssuerWith(secret: string): TokenIssuer {
  // Keys are cut from a pool of random bytes: one call for the system's randomness per 256
  // keys instead of one per page (as randomUUID does).
  let pool = Buffer.alloc(0);
  let offset = 0;
  // Tokens asked for in the same millisecond are the same token: under load the HMAC was most of
  // what a visitor's token cost (measured when the page carried it: a third of its throughput).
  // A shared key can only make two byte-for-byte identical messages, sent from pages opened in
  // the same millisecond, one submission (the key that names a submission covers what was
  // written: submissionKey).
  let last = { issuedAt: Number.NaN, token: "" };
  return (now = Date.now()) => {
    if (now === last.issuedAt) return last.token;
    if (offset + keyBytes > pool.length) {
      pool = randomBytes(keyBytes * 256);
      offset = 0;
    }
    const key = pool.toString("base64url", offset, offset + keyBytes);
    offset += keyBytes;
    last = { issuedAt: now, token: `${now}.${key}.${signature(secret, now, key)}` };
    return last.token;
  };
}

// The token travels in a cookie set by a stylesheet the contact page links (contactFormTokenPath),
// not in the page itself, so every visitor is sent the same cached bytes (docs/decisions/002). It
// outlives the token, so a form left open for days is answered "expired" (send again) rather
// than taken for a bot's.
const cookieMaxAgeSeconds = 7 * 24 * 60 * 60;
const cookieNames = { secure: "__Host-contact_form", plain: "contact_form" } as const;

/** The Set-Cookie value carrying `token`; `secure` over https (the `__Host-` name needs it). */
export function contactFormCookie(token: string, secure: boolean): string {
  const name = secure ? cookieNames.secure : cookieNames.plain;
  return `${name}=${token}; Path=/; Max-Age=${cookieMaxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

/** The token a request's Cookie header carries (the `__Host-` one first), or null. */
export function contactFormTokenFromCookies(cookieHeader: string | null): string | null {
  const values = new Map<string, string>();
  for (const part of (cookieHeader ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0) values.set(part.slice(0, separator).trim(), part.slice(separator + 1).trim());
  }
  return values.get(cookieNames.secure) ?? values.get(cookieNames.plain) ?? null;
}
