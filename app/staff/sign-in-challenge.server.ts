import { createHash } from "node:crypto";
import { createCookie } from "react-router";
import { getConfig } from "#app/server/config.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { siteSecret } from "#app/server/site-settings.server.ts";

// Between the two steps of signing in (app/staff/two-factor.server.ts) the browser holds a signed
// cookie naming the account whose password was right, for five minutes. It is no session: only
// /admin/login/code reads it. It is tied to the password it was earned with, so a password
// changed or reset meanwhile voids it.
const lifetimeMs = 5 * 60 * 1000;

async function challengeCookie(db: Db, secure: boolean) {
  const secret = await siteSecret(db, "sign-in-challenge-secret");
  return createCookie(secure ? "__Host-admin_sign_in" : "admin_sign_in", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: [secret],
  });
}

function passwordMark(passwordHash: string): string {
  return createHash("sha256").update(passwordHash).digest("base64url").slice(0, 22);
}

/** The Set-Cookie header that lets this browser take the second step for `account`. */
export async function issueSignInChallenge(
  db: Db,
  account: { id: string; password_hash: string },
  now = Date.now(),
  secure = getConfig().httpsOnly,
): Promise<string> {
  const value = { id: account.id, at: now, mark: passwordMark(account.password_hash) };
  return (await challengeCookie(db, secure)).serialize(value, { maxAge: lifetimeMs / 1000 });
}

/**
 * The account this browser passed the password step for, if that was under five minutes ago, its
 * password is unchanged and it may still sign in (not disabled, two-step sign-in still on).
 */
export async function readSignInChallenge(db: Db, cookieHeader: string | null, now = Date.now(), secure = getConfig().httpsOnly) {
  const value: unknown = await (await challengeCookie(db, secure)).parse(cookieHeader);
  if (typeof value !== "object" || value === null) return null;
  const { id, at, mark } = value as Record<string, unknown>;
  if (typeof id !== "string" || typeof at !== "number" || typeof mark !== "string" || now - at > lifetimeMs || at > now) return null;
  const account = await db
    .selectFrom("admin_users")
    .select(["id", "email", "password_hash", "is_demo", "disabled_at", "role", "totp_enabled_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!account || account.disabled_at !== null || account.totp_enabled_at === null) return null;
  return passwordMark(account.password_hash) === mark ? account : null;
}

/** The Set-Cookie header that drops the challenge (after the second step, or when it is refused). */
export async function clearSignInChallenge(db: Db, secure = getConfig().httpsOnly): Promise<string> {
  return (await challengeCookie(db, secure)).serialize("", { maxAge: 0 });
}
