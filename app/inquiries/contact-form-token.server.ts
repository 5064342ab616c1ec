import { createHash, timingSafeEqual } from "node:crypto";
import type { Db } from "#app/server/db/db.server.ts";
import { isHttpsRequest } from "#app/staff/session.server.ts";
import { siteSecret } from "#app/server/site-settings.server.ts";
import {
  contactFormCookie,
  contactFormTokenFromCookies,
  signature,
  type TokenIssuer,
  tokenIssuerWith,
} from "./contact-form-cookie.server.ts";

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

const tokenPattern = /^(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
/** The secret every token is signed with (made on first use, then the same for every instance). */
const contactFormTokenSecret = (db: Db) => siteSecret(db, "contact-form-token-secret");

const issuers = new WeakMap<Db, Promise<TokenIssuer>>();

/**
 * Makes tokens without waiting for anything: the secret is read once (as every instance's is
 * until it restarts), so a visitor's token (contactFormTokenPath) costs a few microseconds.
 * One per database, shared by every caller.
 */
export function contactFormTokenIssuer(db: Db): Promise<TokenIssuer> {
  let issuer = issuers.get(db);
  if (!issuer) {
    issuer = contactFormTokenSecret(db).then(tokenIssuerWith);
    issuers.set(db, issuer);
    issuer.catch(() => issuers.delete(db));
  }
  return issuer;
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
  const expected = Buffer.from(signature(await contactFormTokenSecret(db), issuedAt, key));
  if (!timingSafeEqual(expected, Buffer.from(match[3]!))) return { status: "invalid" };
  if (now - issuedAt > contactFormTokenMaxAgeMs) return { status: "expired" };
  return { status: "valid", issuedAt, key };
}

/** A fresh token's Set-Cookie value, for an answer to the form's post (an expired form's). */
export async function issueContactFormCookie(db: Db, request: Request): Promise<string> {
  return contactFormCookie(await issueContactFormToken(db), isHttpsRequest(request));
}

/** The token the post's cookie carries, or null. */
export function contactFormTokenOf(request: Request): string | null {
  return contactFormTokenFromCookies(request.headers.get("Cookie"));
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
