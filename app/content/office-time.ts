import { practice } from "./practice.ts";

const officeTime = new Intl.DateTimeFormat("en-US", {
  timeZone: practice.timeZone,
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/** A moment as the office reads it ("Mar 4, 2026, 2:05 PM MST"), the same on server and browser. */
export function formatOfficeTime(iso: string): string {
  return officeTime.format(new Date(iso));
}

// The office's calendar, for what the server reckons in office days (the inbox's export). Made
// only where used: a browser bundle that takes formatOfficeTime alone drops these.
const offsetFormat = /* @__PURE__ */ new Intl.DateTimeFormat("en-US", { timeZone: practice.timeZone, timeZoneName: "longOffset" });
const officeStamp = /* @__PURE__ */ new Intl.DateTimeFormat("en-CA", {
  timeZone: practice.timeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
});

/** The office's offset from UTC at `instant`, in minutes ("GMT-07:00" is -420). */
function officeOffsetMinutes(instant: number): number {
  const name = offsetFormat.formatToParts(new Date(instant)).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!match) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** When the office's day `date` (YYYY-MM-DD) begins, as an ISO instant; `days` later for a later day. */
export function officeDayStart(date: string, days = 0): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, day + days);
  // The offset of the moment found, once more: on a day the clocks change it may differ.
  const guess = midnightUtc - officeOffsetMinutes(midnightUtc) * 60_000;
  return new Date(midnightUtc - officeOffsetMinutes(guess) * 60_000).toISOString();
}

function officeClock(instant: Date): Record<string, string> {
  return Object.fromEntries(officeStamp.formatToParts(instant).map((part) => [part.type, part.value]));
}

/** The office's calendar day at `instant` (YYYY-MM-DD). */
export function officeDate(instant = Date.now()): string {
  const { year, month, day } = officeClock(new Date(instant));
  return `${year}-${month}-${day}`;
}

/** A moment as the office's clock read it, sortable in a spreadsheet: "2026-11-25 18:34 MST". */
export function officeTimeStamp(iso: string): string {
  const parts = officeClock(new Date(iso));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

/**
 * The instant the office's clock reads `date` (YYYY-MM-DD) at `time` (HH:MM), as an ISO string;
 * null for a time the clock skips (the hour the clocks go forward). In the hour the clocks go back,
 * which comes twice, the first. Checked against the office's clock, so daylight saving is right
 * on either side.
 */
export function officeInstant(date: string, time: string): string | null {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const earlier = wall - officeOffsetMinutes(wall - 12 * 3_600_000) * 60_000;
  const later = wall - officeOffsetMinutes(wall + 12 * 3_600_000) * 60_000;
  for (const instant of [Math.min(earlier, later), Math.max(earlier, later)]) {
    const read = officeClock(new Date(instant));
    if (`${read.year}-${read.month}-${read.day}` === date && `${read.hour}:${read.minute}` === time) return new Date(instant).toISOString();
  }
  return null;
}

/** What the office's clock reads at `iso`, as a form's date and time fields hold it. */
export function officeDateAndTime(iso: string): { date: string; time: string } {
  const read = officeClock(new Date(iso));
  return { date: `${read.year}-${read.month}-${read.day}`, time: `${read.hour}:${read.minute}` };
}
