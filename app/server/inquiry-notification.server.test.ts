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

test("with details on, the notification carries the visitor's details and message", () => {
  const { subject, text } = composeInquiryNotification(inquiry, { includeDetails: true, adminInboxUrl });
  expect(subject).toBe("New website inquiry: Couples Counseling");
  expect(text).toContain("Name: Jane Doe");
  expect(text).toContain("E-mail: jane@example.com");
  expect(text).toContain("Phone: 435-555-0199");
  expect(text).toContain("Payment method: Insurance");
  expect(text).toContain("Insurance company: Select Health");
  expect(text).toContain("Message:\nWe keep arguing about my depression.");
  expect(text).toContain(adminInboxUrl);
});

test("details say what was left empty and leave out insurance when it does not apply", () => {
  const { text } = composeInquiryNotification(
    { ...inquiry, phone: null, message: "", payment_method: "Self-Pay", insurance_company: null },
    { includeDetails: true, adminInboxUrl },
  );
  expect(text).toContain("Phone: (none)");
  expect(text).toContain("Message:\n(none)");
  expect(text).not.toContain("Insurance company");
});

test("a service outside the fixed list never reaches the subject line", () => {
  const { subject } = composeInquiryNotification(
    { ...inquiry, service: "Other\r\nBcc: victim@example.com" },
    { includeDetails: false, adminInboxUrl },
  );
  expect(subject).toBe("New website inquiry");
});
