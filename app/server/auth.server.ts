import { findAdminByEmail, normalizeEmail } from "./admin-users.server.ts";
import { recordAudit } from "./audit.server.ts";
import { verifyAgainstDummyHash, verifyPassword } from "./password.server.ts";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "./rate-limit.server.ts";
import { createAdminSession, destroyAdminSession, getAdminSession } from "./session.server.ts";

export const signInFailureLimit = 5;
export const signInWindowMs = 15 * 60 * 1000;

// One message for an unknown e-mail and a wrong password, so neither reveals an account.
export const invalidCredentialsMessage = "Invalid credentials. Please try again.";
export const throttledMessage = "Too many sign-in attempts. Please wait 15 minutes and try again.";

export type SignInResult =
  | { ok: true; admin: { id: string; email: string }; setCookie: string }
  | { ok: false; status: 401 | 429; error: string };

function throttleKeys(email: string, address: string) {
  return { email: `admin-login:email:${email}`, address: `admin-login:address:${address}` };
}

/**
 * Checks an e-mail and password and starts a session. After five failures in fifteen minutes
 * for the same e-mail, or from the same client address, every attempt is refused (even with
 * the right password) until the window passes.
 */
export async function signIn(
  input: { email: string; password: string; address: string },
  now = Date.now(),
): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const keys = throttleKeys(email, input.address);
  const [emailFailures, addressFailures] = await Promise.all([
    peekRateLimit(keys.email, signInWindowMs, now),
    peekRateLimit(keys.address, signInWindowMs, now),
  ]);
  if (emailFailures >= signInFailureLimit || addressFailures >= signInFailureLimit) {
    await recordAudit({ action: "sign-in-failed", target: email, details: { address: input.address, reason: "throttled" } }, now);
    return { ok: false, status: 429, error: throttledMessage };
  }

  const admin = await findAdminByEmail(email);
  const valid = admin ? await verifyPassword(input.password, admin.password_hash) : await verifyAgainstDummyHash(input.password);
  if (!admin || !valid) {
    await Promise.all([
      hitRateLimit(keys.email, signInFailureLimit, signInWindowMs, now),
      hitRateLimit(keys.address, signInFailureLimit, signInWindowMs, now),
    ]);
    await recordAudit({ action: "sign-in-failed", target: email, details: { address: input.address, reason: "invalid-credentials" } }, now);
    return { ok: false, status: 401, error: invalidCredentialsMessage };
  }

  // The address counter stays: one known account must not reset guessing at others.
  await clearRateLimit(keys.email, signInWindowMs, now);
  const setCookie = await createAdminSession(admin.id, now);
  await recordAudit({ action: "sign-in", admin: { id: admin.id, email: admin.email }, details: { address: input.address } }, now);
  return { ok: true, admin: { id: admin.id, email: admin.email }, setCookie };
}

/** Ends the request's session on the server; returns the header that clears the cookie. */
export async function signOut(request: Request, now = Date.now()): Promise<string> {
  const admin = await getAdminSession(request, now);
  const setCookie = await destroyAdminSession(request);
  if (admin) await recordAudit({ action: "sign-out", admin: { id: admin.id, email: admin.email } }, now);
  return setCookie;
}
