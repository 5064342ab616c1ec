import Bowser from "bowser";
import { replacePassword } from "#app/staff/staff-accounts.server.ts";
import { type AuditAction, recordAudit } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { hashPassword, verifyPassword } from "#app/server/password.server.ts";
import { hitRateLimit, releaseRateLimit } from "#app/server/rate-limit.server.ts";
import type { AdminIdentity } from "#app/staff/session.server.ts";
import { passwordWeakness } from "./password-strength.server.ts";

/**
 * What every staff member does with their own account on /admin/account: change their password,
 * see where they are signed in, and sign out of any or all of those sessions.
 */

export type OwnSession = {
  id: string;
  /** "Chrome 156 on Linux", or "An unknown browser". */
  device: string;
  /** The User-Agent as the browser sent it (shown beside the name, which is a guess from it). */
  userAgent: string | null;
  signedInAt: string;
  lastUsedAt: string;
  isThisBrowser: boolean;
};

/** A browser's name and system, read from its User-Agent (a guess, which the page says). */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "An unknown browser";
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return "An unknown browser";
  const version = browser.version?.split(".")[0];
  const name = version ? `${browser.name} ${version}` : browser.name;
  return os.name ? `${name} on ${os.name}` : name;
}

/** The account's sessions that have not expired, the most recently used first. */
export async function listOwnSessions(db: Db, admin: AdminIdentity, now = Date.now()): Promise<Array<OwnSession>> {
  const rows = await db
    .selectFrom("admin_sessions")
    .select(["id", "user_agent", "created_at", "last_used_at"])
    .where("admin_id", "=", admin.id)
    .where("expires_at", ">", new Date(now).toISOString())
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      device: deviceName(row.user_agent),
      userAgent: row.user_agent,
      signedInAt: row.created_at,
      lastUsedAt: row.last_used_at ?? row.created_at,
      isThisBrowser: row.id === admin.sessionId,
    }))
    .sort((a, b) => Number(b.isThisBrowser) - Number(a.isThisBrowser) || b.lastUsedAt.localeCompare(a.lastUsedAt));
}

/**
 * Ends one of the account's own sessions (`end`: its id), or every one but this browser's
 * ("others"). Another account's session is never touched. Returns how many ended.
 */
export async function endOwnSessions(db: Db, admin: AdminIdentity, end: string, now = Date.now()): Promise<number> {
  const deleted = await db
    .deleteFrom("admin_sessions")
    .where("admin_id", "=", admin.id)
    .where((eb) => (end === "others" ? eb("id", "!=", admin.sessionId) : eb("id", "=", end)))
    .returning("user_agent")
    .execute();
  if (deleted.length > 0) {
    const devices = deleted.map((row) => deviceName(row.user_agent)).join(", ");
    await recordAudit(db, { action: "sessions-ended", admin, details: { count: deleted.length, devices } }, now);
  }
  return deleted.length;
}

// Guessing the current password from a stolen session: 5 wrong tries per account in 15 minutes.
const wrongPasswordLimit = 5;
const wrongPasswordWindowMs = 15 * 60 * 1000;

export const wrongCurrentPasswordMessage = "That is not your current password.";
export const tooManyWrongPasswordsMessage = "Too many wrong passwords. Please wait 15 minutes and try again.";
export const demoPasswordMessage =
  "The demo account's password cannot be changed. Create a real account: invite one from Staff Accounts, or run npm run admin -- create.";

/**
 * Checks the signed-in account's current password before a change to how it signs in; null when
 * right, else what to say. Wrong tries are audited as `refused` and limited per account.
 */
export async function checkOwnPassword(
  db: Db,
  admin: AdminIdentity,
  current: string,
  refused: AuditAction,
  now = Date.now(),
): Promise<string | null> {
  const account = await db.selectFrom("admin_users").select("password_hash").where("id", "=", admin.id).executeTakeFirst();
  if (!account) return wrongCurrentPasswordMessage;
  // Counted before the check, in one statement, so tries sent at once cannot pass the limit together.
  const key = `own-password:${admin.id}`;
  const hit = await hitRateLimit(db, key, wrongPasswordLimit, wrongPasswordWindowMs, now);
  if (!hit.allowed) return tooManyWrongPasswordsMessage;
  if (!(await verifyPassword(current, account.password_hash))) {
    await recordAudit(db, { action: refused, admin }, now);
    return wrongCurrentPasswordMessage;
  }
  await releaseRateLimit(db, key, wrongPasswordWindowMs, now);
  return null;
}

export type PasswordChange = { ok: true; endedSessions: number } | { ok: false; field: "current" | "password"; message: string };

/**
 * Sets a new password for the signed-in account after checking its current one, and ends its
 * other sessions (whoever else held one is out). The new password must not be easy to guess.
 */
export async function changeOwnPassword(
  db: Db,
  admin: AdminIdentity,
  input: { current: string; password: string },
  now = Date.now(),
): Promise<PasswordChange> {
  const weakness = passwordWeakness(input.password, admin.email);
  if (weakness) return { ok: false, field: "password", message: weakness };
  const account = await db.selectFrom("admin_users").select("is_demo").where("id", "=", admin.id).executeTakeFirst();
  if (account?.is_demo === 1) return { ok: false, field: "current", message: demoPasswordMessage };
  const refusal = await checkOwnPassword(db, admin, input.current, "password-change-refused", now);
  if (refusal) return { ok: false, field: "current", message: refusal };

  const hash = await hashPassword(input.password);
  const endedSessions = await db.transaction().execute(async (trx) => {
    const ended = await replacePassword(trx, admin.id, hash, admin.sessionId, now);
    await recordAudit(trx, { action: "password-changed", admin, details: { endedSessions: ended } }, now);
    return ended;
  });
  return { ok: true, endedSessions };
}
