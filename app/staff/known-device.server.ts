import { createCookie } from "react-router";
import { getConfig } from "#app/server/config.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { siteSecret } from "#app/server/site-settings.server.ts";

// A browser that has signed in to an account before is "known" to it for half a year. Knowing a
// device grants nothing by itself (the password is still checked); it only spares its owner the
// account-wide sign-in throttle, so an attacker elsewhere cannot lock staff out.
const lifetimeSeconds = 180 * 24 * 60 * 60;
const maxAccounts = 5;

async function deviceCookie(db: Db, secure: boolean) {
  // Signed (HMAC-SHA256) with a secret every instance shares, so the browser cannot forge it.
  const secret = await siteSecret(db, "known-device-cookie-secret");
  return createCookie(secure ? "__Host-admin_device" : "admin_device", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: lifetimeSeconds,
    secrets: [secret],
  });
}

type KnownAccount = { id: string; at: number };

function knownAccountsOf(value: unknown, now: number): Array<KnownAccount> {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is KnownAccount =>
      typeof entry?.id === "string" && typeof entry?.at === "number" && now - entry.at < lifetimeSeconds * 1000,
  );
}

/** The ids of the accounts this browser has signed in to (a forged or tampered cookie: none); `secure`: over https. */
export async function knownAccountIds(
  db: Db,
  cookieHeader: string | null,
  now = Date.now(),
  secure = getConfig().httpsOnly,
): Promise<Array<string>> {
  const value: unknown = await (await deviceCookie(db, secure)).parse(cookieHeader);
  return knownAccountsOf(value, now).map((entry) => entry.id);
}

/** The Set-Cookie header that marks this browser as known to `adminId` from now on. */
export async function rememberDevice(
  db: Db,
  cookieHeader: string | null,
  adminId: string,
  now = Date.now(),
  secure = getConfig().httpsOnly,
): Promise<string> {
  const cookie = await deviceCookie(db, secure);
  const others = knownAccountsOf(await cookie.parse(cookieHeader), now).filter((entry) => entry.id !== adminId);
  return cookie.serialize([{ id: adminId, at: now }, ...others].slice(0, maxAccounts));
}
