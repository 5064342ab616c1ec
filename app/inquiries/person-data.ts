import { z } from "zod";
import { digitsOf } from "./inquiry-search.ts";

/**
 * A privacy request (/admin/privacy): everything held about one person, found by the e-mail or the
 * phone number they wrote from, exported or erased. Shared by the forms and the server.
 */

export const personLookupMessage = "Enter the e-mail address, or a phone number with at least 7 digits, the person wrote from.";

/** Who: an e-mail address (has an @), or a phone number (at least 7 digits, nothing but digits and punctuation). */
export const personLookupSchema = z.object({
  who: z
    .string({ error: personLookupMessage })
    .trim()
    .max(254, { error: personLookupMessage })
    .refine((who) => !/\p{Cc}/u.test(who), { error: personLookupMessage })
    .refine((who) => (who.includes("@") ? z.email().safeParse(who).success : /^[\d\s()+.-]+$/.test(who) && digitsOf(who).length >= 7), {
      error: personLookupMessage,
    }),
});

export const eraseConfirmMessage = "Tick the box to confirm: erased inquiries cannot be brought back.";

export const personEraseSchema = personLookupSchema.extend({
  confirm: z.literal("on", { error: eraseConfirmMessage }),
});
