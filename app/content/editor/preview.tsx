import { lazy, Suspense, useState } from "react";
import type { PageName } from "#app/content/pages.ts";
import type { Practice } from "#app/content/practice.ts";
import type { EditorFormMetadata } from "./editor-values.ts";

// The public pages' code comes with the dialog, when it is first opened.
const PreviewDialog = lazy(() => import("./preview-dialog.tsx"));

/**
 * "Preview": the public page with the form's unsaved values, drawn in the browser. `rest` holds
 * the page's fields this editor does not show (the About variant edits three), as loaded.
 */
export function PreviewButton({
  form,
  page,
  publicPath,
  rest,
  practice,
}: {
  form: EditorFormMetadata;
  page: PageName;
  publicPath: string;
  rest: Record<string, unknown>;
  /** The practice's details as saved, for the header and footer around the page. */
  practice: Practice;
}) {
  const [values, setValues] = useState<unknown>(null);
  function open() {
    // Fields that would not save are marked now, as a save would mark them.
    form.validate();
    setValues({ ...rest, ...form.value });
  }
  return (
    <>
      <button type="button" className="btn-outline-brand" onClick={open}>
        Preview
      </button>
      {values === null ? null : (
        <Suspense
          fallback={
            <p role="status" className="text-sm text-muted">
              Loading the preview...
            </p>
          }
        >
          <PreviewDialog page={page} publicPath={publicPath} values={values} practice={practice} onClose={() => setValues(null)} />
        </Suspense>
      )}
    </>
  );
}
