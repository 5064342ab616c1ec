export type ContentField = { label: string; value: string | ReadonlyArray<string> };

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
