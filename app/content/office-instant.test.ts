import { describe, expect, test } from "vitest";
import { officeDateAndTime, officeInstant } from "./office-time.ts";

// The practice's clock is America/Denver: MST (UTC-7) in winter, MDT (UTC-6) in summer.
describe("a time on the office's clock", () => {
  test("in winter and in summer", () => {
    expect(officeInstant("2026-03-01", "08:00")).toBe("2026-03-01T15:00:00.000Z");
    expect(officeInstant("2026-07-04", "08:00")).toBe("2026-07-04T14:00:00.000Z");
  });

  test("the hour the clocks go forward does not exist; the hour they go back is its first time", () => {
    // 2026-03-08: 2:00 AM MST becomes 3:00 AM MDT.
    expect(officeInstant("2026-03-08", "02:30")).toBeNull();
    expect(officeInstant("2026-03-08", "03:00")).toBe("2026-03-08T09:00:00.000Z");
    expect(officeInstant("2026-03-08", "01:59")).toBe("2026-03-08T08:59:00.000Z");
    // 2026-11-01: 2:00 AM MDT becomes 1:00 AM MST; 1:30 comes twice.
    expect(officeInstant("2026-11-01", "01:30")).toBe("2026-11-01T07:30:00.000Z");
    expect(officeInstant("2026-11-01", "03:00")).toBe("2026-11-01T10:00:00.000Z");
  });

  test("read back as the form holds it", () => {
    expect(officeDateAndTime("2026-03-01T15:00:00.000Z")).toEqual({ date: "2026-03-01", time: "08:00" });
    expect(officeDateAndTime("2026-11-26T06:59:00.000Z")).toEqual({ date: "2026-11-25", time: "23:59" });
  });
});
