import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "#app/server/db/db.server.ts";
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

const tokenPattern = /^(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const tokenSecret = (db: Db) => siteSecret(db, "contact-form-token-secret");

function signature(secret: string, issuedAt: number, key: string): string {
  return createHmac("sha256", secret).update(`contact-form:${issuedAt}.${key}`).digest("base64url");
}

/** A token for a contact form rendered at `now`, with a new key. */
export async function issueContactFormToken(db: Db, now = Date.now()): Promise<string> {
  const key = randomBytes(16).toString("base64url");
  return `${now}.${key}.${signature(await tokenSecret(db), now, key)}`;
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
