/** Where a tab's content comes from, as its header says it. */
export type ContentSource = "saved" | "builtIn" | "draft" | "builtInOnly" | "notTranslated";

const contentSourceNotes: Record<ContentSource, string> = {
  saved: "Published: this is what the site shows now.",
  builtIn: "Nothing has been saved for this page yet: these are the texts the site shows now.",
  draft: "This is a saved draft, not live: visitors still see the page as it was before it. Save Changes publishes it.",
  builtInOnly: "This page always shows its built-in text (it is not read from saved content), so it cannot be edited here.",
  notTranslated:
    "Not translated yet: the Spanish page shows the English text, with a note saying so. Write each text in Spanish (the English is under each field) and Save Changes publishes it.",
};

/** Whether a page the site reads from content opens a draft, its published text, or its built-in text. */
export function contentSourceOf(page: { saved: boolean; isDraft?: boolean }): ContentSource {
  if (page.isDraft) return "draft";
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
