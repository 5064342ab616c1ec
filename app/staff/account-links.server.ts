import { createHash, randomBytes, randomUUID } from "node:crypto";
import { practice } from "#app/content/practice.ts";
import {
  type Actor,
  type AdminRow,
  findAdminByEmail,
  insertAdmin,
  isActiveOwner,
  lockOwners,
  normalizeEmail,
  replacePassword,
} from "#app/staff/staff-accounts.server.ts";
import { recordAudit } from "#app/server/audit.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { enqueueMail, wakeOutbox } from "#app/server/outbox.server.ts";
import { hashPassword } from "#app/server/password.server.ts";
import { hitRateLimit } from "#app/server/rate-limit.server.ts";
import { passwordWeakness } from "./password-strength.server.ts";
import { chooseTeamMemberMessage, type LinkKind, usedLinkMessage } from "./staff-forms.ts";
import { type StaffRole, staffRoleLabels, staffRoleOf } from "./staff-roles.ts";
import { linkedTeamMember } from "./team-member-link.server.ts";

/**
 * One-time links for staff accounts: an Owner's invitation, which makes an account with the role
 * it names, and a link to set a new password, made by an Owner ("Reset password") or asked for on
 * the sign-in page ("Forgot your password?"). The secret is in the link only; the database keeps
 * its SHA-256. A link is used once: claimed in one conditional statement, in the transaction that
 * sets the password, so two uses at once cannot both pass.
 */

const hourMs = 60 * 60 * 1000;
export const inviteLifetimeMs = 24 * hourMs;
/** A link an Owner made for someone: a day to find the mail. */
const ownerResetLifetimeMs = 24 * hourMs;
/** A link asked for from the sign-in page: whoever asked is at their mailbox now. */
export const forgotResetLifetimeMs = hourMs;

const linkPaths: Record<LinkKind, string> = { invite: "/admin/invite/", reset: "/admin/reset-password/" };

function linkIdOf(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Whether `secret` has the shape of a link's secret (43 characters of base64url). */
function isLinkSecret(secret: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(secret);
}

/** Stores a new link (earlier unused ones of its kind for the same e-mail stop working); returns its address. */
async function storeLink(
  trx: Db,
  link: { kind: LinkKind; email: string; role: StaffRole | null; teamMember?: string | null; createdBy: string | null; lifetimeMs: number },
  now: number,
): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  await trx
    .deleteFrom("account_links")
    .where("email", "=", link.email)
    .where("kind", "=", link.kind)
    .where("used_at", "is", null)
    .execute();
  await trx
    .insertInto("account_links")
    .values({
      id: linkIdOf(secret),
      kind: link.kind,
      email: link.email,
      role: link.role,
      team_member: link.teamMember ?? null,
      created_by: link.createdBy,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + link.lifetimeMs).toISOString(),
      used_at: null,
    })
    .execute();
  return `${getConfig().linkOrigin}${linkPaths[link.kind]}${secret}`;
}

function lifetimeText(ms: number): string {
  return ms >= 24 * hourMs ? "24 hours" : "one hour";
}

export type MadeLink = { ok: true; url: string; expiresAt: string } | { ok: false; message: string };

export const onlyOwnersInviteMessage = "Only an Owner can invite: ask one to do it.";

/**
 * An active Owner invites a staff member: a link that makes their account, with `role`, once they
 * choose a password (valid 24 hours, once, while its Owner stays one). It is mailed to them and
 * shown to the Owner to pass on. The demo account, or an Owner demoted meanwhile, invites nobody.
 */
export async function inviteStaff(
  db: Db,
  owner: Actor,
  input: { email: string; role: StaffRole; teamMember?: string | undefined },
  now = Date.now(),
): Promise<MadeLink> {
  const email = normalizeEmail(input.email);
  if (await findAdminByEmail(db, email)) return { ok: false, message: `${email} has an account already.` };
  const linked = await linkedTeamMember(db, input.role, input.teamMember);
  if (!linked.ok) return { ok: false, message: chooseTeamMemberMessage };
  const { teamMember } = linked;
  const url = await db.transaction().execute(async (trx) => {
    // In step with a demotion, disabling or removal of the Owner (lockOwners), which withdraws
    // their open invitations: none made at the same moment outlives it.
    await lockOwners(trx);
    if (!(await isActiveOwner(trx, owner.email))) return null;
    const address = await storeLink(
      trx,
      { kind: "invite", email, role: input.role, teamMember, createdBy: owner.email, lifetimeMs: inviteLifetimeMs },
      now,
    );
    await enqueueMail(
      trx,
      {
        kind: "staff-invite",
        referenceId: null,
        to: [email],
        subject: `You are invited to the ${practice.shortName} admin`,
        text: [
          `${owner.email} invited you to the ${practice.name} website's admin, as ${staffRoleLabels[input.role]}.`,
          "",
          `Choose your password here (the link works once, for ${lifetimeText(inviteLifetimeMs)}):`,
          address,
          "",
          "If you did not expect this, ignore this message: no account is made without the link.",
        ].join("\n"),
      },
      new Date(now),
    );
    const details = { role: input.role, ...(teamMember ? { teamMember } : {}) };
    await recordAudit(trx, { action: "staff-invited", admin: owner, target: email, details }, now);
    return address;
  });
  if (url === null) return { ok: false, message: onlyOwnersInviteMessage };
  wakeOutbox();
  return { ok: true, url, expiresAt: new Date(now + inviteLifetimeMs).toISOString() };
}

function resetMailText(address: string, lifetimeMs: number, byOwner: string | null): string {
  const why = byOwner
    ? `${byOwner} reset your password for the ${practice.name} website's admin: the old one no longer works, and you were signed out.`
    : `Someone asked to set a new password for your account on the ${practice.name} website's admin.`;
  return [
    why,
    "",
    `Choose a new password here (the link works once, for ${lifetimeText(lifetimeMs)}):`,
    address,
    "",
    byOwner ? "Ask them if you did not expect this." : "If it was not you, ignore this message: your password stays as it is.",
  ].join("\n");
}

/**
 * An Owner resets another account's password: its old password stops working, its sessions end,
 * and a link to choose a new one (24 hours, once) is mailed to it and shown to the Owner.
 */
export async function resetStaffPassword(db: Db, owner: Actor, input: { email: string }, now = Date.now()): Promise<MadeLink> {
  const account = await findAdminByEmail(db, input.email);
  if (!account) return { ok: false, message: "That account no longer exists." };
  if (account.id === owner.id) return { ok: false, message: "Change your own password on Your Account." };
  if (account.is_demo === 1) return { ok: false, message: "The demo account's password cannot be reset." };
  const url = await db.transaction().execute(async (trx) => {
    // Not a hash (verifyPassword never matches it): no password opens the account until the link is used.
    await replacePassword(trx, account.id, `reset ${randomUUID()}`, null, now);
    const address = await storeLink(
      trx,
      { kind: "reset", email: account.email, role: null, createdBy: owner.email, lifetimeMs: ownerResetLifetimeMs },
      now,
    );
    await enqueueMail(
      trx,
      {
        kind: "password-reset",
        referenceId: account.id,
        to: [account.email],
        subject: `Your password for the ${practice.shortName} admin was reset`,
        text: resetMailText(address, ownerResetLifetimeMs, owner.email),
      },
      new Date(now),
    );
    await recordAudit(trx, { action: "admin-password-reset", admin: owner, target: account.email, details: { by: "link" } }, now);
    return address;
  });
  wakeOutbox();
  return { ok: true, url, expiresAt: new Date(now + ownerResetLifetimeMs).toISOString() };
}

// "Forgot your password?" mails at most this many links an hour to one account, and takes this
// many requests an hour from one address: enough for a person, too few to flood a mailbox.
const forgotLimits = { account: 3, address: 10 } as const;

/**
 * "Forgot your password?": mails a link (one hour, once) to the account with this e-mail, if there
 * is one that may sign in. Run after the answer (password-reset-queue.server.ts), which is the same
 * whatever happens here, so the form tells no one which e-mails have accounts, by its words or its time.
 */
export async function requestPasswordReset(db: Db, input: { email: string; address: string }, now = Date.now()): Promise<void> {
  const email = normalizeEmail(input.email);
  const [byAddress, byAccount] = await Promise.all([
    hitRateLimit(db, `forgot-password:address:${input.address}`, forgotLimits.address, hourMs, now),
    hitRateLimit(db, `forgot-password:email:${email}`, forgotLimits.account, hourMs, now),
  ]);
  const account = await findAdminByEmail(db, email);
  const mailed = byAddress.allowed && byAccount.allowed && account !== undefined && account.disabled_at === null && account.is_demo === 0;
  await db.transaction().execute(async (trx) => {
    if (mailed) {
      const address = await storeLink(trx, { kind: "reset", email, role: null, createdBy: null, lifetimeMs: forgotResetLifetimeMs }, now);
      await enqueueMail(
        trx,
        {
          kind: "password-reset",
          referenceId: account.id,
          to: [email],
          subject: `Set a new password for the ${practice.shortName} admin`,
          text: resetMailText(address, forgotResetLifetimeMs, null),
        },
        new Date(now),
      );
    }
    const reason = mailed ? "mailed" : !byAddress.allowed || !byAccount.allowed ? "throttled" : "no-account";
    await recordAudit(trx, { action: "password-reset-requested", target: email, details: { address: input.address, reason } }, now);
  });
  if (mailed) wakeOutbox();
}

type OpenLink = { kind: LinkKind; email: string; role: StaffRole | null; teamMember: string | null; createdBy: string | null };

/**
 * Links not used yet and not expired; an invitation only while the Owner who made it is still an
 * active Owner (a real, enabled account with the Owner's role, found by the e-mail it was made with).
 */
function openLinks(db: Db, now: number) {
  return db
    .selectFrom("account_links")
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date(now).toISOString())
    .where((eb) =>
      eb.or([
        eb("kind", "!=", "invite"),
        eb.exists(
          eb
            .selectFrom("admin_users")
            .select("admin_users.id")
            .whereRef("admin_users.email", "=", "account_links.created_by")
            .where("admin_users.role", "=", "owner")
            .where("admin_users.is_demo", "=", 0)
            .where("admin_users.disabled_at", "is", null),
        ),
      ]),
    );
}

/** The link with this secret, if it can still be used. */
export async function findOpenLink(db: Db, kind: LinkKind, secret: string, now = Date.now()): Promise<OpenLink | null> {
  if (!isLinkSecret(secret)) return null;
  const row = await openLinks(db, now)
    .select(["email", "role", "team_member", "created_by"])
    .where("id", "=", linkIdOf(secret))
    .where("kind", "=", kind)
    .executeTakeFirst();
  if (!row) return null;
  const role = row.role === null ? null : staffRoleOf(row.role);
  return { kind, email: row.email, role, teamMember: row.team_member, createdBy: row.created_by };
}

/** The account a link was used for: what signing it in needs (auth.server.ts), with its new password's hash. */
type LinkedAccount = Pick<AdminRow, "id" | "email" | "role" | "is_demo" | "password_hash" | "totp_enabled_at">;

type UsedLink = { ok: true; account: LinkedAccount } | { ok: false; field: "password" | null; message: string };

/**
 * Uses a link with the password its holder chose: an invitation makes the account, if the Owner
 * who made it still is one (checked in the transaction that makes it, in step with any change to
 * the owners); a reset sets the account's new password and ends every session it had. Either way
 * the link is spent.
 */
export async function useLink(db: Db, kind: LinkKind, secret: string, password: string, now = Date.now()): Promise<UsedLink> {
  const link = await findOpenLink(db, kind, secret, now);
  if (!link) return { ok: false, field: null, message: usedLinkMessage };
  const weakness = passwordWeakness(password, link.email);
  if (weakness) return { ok: false, field: "password", message: weakness };
  const passwordHash = await hashPassword(password);
  const at = new Date(now).toISOString();
  return db.transaction().execute(async (trx): Promise<UsedLink> => {
    if (kind === "invite") {
      await lockOwners(trx);
      if (link.createdBy === null || !(await isActiveOwner(trx, link.createdBy)))
        return { ok: false, field: null, message: usedLinkMessage };
    }
    const claimed = await trx
      .updateTable("account_links")
      .set({ used_at: at })
      .where("id", "=", linkIdOf(secret))
      .where("used_at", "is", null)
      .where("expires_at", ">", at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return { ok: false, field: null, message: usedLinkMessage };
    const existing = await findAdminByEmail(trx, link.email);
    if (kind === "invite") {
      if (existing) return { ok: false, field: null, message: `${link.email} has an account already: sign in with it.` };
      const role = link.role ?? "editor";
      const made = await insertAdmin(trx, { email: link.email, passwordHash, role, teamMember: link.teamMember }, "invitation", now);
      return {
        ok: true,
        account: { id: made.id, email: made.email, role, is_demo: 0, password_hash: passwordHash, totp_enabled_at: null },
      };
    }
    if (!existing || existing.disabled_at !== null) return { ok: false, field: null, message: usedLinkMessage };
    await replacePassword(trx, existing.id, passwordHash, null, now);
    await recordAudit(trx, { action: "password-reset-by-link", admin: { id: existing.id, email: existing.email } }, now);
    return { ok: true, account: { ...existing, password_hash: passwordHash } };
  });
}

type OpenInvite = { email: string; role: StaffRole | null; teamMember: string | null; createdBy: string | null; expiresAt: string };

/** Invitations that can still be used, the newest first. */
export async function listOpenInvites(db: Db, now = Date.now()): Promise<Array<OpenInvite>> {
  const rows = await openLinks(db, now)
    .select(["email", "role", "team_member", "created_by", "expires_at"])
    .where("kind", "=", "invite")
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({
    email: row.email,
    role: row.role === null ? null : staffRoleOf(row.role),
    teamMember: row.team_member,
    createdBy: row.created_by,
    expiresAt: row.expires_at,
  }));
}

/**
 * An Owner withdraws the open invitation for `email`: its link stops working at once. Audited as
 * its own action; false when there was none to withdraw (used, expired, or withdrawn already).
 */
export async function withdrawInvite(db: Db, owner: Actor, email: string, now = Date.now()): Promise<boolean> {
  const invitee = normalizeEmail(email);
  return db.transaction().execute(async (trx) => {
    const open = await openLinks(trx, now).select("role").where("kind", "=", "invite").where("email", "=", invitee).executeTakeFirst();
    if (!open) return false;
    await trx.deleteFrom("account_links").where("kind", "=", "invite").where("email", "=", invitee).where("used_at", "is", null).execute();
    await recordAudit(trx, { action: "staff-invite-withdrawn", admin: owner, target: invitee, details: { role: open.role } }, now);
    return true;
  });
}
