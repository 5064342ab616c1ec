import { z } from "zod";

// Length is what makes a password strong; the upper bound only keeps hashing cheap to refuse.
// (The account page also refuses passwords that are easy to guess: password-strength.server.ts.)
export const adminPasswordSchema = z
  .string({ error: "Enter a password of at least 12 characters." })
  .min(12, { error: "The password must be at least 12 characters." })
  .max(1024, { error: "The password must be at most 1024 characters." });

/** What a form that sets a password says about choosing one (the checks are adminPasswordSchema and password-strength.server.ts). */
export const choosingPasswordAdvice =
  "At least 12 characters. A few words together that are not a saying are easy to remember and hard to guess; passwords on lists of common or leaked passwords are refused.";

export const passwordsDifferMessage = "The two passwords are not the same.";

/** The account page's "Change your password" form; the browser and the server check the same. */
export const changePasswordSchema = z
  .object({
    current: z.string({ error: "Enter your current password." }).max(1024, { error: "That is not your current password." }),
    password: adminPasswordSchema,
    confirm: z.string({ error: "Type the new password again." }).max(1024, { error: passwordsDifferMessage }),
  })
  .refine((value) => value.password === value.confirm, { path: ["confirm"], error: passwordsDifferMessage })
  .refine((value) => value.password !== value.current, {
    path: ["password"],
    error: "Choose a password different from the current one.",
  });

/** Signing out of one of one's own sessions (its id), or of every other one ("others"). */
export const endSessionSchema = z.object({
  end: z.string({ error: "Choose a session." }).regex(/^(others|[0-9a-f]{64})$/, { error: "Choose a session." }),
});

/** Choosing a password with an invitation or a reset link: the new password twice. */
export const choosePasswordSchema = z
  .object({
    password: adminPasswordSchema,
    confirm: z.string({ error: "Type the password again." }).max(1024, { error: passwordsDifferMessage }),
  })
  .refine((value) => value.password === value.confirm, { path: ["confirm"], error: passwordsDifferMessage });
