import * as z from "zod/mini";
import { loadPractice } from "#app/pages/practice-details.server.ts";
import {
  buildInquiryPayload,
  contactFormSchema,
  contactValuesFrom,
  formTokenField,
  honeypotField,
  languageField,
  therapistField,
  validateContactForm,
  type ContactField,
  type ContactFieldErrors,
} from "#app/inquiries/contact-form.ts";
import type { ClientInfo } from "#app/lib/request-context.ts";
import { addressKey } from "#app/server/client-address.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import { log } from "#app/server/log.server.ts";
import { checkContactFormToken, submissionKey } from "./contact-form-token.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { offeredSubjects } from "#app/content/collection-store.server.ts";
import { createInquiry, inquiryExists } from "./inquiry-store.server.ts";
import { hitRateLimit, releaseRateLimit } from "#app/server/rate-limit.server.ts";
import { loadPage } from "#app/content/page-store.server.ts";
import { teamPageWithSlug } from "#app/pages/team-pages.ts";
import { type Language, languageOf, languages } from "#app/i18n/languages.ts";
import { contactFormWords } from "./contact-form-words.ts";

/**
 * What a contact post carries: the form's fields and the honeypot. The signed form token comes
 * in its cookie; a form field of that name (a page rendered before the token moved into the
 * cookie, or a script posting for several forms at once) is read first when there is one.
 */
export const contactPostSchema = z.extend(contactFormSchema, {
  [honeypotField]: z.string(),
  [formTokenField]: z.optional(z.string()),
  [therapistField]: z.optional(z.string()),
  [languageField]: z.optional(z.enum(languages)),
});

/** The answer, in the page's language, to a post whose body is not a readable form. */
export async function unreadableFormMessage(db: Db, language: Language): Promise<string> {
  return contactFormWords[language].unreadable(await practicePhone(db));
}

/** The number a refused visitor can call instead: the practice's, as staff saved it. */
async function practicePhone(db: Db): Promise<string> {
  return (await loadPractice(db)).phone.display;
}

export type InquiryOutcome =
  | { status: "sent" }
  | { status: "invalid"; values: Record<ContactField, string>; errors: ContactFieldErrors }
  /** A person left the page open too long; they are told, never silently dropped. */
  | { status: "expired"; values: Record<ContactField, string>; error: string }
  | { status: "refused"; httpStatus: 429 | 500; values: Record<ContactField, string>; error: string };

/**
 * Everything a contact submission goes through on the server, for the plain form post and
 * the scripted one alike: the honeypot, validation (the same schema as the browser), the
 * signed form token (possible spam, expired forms, forms sent again), the per-client rate
 * limit, then storage (which also queues the staff notification, unless it is possible spam).
 */
export async function receiveInquiry(
  db: Db,
  formData: FormData,
  client: ClientInfo,
  /** The form token the post's cookie carried (contactFormTokenOf). */
  cookieToken: string | null,
  now = Date.now(),
): Promise<InquiryOutcome> {
  const config = getConfig();
  const values = contactValuesFrom(formData);
  // Every answer is in the language of the page the visitor wrote on, and the inquiry keeps it.
  const language = languageOf(formData.get(languageField));
  const words = contactFormWords[language];

  // A filled honeypot is the one sure sign of a bot: it is told it succeeded, so it learns
  // nothing, and nothing is stored.
  const honeypot = formData.get(honeypotField);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    log.warn("Dropped a contact submission: honeypot filled");
    return { status: "sent" };
  }
  // A person who sends too quickly still sees what to fix.
  // Any name a service had is a subject still: a form opened before a service was renamed or
  // retired is not refused for it (the live ones are what the form offers).
  const result = validateContactForm(values, await offeredSubjects(db), language);
  if (!result.success) return { status: "invalid", values, errors: result.errors };

  // Only our page can send a valid token, and its signed render time cannot be left out or
  // moved, for the plain post and the scripted one alike. A complete form without one, or sent
  // faster than a person types, looks like a bot's but may be a quick person's (autofill and a
  // short message): it is kept, marked as possible spam, and never dropped (decision 002).
  const token = await checkContactFormToken(db, formData.get(formTokenField) ?? cookieToken, now);
  // Both ways of sending hand the visitor a fresh form with their values kept, so "again" is all
  // they need to do (reloading a page that answered a post would post the old form again).
  if (token.status === "expired") return { status: "expired", values, error: words.expired };
  const spamReason =
    token.status === "invalid"
      ? "no valid form token"
      : now - token.issuedAt < config.contactMinFillMs
        ? `sent ${now - token.issuedAt} ms after the form was shown`
        : null;
  if (spamReason) log.warn("Marked a contact submission as possible spam", { reason: spamReason });
  const idempotencyKey = token.status === "valid" ? submissionKey(token.key, result.data) : null;

  // The same form sent again (the answer to the first was lost) gets the first one's answer and
  // spends no second slot of the rate limit.
  if (idempotencyKey && (await inquiryExists(db, idempotencyKey))) return { status: "sent" };

  const { limit, windowMs } = config.contactRateLimit;
  const rateKey = `contact:${addressKey(client.address)}`;
  const rate = await hitRateLimit(db, rateKey, limit, windowMs, now);
  if (!rate.allowed) {
    const minutes = Math.max(1, Math.ceil(rate.retryAfterSeconds / 60));
    return {
      status: "refused",
      httpStatus: 429,
      values,
      error: words.tooMany(minutes, await practicePhone(db)),
    };
  }

  try {
    // Named as the team is now; an address no member has (one who left since the form was
    // opened) makes it an inquiry for anyone, never a refusal.
    const posted = formData.get(therapistField);
    const therapist = posted === null ? undefined : teamPageWithSlug((await loadPage(db, "about")).staff, posted)?.member.name;
    const payload = { ...buildInquiryPayload(result.data), ...(therapist ? { therapist } : {}), language };
    await createInquiry(db, payload, { idempotencyKey, spamReason, now });
  } catch (error) {
    log.error("Error storing a contact submission", error);
    // Nothing was stored, so the visitor's try again must not count against them.
    await releaseRateLimit(db, rateKey, windowMs, now).catch(() => {});
    return {
      status: "refused",
      httpStatus: 500,
      values,
      error: words.couldNotSave(await practicePhone(db)),
    };
  }
  return { status: "sent" };
}
