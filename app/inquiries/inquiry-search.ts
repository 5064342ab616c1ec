/**
 * How the inbox finds an inquiry by name, e-mail or phone: each inquiry stores one search text
 * (its name and e-mail in lower case, its phone as digits), made here when it is stored, so a
 * search is one LIKE over one short column instead of three, with the phone's punctuation
 * stripped on every row (measured with `npm run bench:inbox`).
 */
export function inquirySearchText(inquiry: { name: string; email: string; phone: string | null }): string {
  return [inquiry.name.toLowerCase(), inquiry.email.toLowerCase(), digitsOf(inquiry.phone ?? "")].join("\n");
}

export function digitsOf(text: string): string {
  return text.replace(/\D/g, "");
}

/** `text` for a LIKE pattern, its own % _ and \ matched as themselves (with ESCAPE '\'). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
