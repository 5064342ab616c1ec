import type { Selectable } from "kysely";
import { subjectOptions } from "#app/content/contact-options.ts";
import { practice } from "#app/content/practice.ts";
import type { ContactSubmissionTable } from "./db/schema.server.ts";

export type NotifiedInquiry = Omit<Selectable<ContactSubmissionTable>, "is_read" | "read_at">;

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

function isSubjectOption(service: string): boolean {
  return (subjectOptions as ReadonlyArray<string>).includes(service);
}

/** The staff e-mail about a new inquiry. */
export function composeInquiryNotification(inquiry: NotifiedInquiry, options: NotificationOptions): InquiryNotification {
  // Only a service from the fixed list reaches the subject line: no visitor text in a header.
  const subject = isSubjectOption(inquiry.service) ? `New website inquiry: ${inquiry.service}` : "New website inquiry";
  const received = `${receivedFormat.format(new Date(inquiry.created_at))} (${inquiry.created_at})`;
  const lines = [
    "A new inquiry arrived through the website's contact form.",
    "",
    `Service: ${inquiry.service}`,
    `Received: ${received}`,
    "",
    "Read and answer it in the admin inbox:",
    options.adminInboxUrl,
  ];
  if (options.includeDetails) {
    lines.push(
      "",
      `Name: ${inquiry.name}`,
      `E-mail: ${inquiry.email}`,
      `Phone: ${inquiry.phone ?? "(none)"}`,
      `Payment method: ${inquiry.payment_method}`,
      ...(inquiry.insurance_company === null ? [] : [`Insurance company: ${inquiry.insurance_company || "(not given)"}`]),
      "",
      "Message:",
      inquiry.message || "(none)",
    );
  } else {
    lines.push(
      "",
      "For privacy this e-mail leaves out the visitor's name, contact details and message;",
      "they are in the admin inbox.",
    );
  }
  return { subject, text: `${lines.join("\n")}\n` };
}
