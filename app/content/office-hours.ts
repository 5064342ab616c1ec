/**
 * Office hours as people write them ("9 to 3", "9am-3pm", "9:00 - 15:00", "noon-5") read into
 * opening and closing times, and written back one way, "9AM-3PM" or "9:30AM-12:15PM": what the
 * site shows and what search engines are told. Shared by the Practice Details form (in the
 * browser) and the server through the schema in practice-details.ts.
 */

export type ReadOfficeHours =
  | { ok: true; opens: string; closes: string /** The hours as the site writes them. */; text: string }
  | { ok: false; message: string };

/** One end of the hours as typed: its clock reading and what it says of the half of the day. */
type Clock = { hour: number; minute: number; half: "am" | "pm" | null; twentyFour: boolean };

const separator = /\s*(?:-|–|—|\bto\b|\buntil\b|\btill?\b|\bthrough\b|\bthru\b)\s*/i;

function clockOf(text: string): Clock | null {
  const value = text.trim().toLowerCase();
  if (value === "noon" || value === "midday" || value === "12 noon") return { hour: 12, minute: 0, half: "pm", twentyFour: false };
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?\s*(?:m\.?)?)?$/.exec(value);
  if (!match) return null;
  const [, hourText = "", minuteText = "00", half] = match;
  const hour = Number(hourText);
  const minute = Number(minuteText);
  if (minute > 59) return null;
  if (half) return hour >= 1 && hour <= 12 ? { hour, minute, half: half === "a" ? "am" : "pm", twentyFour: false } : null;
  // "15:00", "0:30" and "09:00" are a 24-hour clock; "9" and "9:00" could be either half.
  const twentyFour = hour === 0 || hour > 12 || (hourText.length === 2 && hourText.startsWith("0"));
  return hour <= 23 ? { hour, minute, half: null, twentyFour } : null;
}

/** Minutes after midnight of a 12-hour reading in the given half. */
function minutesIn(clock: Clock, half: "am" | "pm"): number {
  return ((clock.hour % 12) + (half === "pm" ? 12 : 0)) * 60 + clock.minute;
}

/** Opening and closing as minutes after midnight, each half taken from what the text says or makes likely. */
function minutesOf(opens: Clock, closes: Clock): [number, number] {
  if (opens.twentyFour || closes.twentyFour) {
    const at = (clock: Clock) => (clock.half ? minutesIn(clock, clock.half) : clock.hour * 60 + clock.minute);
    return [at(opens), at(closes)];
  }
  if (opens.half && closes.half) return [minutesIn(opens, opens.half), minutesIn(closes, closes.half)];
  if (closes.half) {
    // "9-3pm", "1-5pm": the latest reading of the opening before the closing.
    const close = minutesIn(closes, closes.half);
    const pm = minutesIn(opens, "pm");
    return [pm < close ? pm : minutesIn(opens, "am"), close];
  }
  // An office opens from 6 in the morning to noon, and from 1 to 5 in the afternoon.
  const open = opens.half ? minutesIn(opens, opens.half) : minutesIn(opens, opens.hour >= 6 && opens.hour <= 11 ? "am" : "pm");
  // "9am-5", "9 to 3": the first reading of the closing after the opening.
  const am = minutesIn(closes, "am");
  return [open, am > open ? am : minutesIn(closes, "pm")];
}

function written(minutes: number): string {
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  return `${hour % 12 || 12}${minute ? `:${String(minute).padStart(2, "0")}` : ""}${hour < 12 ? "AM" : "PM"}`;
}

const clock24 = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

export const unreadableHoursMessage = "Write the hours like 9AM-5PM, 9 to 5, or 9:00-17:00.";
export const closesFirstMessage = "The closing time comes before the opening time here: write the opening first, like 9AM-5PM.";

/** The opening and closing times a text names, and the text the site writes for them; or what to mend. */
export function readOfficeHours(text: string): ReadOfficeHours {
  const ends = text.trim().split(separator);
  if (ends.length !== 2) return { ok: false, message: unreadableHoursMessage };
  const [opens, closes] = ends.map((end) => clockOf(end ?? ""));
  if (!opens || !closes) return { ok: false, message: unreadableHoursMessage };
  const [open, close] = minutesOf(opens, closes);
  if (open >= close) return { ok: false, message: closesFirstMessage };
  return { ok: true, opens: clock24(open), closes: clock24(close), text: `${written(open)}-${written(close)}` };
}
