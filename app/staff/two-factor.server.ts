import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { practice } from "#app/content/practice.ts";
import { type Actor, type AdminRow, AdminAccountError, findAdminByEmail } from "#app/staff/staff-accounts.server.ts";
import { recordAudit } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import type { AdminIdentity } from "#app/staff/session.server.ts";
import { getKeyring, isSealedWithCurrent, type Keyring, open, seal } from "#app/server/field-encryption.server.ts";
import { isTwoFactorRequired, setSetting, twoFactorRequiredSetting } from "#app/server/site-settings.server.ts";
import { checkOwnPassword } from "./own-account.server.ts";
import { demoTwoFactorMessage, requiredTwoFactorMessage } from "./two-factor-forms.ts";

/**
 * Two-step sign-in with an authenticator app: TOTP (RFC 6238: SHA-1, 6 digits, 30 seconds, the
 * defaults every authenticator app reads from a QR code) by the otpauth library, and ten
 * recovery codes for a lost phone. A code is accepted for the current 30 seconds and one step
 * either side (a phone's clock a little off), and only once: the last step used is stored, and
 * moved on by one conditional UPDATE, so a code seen over a shoulder, or sent twice at once,
 * signs in once. An Owner can require it for every account (`twoFactorRequiredSetting`).
 * See docs/decisions/035-two-step-sign-in.md.
 */

const period = 30;
/** A code for one step before or after now is accepted (RFC 6238 section 5.2's resynchronisation). */
const acceptedSkewSteps = 1;
const recoveryCodeCount = 10;
// 32 letters and digits with the look-alikes (l, o, 0, 1) left out: 10 of them are 50 bits.
const recoveryAlphabet = "abcdefghijkmnpqrstuvwxyz23456789";

export const wrongCodeMessage = "That code is not right. Check that your phone's time is set automatically, then enter the code shown now.";
function totpOf(secret: string, email: string): TOTP {
  return new TOTP({ issuer: practice.name, label: email, algorithm: "SHA1", digits: 6, period, secret: Secret.fromBase32(secret) });
}

/** The time step `code` is right for (now's, or one either side), or null. */
function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret, "").validate({ token: code, timestamp: now, window: acceptedSkewSteps });
  return delta === null ? null : Math.floor(now / 1000 / period) + delta;
}

// The secret is stored sealed (field-encryption.server.ts), as what visitors write is: a copy of
// the database gives no one the codes. Being set up and confirmed, it is sealed for one place.
const secretWhere = (adminId: string) => `admin_users.totp_secret:${adminId}`;

/**
 * Seals again, with the current key, every TOTP secret not sealed with it (a key rotation, or
 * one stored before sealing began), each only if unchanged since read. Returns how many.
 */
export async function sealStoredTwoFactorSecrets(db: Db, keyring: Keyring = getKeyring()): Promise<number> {
  const rows = await db
    .selectFrom("admin_users")
    .select(["id", "totp_secret", "totp_pending_secret"])
    .where((eb) => eb.or([eb("totp_secret", "is not", null), eb("totp_pending_secret", "is not", null)]))
    .execute();
  let sealed = 0;
  for (const row of rows) {
    for (const column of ["totp_secret", "totp_pending_secret"] as const) {
      const stored = row[column];
      if (stored === null || isSealedWithCurrent(keyring, stored)) continue;
      const updated = await db
        .updateTable("admin_users")
        .set({ [column]: seal(keyring, open(keyring, stored, secretWhere(row.id)), secretWhere(row.id)) })
        .where("id", "=", row.id)
        .where(column, "=", stored)
        .executeTakeFirst();
      sealed += Number(updated.numUpdatedRows);
    }
  }
  return sealed;
}

function hashOf(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

function newRecoveryCode(): string {
  return Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join("");
}

/** A recovery code as shown: two groups of five. */
function shown(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

type TwoFactorState = {
  enabledAt: string | null;
  /** Being set up: what the authenticator app is given (a QR code, or the key typed in). */
  setup: { key: string; qrSvg: string } | null;
  recoveryCodesLeft: number;
  required: boolean;
  isDemo: boolean;
};

export async function twoFactorStateOf(db: Db, admin: AdminIdentity): Promise<TwoFactorState> {
  const [account, codes, required] = await Promise.all([
    db.selectFrom("admin_users").select(["totp_enabled_at", "totp_pending_secret"]).where("id", "=", admin.id).executeTakeFirstOrThrow(),
    db
      .selectFrom("admin_recovery_codes")
      .select((eb) => eb.fn.countAll<number | string>().as("left"))
      .where("admin_id", "=", admin.id)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow(),
    isTwoFactorRequired(db),
  ]);
  const sealedPending = account.totp_enabled_at === null ? account.totp_pending_secret : null;
  const pending = sealedPending === null ? null : open(getKeyring(), sealedPending, secretWhere(admin.id));
  return {
    enabledAt: account.totp_enabled_at,
    setup: pending
      ? {
          key: pending.replace(/(.{4})/g, "$1 ").trim(),
          qrSvg: await QRCode.toString(totpOf(pending, admin.email).toString(), { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
        }
      : null,
    recoveryCodesLeft: Number(codes.left),
    required,
    isDemo: admin.twoFactor === "demo",
  };
}

type TwoFactorRefusal = { ok: false; field: "code" | "current" | ""; message: string };

/** Begins setting up: a new secret, shown until a code from it confirms it (a new start replaces it). */
export async function startTwoFactorSetup(db: Db, admin: AdminIdentity): Promise<{ ok: true } | TwoFactorRefusal> {
  const updated = await db
    .updateTable("admin_users")
    .set({ totp_pending_secret: seal(getKeyring(), new Secret({ size: 20 }).base32, secretWhere(admin.id)) })
    .where("id", "=", admin.id)
    .where("is_demo", "=", 0)
    .where("totp_enabled_at", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 1) return { ok: true };
  return { ok: false, field: "", message: admin.twoFactor === "demo" ? demoTwoFactorMessage : "Two-step sign-in is already on." };
}

export async function cancelTwoFactorSetup(db: Db, admin: AdminIdentity): Promise<void> {
  await db.updateTable("admin_users").set({ totp_pending_secret: null }).where("id", "=", admin.id).execute();
}

/** Replaces the account's recovery codes by ten new ones; returns them (shown once, stored hashed). */
async function replaceRecoveryCodes(db: Db, adminId: string, now: number): Promise<Array<string>> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await db.deleteFrom("admin_recovery_codes").where("admin_id", "=", adminId).execute();
  await db
    .insertInto("admin_recovery_codes")
    .values(codes.map((code) => ({ code_hash: hashOf(code), admin_id: adminId, created_at: new Date(now).toISOString(), used_at: null })))
    .execute();
  return codes.map(shown);
}

/**
 * Turns two-step sign-in on with the secret being set up, once a code from the app proves it
 * was scanned and the current password proves who asks. Returns the ten recovery codes.
 */
export async function confirmTwoFactor(
  db: Db,
  admin: AdminIdentity,
  input: { code: string; current: string },
  now = Date.now(),
): Promise<{ ok: true; recoveryCodes: Array<string> } | TwoFactorRefusal> {
  const refusal = await checkOwnPassword(db, admin, input.current, "two-factor-change-refused", now);
  if (refusal) return { ok: false, field: "current", message: refusal };
  const account = await db.selectFrom("admin_users").select("totp_pending_secret").where("id", "=", admin.id).executeTakeFirst();
  const sealed = account?.totp_pending_secret;
  if (!sealed) return { ok: false, field: "", message: "Nothing is being set up now: press Set up two-step sign-in again." };
  const step = stepOfCode(open(getKeyring(), sealed, secretWhere(admin.id)), input.code, now);
  if (step === null) return { ok: false, field: "code", message: wrongCodeMessage };
  return db.transaction().execute(async (trx) => {
    // Only the secret this page showed: a second tab's newer start is not turned on unseen.
    const turnedOn = await trx
      .updateTable("admin_users")
      .set({ totp_secret: sealed, totp_pending_secret: null, totp_enabled_at: new Date(now).toISOString(), totp_last_step: step })
      .where("id", "=", admin.id)
      .where("totp_pending_secret", "=", sealed)
      .executeTakeFirst();
    if (Number(turnedOn.numUpdatedRows) !== 1) {
      return { ok: false, field: "", message: "The setup changed in another tab. Reload this page and scan the code it shows." } as const;
    }
    const recoveryCodes = await replaceRecoveryCodes(trx, admin.id, now);
    await recordAudit(trx, { action: "two-factor-enabled", admin }, now);
    return { ok: true, recoveryCodes } as const;
  });
}

/** Ten new recovery codes for an account that has two-step sign-in; the old ones stop working. */
export async function renewRecoveryCodes(
  db: Db,
  admin: AdminIdentity,
  input: { current: string },
  now = Date.now(),
): Promise<{ ok: true; recoveryCodes: Array<string> } | TwoFactorRefusal> {
  const refusal = await checkOwnPassword(db, admin, input.current, "two-factor-change-refused", now);
  if (refusal) return { ok: false, field: "current", message: refusal };
  return db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom("admin_users").select("totp_enabled_at").where("id", "=", admin.id).executeTakeFirst();
    if (!account?.totp_enabled_at)
      return { ok: false, field: "", message: "Two-step sign-in is off, so there are no recovery codes." } as const;
    const recoveryCodes = await replaceRecoveryCodes(trx, admin.id, now);
    await recordAudit(trx, { action: "recovery-codes-renewed", admin }, now);
    return { ok: true, recoveryCodes } as const;
  });
}

/**
 * Accepts an authenticator code once: moves the account's last used step on to the code's, in
 * one statement that only succeeds while it is behind.
 */
async function spendAppCode(db: Db, adminId: string, sealed: string, code: string, now: number): Promise<boolean> {
  const step = stepOfCode(open(getKeyring(), sealed, secretWhere(adminId)), code, now);
  if (step === null) return false;
  const moved = await db
    .updateTable("admin_users")
    .set({ totp_last_step: step })
    .where("id", "=", adminId)
    .where("totp_secret", "=", sealed)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Turns two-step sign-in off for one's own account (not while an Owner requires it). */
export async function turnOffTwoFactor(
  db: Db,
  admin: AdminIdentity,
  input: { code: string; current: string },
  now = Date.now(),
): Promise<{ ok: true } | TwoFactorRefusal> {
  if (await isTwoFactorRequired(db)) {
    return { ok: false, field: "", message: requiredTwoFactorMessage };
  }
  const refusal = await checkOwnPassword(db, admin, input.current, "two-factor-change-refused", now);
  if (refusal) return { ok: false, field: "current", message: refusal };
  const account = await db.selectFrom("admin_users").select("totp_secret").where("id", "=", admin.id).executeTakeFirst();
  if (!account?.totp_secret) return { ok: false, field: "", message: "Two-step sign-in is already off." };
  if (!(await spendAppCode(db, admin.id, account.totp_secret, input.code, now))) {
    return { ok: false, field: "code", message: wrongCodeMessage };
  }
  await db.transaction().execute(async (trx) => {
    await removeTwoFactor(trx, admin.id);
    await recordAudit(trx, { action: "two-factor-disabled", admin }, now);
  });
  return { ok: true };
}

/** Forgets an account's authenticator and recovery codes (the caller audits it). */
async function removeTwoFactor(db: Db, adminId: string): Promise<void> {
  await db
    .updateTable("admin_users")
    .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where("id", "=", adminId)
    .execute();
  await db.deleteFrom("admin_recovery_codes").where("admin_id", "=", adminId).execute();
}

/**
 * For a staff member who lost their phone and their recovery codes: an Owner (or the CLI) turns
 * their two-step sign-in off and ends their sessions. They set it up again at their next
 * sign-in when an Owner requires it.
 */
export async function resetStaffTwoFactor(db: Db, input: { email: string; by?: Actor }, now = Date.now()): Promise<AdminRow> {
  const account = await findAdminByEmail(db, input.email);
  if (!account) throw new AdminAccountError(`No admin has the e-mail ${input.email}.`);
  await db.transaction().execute(async (trx) => {
    await removeTwoFactor(trx, account.id);
    await trx.deleteFrom("admin_sessions").where("admin_id", "=", account.id).execute();
    await recordAudit(trx, { action: "admin-two-factor-reset", admin: input.by ?? null, target: account.email }, now);
  });
  return account;
}

/**
 * The second step of signing in: an authenticator code (once per time step) or an unused
 * recovery code (spent by this use). What was used, or null.
 */
export async function spendSecondFactor(
  db: Db,
  adminId: string,
  code: string,
  now = Date.now(),
): Promise<"authenticator" | "recovery code" | null> {
  if (/^\d{6}$/.test(code)) {
    const account = await db.selectFrom("admin_users").select("totp_secret").where("id", "=", adminId).executeTakeFirst();
    if (!account?.totp_secret) return null;
    return (await spendAppCode(db, adminId, account.totp_secret, code, now)) ? "authenticator" : null;
  }
  const spent = await db
    .updateTable("admin_recovery_codes")
    .set({ used_at: new Date(now).toISOString() })
    .where("code_hash", "=", hashOf(code))
    .where("admin_id", "=", adminId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1 ? "recovery code" : null;
}

/**
 * Turns the Owner's requirement on or off. On only by an Owner who uses two-step sign-in: the
 * first account it would stop must not be theirs.
 */
export async function setTwoFactorRequired(db: Db, owner: AdminIdentity, required: boolean, now = Date.now()): Promise<string | null> {
  if (required) {
    const account = await db.selectFrom("admin_users").select("totp_enabled_at").where("id", "=", owner.id).executeTakeFirst();
    if (!account?.totp_enabled_at) return "Set up two-step sign-in for your own account first (Your Account), then require it of everyone.";
  }
  await setSetting(db, twoFactorRequiredSetting, required ? "on" : "off", now);
  await recordAudit(db, { action: required ? "two-factor-required" : "two-factor-not-required", admin: owner }, now);
  return null;
}
