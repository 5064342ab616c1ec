import { randomBytes } from "node:crypto";
import { deleteDemoAdmins, findAdminByEmail, hasRealAdmin, upsertDemoAdmin } from "./admin-users.server.ts";

export const demoAdminEmail = "demo@redcliffscounseling.example";

// Held in this process only and new on every start: it is never stored in clear anywhere.
let demoPassword: string | null = null;

/**
 * Embedded demo mode: while no real admin exists, a demo account with a fresh random password
 * lets anyone who runs the site try the admin (the login page shows the credentials). Once a
 * real account exists the demo account is removed.
 */
export async function startDemoMode(log: (message: string) => void = console.log): Promise<void> {
  if (await hasRealAdmin()) {
    demoPassword = null;
    await deleteDemoAdmins();
    return;
  }
  const password = randomBytes(12).toString("base64url");
  await upsertDemoAdmin(demoAdminEmail, password);
  demoPassword = password;
  log(
    `Admin demo mode: sign in at /admin/login as ${demoAdminEmail} with password ${password} ` +
      `(create a real account with: npm run admin -- create --email you@example.com)`,
  );
}

/** The demo credentials to show on the login page, or null once demo mode has ended. */
export async function getDemoCredentials(): Promise<{ email: string; password: string } | null> {
  if (!demoPassword) return null;
  const demo = await findAdminByEmail(demoAdminEmail);
  if (demo?.is_demo !== 1) return null;
  return { email: demoAdminEmail, password: demoPassword };
}
