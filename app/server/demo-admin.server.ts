import { randomBytes } from "node:crypto";
import { deleteDemoAdmins, demoPasswordSetting, findAdminByEmail, hasRealAdmin, upsertDemoAdmin } from "./admin-users.server.ts";
import { getConfig } from "./config.server.ts";
import { log as serverLog } from "./log.server.ts";
import type { Db } from "./db/db.server.ts";
import { verifyPassword } from "./password.server.ts";
import { getOrCreateSetting, getSetting } from "./site-settings.server.ts";

export const demoAdminEmail = "demo@redcliffscounseling.example";

/**
 * Demo mode (DEMO_MODE): while no real admin exists, a demo account lets whoever runs the site
 * try the admin. Its password is made once and kept in the database, so every instance shows
 * the same working password and a restart (or a start that fails) never changes it. Once a
 * real account exists, or with DEMO_MODE=off, the demo account and its password are deleted.
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
  const shownTo = demoMode === "public" ? "anyone (DEMO_MODE=public)" : "this machine only";
  log(
    `Admin demo mode: sign in at ${linkOrigin}/admin/login as ${demoAdminEmail} with password ${password} ` +
      `(shown on that page to ${shownTo}; create a real account with: npm run admin -- create --email you@example.com)`,
  );
}

/** Whether the demo account may be used (and its password shown) by a client; `local`: the client is this machine. */
export function demoSignInAllowed(local: boolean): boolean {
  const { demoMode } = getConfig();
  return demoMode === "public" || (demoMode === "local" && local);
}

/** The demo credentials to show a client (`local`: this machine), or null (not in demo mode, or not here). */
export async function getDemoCredentials(db: Db, local: boolean): Promise<{ email: string; password: string } | null> {
  if (!demoSignInAllowed(local)) return null;
  const [demo, password] = await Promise.all([findAdminByEmail(db, demoAdminEmail), getSetting(db, demoPasswordSetting)]);
  if (demo?.is_demo !== 1 || password === null) return null;
  return { email: demoAdminEmail, password };
}
