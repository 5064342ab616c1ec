import { z } from "zod";

/** A date and a time typed in a form, on the office's clock (America/Denver): what they say when wrong. */
export const officeTimeMessages = {
  date: "Choose a date.",
  time: "Choose a time, like 8:00 AM.",
  skippedTime: "That time does not exist on that day: the clocks go forward an hour. Choose another time.",
} as const;

/** A date input's value (YYYY-MM-DD). */
export const officeDateText = z.string({ error: officeTimeMessages.date }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: officeTimeMessages.date });

/** A time input's value (HH:MM, 24-hour). */
export const officeTimeText = z
  .string({ error: officeTimeMessages.time })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: officeTimeMessages.time });

/**
 * Whether a date and a time are each well formed, so a check across fields may read them as an
 * instant (zod runs such a check even when a field failed its own).
 */
export function isOfficeDateAndTime(value: { date: string; time: string }): boolean {
  return officeDateText.safeParse(value.date).success && officeTimeText.safeParse(value.time).success;
}
