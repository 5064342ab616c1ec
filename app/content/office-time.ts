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
