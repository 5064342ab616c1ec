import { z } from "zod";
import type { AdminFormRules } from "#app/admin-action/admin-answer.ts";
import { adminEmailSchema } from "./admin-email.ts";

/**
 * The sign-in form, for the sign-in page and the dialog a page shows when its session ended:
 * one schema for the browser (Conform checks the form before it is sent) and the server, the
 * authority. The messages are spec section 5's, word for word (no final period).
 */
export const signInSchema = z.object({
  email: adminEmailSchema,
  password: z
    .string({ error: "Password is required" })
    .min(1, { error: "Password is required" })
    .max(1024, { error: "Password is too long" }),
  /** Set by the dialog of a page whose session ended: answer in place, do not go to the dashboard. */
  stay: z.literal("in-place").optional(),
});

/** How sign-in fails when it gets no further than the form (the spec's toast title, "Login failed"). */
export const signInRules = {
  failed: { message: "Login failed", toast: { type: "error", title: "Login failed", description: "Login failed" } },
  offline: {
    message: "Failed to connect to login service",
    toast: { type: "error", title: "Login failed", description: "Failed to connect to login service" },
  },
  // The password is never sent back into the page.
  hideFields: ["password"],
} satisfies AdminFormRules & { hideFields: Array<string> };
