import { z } from "zod";
import { paymentMethodOptions, subjectOptions } from "#app/content/services.ts";

// One schema for the browser and the server; the messages are the specification's, word for
// word. Length limits keep a visitor's typo (or a bot) from storing megabytes.
export const contactFieldLimits = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 40,
  insuranceCompany: 200,
  message: 5000,
} as const;

function tooLong(label: string, max: number) {
  return { error: `${label} must be at most ${max} characters.` };
}

export const contactFormSchema = z.object({
  firstName: z
    .string({ error: "First name is required." })
    .trim()
    .min(1, { error: "First name is required." })
    .max(contactFieldLimits.firstName, tooLong("First name", contactFieldLimits.firstName)),
  lastName: z
    .string({ error: "Last name is required." })
    .trim()
    .min(1, { error: "Last name is required." })
    .max(contactFieldLimits.lastName, tooLong("Last name", contactFieldLimits.lastName)),
  email: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .max(contactFieldLimits.email, { error: "Please enter a valid email address." })
    .pipe(z.email({ error: "Please enter a valid email address." })),
  phone: z
    .string({ error: "Phone number is required." })
    .trim()
    .min(1, { error: "Phone number is required." })
    .max(contactFieldLimits.phone, tooLong("Phone number", contactFieldLimits.phone)),
  subject: z.enum(subjectOptions, { error: "Please select a service." }),
  paymentMethod: z.enum(paymentMethodOptions, { error: "Please select a payment method." }),
  insuranceCompany: z
    .string()
    .trim()
    .max(contactFieldLimits.insuranceCompany, tooLong("Insurance company", contactFieldLimits.insuranceCompany))
    .default(""),
  message: z.string().trim().max(contactFieldLimits.message, tooLong("Message", contactFieldLimits.message)).default(""),
});

export type ContactFormValues = z.output<typeof contactFormSchema>;
export type ContactField = keyof ContactFormValues;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

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

/** Validates raw form values; on failure, the first message of each invalid field. */
export function validateContactForm(
  values: Record<string, unknown>,
): { success: true; data: ContactFormValues } | { success: false; errors: ContactFieldErrors } {
  const result = contactFormSchema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { success: false, errors };
}

/** The submission payload of spec section 3, built from valid form values. */
export type ContactSubmissionPayload = {
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  payment_method: string;
  insurance_company?: string;
};

export function buildSubmissionPayload(values: ContactFormValues): ContactSubmissionPayload {
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
