import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { practice } from "#app/content/practice.ts";
import * as commonWords from "@zxcvbn-ts/language-common";
import * as englishWords from "@zxcvbn-ts/language-en";

// zxcvbn-ts estimates how many guesses a password takes, against the lists it ships: about 40,000
// passwords most common in breaches, English words, names, keyboard patterns, dates and
// substitutions. No composition rules (NIST SP 800-63B): a long phrase passes, "Password1!" does not.
// Server-only: its lists are megabytes, never sent to a browser. Built on the first check, not at
// start: its matchers take about 80 MB of heap, which a server that never sets a password does
// not need.
let zxcvbn: ZxcvbnFactory | undefined;
const estimator = () =>
  (zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...commonWords.dictionary, ...englishWords.dictionary },
    graphs: commonWords.adjacencyGraphs,
    translations: englishWords.translations,
  }));

/** zxcvbn's score 3: "safely unguessable", about 10^8 guesses or more. */
const lowestScore = 3;

/**
 * What an attacker tries first for an account: its e-mail and the words in it, and the practice's
 * name, whole, word by word and words run together.
 */
function ownWordsOf(email: string): Array<string> {
  const phrases = [email, email.split("@")[0] ?? "", practice.name, practice.shortName].map((phrase) => phrase.toLowerCase());
  const words = phrases.flatMap((phrase) => {
    const parts = phrase.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    // Each word, and each word run together with the ones after it ("redcliffs", "redcliffscounseling").
    return parts.flatMap((_, start) =>
      parts
        .slice(start + 1)
        .map((__, end) => parts.slice(start, start + end + 2).join(""))
        .concat(parts[start]!),
    );
  });
  return [...new Set([...phrases, ...words.filter((word) => word.length >= 3)])];
}

/** Why `password` is too easy to guess for the account of `email`, or null when it is not. */
export function passwordWeakness(password: string, email: string): string | null {
  const result = estimator().check(password, ownWordsOf(email));
  if (result.score >= lowestScore) return null;
  const why = result.feedback.warning ? `${result.feedback.warning} ` : "";
  return `This password is too easy to guess. ${why}Use a few words together that are not a saying, or a longer password.`;
}
