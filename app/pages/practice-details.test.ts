import { describe, expect, test } from "vitest";
import { practice } from "#app/content/practice.ts";
import { unreadableHoursMessage } from "#app/content/office-hours.ts";
import {
  dialableNumber,
  officeDays,
  officeTimes,
  practiceDetailsDefaults,
  practiceDetailsSchema,
  practiceFrom,
} from "./practice-details.ts";

describe("practice details", () => {
  test("phone numbers are kept only when they can be dialled", () => {
    expect(dialableNumber("(435) 555-0142")).toBe("+14355550142");
    expect(dialableNumber("435.555.0142")).toBe("+14355550142");
    expect(dialableNumber("+1 435 555 0142")).toBe("+14355550142");
    expect(dialableNumber("555-0142")).toBeNull();
    expect(dialableNumber("(435) 555-O142")).toBeNull();
    expect(dialableNumber("call 435 555 0142")).toBeNull();
    const refused = practiceDetailsSchema.safeParse({ ...practiceDetailsDefaults, phone: "555-0142" });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ["phone"],
      message: "Enter a phone number with its area code, like (435) 555-0142.",
    });
  });

  test("office days and hours are read back into what search engines are told", () => {
    expect(officeDays("Monday-Thursday")).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday"]);
    expect(officeDays("Mon, Wed & Fri")).toEqual(["Monday", "Wednesday", "Friday"]);
    expect(officeDays("Saturday")).toEqual(["Saturday"]);
    expect(officeDays("Thursday-Monday")).toBeNull();
    expect(officeDays("weekdays")).toBeNull();
    expect(officeTimes("10AM-5PM")).toEqual({ opens: "10:00", closes: "17:00" });
    expect(officeTimes("9:30 am – 12:15 pm")).toEqual({ opens: "09:30", closes: "12:15" });
    expect(officeTimes("noon to 6PM")).toEqual({ opens: "12:00", closes: "18:00" });
    expect(officeTimes("5PM-10AM")).toBeNull();
    expect(officeTimes("10-5")).toEqual({ opens: "10:00", closes: "17:00" });
    expect(officeTimes("mornings")).toBeNull();
    const refused = practiceDetailsSchema.safeParse({
      ...practiceDetailsDefaults,
      officeHours: [{ id: "hours-1", days: "Most days", hours: "mornings" }],
    });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["officeHours.0.days", "Write the days like Monday-Thursday, Friday, or Monday, Wednesday."],
      ["officeHours.0.hours", unreadableHoursMessage],
    ]);
  });

  test("the built-in details make the practice the pages always showed", () => {
    const shown = practiceFrom(practiceDetailsSchema.parse(practiceDetailsDefaults));
    expect(shown.phone).toEqual(practice.phone);
    expect(shown.billingPhone).toEqual(practice.billingPhone);
    expect(shown.address).toEqual(practice.address);
    expect(shown.officeHours).toEqual(practice.officeHours);
    expect(shown.geo).toEqual(practice.geo);
    expect(practice.map.embedUrl).toContain("bbox=-113.0689%2C37.6735%2C-113.0549%2C37.6815&layer=mapnik&marker=37.6775%2C-113.0619");
    expect(shown.map.embedUrl).toBe(practice.map.embedUrl);
    expect(shown.map.largerMapUrl).toBe(practice.map.largerMapUrl);
  });

  test("saved details make the links, address lines and opening hours from what staff typed", () => {
    const shown = practiceFrom(
      practiceDetailsSchema.parse({
        ...practiceDetailsDefaults,
        phone: "435-555-0199",
        streetAddress: "95 W 200 N",
        city: "St. George",
        region: "UT",
        postalCode: "84770",
        officeHours: [{ id: "hours-1", days: "Tue-Sat", hours: "8AM-2:30PM" }],
      }),
    );
    // Shown one way on every page, however it was typed.
    expect(shown.phone).toEqual({ display: "(435) 555-0199", href: "tel:+14355550199", textHref: "sms:+14355550199" });
    expect(shown.address.lines).toEqual(["95 W 200 N", "St. George, UT 84770"]);
    expect(shown.officeHours).toEqual([
      {
        label: "Tue-Sat",
        hours: "8AM-2:30PM",
        days: ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        opens: "08:00",
        closes: "14:30",
      },
    ]);
  });
});
