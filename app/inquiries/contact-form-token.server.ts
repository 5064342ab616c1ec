import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "#app/server/db/db.server.ts";
import { isHttpsRequest } from "#app/server/session.server.ts";
import { siteSecret } from "#app/server/site-settings.server.ts";

// Each rendered contact form carries a token the server signed: the time it was rendered and a
// random key, with an HMAC-SHA256 over both. A post without a valid token was not sent from our
// page; the signed time makes the "faster than a person could type" check impossible to skip or
// fake; the key identifies the submission, so sending the same form again stores it once.
// Why not a library: see docs/decisions/002-contact-form-bot-and-retry-protection.md.

/** A form left open longer than this must be sent again (its token has expired). */
export const contactFormTokenMaxAgeMs = 24 * 60 * 60 * 1000;

export type ContactFormTokenCheck =
  | { status: "valid"; issuedAt: number; key: string }
  /** Signed by us, but older than contactFormTokenMaxAgeMs: a person who left the page open. */
  | { status: "expired" }
  /** Missing, malformed or not signed with our secret. */
  | { status: "invalid" };

const keyBytes = 16;
const tokenPattern = /^(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const tokenSecret = (db: Db) => siteSecret(db, "contact-form-token-secret");

function signature(secret: string, issuedAt: number, key: string): string {
  return createHmac("sha256", secret).update(`contact-form:${issuedAt}.${key}`).digest("base64url");
}

type TokenIssuer = (now?: number) => string;
const issuers = new WeakMap<Db, Promise<TokenIssuer>>();

/**
 * Makes tokens without waiting for anything: the secret is read once (as every instance's is
 * until it restarts), so the page cache's busiest path, GET /contact, costs a few microseconds
 * more. One per database, shared by every caller.
 */
export function contactFormTokenIssuer(db: Db): Promise<TokenIssuer> {
  let issuer = issuers.get(db);
  if (!issuer) {
    issuer = makeIssuer(db);
    issuers.set(db, issuer);
    issuer.catch(() => issuers.delete(db));
  }
  return issuer;
}

async function makeIssuer(db: Db): Promise<TokenIssuer> {
  const secret = await tokenSecret(db);
  // Keys are cut from a pool of random bytes: one call for the system's randomness per 256
  // keys instead of one per page (as randomUUID does).
  let pool = Buffer.alloc(0);
  let offset = 0;
  // Pages asked for in the same millisecond get the same token: under load the HMAC, not the page,
  // was most of what GET /contact cost (a third of its throughput). A shared key can only make
  // two byte-for-byte identical messages, sent from pages served in the same millisecond, one
  // submission (the key that names a submission covers what was written: submissionKey).
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

/** A token for a contact form shown at `now`, with a new key. */
export async function issueContactFormToken(db: Db, now = Date.now()): Promise<string> {
  return (await contactFormTokenIssuer(db))(now);
}

/** Whether a posted token is one of ours, and when its form was rendered. */
export async function checkContactFormToken(db: Db, token: unknown, now = Date.now()): Promise<ContactFormTokenCheck> {
  const match = typeof token === "string" ? tokenPattern.exec(token) : null;
  if (!match) return { status: "invalid" };
  const issuedAt = Number(match[1]);
  const key = match[2]!;
  const expected = Buffer.from(signature(await tokenSecret(db), issuedAt, key));
  if (!timingSafeEqual(expected, Buffer.from(match[3]!))) return { status: "invalid" };
  if (now - issuedAt > contactFormTokenMaxAgeMs) return { status: "expired" };
  return { status: "valid", issuedAt, key };
}

// The token travels in a cookie set with each contact page, not in the page itself, so every
// visitor is sent the same cached bytes (docs/decisions/002). It outlives the token, so a form
// left open for days is answered "expired" (send again) rather than taken for a bot's.
const cookieMaxAgeSeconds = 7 * 24 * 60 * 60;
const cookieNames = { secure: "__Host-contact_form", plain: "contact_form" } as const;

/** The Set-Cookie value carrying `token`; `secure` over https (the `__Host-` name needs it). */
export function contactFormCookie(token: string, secure: boolean): string {
  const name = secure ? cookieNames.secure : cookieNames.plain;
  return `${name}=${token}; Path=/; Max-Age=${cookieMaxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

/** A fresh token's Set-Cookie value, for an answer to the form's post (an expired form's). */
export async function issueContactFormCookie(db: Db, request: Request): Promise<string> {
  return contactFormCookie(await issueContactFormToken(db), isHttpsRequest(request));
}

/** The token the post's cookie carries, or null. */
export function contactFormTokenOf(request: Request): string | null {
  return contactFormTokenFromCookies(request.headers.get("Cookie"));
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

/**
 * What names one submission for "sent again" (stored once): the token's key and what was
 * written. Several tabs share one cookie, so the key alone would take a second tab's different
 * message for a resend of the first and drop it; the same words sent again are one message.
 */
export function submissionKey(tokenKey: string, content: unknown): string {
  return createHash("sha256")
    .update(`${tokenKey}\n${JSON.stringify(content)}`)
    .digest("base64url");
}
