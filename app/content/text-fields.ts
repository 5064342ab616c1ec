import { z } from "zod";
import { notMultiLineText, notSingleLineText } from "#app/lib/text-characters.ts";

/**
 * The schemas of the texts staff type into page content, shared by the editor (Conform checks a
 * form before it is sent), the server (the authority) and the readers of stored content (a field
 * that no longer fits falls back to its default). A form sends an emptied field as nothing at
 * all (Conform reads "" as undefined), so each schema says what nothing means.
 */

export const requiredTextMessage = "This field cannot be empty.";

const tooLong = (max: number) => `Keep this under ${max.toLocaleString("en-US")} characters.`;
const singleLineMessage = "Use one line: no line breaks or control characters.";
const controlMessage = "Remove the control characters (invisible characters pasted from another program).";

function checkedText(max: number, multiline: boolean, required: string | false) {
  const text = z
    .string({ error: required || requiredTextMessage })
    .trim()
    .max(max, { error: tooLong(max) })
    .refine((value) => !(multiline ? notMultiLineText : notSingleLineText).test(value), {
      error: multiline ? controlMessage : singleLineMessage,
    });
  return required ? text.refine((value) => value !== "", { error: required }) : text;
}

/** A required one-line text: a title, a name. */
export function lineText(max = 200, requiredMessage = requiredTextMessage) {
  return checkedText(max, false, requiredMessage);
}

/** A required text of paragraphs (separated by a blank line). */
export function paragraphsText(max = 5000, requiredMessage = requiredTextMessage) {
  return checkedText(max, true, requiredMessage);
}

/** A one-line text that may be left empty. */
export function optionalLineText(max = 200) {
  return checkedText(max, false, false)
    .optional()
    .transform((value) => value ?? "");
}

/** Paragraphs that may be left empty. */
export function optionalParagraphsText(max = 5000) {
  return checkedText(max, true, false)
    .optional()
    .transform((value) => value ?? "");
}

/**
 * A list of one-line items (benefits, steps). Items left empty are dropped: the editor adds a
 * new item empty, and one never filled in is not worth a refusal.
 */
export function lineList(maxItems = 30, maxLength = 500) {
  return z
    .array(checkedText(maxLength, false, false).optional(), { error: "This list could not be read." })
    .max(maxItems, { error: `Keep this list to ${maxItems} items or fewer.` })
    .optional()
    .transform((items) => (items ?? []).filter((item): item is string => item !== undefined && item !== ""));
}

/**
 * Some of a fixed set of choices (the ages a therapist sees), each once, kept in the order of the
 * set. The editor posts them numbered (`ages[0]`, `ages[1]`: a form never repeats a name, see
 * app/server/form-shape.server.ts).
 */
export function choiceSet<const Options extends readonly [string, ...Array<string>]>(options: Options) {
  return z
    .array(z.enum(options, { error: "Choose from the options shown." }), { error: "This choice could not be read." })
    .max(options.length)
    .optional()
    .transform((chosen) => options.filter((option) => chosen?.includes(option)) as Array<Options[number]>);
}

/** The shape of a list item's id (made by the editor when the item is added): also part of a staff photo's name. */
export const itemIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** A list item's id, carried unseen by the editor; `message` says which item lost it. */
export function itemIdText(message: string) {
  return z.string({ error: message }).regex(itemIdPattern, { error: message });
}
