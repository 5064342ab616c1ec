import { describe, expect, test } from "vitest";
import { officeDays, officeTimes } from "#app/pages/practice-details.ts";
import { spanishOfficeDays, spanishOfficeTimes } from "./spanish-hours.ts";

// The hours as staff type them in Practice Details, through the site's own reading, in Spanish.
const days = (label: string) => spanishOfficeDays(officeDays(label) ?? []);
const times = (hours: string) => spanishOfficeTimes(officeTimes(hours)!).replaceAll("\u00a0", " ");

describe("office hours in Spanish", () => {
  test.each([
    ["Monday-Thursday", "Lunes a jueves"],
    ["Friday", "Viernes"],
    ["Saturday", "Sábado"],
    ["Mon, Wed, Fri", "Lunes, miércoles y viernes"],
    ["Monday-Tuesday", "Lunes y martes"],
    ["Monday-Wednesday, Friday-Sunday", "Lunes a miércoles y viernes a domingo"],
  ])("%s is %s", (label, spanish) => {
    expect(days(label)).toBe(spanish);
  });

  test.each([
    ["10AM-5PM", "10 a. m.–5 p. m."],
    ["9:30 to 12:15", "9:30 a. m.–12:15 p. m."],
    ["noon-5", "12 p. m.–5 p. m."],
    ["8:00-20:00", "8 a. m.–8 p. m."],
  ])("%s is %s", (hours, spanish) => {
    expect(times(hours)).toBe(spanish);
  });

  test("a time's parts are never broken over two lines", () => {
    expect(spanishOfficeTimes({ opens: "10:00", closes: "17:00" })).toBe("10\u00a0a.\u00a0m.–5\u00a0p.\u00a0m.");
  });
});
