import { z } from "zod";

/**
 * The forms of two-step sign-in (app/staff/two-factor.server.ts), for the browser and the server:
 * the second step of signing in, and setting it up, renewing the recovery codes or turning it off
 * on /admin/account/two-factor.
 */

/** Said by the server when asked, and by the page in place of the setup. */
export const demoTwoFactorMessage =
  "The demo account cannot use two-step sign-in: its password is shown on the sign-in page. Create a real account first.";

export const requiredTwoFactorMessage = "An Owner requires two-step sign-in for every account, so it cannot be turned off.";

/** What the person is asked for in the second step; the same words wherever a code is typed. */
export const codeAdvice = "The 6-digit code your authenticator app shows now, or one of your recovery codes.";

// Spaces and hyphens are how people copy codes ("123 456", "abcde-fghij"): dropped before the check.
const authCode = z
  .string({ error: "Enter the code from your authenticator app." })
  .max(40, { error: "That is not a code from your authenticator app or a recovery code." })
  .transform((code) => code.replace(/[\s-]/g, "").toLowerCase())
  .refine((code) => code.length > 0, { error: "Enter the code from your authenticator app." })
  .refine((code) => /^(\d{6}|[a-z0-9]{10})$/.test(code), {
    error: "Enter the 6 digits your authenticator app shows, or a recovery code of 10 letters and digits.",
  });

/** Only the app's 6 digits (setting up and turning off prove the app, not a recovery code). */
const appCode = z
  .string({ error: "Enter the 6-digit code from your authenticator app." })
  .max(40, { error: "Enter the 6 digits your authenticator app shows." })
  .transform((code) => code.replace(/\s/g, ""))
  .refine((code) => /^\d{6}$/.test(code), { error: "Enter the 6 digits your authenticator app shows." });

const currentPassword = z
  .string({ error: "Enter your current password." })
  .min(1, { error: "Enter your current password." })
  .max(1024, { error: "That is not your current password." });

/** The second step of signing in (/admin/login/code). */
export const secondFactorSchema = z.object({ code: authCode });

const needsCode = new Set(["confirm", "turn-off"]);
const needsPassword = new Set(["confirm", "new-codes", "turn-off"]);

/**
 * The actions of /admin/account/two-factor, by the button pressed: begin or cancel the setup,
 * confirm it (a code and the password), make new recovery codes (the password), turn it off
 * (both).
 */
export const twoFactorActionSchema = z
  .object({
    intent: z.enum(["start", "cancel", "confirm", "new-codes", "turn-off"], { error: "Choose what to do." }),
    code: appCode.optional(),
    current: currentPassword.optional(),
  })
  .refine((value) => !needsCode.has(value.intent) || value.code !== undefined, {
    path: ["code"],
    error: "Enter the 6-digit code from your authenticator app.",
  })
  .refine((value) => !needsPassword.has(value.intent) || value.current !== undefined, {
    path: ["current"],
    error: "Enter your current password.",
  });
