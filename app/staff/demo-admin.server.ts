import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createCookie } from "react-router";
import { passwordWeakness } from "#app/staff/password-strength.server.ts";
import { publicDemoMessage } from "#app/staff/staff-forms.ts";
import {
  type AdminAccount,
  deleteDemoAdmins,
  demoLinkSetting,
  demoPasswordSetting,
  findAdminByEmail,
  hasRealAdmin,
  insertAdmin,
  lockOwners,
  normalizeEmail,
  upsertDemoAdmin,
} from "./staff-accounts.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import { log as serverLog } from "#app/server/log.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { hashPassword, verifyPassword } from "#app/server/password.server.ts";
import { getOrCreateSetting, getSetting, setSetting } from "#app/server/site-settings.server.ts";

export const demoAdminEmail = "demo@redcliffscounseling.example";

/** The query parameter of the demo sign-in link (`/admin/login?demo=<secret>`). */
export const demoLinkParameter = "demo";

/**
 * Demo mode (DEMO_MODE): while no real admin exists, a demo account lets whoever runs the site
 * try the admin. Its password is made once and kept in the database, so every instance shows
 * the same working password and a restart (or a start that fails) never changes it. Once a
 * real account exists, or with DEMO_MODE=off, the demo account and its password are deleted.
 *
 * With `local`, the password is shown only to a browser that opened the sign-in link printed on
 * the console: nothing in a request (its address, headers or Host) proves it comes from the
 * person who started the site, and a proxy in front can make every visitor look local. Each start
 * makes a new link; the one before stops working. With `public` it is shown to anyone.
 */
export async function startDemoMode(db: Db, log: (message: string) => void = serverLog.info): Promise<void> {
  const { demoMode, linkOrigin } = getConfig();
  const realAdminExists = await hasRealAdmin(db);
  if (demoMode === "off" || realAdminExists) {
    await deleteDemoAdmins(db);
    if (!realAdminExists) log("No admin account yet: create one with npm run admin -- create --email you@example.com");
    return;
  }
  const password = await getOrCreateSetting(db, demoPasswordSetting, () => randomBytes(12).toString("base64url"));
  const demo = await findAdminByEmail(db, demoAdminEmail);
  if (demo?.is_demo !== 1 || !(await verifyPassword(password, demo.password_hash))) await upsertDemoAdmin(db, demoAdminEmail, password);
  if (demoMode === "public") {
    log(
      `Admin demo mode (DEMO_MODE=public): anyone may sign in at ${linkOrigin}/admin/login as ${demoAdminEmail} with password ${password}; ` +
        "no account can be made or changed there. Create the first real account with: npm run admin -- create --email you@example.com",
    );
    return;
  }
  log(demoLinkLine(linkOrigin, await newDemoLink(db)));
}

/** The console's line that hands the demo account to the person who started the site. */
export function demoLinkLine(origin: string, path: string): string {
  return `Admin demo mode: open ${origin}${path} to see the demo account (the link works until the site starts again; npm run admin -- demo-link makes a new one)`;
}

function hashOf(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/**
 * A new sign-in link for the demo account, as the path to open (`/admin/login?demo=<secret>`);
 * the link before stops working. Only the secret's hash is stored, shared by every instance.
 */
export async function newDemoLink(db: Db): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  await setSetting(db, demoLinkSetting, hashOf(secret));
  return `/admin/login?${demoLinkParameter}=${secret}`;
}

/** Whether `secret` is the current link's. */
async function isCurrentLink(db: Db, secret: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return false;
  const stored = await getSetting(db, demoLinkSetting);
  return stored !== null && stored.length === 64 && timingSafeEqual(Buffer.from(hashOf(secret)), Buffer.from(stored));
}

// The browser that opened the link keeps its secret in this cookie (HttpOnly: no script reads it;
// `__Host-` and Secure over https, as the session cookie), and so goes on being shown the account.
// It lasts as long as the link: a new start makes a new link, and the cookie then opens nothing.
function demoCookie(secure: boolean) {
  return createCookie(secure ? "__Host-admin_demo" : "admin_demo", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: 30 * 24 * 60 * 60,
  });
}

/**
 * A browser opens the demo link: the Set-Cookie header that lets it see and use the demo account,
 * or null when the secret is not the current link's (or demo mode is not `local`).
 */
export async function openDemoLink(db: Db, secret: string, secure: boolean): Promise<string | null> {
  if (getConfig().demoMode !== "local" || !(await isCurrentLink(db, secret))) return null;
  return demoCookie(secure).serialize(secret);
}

/** Whether the demo account may be shown to, and used by, the browser that sent this Cookie header. */
export async function demoAllowed(db: Db, cookieHeader: string | null, secure: boolean): Promise<boolean> {
  const { demoMode } = getConfig();
  if (demoMode === "public") return true;
  if (demoMode !== "local") return false;
  const secret: unknown = await demoCookie(secure).parse(cookieHeader);
  return typeof secret === "string" && (await isCurrentLink(db, secret));
}

/**
 * What the sign-in page says of demo mode to this browser: the demo e-mail and password (and
 * whether this is a public demonstration, where no account can be made), "link"
 * (demo mode is on, but this browser has not opened the console's link), or null (no demo mode).
 */
export async function demoSignInFor(
  db: Db,
  cookieHeader: string | null,
  secure: boolean,
): Promise<{ email: string; password: string; publicDemo: boolean } | "link" | null> {
  const { demoMode } = getConfig();
  const [demo, password] = await Promise.all([findAdminByEmail(db, demoAdminEmail), getSetting(db, demoPasswordSetting)]);
  if (demo?.is_demo !== 1 || password === null || demoMode === "off") return null;
  if (!(await demoAllowed(db, cookieHeader, secure))) return "link";
  return { email: demoAdminEmail, password, publicDemo: demoMode === "public" };
}

export type OwnAccountResult = { ok: true; account: AdminAccount } | { ok: false; field: "email" | "password" | null; message: string };

export const demoEndedMessage = "Demo mode has ended: sign in with a real account.";

/**
 * "Make your own Owner account", the one account change the demo account may make: the first
 * real Owner, made in one transaction with the end of demo mode (the demo account, its sessions,
 * its password and its link go, as with any first real account). Two at once make one. Not in a
 * public demonstration (DEMO_MODE=public), where any visitor is the demo account.
 */
export async function makeOwnAccount(
  db: Db,
  demo: { id: string },
  input: { email: string; password: string },
  now = Date.now(),
): Promise<OwnAccountResult> {
  if (getConfig().demoMode !== "local") return { ok: false, field: null, message: publicDemoMessage };
  const email = normalizeEmail(input.email);
  if (email === demoAdminEmail) return { ok: false, field: "email", message: "Use an e-mail of your own, not the demo account's." };
  const weakness = passwordWeakness(input.password, email);
  if (weakness) return { ok: false, field: "password", message: weakness };
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx): Promise<OwnAccountResult> => {
    // The demo row is an Owner's: a second request waits here until the first is done.
    await lockOwners(trx);
    const stillDemo = await trx
      .selectFrom("admin_users")
      .select("id")
      .where("id", "=", demo.id)
      .where("is_demo", "=", 1)
      .executeTakeFirst();
    if (!stillDemo) return { ok: false, field: null, message: demoEndedMessage };
    if (await findAdminByEmail(trx, email)) return { ok: false, field: "email", message: `${email} has an account already.` };
    return { ok: true, account: await insertAdmin(trx, { email, passwordHash, role: "owner" }, "demo", now) };
  });
}
