import * as z from "zod/mini";
import { otherSubject, paymentMethodOptions } from "#app/inquiries/contact-options.ts";
import { notMultiLineText, notSingleLineText } from "#app/lib/text-characters.ts";
import type { Language } from "#app/i18n/languages.ts";
import { type ContactFormWords, contactFormWords } from "./contact-form-words.ts";

// One schema for the browser and the server, in the page's language; the English messages are the
// specification's, word for word. zod/mini keeps this small, because the contact page ships it to
// phones. Length limits keep a typo (or a bot) from storing megabytes.
export const contactFieldLimits = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 40,
  insuranceCompany: 200,
  message: 5000,
} as const;

const phonePattern = /^[ ()+.-]*[0-9][0-9 ()+.-]*(?: ?(?:x|ext\.?) ?[0-9]+)?$/i;

/** The schema whose messages are `words`' (the English one is `contactFormSchema`). */
function contactFormSchemaIn(words: ContactFormWords) {
  const { errors, fieldNames } = words;
  const allowedCharacters = (field: string, forbidden: RegExp) =>
    z.refine<string>((value) => !forbidden.test(value), { error: errors.notAllowed(field) });
  const requiredLine = (message: string, field: string, max: number) =>
    z
      .string({ error: message })
      .check(
        z.trim(),
        z.minLength(1, { error: message }),
        z.maxLength(max, { error: errors.tooLong(field, max) }),
        allowedCharacters(field, notSingleLineText),
      );
  const optionalText = (field: string, max: number, forbidden: RegExp) =>
    z._default(
      z.string().check(z.trim(), z.maxLength(max, { error: errors.tooLong(field, max) }), allowedCharacters(field, forbidden)),
      "",
    );

  return z.object({
    firstName: requiredLine(errors.firstNameRequired, fieldNames.firstName, contactFieldLimits.firstName),
    lastName: requiredLine(errors.lastNameRequired, fieldNames.lastName, contactFieldLimits.lastName),
    // The address pattern itself refuses control characters and line breaks.
    email: z.pipe(
      z.string({ error: errors.email }).check(z.trim(), z.maxLength(contactFieldLimits.email, { error: errors.email })),
      z.email({ error: errors.email }),
    ),
    phone: requiredLine(errors.phoneRequired, fieldNames.phone, contactFieldLimits.phone).check(
      z.regex(phonePattern, { error: errors.phoneCharacters }),
    ),
    // One of the subjects the form offers (the live services and "Other"): a list staff keep, so
    // checked by validateContactForm against the one the page was given.
    subject: requiredLine(errors.subject, fieldNames.subject, 200),
    paymentMethod: z.enum(paymentMethodOptions, { error: errors.paymentMethod }),
    insuranceCompany: optionalText(fieldNames.insuranceCompany, contactFieldLimits.insuranceCompany, notSingleLineText),
    // Text pasted from some apps carries Unicode line separators: they become plain line breaks.
    message: optionalText(fieldNames.message, contactFieldLimits.message, notMultiLineText).check(
      z.overwrite((value) => value.replace(/[\u2028\u2029]/g, "\n")),
    ),
  });
}

export const contactFormSchema = contactFormSchemaIn(contactFormWords.en);

// Made when a page of that language first checks its form.
const schemas: Partial<Record<Language, typeof contactFormSchema>> = { en: contactFormSchema };
function contactFormSchemaOf(language: Language): typeof contactFormSchema {
  schemas[language] ??= contactFormSchemaIn(contactFormWords[language]);
  return schemas[language];
}

export type ContactFormValues = z.output<typeof contactFormSchema>;
export type ContactField = keyof ContactFormValues;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/**
 * A hidden trap only bots fill; and the name under which a post may carry the signed form token
 * itself (a script's post; the page's own form sends it in its cookie, contact-form-token.server.ts).
 */
export const honeypotField = "website";
export const formTokenField = "formToken";

/**
 * The therapist a form opened from their page is for (/contact?with=daniel-reyes): their page's
 * address, carried unseen; the server names them from the team as it is when the form arrives.
 */
export const therapistField = "therapist";

/**
 * The language of the page a form was sent from (decision 047), carried unseen by a Spanish page's
 * form; absent, or anything but a language of the site, is English (`languageOf`): a message is
 * never refused for it.
 */
export const languageField = "language";

/** The form's fields in page order (focus goes to the first invalid one). */
export const contactFields: ReadonlyArray<ContactField> = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "subject",
  "paymentMethod",
  "insuranceCompany",
  "message",
];

export const emptyContactForm: Record<ContactField, string> = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  subject: "",
  paymentMethod: "",
  insuranceCompany: "",
  message: "",
};

/**
 * Validates raw form values, the subject against `subjects` (the live services' names and
 * "Other", or on the server every name a service has had); on failure, the first message of
 * each invalid field. The contact island keeps its own state (decision 007), so this is where
 * its zod issues are flattened; the admin's forms leave that to Conform's parseWithZod (decision 008).
 */
export function validateContactForm(
  values: Record<string, unknown>,
  subjects: ReadonlyArray<string>,
  language: Language = "en",
): { success: true; data: ContactFormValues } | { success: false; errors: ContactFieldErrors } {
  const result = contactFormSchemaOf(language).safeParse(values);
  const errors: ContactFieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as ContactField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  const subject = result.data?.subject ?? (typeof values.subject === "string" ? values.subject.trim() : "");
  if (!errors.subject && subject !== otherSubject && !subjects.includes(subject))
    errors.subject = contactFormWords[language].errors.subject;
  if (result.success && !errors.subject) return { success: true, data: result.data };
  return { success: false, errors };
}

/** Reads the form's fields from posted form data (anything missing or not text is empty). */
export function contactValuesFrom(formData: FormData): Record<ContactField, string> {
  const values = { ...emptyContactForm };
  for (const field of contactFields) {
    const value = formData.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}

/** The submission payload of spec section 3, built from valid form values. */
export type InquiryPayload = {
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  payment_method: string;
  insurance_company?: string;
  /** The therapist it was sent for (from their page, /contact?with=…), by name; absent: anyone. */
  therapist?: string;
  /** The language of the page it was sent from; absent: English. */
  language?: Language;
};

export function buildInquiryPayload(values: ContactFormValues): InquiryPayload {
  return {
    name: `${values.firstName} ${values.lastName}`,
    email: values.email,
    phone: values.phone,
    service: values.subject,
    message: values.message || "",
    payment_method: values.paymentMethod,
    ...(values.paymentMethod === "Insurance" ? { insurance_company: values.insuranceCompany || "" } : {}),
  };
}
