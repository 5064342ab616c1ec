import { type FieldDescription, fieldList } from "#app/content/define-page.ts";
import { pageDefinitions } from "#app/content/pages.ts";
import { articleFields } from "#app/articles/article-page.ts";
import { draftSavedToast, editorBodyLimitBytes, saveFailedToast, saveFailures } from "#app/content/page-save.ts";
import { fieldBytes, postedBytes } from "#app/admin-action/admin-action.ts";
import { type AdminAnswer, succeeded } from "#app/admin-action/admin-answer.ts";

/**
 * How an editor's save fails in the browser (adminClientAction): a save that never got an
 * answer, was refused because the session ended, or is larger than the server takes becomes a
 * message in the editor, which keeps the text typed into it, instead of an error page that
 * would drop it. A save over the limit is stopped before it is sent, and names what to shorten.
 */
export const editorClientRules = {
  ...saveFailures,
  tooLarge: (form: FormData) => ({ message: tooLargeMessage(form), toast: saveFailedToast }),
  maxBytes: editorBodyLimitBytes,
};

/** Whether a save put the page on the website (Save Changes), not in a draft (Save draft: its own toast). */
export function published(answer: AdminAnswer | undefined): boolean {
  return succeeded(answer) && answer?.toast !== undefined && answer.toast.title !== draftSavedToast.title;
}

/** Every field of every page kind by its key (kinds that share a key describe it alike), an article's too. */
const fieldsByKey = new Map<string, FieldDescription>([
  ...fieldList(articleFields),
  ...pageDefinitions.flatMap((definition) => fieldList(definition.fields)),
]);

function labelOf(field: FieldDescription | undefined, key: string): string {
  return field && "label" in field ? field.label : key;
}

/** What staff call a posted field: "Bio of Ava Morgan", "Benefits, item 3", "Mission". */
export function fieldLabel(name: string, form: FormData): string {
  const [, key = name, index, itemKey] = /^(\w+)(?:\[(\d+)\](?:\.(\w+))?)?$/.exec(name) ?? [];
  const field = fieldsByKey.get(key);
  if (index === undefined) return labelOf(field, name);
  const position = Number(index) + 1;
  if (itemKey === undefined || field?.kind !== "objectList") return `${labelOf(field, key)}, item ${position}`;
  const title = form.get(`${key}[${index}].${field.titleKey}`);
  const who = typeof title === "string" && title.trim() ? title.trim() : `${field.itemLabel.toLowerCase()} ${position}`;
  return `${labelOf(fieldList(field.item).find(([each]) => each === itemKey)?.[1], itemKey)} of ${who}`;
}

/** Says the save is too large, and which fields take the most of it. */
export function tooLargeMessage(form: FormData): string {
  const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
  const largest = [...form]
    .map(([name, value]) => ({ name, bytes: fieldBytes(name, value) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 3)
    .map(({ name, bytes }) => `${fieldLabel(name, form)} (${Math.round(bytes / 1024)} KB)`);
  return (
    `Your changes were not saved: together they are ${megabytes(postedBytes(form))} MB, and a page can take at most ` +
    `${megabytes(editorBodyLimitBytes)} MB. Your text is still here. Shorten the longest texts first: ${largest.join(", ")}.`
  );
}
