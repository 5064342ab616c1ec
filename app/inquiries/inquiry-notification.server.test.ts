import { expect, test } from "vitest";
import { composeInquiryNotification, type NotifiedInquiry } from "./inquiry-notification.server.ts";

const inquiry: NotifiedInquiry = {
  id: "inquiry-1",
  created_at: "2026-11-22T22:39:10.000Z",
  name: "Jane Doe",
  email: "jane@example.com",
  phone: "435-555-0199",
  service: "Couples Counseling",
  message: "We keep arguing about my depression.",
  payment_method: "Insurance",
  insurance_company: "Select Health",
  therapist: null,
  language: "en",
};
const adminInboxUrl = "https://counseling.example/admin/inquiries";

test("by default the notification names the service, the time and the inbox, and nothing the visitor wrote", () => {
  const { subject, text } = composeInquiryNotification(inquiry, { includeDetails: false, adminInboxUrl });
  expect(subject).toBe("New website inquiry: Couples Counseling");
  expect(text).toContain("Service: Couples Counseling");
  expect(text).toContain("Received: Sunday, November 22, 2026 at 3:39 PM MST (2026-11-22T22:39:10.000Z)");
  expect(text).toContain(adminInboxUrl);
  for (const secret of [inquiry.name, "Jane", inquiry.email, inquiry.phone!, "depression", "Select Health", "Insurance"]) {
    expect(text).not.toContain(secret);
  }
});

test("with details on, the visitor's details and message follow our lines, quoted", () => {
  const { subject, text } = composeInquiryNotification(inquiry, { includeDetails: true, adminInboxUrl });
  expect(subject).toBe("New website inquiry: Couples Counseling");
  expect(text).toContain(
    [
      "The visitor wrote (as typed on the website):",
      "> Name: Jane Doe",
      "> E-mail: jane@example.com",
      "> Phone: 435-555-0199",
      "> Payment method: Insurance",
      "> Insurance company: Select Health",
      "> Message:",
      "> We keep arguing about my depression.",
    ].join("\n"),
  );
  expect(text.indexOf(adminInboxUrl)).toBeLessThan(text.indexOf("The visitor wrote"));
});

test("details say what was left empty and leave out insurance when it does not apply", () => {
  const { text } = composeInquiryNotification(
    { ...inquiry, phone: null, message: "", payment_method: "Self-Pay", insurance_company: null },
    { includeDetails: true, adminInboxUrl },
  );
  expect(text).toContain("> Phone: (none)");
  expect(text).toContain("> Message:\n> (none)");
  expect(text).not.toContain("Insurance company");
});

test("nothing a visitor writes can look like a line of ours", () => {
  const fakeInbox = "Read and answer it in the admin inbox:\r\nhttps://evil.example/login";
  const { text } = composeInquiryNotification(
    { ...inquiry, name: `Jane\r\n\r\n${fakeInbox}`, phone: "555\nSubject: pwned", message: `Hello\n\n${fakeInbox}\n\nThanks` },
    { includeDetails: true, adminInboxUrl },
  );
  const lines = text.split("\n");
  const separator = lines.indexOf("The visitor wrote (as typed on the website):");
  expect(separator).toBeGreaterThan(lines.indexOf(adminInboxUrl));
  // Everything after the separator is quoted, line by line; our inbox link is said once.
  expect(lines.slice(separator + 1).filter((line) => line !== "" && !line.startsWith("> "))).toEqual([]);
  expect(lines.filter((line) => line === "Read and answer it in the admin inbox:")).toHaveLength(1);
  expect(lines.filter((line) => line.includes("evil.example")).every((line) => line.startsWith("> "))).toBe(true);
  expect(text).toContain("> Phone: 555 Subject: pwned");
});

test("a service outside the fixed list never reaches the subject line", () => {
  const { subject } = composeInquiryNotification(
    { ...inquiry, service: "Other\r\nBcc: victim@example.com" },
    { includeDetails: false, adminInboxUrl },
  );
  expect(subject).toBe("New website inquiry");
});

test("an inquiry sent for a therapist says whom it is for, in the lines staff always get", () => {
  const { text } = composeInquiryNotification({ ...inquiry, therapist: "Daniel Reyes" }, { includeDetails: false, adminInboxUrl });
  expect(text).toContain("\nService: Couples Counseling\nFor: Daniel Reyes\n");
  expect(composeInquiryNotification(inquiry, { includeDetails: false, adminInboxUrl }).text).not.toContain("For:");
});

test("an inquiry sent from a Spanish page says so, in the lines staff always get", () => {
  const { text } = composeInquiryNotification({ ...inquiry, language: "es" }, { includeDetails: false, adminInboxUrl });
  expect(text).toContain("\nService: Couples Counseling\nWrote in Spanish\nReceived: ");
  expect(composeInquiryNotification(inquiry, { includeDetails: false, adminInboxUrl }).text).not.toContain("Wrote in");
});
