import { lazy, Suspense, useCallback, useState } from "react";
import type { PageName } from "#app/content/pages.ts";
import type { Practice } from "#app/content/practice.ts";
import type { ServiceLink } from "#app/content/collections.ts";
import { useEditorPreviewOpener } from "./editor-form.tsx";
import type { EditorFormMetadata } from "./editor-values.ts";
import type { Language } from "#app/i18n/languages.ts";

// The public pages' code comes with the dialog, when it is first opened.
const PreviewDialog = lazy(() => import("./preview-dialog.tsx"));

/**
 * The preview of the open editor: the public page with the form's unsaved values, drawn in the
 * browser, opened by the save bar's Preview button (editor-form.tsx). `rest` holds the page's
 * fields this editor does not show (the About variant edits three), as loaded.
 */
export function EditorPreview({
  form,
  page,
  publicPath,
  rest,
  practice,
  services,
  language = "en",
}: {
  form: EditorFormMetadata;
  page: PageName;
  publicPath: string;
  rest: Record<string, unknown>;
  /** The practice's details as saved, for the header and footer around the page. */
  practice: Practice;
  /** The live services, for the header's menus and the pages that list them. */
  services: ReadonlyArray<ServiceLink>;
  /** A translation's editor previews the page in its language. */
  language?: Language;
}) {
  const [values, setValues] = useState<unknown>(null);
  const open = useCallback(() => {
    // Fields that would not save are marked now, as a save would mark them.
    form.validate();
    setValues({ ...rest, ...form.value });
  }, [form, rest]);
  useEditorPreviewOpener(open);
  if (values === null) return null;
  return (
    <Suspense
      fallback={
        <p role="status" className="text-sm text-muted">
          Loading the preview...
        </p>
      }
    >
      <PreviewDialog
        page={page}
        publicPath={publicPath}
        values={values}
        practice={practice}
        services={services}
        language={language}
        onClose={() => setValues(null)}
      />
    </Suspense>
  );
}
