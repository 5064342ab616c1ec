/**
 * How the inbox and a privacy request find an inquiry by name, e-mail or phone without the
 * database holding them readable: each inquiry stores a keyed hash (a token) of every term it can
 * be found by (searchableTerms), and a search asks for the tokens of its own terms
 * (searchedTerms), each of which must be there. The tokens come from field-encryption.server.ts
 * and live in inquiry_search_tokens (inquiry-sealing.server.ts); these functions only say which terms.
 *
 * Terms: each word of the name and e-mail (letters and digits, lower case) from its first letter
 * on ("mar", "maria"), the phone's digits from the start or from the end (at least 3: "435",
 * "0142", "4355550142"), and for a privacy request the whole e-mail and the whole phone number. So "mar lop" finds Maria Lopez and "555-0142" her
 * phone; a piece from the middle of a word or a number does not.
 */

/** Longer words are found by their first this many letters. */
const longestPrefix = 20;

export function digitsOf(text: string): string {
  return text.replace(/\D/g, "");
}

/** The words of a text as search compares them: lower case, letters and digits only. */
function wordsOf(text: string): Array<string> {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

export function emailTerm(email: string): string {
  return `e:${email.trim().toLowerCase()}`;
}

function phoneTerm(digits: string): string {
  return `p:${digits}`;
}

/** A whole phone number, as a privacy request matches it (exactly, not by its start or end). */
export function wholePhoneTerm(digits: string): string {
  return `P:${digits}`;
}

/** Every term an inquiry can be found by. */
export function searchableTerms(inquiry: { name: string; email: string; phone: string | null }): Array<string> {
  const terms = new Set<string>();
  for (const word of [...wordsOf(inquiry.name), ...wordsOf(inquiry.email)]) {
    for (let length = 1; length <= Math.min(word.length, longestPrefix); length++) terms.add(`w:${word.slice(0, length)}`);
  }
  terms.add(emailTerm(inquiry.email));
  const digits = digitsOf(inquiry.phone ?? "").slice(0, 20);
  if (digits) terms.add(wholePhoneTerm(digits));
  for (let length = 3; length <= digits.length; length++) {
    terms.add(phoneTerm(digits.slice(0, length)));
    terms.add(phoneTerm(digits.slice(-length)));
  }
  return [...terms];
}

/**
 * The terms a search asks for, each of which must match: a phone number as typed ("435 555-0142",
 * no letters) its digits; anything else each of its words, from its start. Empty when nothing in
 * it can be searched for.
 */
export function searchedTerms(search: string): Array<string> {
  const digits = digitsOf(search);
  if (digits.length >= 3 && !/\p{L}/u.test(search)) return [phoneTerm(digits.slice(0, 20))];
  return [...new Set(wordsOf(search).map((word) => `w:${word.slice(0, longestPrefix)}`))];
}
