import { z } from "zod";

export const invalidEmailMessage = "Please enter a valid email address";

/**
 * An admin account's e-mail, as sign-in (in the browser and on the server) and the account
 * commands read it: trimmed and lowercased, so it matches however it was typed. The message is
 * spec section 5's, word for word (no final period).
 */
export const adminEmailSchema = z
  .string({ error: invalidEmailMessage })
  .trim()
  .toLowerCase()
  .max(254, { error: invalidEmailMessage })
  .pipe(z.email({ error: invalidEmailMessage }));
