import { describe, expect, test } from "vitest";
import { closesFirstMessage, readOfficeHours, unreadableHoursMessage } from "./office-hours.ts";

describe("office hours as people write them", () => {
  test.each([
    ["10AM-5PM", "10AM-5PM", "10:00", "17:00"],
    ["9 to 3", "9AM-3PM", "09:00", "15:00"],
    ["9am-3pm", "9AM-3PM", "09:00", "15:00"],
    ["9:00 - 15:00", "9AM-3PM", "09:00", "15:00"],
    ["09:00-17:30", "9AM-5:30PM", "09:00", "17:30"],
    ["9-5", "9AM-5PM", "09:00", "17:00"],
    ["10-5", "10AM-5PM", "10:00", "17:00"],
    ["8 - 12", "8AM-12PM", "08:00", "12:00"],
    ["9-11", "9AM-11AM", "09:00", "11:00"],
    ["1-5", "1PM-5PM", "13:00", "17:00"],
    ["1-5pm", "1PM-5PM", "13:00", "17:00"],
    ["9-3pm", "9AM-3PM", "09:00", "15:00"],
    ["9am-5", "9AM-5PM", "09:00", "17:00"],
    ["9:30 am – 12:15 pm", "9:30AM-12:15PM", "09:30", "12:15"],
    ["9 a.m. to 3 p.m.", "9AM-3PM", "09:00", "15:00"],
    ["9a-3p", "9AM-3PM", "09:00", "15:00"],
    ["noon to 6PM", "12PM-6PM", "12:00", "18:00"],
    ["Noon-4", "12PM-4PM", "12:00", "16:00"],
    ["8.30-4.30", "8:30AM-4:30PM", "08:30", "16:30"],
    ["10 until 2", "10AM-2PM", "10:00", "14:00"],
    ["18:00-21:00", "6PM-9PM", "18:00", "21:00"],
    ["3pm-9", "3PM-9PM", "15:00", "21:00"],
  ])("%j is read as %s", (typed, text, opens, closes) => {
    expect(readOfficeHours(typed)).toEqual({ ok: true, text, opens, closes });
  });

  test.each(["mornings", "9", "9-3-5", "25:00-26:00", "9:75-10", "13pm-2pm", "by appointment", ""])("%j cannot be read", (typed) => {
    expect(readOfficeHours(typed)).toEqual({ ok: false, message: unreadableHoursMessage });
  });

  test.each(["5PM-10AM", "15:00-9:00", "5pm-9am"])("%j closes before it opens", (typed) => {
    expect(readOfficeHours(typed)).toEqual({ ok: false, message: closesFirstMessage });
  });
});
