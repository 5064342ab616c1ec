import { z } from "zod";

/** A date and a time typed in a form, on the office's clock (America/Denver): what they say when wrong. */
export const officeTimeMessages = {
  date: "Choose a date.",
  time: "Choose a time, like 8:00 AM.",
  skippedTime: "That time does not exist on that day: the clocks go forward an hour. Choose another time.",
} as const;

// A malformed date or time aborts the form's parse (`abort`): zod would otherwise still run the
// checks across fields, which read the two as an instant (officeInstant) and cannot read that.

/** A date input's value (YYYY-MM-DD). */
export const officeDateText = z
  .string({ error: officeTimeMessages.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: officeTimeMessages.date, abort: true });

/** A time input's value (HH:MM, 24-hour). */
export const officeTimeText = z
  .string({ error: officeTimeMessages.time })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: officeTimeMessages.time, abort: true });
