import { randomUUID } from "node:crypto";
import { PostgresAdapter, sql } from "kysely";
import { adminEmailSchema } from "#app/staff/admin-email.ts";
import { adminPasswordSchema } from "#app/staff/passwords.ts";
import { type StaffRole, staffRoleLabels, staffRoleOf, staffRoleSchema } from "#app/staff/staff-roles.ts";
import { recordAudit } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { hashPassword } from "#app/server/password.server.ts";
import { deleteSetting } from "#app/server/site-settings.server.ts";
import { chooseTeamMemberMessage } from "#app/staff/staff-forms.ts";
import { linkedTeamMember } from "#app/staff/team-member-link.server.ts";

/** Where demo mode keeps the demo account's password (shared by every instance). */
export const demoPasswordSetting = "demo-admin-password";
/** Where demo mode keeps the SHA-256 of its sign-in link's secret (demo-admin.server.ts). */
export const demoLinkSetting = "demo-link-hash";

export type AdminAccount = {
  id: string;
  email: string;
  /** null: a role this version does not know (the account cannot sign in). */
  role: StaffRole | null;
  isDemo: boolean;
  createdAt: string;
  disabledAt: string | null;
  /** Two-step sign-in is on (app/staff/two-factor.server.ts). */
  twoFactorOn: boolean;
  /** A Clinician's team member (the About page's staff id), else null. */
  teamMember: string | null;
};

/** Who made a change to an account: an Owner in the admin, or nobody named (the CLI). */
export type Actor = { id: string; email: string };

export class AdminAccountError extends Error {
  override name = "AdminAccountError";
}

/** The same e-mail however it was typed: trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findAdminByEmail(db: Db, email: string) {
  return db
    .selectFrom("admin_users")
    .select(["id", "email", "password_hash", "is_demo", "disabled_at", "role", "totp_enabled_at", "team_member"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
}

export async function listAdmins(db: Db): Promise<Array<AdminAccount>> {
  const rows = await db
    .selectFrom("admin_users")
    .select(["id", "email", "role", "is_demo", "created_at", "disabled_at", "totp_enabled_at", "team_member"])
    .orderBy("email")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: staffRoleOf(row.role),
    isDemo: row.is_demo === 1,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
    twoFactorOn: row.totp_enabled_at !== null,
    teamMember: row.team_member,
  }));
}

export async function hasRealAdmin(db: Db): Promise<boolean> {
  const row = await db.selectFrom("admin_users").select("id").where("is_demo", "=", 0).limit(1).executeTakeFirst();
  return row !== undefined;
}

export const firstAccountOwnerMessage =
  "The first account must be an Owner: without one, nobody could manage the accounts. Create it without --role (an Owner), then invite the others.";

/**
 * Creates a real admin account, an Owner unless another role is given. The first one ends demo
 * mode: the demo account (and with it every demo session) is deleted. While no Owner can sign in,
 * only an Owner is made: another role would leave the site with nobody to manage it.
 */
export async function createAdmin(
  db: Db,
  input: { email: string; password: string; role?: StaffRole; teamMember?: string | undefined },
  now = Date.now(),
): Promise<AdminAccount> {
  const email = adminEmailSchema.parse(input.email);
  const password = adminPasswordSchema.parse(input.password);
  const role = staffRoleSchema.parse(input.role ?? "owner");
  const linked = await linkedTeamMember(db, role, input.teamMember);
  if (!linked.ok) throw new AdminAccountError(chooseTeamMemberMessage);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    await lockOwners(trx);
    if (await findAdminByEmail(trx, email)) throw new AdminAccountError(`An admin with the e-mail ${email} already exists.`);
    if (role !== "owner" && !(await hasActiveOwner(trx))) throw new AdminAccountError(firstAccountOwnerMessage);
    return insertAdmin(trx, { email, passwordHash, role, teamMember: linked.teamMember }, "cli", now);
  });
}

/**
 * Stores a new real account whose e-mail and password were checked already, and ends demo mode.
 * Made from the CLI (no one is named), by accepting an invitation, or from the demo account's
 * "Make your own Owner account" (the person themselves is named). Pass the transaction the
 * account is made in.
 */
export async function insertAdmin(
  db: Db,
  account: { email: string; passwordHash: string; role: StaffRole; teamMember?: string | null },
  via: "cli" | "invitation" | "demo",
  now = Date.now(),
): Promise<AdminAccount> {
  const id = randomUUID();
  const at = new Date(now).toISOString();
  const { email, role } = account;
  const teamMember = account.teamMember ?? null;
  await db
    .insertInto("admin_users")
    .values({ id, email, password_hash: account.passwordHash, role, team_member: teamMember, is_demo: 0, created_at: at, updated_at: at })
    .execute();
  const byThemselves = via !== "cli";
  await recordAudit(
    db,
    {
      action: "admin-created",
      admin: byThemselves ? { id, email } : null,
      target: email,
      details: { role, ...(teamMember ? { teamMember } : {}), ...(byThemselves ? { by: via } : {}) },
    },
    now,
  );
  await deleteDemoAdmins(db, now);
  return { id, email, role, isDemo: false, createdAt: at, disabledAt: null, twoFactorOn: false, teamMember };
}

/**
 * Gives an account a new password hash and ends its sessions, all but `keepSessionId` (the one
 * that changed it). Returns how many sessions ended. Pass the transaction it belongs to.
 */
export async function replacePassword(
  db: Db,
  adminId: string,
  passwordHash: string,
  keepSessionId: string | null,
  now = Date.now(),
): Promise<number> {
  await db
    .updateTable("admin_users")
    .set({ password_hash: passwordHash, updated_at: new Date(now).toISOString() })
    .where("id", "=", adminId)
    .execute();
  let ending = db.deleteFrom("admin_sessions").where("admin_id", "=", adminId);
  if (keepSessionId !== null) ending = ending.where("id", "!=", keepSessionId);
  return Number((await ending.executeTakeFirst()).numDeletedRows);
}

export const lastOwnerMessage = "At least one owner must be able to sign in: make another account an owner first.";

/**
 * On PostgreSQL, locks the owners' rows for the rest of the transaction: every change that could
 * leave the site without an Owner, or that counts on one, takes this lock first, so two of them
 * cannot interleave. SQLite has one writer at a time.
 */
export async function lockOwners(trx: Db): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select id from admin_users where role = 'owner' for update`.execute(trx);
  }
}

/**
 * Runs `change` on the account with this e-mail (AdminAccountError when there is none) in a
 * transaction in which no other change to the owners can interleave (lockOwners). So two owners
 * disabling each other at once cannot both pass the check that one owner remains.
 */
async function changeAccount<T>(db: Db, email: string, change: (trx: Db, account: AdminRow) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockOwners(trx);
    return change(trx, await requireAccount(trx, email));
  });
}

/** Real, enabled accounts with the Owner's role: those who can manage the site. */
function activeOwners(db: Db) {
  return db.selectFrom("admin_users").select("id").where("role", "=", "owner").where("is_demo", "=", 0).where("disabled_at", "is", null);
}

/** Whether the account with this e-mail is an active Owner (a real, enabled account with the Owner's role). */
export async function isActiveOwner(db: Db, email: string): Promise<boolean> {
  return (await activeOwners(db).where("email", "=", normalizeEmail(email)).executeTakeFirst()) !== undefined;
}

/** Whether any active Owner exists. */
export async function hasActiveOwner(db: Db): Promise<boolean> {
  return (await activeOwners(db).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Deletes the open invitations this person made, once they may no longer invite (demoted,
 * disabled or removed): an e-mail given to someone else later cannot bring them back. Returns
 * how many went.
 */
async function withdrawInvitesBy(trx: Db, email: string): Promise<number> {
  const result = await trx
    .deleteFrom("account_links")
    .where("kind", "=", "invite")
    .where("created_by", "=", email)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The audit details of a change that withdrew someone's open invitations. */
function withdrawnDetails(count: number): { invitesWithdrawn: number } | undefined {
  return count > 0 ? { invitesWithdrawn: count } : undefined;
}

/** Refuses (AdminAccountError) when `account` is the last owner who can sign in. */
async function requireAnotherOwner(trx: Db, account: AdminRow): Promise<void> {
  if (account.role !== "owner" || account.disabled_at !== null) return;
  const other = await activeOwners(trx).where("id", "<>", account.id).limit(1).executeTakeFirst();
  if (!other) throw new AdminAccountError(lastOwnerMessage);
}

/**
 * Gives an account another role (a Clinician with the team member whose profile they keep, or
 * another member); the last owner who can sign in keeps theirs.
 */
export async function setAdminRole(
  db: Db,
  input: { email: string; role: StaffRole; teamMember?: string | undefined; by?: Actor },
  now = Date.now(),
): Promise<void> {
  const role = staffRoleSchema.parse(input.role);
  const linked = await linkedTeamMember(db, role, input.teamMember);
  if (!linked.ok) throw new AdminAccountError(chooseTeamMemberMessage);
  const { teamMember } = linked;
  await changeAccount(db, input.email, async (trx, account) => {
    if (account.role === role && account.team_member === teamMember)
      throw new AdminAccountError(`${account.email} is already ${staffRoleLabels[role]}.`);
    if (role !== "owner") await requireAnotherOwner(trx, account);
    await trx
      .updateTable("admin_users")
      .set({ role, team_member: teamMember, updated_at: new Date(now).toISOString() })
      .where("id", "=", account.id)
      .execute();
    const withdrawn = role === "owner" ? 0 : await withdrawInvitesBy(trx, account.email);
    await recordAudit(
      trx,
      {
        action: "admin-role-changed",
        admin: input.by ?? null,
        target: account.email,
        details: { from: account.role, to: role, ...(teamMember ? { teamMember } : {}), ...withdrawnDetails(withdrawn) },
      },
      now,
    );
  });
}

/** An account as sign-in and the account changes read it. */
export type AdminRow = NonNullable<Awaited<ReturnType<typeof findAdminByEmail>>>;

async function requireAccount(db: Db, input: string): Promise<AdminRow> {
  const email = adminEmailSchema.parse(input);
  const admin = await findAdminByEmail(db, email);
  if (!admin) throw new AdminAccountError(`No admin has the e-mail ${email}.`);
  return admin;
}

/** Sets a new password and signs the account out everywhere. */
export async function resetAdminPassword(db: Db, input: { email: string; password: string }, now = Date.now()): Promise<void> {
  const password = adminPasswordSchema.parse(input.password);
  const admin = await requireAccount(db, input.email);
  await replacePassword(db, admin.id, await hashPassword(password), null, now);
  await recordAudit(db, { action: "admin-password-reset", target: admin.email }, now);
}

/** Stops an account from signing in and ends its sessions; its history stays in the audit log. */
export async function disableAdmin(db: Db, input: { email: string; by?: Actor }, now = Date.now()): Promise<void> {
  const { admin, withdrawn } = await changeAccount(db, input.email, async (trx, admin) => {
    await requireAnotherOwner(trx, admin);
    await trx
      .updateTable("admin_users")
      .set({ disabled_at: new Date(now).toISOString() })
      .where("id", "=", admin.id)
      .execute();
    await trx.deleteFrom("admin_sessions").where("admin_id", "=", admin.id).execute();
    return { admin, withdrawn: await withdrawInvitesBy(trx, admin.email) };
  });
  await recordAudit(
    db,
    { action: "admin-disabled", admin: input.by ?? null, target: admin.email, details: withdrawnDetails(withdrawn) },
    now,
  );
}

/** Lets a disabled account sign in again. */
export async function enableAdmin(db: Db, input: { email: string; by?: Actor }, now = Date.now()): Promise<void> {
  const admin = await requireAccount(db, input.email);
  await db.updateTable("admin_users").set({ disabled_at: null }).where("id", "=", admin.id).execute();
  await recordAudit(db, { action: "admin-enabled", admin: input.by ?? null, target: admin.email }, now);
}

/** Deletes an account with its sessions and known addresses (the audit log keeps its e-mail). */
export async function removeAdmin(db: Db, input: { email: string; by?: Actor }, now = Date.now()): Promise<void> {
  // Explicit deletes: a SQLite connection might not have foreign keys (and cascades) switched on.
  const { admin, withdrawn } = await changeAccount(db, input.email, async (trx, admin) => {
    await requireAnotherOwner(trx, admin);
    await trx.deleteFrom("admin_sessions").where("admin_id", "=", admin.id).execute();
    await trx.deleteFrom("admin_sign_in_addresses").where("admin_id", "=", admin.id).execute();
    await trx.deleteFrom("admin_users").where("id", "=", admin.id).execute();
    return { admin, withdrawn: await withdrawInvitesBy(trx, admin.email) };
  });
  await recordAudit(
    db,
    { action: "admin-removed", admin: input.by ?? null, target: admin.email, details: withdrawnDetails(withdrawn) },
    now,
  );
}

// An address an account signed in from within this time counts as its usual one.
const usualAddressMs = 90 * 24 * 60 * 60 * 1000;

/** Notes that `adminId` signed in from `address`. */
export async function rememberSignInAddress(db: Db, adminId: string, address: string, now = Date.now()): Promise<void> {
  const at = new Date(now).toISOString();
  await db
    .insertInto("admin_sign_in_addresses")
    .values({ admin_id: adminId, address, last_signed_in_at: at })
    .onConflict((conflict) => conflict.columns(["admin_id", "address"]).doUpdateSet({ last_signed_in_at: at }))
    .execute();
}

/** Whether `adminId` signed in from `address` in the last 90 days. */
export async function isUsualSignInAddress(db: Db, adminId: string, address: string, now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom("admin_sign_in_addresses")
    .select("address")
    .where("admin_id", "=", adminId)
    .where("address", "=", address)
    .where("last_signed_in_at", ">", new Date(now - usualAddressMs).toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates the demo account, or gives the existing one this password. One statement, so that
 * instances starting at once on one database never trip over each other's insert.
 */
export async function upsertDemoAdmin(db: Db, email: string, password: string, now = Date.now()): Promise<void> {
  const at = new Date(now).toISOString();
  const passwordHash = await hashPassword(password);
  const row = await db
    .insertInto("admin_users")
    .values({ id: randomUUID(), email: normalizeEmail(email), password_hash: passwordHash, is_demo: 1, created_at: at, updated_at: at })
    .onConflict((conflict) =>
      conflict.column("email").doUpdateSet({ password_hash: passwordHash, updated_at: at }).where("admin_users.is_demo", "=", 1),
    )
    .returning("created_at")
    .executeTakeFirst();
  if (!row) throw new AdminAccountError(`${email} is a real account, not the demo account.`);
  if (row.created_at === at) await recordAudit(db, { action: "demo-admin-created", target: email }, now);
}

/** Ends demo mode: the demo account, its sessions, its stored password and its sign-in link go. */
export async function deleteDemoAdmins(db: Db, now = Date.now()): Promise<void> {
  // Sessions are deleted explicitly too: PostgreSQL cascades, but a SQLite connection might
  // not have foreign keys switched on.
  const demos = await db.selectFrom("admin_users").select(["id", "email"]).where("is_demo", "=", 1).execute();
  for (const demo of demos) {
    await db.deleteFrom("admin_sessions").where("admin_id", "=", demo.id).execute();
    await db.deleteFrom("admin_users").where("id", "=", demo.id).execute();
    await recordAudit(db, { action: "demo-admin-deleted", target: demo.email }, now);
  }
  await deleteSetting(db, demoPasswordSetting);
  await deleteSetting(db, demoLinkSetting);
}
