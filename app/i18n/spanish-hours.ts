import { type DayOfWeek, type OpeningHours, weekDays } from "#app/content/practice.ts";

/**
 * Office hours as a Spanish page writes them (decision 047): the days and times staff keep once, in
 * Practice Details, read from what the site already parsed of them (their days in week order, their
 * opening and closing on a 24-hour clock), so nothing is translated by hand. "Monday-Thursday
 * 10AM-5PM" is "Lunes a jueves" and "10 a. m.–5 p. m."; the US Spanish way, with "a. m." and "p. m."
 * as the Real Academia writes them. No Intl: the server's and the browser's libraries may differ.
 */
const spanishDays: Readonly<Record<DayOfWeek, string>> = {
  Monday: "lunes",
  Tuesday: "martes",
  Wednesday: "miércoles",
  Thursday: "jueves",
  Friday: "viernes",
  Saturday: "sábado",
  Sunday: "domingo",
};

/** "Lunes a jueves", "Viernes", "Lunes, miércoles y viernes", "Lunes y martes". */
export function spanishOfficeDays(days: ReadonlyArray<DayOfWeek>): string {
  // Runs of days one after another in the week: a run of three or more is "lunes a jueves".
  const runs: Array<Array<DayOfWeek>> = [];
  for (const day of days) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && weekDays.indexOf(day) === weekDays.indexOf(last) + 1) run.push(day);
    else runs.push([day]);
  }
  const parts = runs.flatMap((run) =>
    run.length >= 3 ? [`${spanishDays[run[0]!]} a ${spanishDays[run.at(-1)!]}`] : run.map((day) => spanishDays[day]),
  );
  const text = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} y ${parts.at(-1)}` : (parts[0] ?? "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "10:00" is "10 a. m.", "17:30" is "5:30 p. m." (the spaces are not broken). */
function spanishTime(clock: string): string {
  const [hour = 0, minute = 0] = clock.split(":").map(Number);
  const half = hour < 12 ? "a.\u00a0m." : "p.\u00a0m.";
  return `${hour % 12 || 12}${minute ? `:${String(minute).padStart(2, "0")}` : ""}\u00a0${half}`;
}

/** "10 a. m.–5 p. m." */
export function spanishOfficeTimes(hours: Pick<OpeningHours, "opens" | "closes">): string {
  return `${spanishTime(hours.opens)}–${spanishTime(hours.closes)}`;
}
