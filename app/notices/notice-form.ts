import { z } from "zod";
import { officeInstant } from "#app/content/office-time.ts";
import { officeDateText, officeTimeMessages, officeTimeText } from "#app/content/office-time-fields.ts";
import { lineText, optionalLineText } from "#app/content/text-fields.ts";

/**
 * A notice (issue 44): one short text, in English and (optionally) Spanish, an optional link, and
 * when it shows, on the office's clock. The form staff fill in and the server's check, shared.
 */

export const noticeMessages = {
  text: "Write the notice, like: Closed Thursday and Friday for Thanksgiving.",
  link: "Enter a page of this site, like /contact, or a full address starting with https://.",
  linkText: "Say what the link leads to, like: Our holiday hours.",
  linkWithoutAddress: "Give the link's address too, or leave its text empty.",
  ...officeTimeMessages,
  endBeforeStart: "The end comes before the start: a notice ends after it begins.",
  endPassed: "That end has passed: a notice that has ended would never show. Choose a later end.",
  overlaps: (other: string) => `Another notice shows then (${other}). One notice shows at a time: change this one's times, or that one's.`,
} as const;

/** A link's address: a path of this site ("/contact", "/es/contact") or an https:// address; never javascript:, data: and the like. */
export function isNoticeLink(value: string): boolean {
  if (/^\/(?![/\\])/.test(value)) return !/[\s<>"]/.test(value);
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

export const noticeFieldsSchema = z.object({
  textEn: lineText(200, noticeMessages.text),
  textEs: optionalLineText(200),
  link: optionalLineText(500).refine((value) => value === "" || isNoticeLink(value), { error: noticeMessages.link }),
  linkTextEn: optionalLineText(80),
  linkTextEs: optionalLineText(80),
  startDate: officeDateText,
  startTime: officeTimeText,
  endDate: officeDateText,
  endTime: officeTimeText,
});

export type NoticeFields = z.output<typeof noticeFieldsSchema>;

const reloadMessage = "Reload the page and try again.";

/**
 * The form's rules across fields: the link and its text go together, each time exists on the
 * office's clock, and the end comes after the start and has not passed (`now`: the browser's
 * clock checks as a courtesy, the server's decides).
 */
function checkNotice(now: () => number) {
  return (value: NoticeFields, context: z.RefinementCtx) => {
    if (value.link !== "" && value.linkTextEn === "")
      context.addIssue({ code: "custom", path: ["linkTextEn"], message: noticeMessages.linkText });
    if (value.link === "" && (value.linkTextEn !== "" || value.linkTextEs !== "")) {
      context.addIssue({ code: "custom", path: ["link"], message: noticeMessages.linkWithoutAddress });
    }
    const starts = officeInstant(value.startDate, value.startTime);
    const ends = officeInstant(value.endDate, value.endTime);
    if (starts === null) context.addIssue({ code: "custom", path: ["startTime"], message: noticeMessages.skippedTime });
    if (ends === null) context.addIssue({ code: "custom", path: ["endTime"], message: noticeMessages.skippedTime });
    if (starts === null || ends === null) return;
    if (ends <= starts) context.addIssue({ code: "custom", path: ["endDate"], message: noticeMessages.endBeforeStart });
    else if (Date.parse(ends) <= now()) context.addIssue({ code: "custom", path: ["endDate"], message: noticeMessages.endPassed });
  };
}

/** "Add" (no id) or "Save" of a notice shown at `version`. */
export function noticeSaveSchema(now: () => number = Date.now) {
  return noticeFieldsSchema
    .extend({
      intent: z.enum(["add", "change"], { error: reloadMessage }),
      id: z.uuid({ error: reloadMessage }).optional(),
      version: z.number({ error: reloadMessage }).int().min(1).optional(),
    })
    .superRefine((value, context) => {
      if (value.intent === "change" && (value.id === undefined || value.version === undefined)) {
        context.addIssue({ code: "custom", message: reloadMessage });
      }
      checkNotice(now)(value, context);
    });
}

/** "Remove" of a notice shown at `version`. */
export const noticeRemoveSchema = z.object({
  intent: z.literal("remove", { error: reloadMessage }),
  id: z.uuid({ error: reloadMessage }),
  version: z.number({ error: reloadMessage }).int().min(1),
});

/** When a notice's form says it starts and ends, as instants (the form's rules hold). */
export function noticeWindow(value: NoticeFields): { startsAt: string; endsAt: string } {
  return { startsAt: officeInstant(value.startDate, value.startTime) ?? "", endsAt: officeInstant(value.endDate, value.endTime) ?? "" };
}
