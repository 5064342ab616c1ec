import { describe, expect, test } from "vitest";
import { homepageDefaults, homepagePage } from "#app/pages/homepage.ts";
import { practiceDetailsDefaults, practiceFrom } from "#app/pages/practice-details.ts";
import { fillPracticeTokens, typedPhoneWarnings, withPracticeDetails } from "./practice-tokens.ts";

const practice = practiceFrom({ ...practiceDetailsDefaults, phone: "435-555-0100", email: "office@example.com" });

describe("the practice's details in page texts", () => {
  test("each token shows its detail from Practice Details, written one way", () => {
    expect(fillPracticeTokens("Call {phone} or write to {email}. We are at {address}.", practice)).toBe(
      "Call (435) 555-0100 or write to office@example.com. We are at 210 N Main Street, Suite 4, Cedar City, UT 84720.",
    );
  });

  test("other braces stay as typed, and a detail's own characters are not read as patterns", () => {
    const odd = practiceFrom({ ...practiceDetailsDefaults, email: "$&@example.com" });
    expect(fillPracticeTokens("{name} {Phone} {email}", odd)).toBe("{name} {Phone} $&@example.com");
  });

  test("the built-in homepage says the number Practice Details hold, in the specification's words", () => {
    const filled = withPracticeDetails(homepageDefaults, homepagePage.fields, practiceFrom(practiceDetailsDefaults));
    expect(filled.ctaFooterText).toBe(
      "Call or text (435) 555-0142, or send us a message. We'll get back to you within 24 hours, or one business day.",
    );
    expect(withPracticeDetails(homepageDefaults, homepagePage.fields, practice).ctaFooterText).toContain("Call or text (435) 555-0100,");
    // Pictures and other values are left alone.
    expect(filled.heroImage).toEqual(homepageDefaults.heroImage);
  });

  test("lists and list items' texts are filled too", () => {
    const fields = {
      steps: { label: "Steps", kind: "list" },
      staff: {
        label: "Staff",
        kind: "objectList",
        itemLabel: "Member",
        titleKey: "bio",
        newItem: {},
        item: { bio: { label: "Bio", kind: "longText" } },
        texts: { empty: "", add: "", panelTitle: "", confirmAdd: "" },
      },
    } as const;
    expect(withPracticeDetails({ steps: ["Call {phone}"], staff: [{ bio: "Write {email}" }] }, fields, practice)).toEqual({
      steps: ["Call (435) 555-0100"],
      staff: [{ bio: "Write office@example.com" }],
    });
  });
});

describe("phone numbers typed into a text", () => {
  test("a number that is not the practice's is named with the practice's", () => {
    expect(typedPhoneWarnings("Call or text 801-555-0100 today.", "(435) 555-0142")).toEqual([
      "This text has the phone number 801-555-0100, which is not the practice's number, (435) 555-0142. If it should be the practice's, replace it with {phone} (the Phone button inserts it), so it follows Practice Details.",
    ]);
  });

  test("the practice's own number typed in is named too: it would not follow a change", () => {
    expect(typedPhoneWarnings("Call (435) 555-0142.", "435.555.0142")[0]).toContain(
      "the practice's phone number typed in: (435) 555-0142.",
    );
  });

  test.each(["Call or text {phone}.", "Call 988 or 911.", "Founded in 2015 with 12 therapists.", "ZIP 84720-1234"])(
    "no warning for %j",
    (text) => {
      expect(typedPhoneWarnings(text, "(435) 555-0142")).toEqual([]);
    },
  );

  test.each(["(435) 555-0199", "435-555-0199", "435.555.0199", "+1 435 555 0199", "1-435-555-0199", "4355550199"])(
    "%s is read as a number",
    (number) => {
      expect(typedPhoneWarnings(`Call ${number}.`, "(435) 555-0142")).toHaveLength(1);
    },
  );
});
