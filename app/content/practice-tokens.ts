import { type FieldDescription, fieldList } from "./define-page.ts";
import type { Practice } from "./practice.ts";
import { dialableNumber } from "#app/pages/practice-details.ts";

/**
 * The practice's details a page text shows by name: "Call or text {phone}" shows the phone saved
 * in Practice Details, so a number is typed in one place only and a change there reaches every
 * text (docs/decisions/041-practice-details-in-page-texts.md). Filled in where content is read
 * for a page (loadPage on the server, the editor's preview in the browser), never stored filled.
 */
export const practiceTokens = [
  { token: "{phone}", label: "Phone", valueOf: (practice: Practice) => practice.phone.display },
  { token: "{email}", label: "E-mail", valueOf: (practice: Practice) => practice.email },
  { token: "{address}", label: "Address", valueOf: (practice: Practice) => practice.address.lines.join(", ") },
] as const;

const tokenPattern = /\{(?:phone|email|address)\}/g;

/** A text with each token replaced by the practice's detail; other braces stay as typed. */
export function fillPracticeTokens(text: string, practice: Practice): string {
  // A function, not a replacement string: a detail holding "$&" is shown as it is.
  return text.replace(tokenPattern, (token) => practiceTokens.find((each) => each.token === token)?.valueOf(practice) ?? token);
}

/** Content with the tokens of its texts, lists and list items' texts filled in, as its fields describe them. */
export function withPracticeDetails<T>(content: T, fields: Readonly<Record<string, FieldDescription>>, practice: Practice): T {
  return fillFields(content, fields, practice) as T;
}

function fillFields(value: unknown, fields: Readonly<Record<string, FieldDescription>>, practice: Practice): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const filled: Record<string, unknown> = { ...value };
  for (const [key, field] of fieldList(fields)) {
    const current = filled[key];
    if ((field.kind === "text" || field.kind === "longText") && typeof current === "string") {
      filled[key] = fillPracticeTokens(current, practice);
    } else if (field.kind === "list" && Array.isArray(current)) {
      filled[key] = current.map((item: unknown) => (typeof item === "string" ? fillPracticeTokens(item, practice) : item));
    } else if (field.kind === "objectList" && Array.isArray(current)) {
      filled[key] = current.map((item: unknown) => fillFields(item, field.item, practice));
    }
  }
  return filled;
}

// Ten digits, with or without a leading 1, in the ways people write them: (435) 555-0142,
// 435-555-0142, 435.555.0142, +1 435 555 0142, 4355550142.
const phoneLikePattern = /(?<![\d-])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}(?![\d-])/g;

/** What the editor says of the phone numbers typed into a text; empty when there are none. */
export function typedPhoneWarnings(text: string, practicePhone: string): Array<string> {
  const practiceNumber = dialableNumber(practicePhone);
  const numbers = [...new Set(text.match(phoneLikePattern) ?? [])];
  return numbers.map((number) =>
    dialableNumber(number) === practiceNumber
      ? `This text has the practice's phone number typed in: ${number}. Replace it with {phone} (the Phone button inserts it), so it changes when Practice Details change.`
      : `This text has the phone number ${number}, which is not the practice's number, ${practicePhone}. If it should be the practice's, replace it with {phone} (the Phone button inserts it), so it follows Practice Details.`,
  );
}
