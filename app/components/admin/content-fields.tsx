import type { FieldDescription } from "#app/content/page-kinds.ts";

export type ContentField = { label: string; value: string | ReadonlyArray<string> };

/** Where a tab's content comes from, as its header says it. */
export type ContentSource = "saved" | "builtIn" | "builtInOnly";

export const contentSourceNotes: Record<ContentSource, string> = {
  saved: "Saved content, over the built-in text for any field left empty.",
  builtIn: "Built-in text: nothing has been saved yet.",
  builtInOnly: "This page always shows its built-in text; saved content is not used.",
};

export function contentSourceOf(page: { saved: boolean }, usesStoredContent = true): ContentSource {
  return !usesStoredContent ? "builtInOnly" : page.saved ? "saved" : "builtIn";
}

/** The text and list fields of a page, labelled as its page kind describes them. */
export function textFieldsOf<T extends Record<string, unknown>>(fields: ReadonlyArray<FieldDescription>, content: T): Array<ContentField> {
  return fields.flatMap((field): Array<ContentField> => {
    const value = content[field.key];
    if (field.kind === "list" && Array.isArray(value)) return [{ label: field.label, value: value.map(String) }];
    if ((field.kind === "text" || field.kind === "longText") && typeof value === "string") return [{ label: field.label, value }];
    return [];
  });
}

/** Stored page content shown as read-only label/value pairs (plain text, never HTML). */
export function ContentFields({ fields }: { fields: ReadonlyArray<ContentField> }) {
  return (
    <dl className="divide-y divide-line rounded-2xl border border-line bg-white">
      {fields.map((field) => (
        <div key={field.label} className="grid gap-1 px-5 py-4 sm:grid-cols-[14rem_1fr] sm:gap-6">
          <dt className="text-sm font-semibold text-muted">{field.label}</dt>
          <dd className="text-ink">
            {typeof field.value === "string" ? (
              <p className="whitespace-pre-line">{field.value}</p>
            ) : field.value.length > 0 ? (
              <ul className="list-disc space-y-1 pl-5">
                {field.value.map((item, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of texts, identified by position
                  <li key={index}>{item}</li>
                ))}
              </ul>
            ) : (
              <p className="text-muted">None</p>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
