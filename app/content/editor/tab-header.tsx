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
