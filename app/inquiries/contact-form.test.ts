import { expect, test } from "vitest";
import { paymentMethodOptions, subjectOptions } from "./contact-options.ts";
import { contactFormWords } from "./contact-form-words.ts";
import { buildInquiryPayload, contactValuesFrom, emptyContactForm, validateContactForm, type ContactFormValues } from "./contact-form.ts";

// The live services' names (a list staff keep) the form offers, before "Other".
const subjects = subjectOptions.filter((option) => option !== "Other");

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
  const result = validateContactForm(emptyContactForm, subjects);
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
  expect(validateContactForm(valid, subjects).success).toBe(true);
  expect(validateContactForm({ ...valid, insuranceCompany: undefined, message: undefined }, subjects).success).toBe(true);
});

test("whitespace alone does not fill a required field, and values are trimmed", () => {
  expect(validateContactForm({ ...valid, firstName: "   " }, subjects)).toMatchObject({ errors: { firstName: "First name is required." } });
  const result = validateContactForm({ ...valid, firstName: "  Jane ", email: " jane@example.com " }, subjects);
  expect(result).toMatchObject({ success: true, data: { firstName: "Jane", email: "jane@example.com" } });
});

test.each(["jane", "jane@", "@example.com", "jane example@x.com", `${"a".repeat(250)}@example.com`])(
  "%s is not a valid email address",
  (email) => {
    expect(validateContactForm({ ...valid, email }, subjects)).toMatchObject({ errors: { email: "Please enter a valid email address." } });
  },
);

test("only the services offered, Other, and the listed payment methods are accepted", () => {
  expect(validateContactForm({ ...valid, subject: "Art Therapy" }, [...subjects, "Art Therapy"]).success).toBe(true);
  expect(validateContactForm({ ...valid, subject: "Couples Counseling" }, ["Art Therapy"])).toMatchObject({
    errors: { subject: "Please select a service." },
  });
  expect(validateContactForm({ ...valid, subject: "Other" }, subjects).success).toBe(true);
  expect(validateContactForm({ ...valid, subject: "Tarot" }, subjects)).toMatchObject({ errors: { subject: "Please select a service." } });
  expect(validateContactForm({ ...valid, paymentMethod: "Bishop Pay" }, subjects).success).toBe(true);
  expect(validateContactForm({ ...valid, paymentMethod: "Cash" }, subjects)).toMatchObject({
    errors: { paymentMethod: "Please select a payment method." },
  });
});

test("over-long fields are refused with a clear message", () => {
  expect(validateContactForm({ ...valid, message: "x".repeat(5001) }, subjects)).toMatchObject({
    errors: { message: "Message must be at most 5000 characters." },
  });
  expect(validateContactForm({ ...valid, message: "x".repeat(5000) }, subjects).success).toBe(true);
  expect(validateContactForm({ ...valid, phone: "1".repeat(41) }, subjects)).toMatchObject({
    errors: { phone: "Phone number must be at most 40 characters." },
  });
});

test("the payload joins the name, takes the service from the subject and leaves insurance out unless Insurance", () => {
  const values = validateContactForm(valid, subjects) as { success: true; data: ContactFormValues };
  expect(buildInquiryPayload(values.data)).toEqual({
    name: "Jane Doe",
    email: "jane@example.com",
    phone: "(435) 555-0199",
    service: "Couples Counseling",
    message: "",
    payment_method: "Self-Pay",
  });
  const typedThenChanged = validateContactForm({ ...valid, insuranceCompany: "SelectHealth" }, subjects) as {
    success: true;
    data: ContactFormValues;
  };
  expect(buildInquiryPayload(typedThenChanged.data)).not.toHaveProperty("insurance_company");
});

test("with payment method Insurance the payload carries the company, or empty text if none was given", () => {
  const withCompany = validateContactForm(
    { ...valid, paymentMethod: "Insurance", insuranceCompany: "SelectHealth", message: "Hi" },
    subjects,
  ) as {
    success: true;
    data: ContactFormValues;
  };
  expect(buildInquiryPayload(withCompany.data)).toMatchObject({
    payment_method: "Insurance",
    insurance_company: "SelectHealth",
    message: "Hi",
  });
  const withoutCompany = validateContactForm({ ...valid, paymentMethod: "Insurance" }, subjects) as {
    success: true;
    data: ContactFormValues;
  };
  expect(buildInquiryPayload(withoutCompany.data).insurance_company).toBe("");
});

test("form data is read field by field; anything missing or not text is empty", () => {
  const data = new FormData();
  data.set("firstName", "Jane");
  data.set("message", new Blob(["file"]));
  data.set("unexpected", "x");
  expect(contactValuesFrom(data)).toEqual({ ...emptyContactForm, firstName: "Jane" });
});

const textFields = [
  ["firstName", "First name"],
  ["lastName", "Last name"],
  ["insuranceCompany", "Insurance company"],
] as const;

test.each([
  ["NUL", "\u0000"],
  ["BEL", "\u0007"],
  ["ESC", "\u001b"],
  ["DEL", "\u007f"],
  ["NEL", "\u0085"],
  ["a lone surrogate", "\ud800"],
])("%s is refused in every field", (_name, character) => {
  for (const [field, label] of textFields) {
    expect(validateContactForm({ ...valid, [field]: `Ja${character}ne` }, subjects)).toMatchObject({
      errors: { [field]: `${label} contains characters that are not allowed.` },
    });
  }
  expect(validateContactForm({ ...valid, message: `Hi${character}there` }, subjects)).toMatchObject({
    errors: { message: "Message contains characters that are not allowed." },
  });
  expect(validateContactForm({ ...valid, email: `ja${character}ne@example.com` }, subjects)).toMatchObject({
    errors: { email: "Please enter a valid email address." },
  });
  expect(validateContactForm({ ...valid, phone: `435${character}555` }, subjects).success).toBe(false);
});

test("single-line fields take no line breaks or tabs; the message keeps its lines", () => {
  for (const breakCharacter of ["\n", "\r", "\r\n", "\t", "\u2028", "\u2029"]) {
    for (const [field, label] of textFields) {
      expect(validateContactForm({ ...valid, [field]: `X${breakCharacter}Read it here: https://evil.example` }, subjects)).toMatchObject({
        errors: { [field]: `${label} contains characters that are not allowed.` },
      });
    }
    expect(validateContactForm({ ...valid, email: `jane${breakCharacter}@example.com` }, subjects)).toMatchObject({
      errors: { email: "Please enter a valid email address." },
    });
    expect(validateContactForm({ ...valid, phone: `555${breakCharacter}0199` }, subjects).success).toBe(false);
  }
  expect(validateContactForm({ ...valid, message: "Hello,\r\n\tevenings\nwork best." }, subjects)).toMatchObject({
    success: true,
    data: { message: "Hello,\r\n\tevenings\nwork best." },
  });
  // Pasted text may carry Unicode line separators; they become ordinary line breaks.
  expect(validateContactForm({ ...valid, message: "One\u2028two\u2029three" }, subjects)).toMatchObject({
    success: true,
    data: { message: "One\ntwo\nthree" },
  });
});

test.each(["(435) 555-0199", "+1 435 555 0199", "435.555.0199", "4355550199", "435-555-0199 x12", "435-555-0199 ext. 7", "1"])(
  "%s is a phone number",
  (phone) => {
    expect(validateContactForm({ ...valid, phone }, subjects)).toMatchObject({ success: true, data: { phone } });
  },
);

test.each(["call me", "555-CALL-NOW", "<script>", "435-555-0199; drop", "https://evil.example", "+-().", "x12"])(
  "%s is not a phone number",
  (phone) => {
    expect(validateContactForm({ ...valid, phone }, subjects)).toMatchObject({
      errors: { phone: "Phone number may contain only digits, spaces and + ( ) - . (use x or ext for an extension)." },
    });
  },
);

test("in Spanish the same checks refuse in Spanish; the values posted stay the English ones", () => {
  expect(validateContactForm(emptyContactForm, subjects, "es")).toEqual({
    success: false,
    errors: {
      firstName: "Escriba su nombre.",
      lastName: "Escriba su apellido.",
      email: "Escriba un correo electrónico válido.",
      phone: "Escriba su número de teléfono.",
      subject: "Seleccione un servicio.",
      paymentMethod: "Seleccione una forma de pago.",
    },
  });
  expect(validateContactForm({ ...valid, message: "x".repeat(5001), subject: "Tarot" }, subjects, "es")).toMatchObject({
    errors: { message: "El campo «Mensaje» admite como máximo 5000 caracteres.", subject: "Seleccione un servicio." },
  });
  expect(validateContactForm({ ...valid, firstName: "Ana\u0000" }, subjects, "es")).toMatchObject({
    errors: { firstName: "El campo «Nombre» tiene caracteres que no se permiten." },
  });
  expect(validateContactForm({ ...valid, subject: "Other", paymentMethod: "Self-Pay" }, subjects, "es")).toMatchObject({ success: true });
  // The English ones are the specification's still.
  expect(validateContactForm({ ...valid, email: "ana@" }, subjects)).toMatchObject({
    errors: { email: "Please enter a valid email address." },
  });
});

test("every word of the form is said in Spanish, with the same choices", () => {
  const { en, es } = contactFormWords;
  expect(Object.keys(es.paymentMethods)).toEqual([...paymentMethodOptions]);
  const texts = (words: typeof en) => [
    ...Object.values(words.labels),
    ...Object.values(words.fieldNames),
    ...Object.values(words.paymentMethods),
    words.send,
    words.sent,
  ];
  for (const [index, text] of texts(es).entries()) expect(text, `${texts(en)[index]}`).not.toBe(texts(en)[index]);
});
