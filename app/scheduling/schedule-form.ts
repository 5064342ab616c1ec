import { z } from "zod";
import { officeDateText, officeTimeMessages, officeTimeText } from "#app/content/office-time-fields.ts";
import { officeInstant } from "#app/content/office-time.ts";
import { type Language, languageOf } from "#app/i18n/languages.ts";

/**
 * Scheduled publishing (issue 44): a page's saved draft, in English or Spanish, published at a
 * date and time on the office's clock. The form staff fill in and the server's check, shared.
 */

export const scheduleMessages = {
  ...officeTimeMessages,
  page: "Choose the draft to publish.",
  past: "That time has passed: choose a time from now on.",
  noDraft: "This page has no saved draft to publish. Save a draft of it first (Save draft in its editor), then schedule it.",
  alreadyScheduled: "This draft is already scheduled: move or cancel that schedule below.",
  changedMeanwhile: "This schedule was changed meanwhile (moved, cancelled or published): it is shown as it is now. Look at it again.",
} as const;

const reloadMessage = "Reload the page and try again.";

const whenFields = { date: officeDateText, time: officeTimeText };

/** The time must exist on the office's clock and be later than `now` (the browser checks as a courtesy, the server decides). */
function checkWhen(now: () => number) {
  return (value: { date: string; time: string }, context: z.RefinementCtx) => {
    const at = officeInstant(value.date, value.time);
    if (at === null) context.addIssue({ code: "custom", path: ["time"], message: scheduleMessages.skippedTime });
    else if (Date.parse(at) <= now()) context.addIssue({ code: "custom", path: ["date"], message: scheduleMessages.past });
  };
}

/** "Schedule": a page's draft (`draft` is "{page name}|{language}", one choice of a list) and when. */
export function scheduleSchema(now: () => number = Date.now) {
  return z
    .object({
      intent: z.literal("schedule", { error: reloadMessage }),
      draft: z.string({ error: scheduleMessages.page }).regex(/^[a-z0-9-]{1,80}\|(en|es)$/, { error: scheduleMessages.page }),
      ...whenFields,
    })
    .superRefine(checkWhen(now));
}

/** "Move" of a schedule shown at `version`. */
export function moveSchema(now: () => number = Date.now) {
  return z
    .object({
      intent: z.literal("move", { error: reloadMessage }),
      id: z.uuid({ error: reloadMessage }),
      version: z.number({ error: reloadMessage }).int().min(1),
      ...whenFields,
    })
    .superRefine(checkWhen(now));
}

/** "Cancel" of a schedule shown at `version`. */
export const cancelSchema = z.object({
  intent: z.literal("cancel", { error: reloadMessage }),
  id: z.uuid({ error: reloadMessage }),
  version: z.number({ error: reloadMessage }).int().min(1),
});

/** The draft a "Schedule" names, split into its page and language. */
export function draftChoice(value: string): { page: string; language: Language } {
  const [page = "", language] = value.split("|");
  return { page, language: languageOf(language) };
}

/** The form's date and time as an instant (the form's rules hold). */
export function scheduledInstant(value: { date: string; time: string }): string {
  return officeInstant(value.date, value.time) ?? "";
}
