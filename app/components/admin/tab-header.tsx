import { EditingLaterNote } from "./editing-later-note.tsx";

/** A tab's title, where its content comes from, and the read-only note. */
export function TabHeader({ title, source }: { title: string; source?: string }) {
  return (
    <div className="mb-6 space-y-3">
      <h2 id="tab-title" className="text-2xl font-bold text-brand-dark">
        {title}
      </h2>
      {source ? <p className="text-sm text-muted">{source}</p> : null}
      <EditingLaterNote />
    </div>
  );
}
