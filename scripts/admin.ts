// `npm run admin -- <command>`: manage admin accounts from the server's shell.
//   create --email X [--role R] [--member ID]  new account, an owner unless R is editor, inbox or
//                              clinician (with the About page's staff id it keeps, e.g. staff-daniel-reyes;
//                              ends demo mode); the first account is an owner
//   demo-link                  a new sign-in link to the demo account (demo mode); the one before stops working
//   set-role --email X --role R [--member ID]  owner, editor, inbox or clinician (with --member)
//   reset-password --email X   new password; signs the account out everywhere
//   disable --email X          no more sign-ins; ends its sessions (enable undoes it)
//   two-factor-off --email X   turns off its two-step sign-in (a lost phone); ends its sessions
//   seal                       seals every inquiry, e-mail and two-step secret with the current ENCRYPTION_KEY (a rotation)
//   remove --email X           deletes the account and its sessions (the audit log keeps it)
//   list                       every account
// The password is asked for on the terminal without echo, or read from ADMIN_PASSWORD.
import "../http-shell/production-mode.ts";
import { parseArgs } from "node:util";
import { z } from "zod";
import {
  AdminAccountError,
  createAdmin,
  disableAdmin,
  enableAdmin,
  findAdminByEmail,
  firstAccountOwnerMessage,
  hasActiveOwner,
  listAdmins,
  normalizeEmail,
  removeAdmin,
  resetAdminPassword,
  setAdminRole,
} from "../app/staff/staff-accounts.server.ts";
import { adminPasswordSchema } from "../app/staff/passwords.ts";
import { staffRoleLabels, staffRoleSchema } from "../app/staff/staff-roles.ts";
import { getConfig } from "../app/server/config.server.ts";
import { closeDb, getDb } from "../app/server/db/db.server.ts";

const usage = `Usage:
  npm run admin -- create --email you@example.com [--role owner|editor|inbox|clinician] [--member staff-id]
  npm run admin -- set-role --email someone@example.com --role owner|editor|inbox|clinician [--member staff-id]
  npm run admin -- reset-password --email you@example.com
  npm run admin -- disable --email someone@example.com
  npm run admin -- two-factor-off --email someone@example.com
  npm run admin -- seal
  npm run admin -- enable --email someone@example.com
  npm run admin -- remove --email someone@example.com
  npm run admin -- list
  npm run admin -- demo-link
The password is asked for on the terminal, or read from the ADMIN_PASSWORD environment variable.
Roles: owner (everything, accounts), editor (pages and images, not inquiries), inbox (inquiries only).
The first account is an Owner. demo-link prints a new sign-in link to the demo account while the site
is in demo mode (the one before stops working); run it with the server's PORT or SITE_URL.`;

class UsageError extends Error {}

/** Reads a line from the terminal without showing what is typed. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) throw new UsageError("No terminal to ask for the password on: set ADMIN_PASSWORD.");
  // Raw mode before the prompt, so nothing typed after it is ever echoed.
  input.setRawMode(true);
  input.setEncoding("utf8");
  input.resume();
  process.stdout.write(question);
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off("data", onData);
      process.stdout.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return finish();
        if (char === "\u0003" || char === "\u0004") return finish(new UsageError("Cancelled."));
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on("data", onData);
  });
}

async function readNewPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  for (;;) {
    const password = await promptHidden("Password (at least 12 characters): ");
    const checked = adminPasswordSchema.safeParse(password);
    if (!checked.success) {
      console.error(checked.error.issues[0]?.message);
      continue;
    }
    if ((await promptHidden("Repeat the password: ")) === password) return password;
    console.error("The passwords do not match. Please try again.");
  }
}

function requireEmail(email: string | undefined): string {
  if (!email) throw new UsageError("Missing --email.");
  return email;
}

async function run(argv: Array<string>): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: "string" }, role: { type: "string" }, member: { type: "string" } },
  });
  const [command] = positionals;
  const db = await getDb();
  if (command === "create") {
    const email = requireEmail(values.email);
    // Checked before the password is asked for, so a typo costs no typing.
    const role = staffRoleSchema.parse(values.role ?? "owner");
    if (role !== "owner" && !(await hasActiveOwner(db))) throw new AdminAccountError(firstAccountOwnerMessage);
    const admin = await createAdmin(db, { email, password: await readNewPassword(), role, teamMember: values.member });
    console.log(`Created ${staffRoleLabels[role]} ${admin.email}. Demo mode is off.`);
  } else if (command === "set-role") {
    const email = requireEmail(values.email);
    if (!values.role) throw new UsageError("Missing --role.");
    const role = staffRoleSchema.parse(values.role);
    await setAdminRole(db, { email, role, teamMember: values.member });
    console.log(`${normalizeEmail(email)} is now ${staffRoleLabels[role]}.`);
  } else if (command === "reset-password") {
    const email = requireEmail(values.email);
    // Asked before the password, so a typo in the address costs no typing.
    if (!(await findAdminByEmail(db, email))) throw new AdminAccountError(`No admin has the e-mail ${email}.`);
    await resetAdminPassword(db, { email, password: await readNewPassword() });
    console.log(`New password set for ${normalizeEmail(email)}; its sessions were ended.`);
  } else if (command === "disable") {
    await disableAdmin(db, { email: requireEmail(values.email) });
    console.log(`Disabled ${normalizeEmail(values.email!)}: it can no longer sign in, and its sessions were ended.`);
  } else if (command === "two-factor-off") {
    // Loaded by the two commands that use them (a third of a second of the other commands' start).
    const { resetStaffTwoFactor } = await import("../app/staff/two-factor.server.ts");
    const admin = await resetStaffTwoFactor(db, { email: requireEmail(values.email) });
    console.log(`Two-step sign-in is off for ${admin.email}, and its sessions were ended.`);
  } else if (command === "seal") {
    const { getKeyring } = await import("../app/server/field-encryption.server.ts");
    const { sealStoredData } = await import("../app/operations/seal-stored.server.ts");
    const keyring = getKeyring();
    const sealed = await sealStoredData(db, keyring);
    console.log(
      `Sealed ${sealed.inquiries} inquiries, ${sealed.mail} e-mails and ${sealed.twoFactorSecrets} two-step secrets with the current key (${keyring.current.id}). None is left under an older key${sealed.scrubbed ? ", nor in the database's free space" : ""}.`,
    );
  } else if (command === "enable") {
    await enableAdmin(db, { email: requireEmail(values.email) });
    console.log(`Enabled ${normalizeEmail(values.email!)}: it can sign in again.`);
  } else if (command === "remove") {
    await removeAdmin(db, { email: requireEmail(values.email) });
    console.log(`Removed ${normalizeEmail(values.email!)} and ended its sessions.`);
  } else if (command === "demo-link") {
    const { demoAdminEmail, demoLinkLine, newDemoLink } = await import("../app/staff/demo-admin.server.ts");
    if ((await findAdminByEmail(db, demoAdminEmail))?.is_demo !== 1) {
      throw new AdminAccountError("There is no demo account: a real account exists, or the site has not been started in demo mode.");
    }
    console.log(demoLinkLine(getConfig().linkOrigin, await newDemoLink(db)));
    console.log("The link made before no longer works.");
  } else if (command === "list") {
    const admins = await listAdmins(db);
    if (admins.length === 0) console.log("No admin accounts.");
    for (const admin of admins) {
      const kind = `${admin.isDemo ? "demo" : admin.disabledAt ? "disabled" : "active"}${admin.twoFactorOn ? ", two-step sign-in" : ""}`;
      const role = admin.role ? staffRoleLabels[admin.role] : "unknown role";
      console.log(`${admin.email}\t${role}\t${kind}\tcreated ${admin.createdAt}`);
    }
  } else {
    throw new UsageError(command ? `Unknown command: ${command}` : "Missing command.");
  }
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  // Expected problems are one line; anything else keeps its stack trace.
  if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
  else if (error instanceof z.ZodError) console.error(error.issues.map((issue) => issue.message).join("\n"));
  else if (error instanceof AdminAccountError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
