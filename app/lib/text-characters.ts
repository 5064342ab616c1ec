// What no person types into a one-line field: control characters (C0, DEL, C1), Unicode line
// separators and lone surrogates. PostgreSQL cannot store NUL at all, and a line break in a
// name would let it pose as a line of our own in a staff e-mail.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const notSingleLineText = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|\p{Cs}/u;

// A text of paragraphs keeps its tabs and line breaks (browsers send them as CR LF).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const notMultiLineText = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}/u;

const notSingleLineTextEverywhere = new RegExp(notSingleLineText.source, "gu");

/** `text` made one line of at most `maxLength` characters (each character no line may hold becomes a space). */
export function asOneLine(text: string, maxLength: number): string {
  return text.replace(notSingleLineTextEverywhere, " ").trim().slice(0, maxLength);
}
