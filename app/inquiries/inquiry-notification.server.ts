import type { Selectable } from "kysely";
import { notSingleLineText } from "#app/lib/text-characters.ts";
import { practice } from "#app/content/practice.ts";
import type { InquiryTable } from "#app/server/db/schema.server.ts";
import type { WrittenFields } from "./inquiry-sealing.server.ts";
import { languageNames, languageOf } from "#app/i18n/languages.ts";

export type NotifiedInquiry = Omit<
  Selectable<InquiryTable>,
  "sealed_fields" | "is_read" | "read_at" | "idempotency_key" | "possible_spam" | "spam_reason" | "archived"
> &
  WrittenFields;

export type InquiryNotification = { subject: string; text: string };

export type NotificationOptions = {
  /** Off by default: inquiries may hold health information, and e-mail is rarely a safe place for it. */
  includeDetails: boolean;
  adminInboxUrl: string;
};

const receivedFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: practice.timeZone,
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const lineBreak = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/;

/** The form refuses line breaks in one-line fields; rows stored before it did are folded here. */
function oneLine(value: string): string {
  return value.split(lineBreak).join(" ").trim();
}

/** A service's name as staff wrote it (the form accepts only those): one line, no control characters. */
function isServiceName(service: string): boolean {
  return service.length <= 200 && !notSingleLineText.test(service);
}

/** The staff e-mail about a new inquiry. */
export function composeInquiryNotification(inquiry: NotifiedInquiry, options: NotificationOptions): InquiryNotification {
  // Only a service's name reaches the subject line (the form accepts no other): never a line
  // break or control character in a header.
  const subject = isServiceName(inquiry.service) ? `New website inquiry: ${inquiry.service}` : "New website inquiry";
  const language = languageOf(inquiry.language);
  const received = `${receivedFormat.format(new Date(inquiry.created_at))} (${inquiry.created_at})`;
  const lines = [
    "A new inquiry arrived through the website's contact form.",
    "",
    `Service: ${inquiry.service}`,
    ...(inquiry.therapist ? [`For: ${oneLine(inquiry.therapist)}`] : []),
    // So the first answer is in the visitor's language.
    ...(language === "en" ? [] : [`Wrote in ${languageNames[language]}`]),
    `Received: ${received}`,
    "",
    "Read and answer it in the admin inbox:",
    options.adminInboxUrl,
  ];
  if (options.includeDetails) {
    // The visitor's text comes last, after a separator, every line quoted: a line break typed
    // into the form can never make it look like a line of ours (such as the inbox link).
    lines.push(
      "",
      "The visitor wrote (as typed on the website):",
      ...[
        `Name: ${oneLine(inquiry.name)}`,
        `E-mail: ${oneLine(inquiry.email)}`,
        `Phone: ${inquiry.phone === null ? "(none)" : oneLine(inquiry.phone)}`,
        `Payment method: ${oneLine(inquiry.payment_method)}`,
        ...(inquiry.insurance_company === null ? [] : [`Insurance company: ${oneLine(inquiry.insurance_company) || "(not given)"}`]),
        "Message:",
        ...(inquiry.message || "(none)").split(lineBreak),
      ].map((line) => `> ${line}`),
    );
  } else {
    lines.push("", "For privacy this e-mail leaves out the visitor's name, contact details and message;", "they are in the admin inbox.");
  }
  return { subject, text: `${lines.join("\n")}\n` };
}
