import { type AdminRow, findAdminByEmail, isUsualSignInAddress, normalizeEmail, rememberSignInAddress } from "./staff-accounts.server.ts";
import { recordAudit } from "#app/server/audit.server.ts";
import { addressKey } from "#app/server/client-address.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { demoAllowed } from "./demo-admin.server.ts";
import { knownAccountIds, rememberDevice } from "./known-device.server.ts";
import { mailNewSignIn } from "#app/staff/new-sign-in-mail.server.ts";
import { PasswordCheckQueue } from "#app/server/password-check-queue.server.ts";
import { verifyAgainstDummyHash, verifyPassword } from "#app/server/password.server.ts";
import { clearRateLimit, hitRateLimit, releaseRateLimit } from "#app/server/rate-limit.server.ts";
import { createAdminSession, destroyAdminSession, getAdminSession } from "./session.server.ts";
import { issueSignInChallenge } from "./sign-in-challenge.server.ts";

export const signInWindowMs = 15 * 60 * 1000;
/**
 * Failed sign-ins allowed per window (OWASP: throttle per address and per account-and-address
 * rather than lock the account for everyone):
 * - pair: one e-mail from one address, the guessing a single attacker can do on one account;
 * - address: every e-mail from one address (an office's staff may share one address);
 * - account: one e-mail from every address that has not signed in to it before, the limit on
 *   guessing spread over many addresses. Staff at their usual address, or on a browser that
 *   has signed in to the account before, are not counted here, so no attacker can lock them out.
 */
export const signInLimits = { pair: 5, address: 20, account: 20 } as const;

// One message for an unknown e-mail and a wrong password, so neither reveals an account.
export const invalidCredentialsMessage = "Invalid credentials. Please try again.";
export const throttledMessage = "Too many sign-in attempts. Please wait 15 minutes and try again.";
export const busyMessage = "Sign-in is busy right now. Please try again in a few seconds.";

// Two checks at once keep both cores' worth of scrypt busy while pages are still served, and one
// of the two is kept for known sign-ins (staff on their browser or at their usual address), who
// are served first: a flood from many addresses fills only the strangers' line. Strangers get one
// check per client address at a time, and a short line.
const passwordChecks = new PasswordCheckQueue({ concurrency: 2, reservedForKnown: 1, maxWaiting: 16, maxKnownWaiting: 8, perClient: 1 });

export type SignInResult =
  | { ok: true; admin: { id: string; email: string }; setCookies: Array<string> }
  /** The password was right and the account uses two-step sign-in: the cookie lets /admin/login/code finish it. */
  | { ok: "second-step"; setCookies: Array<string> }
  | { ok: false; status: 401 | 429 | 503; error: string };

/** What a sign-in knows of the browser it comes from. */
type SignInClient = {
  /** The client's address (kept whole in the audit log; limits count its IPv6 /64). */
  address: string;
  /** The request came over https (the cookies are then Secure). */
  secure?: boolean;
  /** The request's Cookie header. */
  cookies?: string | null;
  /** The browser's User-Agent, for the "new sign-in" mail and the account page's sessions. */
  userAgent?: string | null;
};

function throttleKeys(email: string, address: string) {
  return {
    pair: `admin-login:pair:${email}|${address}`,
    address: `admin-login:address:${address}`,
    account: `admin-login:email:${email}`,
  };
}

/**
 * The account a checked sign-in opens, or why it is refused. A disabled account, or the demo
 * account from a browser that did not open the console's demo link (`demoHere`), is refused like
 * a wrong password: nothing tells a guesser that the account exists.
 */
function outcomeOf(admin: AdminRow | undefined, passwordMatches: boolean, demoHere: boolean): { admin: AdminRow } | { refused: string } {
  if (!admin || !passwordMatches) return { refused: "invalid-credentials" };
  if (admin.disabled_at !== null) return { refused: "account-disabled" };
  if (admin.is_demo === 1 && !demoHere) return { refused: "demo-without-link" };
  return { admin };
}

/**
 * Checks an e-mail and password and starts a session. Each attempt is counted (reserved) in the
 * database before the password is checked, in one atomic statement per counter, so attempts
 * sent at once cannot all slip under the limit; a correct sign-in takes its count back.
 */
export async function signIn(db: Db, input: SignInClient & { email: string; password: string }, now = Date.now()): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const { address } = input;
  const countedAs = addressKey(address);
  const secure = input.secure ?? getConfig().httpsOnly;
  const admin = await findAdminByEmail(db, email);
  const knownDevice = admin !== undefined && (await knownAccountIds(db, input.cookies ?? null, now, secure)).includes(admin.id);
  const trusted = admin !== undefined && (knownDevice || (await isUsualSignInAddress(db, admin.id, countedAs, now)));

  const keys = throttleKeys(email, countedAs);
  const counted: Array<keyof typeof keys> = trusted ? ["pair", "address"] : ["pair", "address", "account"];
  const hits = await Promise.all(counted.map((name) => hitRateLimit(db, keys[name], signInLimits[name], signInWindowMs, now)));
  const release = (names: Array<keyof typeof keys>) =>
    Promise.all(names.map((name) => releaseRateLimit(db, keys[name], signInWindowMs, now)));
  if (hits.some((hit) => !hit.allowed)) {
    await recordAudit(db, { action: "sign-in-failed", target: email, details: { address, reason: "throttled" } }, now);
    return { ok: false, status: 429, error: throttledMessage };
  }

  const check = await passwordChecks.run(trusted ? null : countedAs, () =>
    admin ? verifyPassword(input.password, admin.password_hash) : verifyAgainstDummyHash(input.password),
  );
  if (!check.ok) {
    // Counted all the same: a flood that is turned away spends its senders' budgets, so it stops.
    await recordAudit(db, { action: "sign-in-failed", target: email, details: { address, reason: check.refusal } }, now);
    return check.refusal === "busy" ? { ok: false, status: 503, error: busyMessage } : { ok: false, status: 429, error: throttledMessage };
  }
  const demoHere = admin?.is_demo === 1 && (await demoAllowed(db, input.cookies ?? null, secure));
  const outcome = outcomeOf(admin, check.value, demoHere);
  if ("refused" in outcome) {
    await recordAudit(db, { action: "sign-in-failed", target: email, details: { address, reason: outcome.refused } }, now);
    return { ok: false, status: 401, error: invalidCredentialsMessage };
  }
  const account = outcome.admin;

  // The pair starts afresh; the address and account counters keep earlier failures, so that
  // one known account cannot be used to reset guessing at others.
  await Promise.all([clearRateLimit(db, keys.pair, signInWindowMs, now), release(counted.filter((name) => name !== "pair"))]);
  if (account.totp_enabled_at !== null) {
    return { ok: "second-step", setCookies: [await issueSignInChallenge(db, account, now, secure)] };
  }
  return startSignedIn(db, account, { ...input, secure }, knownDevice, now);
}

/**
 * Opens a session for an account that passed every step: its address becomes a usual one, the
 * browser a known one, the sign-in is audited (with the second step used, if any), and an Owner
 * on a browser new to the account is told by mail (once a day; the demo account has no mailbox).
 */
export async function startSignedIn(
  db: Db,
  account: Pick<AdminRow, "id" | "email" | "role" | "is_demo">,
  client: SignInClient & { secure: boolean },
  knownDevice: boolean,
  now = Date.now(),
  secondStep?: string,
): Promise<SignInResult & { ok: true }> {
  const { address } = client;
  await rememberSignInAddress(db, account.id, addressKey(address), now);
  const setCookies = [
    await createAdminSession(db, account.id, now, client.secure, client.userAgent ?? null),
    await rememberDevice(db, client.cookies ?? null, account.id, now, client.secure),
  ];
  const details: Record<string, string> = secondStep ? { address, secondStep } : { address };
  await recordAudit(db, { action: "sign-in", admin: { id: account.id, email: account.email }, details }, now);
  if (!knownDevice && account.role === "owner" && account.is_demo === 0) {
    await mailNewSignIn(db, account, { address, userAgent: client.userAgent ?? null }, now);
  }
  return { ok: true, admin: { id: account.id, email: account.email }, setCookies };
}

/** Ends the request's session on the server; returns the header that clears the cookie. */
export async function signOut(db: Db, request: Request, now = Date.now()): Promise<string> {
  const admin = await getAdminSession(db, request, now);
  const setCookie = await destroyAdminSession(db, request);
  if (admin) await recordAudit(db, { action: "sign-out", admin: { id: admin.id, email: admin.email } }, now);
  return setCookie;
}
