import { Plus } from "lucide-react";
import { Field } from "#app/components/ui/field.tsx";
import type { FieldDescription } from "#app/content/page-kinds.ts";
import { ItemControls } from "./item-controls.tsx";
import type { AnyField, AnyForm } from "./page-editor.tsx";

type Fields = Record<string, AnyField>;

/** Where a tab's content comes from, as its header says it. */
export type ContentSource = "saved" | "builtIn" | "draft" | "builtInOnly";

const contentSourceNotes: Record<ContentSource, string> = {
  saved: "Saved content: what the site shows now.",
  builtIn: "Nothing has been saved for this page yet: these are the texts the site shows now.",
  draft:
    "Nothing has been saved for this page yet, so the site shows its built-in text. This is a blank draft: saving it replaces the built-in text.",
  builtInOnly: "This page always shows its built-in text (it is not read from saved content), so it cannot be edited here.",
};

/** Whether a page the site reads from content has anything saved. */
export function contentSourceOf(page: { saved: boolean }): ContentSource {
  return page.saved ? "saved" : "builtIn";
}

/** A tab's title and where its content comes from. */
export function TabHeader({ title, source, children }: { title: string; source: ContentSource; children?: React.ReactNode }) {
  return (
    <div className="mb-6 space-y-3">
      <h2 id="tab-title" className="text-2xl font-bold text-brand-dark">
        {title}
      </h2>
      <p className="text-sm text-muted">{contentSourceNotes[source]}</p>
      {children}
    </div>
  );
}

/**
 * A list of one-line texts (benefits, steps): each item edited in place, moved, or removed by
 * position; 'Add item' appends an empty one (spec section 4).
 */
function ListEditor({ form, field, label }: { form: AnyForm; field: AnyField; label: string }) {
  const items = (field as AnyField & { getFieldList: () => Array<AnyField> }).getFieldList();
  return (
    <fieldset className="rounded-xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-ink">{label}</legend>
      {items.length === 0 ? <p className="text-sm text-muted">No items: the page shows its built-in list.</p> : null}
      <ol className="space-y-3">
        {items.map((item, index) => {
          const itemLabel = `${label} ${index + 1}`;
          return (
            <li key={item.key} className="flex flex-wrap items-end gap-2">
              <div className="min-w-0 flex-1 basis-64">
                <Field field={item} label={itemLabel} />
              </div>
              <div className="pb-1">
                <ItemControls form={form} listName={field.name} index={index} count={items.length} itemLabel={itemLabel} />
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn-quiet mt-4" onClick={() => form.insert({ name: field.name, defaultValue: "" })}>
        <Plus aria-hidden="true" className="size-4" />
        Add item<span className="sr-only"> to {label}</span>
      </button>
    </fieldset>
  );
}

/** The text and list fields of a page, as its page kind describes them, each under its label. */
export function ContentFieldEditors({
  form,
  fields,
  descriptions,
}: {
  form: AnyForm;
  fields: Fields;
  descriptions: ReadonlyArray<FieldDescription>;
}) {
  return (
    <div className="space-y-5 rounded-2xl border border-line bg-white p-5 sm:p-6">
      <p className="text-sm text-muted">Every text needs some words; an item left empty in a list is dropped.</p>
      {descriptions.map((description) => {
        const field = fields[description.key];
        if (!field) return null;
        switch (description.kind) {
          case "text":
            return <Field key={description.key} field={field} label={description.label} />;
          case "longText":
            return <Field key={description.key} field={field} label={description.label} control="textarea" rows={4} />;
          case "list":
            return <ListEditor key={description.key} form={form} field={field} label={description.label} />;
          default:
            return null;
        }
      })}
    </div>
  );
}
