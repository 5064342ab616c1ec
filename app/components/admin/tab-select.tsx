import { Form, useSubmit } from "react-router";

/**
 * A tab's selector (the Service Pages tab's page, the Images tab's category): a GET form, so the
 * choice is in the URL. With JavaScript the tab changes as soon as one is chosen; without it,
 * the Show button (shown only then) sends the form. The select shows the page's choice (`value`), so a change
 * that staff then cancel (unsaved changes) does not leave it naming another page.
 */
export function TabSelect({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const submit = useSubmit();
  return (
    <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
      <div className="max-w-full">
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          {label}
        </label>
        <select
          id={id}
          name={name}
          value={value}
          onChange={(event) => void submit(event.currentTarget.form)}
          className="mt-1.5 block min-h-11 max-w-full min-w-64 rounded-lg border border-[#8a8f8c] bg-white px-3.5 py-2.5 text-base text-ink"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {/* Only without JavaScript: with it, choosing is enough. */}
      <noscript>
        <button type="submit" className="btn-outline-brand">
          Show
        </button>
      </noscript>
    </Form>
  );
}
