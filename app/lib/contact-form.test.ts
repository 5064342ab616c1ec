import { expect, test } from "vitest";
import { buildSubmissionPayload, contactValuesFrom, emptyContactForm, validateContactForm, type ContactFormValues } from "./contact-form.ts";

const valid = {
  firstName: "Jane",
  lastName: "Doe",
  email: "jane@example.com",
  phone: "(435) 555-0199",
  subject: "Couples Counseling",
  paymentMethod: "Self-Pay",
  insuranceCompany: "",
  message: "",
};

test("an empty form gives every specified message, word for word", () => {
  const result = validateContactForm(emptyContactForm);
  expect(result).toEqual({
    success: false,
    errors: {
      firstName: "First name is required.",
      lastName: "Last name is required.",
      email: "Please enter a valid email address.",
      phone: "Phone number is required.",
      subject: "Please select a service.",
      paymentMethod: "Please select a payment method.",
    },
  });
});

test("insurance company and message are optional", () => {
  expect(validateContactForm(valid).success).toBe(true);
  expect(validateContactForm({ ...valid, insuranceCompany: undefined, message: undefined }).success).toBe(true);
});

test("whitespace alone does not fill a required field, and values are trimmed", () => {
  expect(validateContactForm({ ...valid, firstName: "   " })).toMatchObject({ errors: { firstName: "First name is required." } });
  const result = validateContactForm({ ...valid, firstName: "  Jane ", email: " jane@example.com " });
  expect(result).toMatchObject({ success: true, data: { firstName: "Jane", email: "jane@example.com" } });
});

test.each(["jane", "jane@", "@example.com", "jane example@x.com", `${"a".repeat(250)}@example.com`])("%s is not a valid email address", (email) => {
  expect(validateContactForm({ ...valid, email })).toMatchObject({ errors: { email: "Please enter a valid email address." } });
});

test("only the listed services and payment methods are accepted", () => {
  expect(validateContactForm({ ...valid, subject: "Other" }).success).toBe(true);
  expect(validateContactForm({ ...valid, subject: "Tarot" })).toMatchObject({ errors: { subject: "Please select a service." } });
  expect(validateContactForm({ ...valid, paymentMethod: "Bishop Pay" }).success).toBe(true);
  expect(validateContactForm({ ...valid, paymentMethod: "Cash" })).toMatchObject({ errors: { paymentMethod: "Please select a payment method." } });
});

test("over-long fields are refused with a clear message", () => {
  expect(validateContactForm({ ...valid, message: "x".repeat(5001) })).toMatchObject({ errors: { message: "Message must be at most 5000 characters." } });
  expect(validateContactForm({ ...valid, message: "x".repeat(5000) }).success).toBe(true);
  expect(validateContactForm({ ...valid, phone: "1".repeat(41) })).toMatchObject({ errors: { phone: "Phone number must be at most 40 characters." } });
});

test("the payload joins the name, takes the service from the subject and leaves insurance out unless Insurance", () => {
  const values = validateContactForm(valid) as { success: true; data: ContactFormValues };
  expect(buildSubmissionPayload(values.data)).toEqual({
    name: "Jane Doe",
    email: "jane@example.com",
    phone: "(435) 555-0199",
    service: "Couples Counseling",
    message: "",
    payment_method: "Self-Pay",
  });
  const typedThenChanged = validateContactForm({ ...valid, insuranceCompany: "SelectHealth" }) as { success: true; data: ContactFormValues };
  expect(buildSubmissionPayload(typedThenChanged.data)).not.toHaveProperty("insurance_company");
});

test("with payment method Insurance the payload carries the company, or empty text if none was given", () => {
  const withCompany = validateContactForm({ ...valid, paymentMethod: "Insurance", insuranceCompany: "SelectHealth", message: "Hi" }) as {
    success: true;
    data: ContactFormValues;
  };
  expect(buildSubmissionPayload(withCompany.data)).toMatchObject({ payment_method: "Insurance", insurance_company: "SelectHealth", message: "Hi" });
  const withoutCompany = validateContactForm({ ...valid, paymentMethod: "Insurance" }) as { success: true; data: ContactFormValues };
  expect(buildSubmissionPayload(withoutCompany.data).insurance_company).toBe("");
});

test("form data is read field by field; anything missing or not text is empty", () => {
  const data = new FormData();
  data.set("firstName", "Jane");
  data.set("message", new Blob(["file"]));
  data.set("unexpected", "x");
  expect(contactValuesFrom(data)).toEqual({ ...emptyContactForm, firstName: "Jane" });
});
