import { type ReactNode, Suspense, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import { SiteFooter } from "#app/components/site/site-footer.tsx";
import { SiteHeader } from "#app/components/site/site-header.tsx";
import { PracticeProvider } from "#app/components/site/practice-context.tsx";
import { ServicesProvider } from "#app/components/site/services-context.tsx";
import type { ServiceLink } from "#app/content/collections.ts";
import type { Practice } from "#app/content/practice.ts";
import { useModalDialog } from "#app/components/ui/use-modal-dialog.ts";
import { PageView } from "#app/content/page-view.tsx";
import { type PageName, pageDefinition } from "#app/content/pages.ts";
import { withPracticeDetails } from "#app/content/practice-tokens.ts";
import type { Language } from "#app/i18n/languages.ts";
import { LanguageProvider } from "#app/i18n/site-words.ts";
import { ShownLanguageProvider } from "#app/i18n/shown-language.tsx";

/**
 * The editor's preview: the public page drawn in the browser from the form's unsaved values, in
 * a frame as wide as a phone or a desktop. Nothing is sent or stored. Loaded only when opened
 * (preview.tsx), and each kind's view when first shown, so the editors do not carry the public
 * pages' code.
 */

/**
 * The page for `values`, checked with its own definition's schema, with the practice's details in
 * place of its tokens (as loadPage fills them), and the practice's details it is shown with: the
 * saved ones, or those the page itself holds (Practice Details). Null when the values do not fit.
 */
function pageBody(page: PageName, values: unknown, saved: Practice): { body: ReactNode; practice: Practice } | null {
  // Any kind's definition, read without its content's type: the values are checked by its own schema here.
  const definition: {
    schema: { safeParse(values: unknown): { success: true; data: unknown } | { success: false } };
    fields: Parameters<typeof withPracticeDetails>[1];
    practice?(content: unknown): Practice;
  } = pageDefinition(page);
  const parsed = definition.schema.safeParse(values);
  if (!parsed.success) return null;
  const practice = definition.practice?.(parsed.data) ?? saved;
  return { body: <PageView page={page} content={withPracticeDetails(parsed.data, definition.fields, practice)} />, practice };
}

/** An empty document with the site's own stylesheets, for the frame the page is drawn into. */
function frameDocument(language: Language): string {
  const styles = [...document.head.querySelectorAll('link[rel="stylesheet"], style')].map((element) => element.outerHTML).join("");
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${styles}</head><body class="${document.body.className.replaceAll('"', "")}"></body></html>`;
}

/** A same-origin frame (srcdoc: no request, and the admin's own security policy) that React draws into. */
function PreviewFrame({
  title,
  className,
  language,
  children,
}: {
  title: string;
  className: string;
  language: Language;
  children: ReactNode;
}) {
  const [body, setBody] = useState<HTMLElement | null>(null);
  const srcDoc = useMemo(() => frameDocument(language), [language]);
  return (
    <>
      <iframe
        title={title}
        srcDoc={srcDoc}
        className={className}
        onLoad={(event) => setBody(event.currentTarget.contentDocument?.body ?? null)}
      />
      {body ? createPortal(children, body) : null}
    </>
  );
}

const widths = {
  phone: {
    label: "Phone",
    // 375 px wide, shown smaller on a screen too narrow for it.
    box: "h-[567px] w-[319px] sm:h-[667px] sm:w-[375px]",
    frame: "h-[667px] w-[375px] origin-top-left max-sm:scale-[.85]",
  },
  desktop: {
    label: "Desktop",
    // 1280 px wide, scaled to the screen it is looked at on.
    box: "h-[200px] w-[320px] sm:h-[360px] sm:w-[576px] lg:h-[560px] lg:w-[896px] xl:h-[680px] xl:w-[1088px]",
    frame: "h-[800px] w-[1280px] origin-top-left scale-[.25] sm:scale-[.45] lg:scale-[.7] xl:scale-[.85]",
  },
} as const;

type Width = keyof typeof widths;

export default function PreviewDialog({
  page,
  publicPath,
  values,
  practice,
  services,
  language,
  onClose,
}: {
  page: PageName;
  /** The page's address, in the language previewed (its header marks it current). */
  publicPath: string;
  values: unknown;
  /** The language of the page previewed: a translation's editor shows the page in it. */
  language: Language;
  /** The practice's details as saved, which the page's header and footer show. */
  practice: Practice;
  /** The live services, for the header's menus and the pages that list them. */
  services: ReadonlyArray<ServiceLink>;
  onClose: () => void;
}) {
  const dialog = useModalDialog();
  // At the width of the screen it is looked at on: a desktop's (from 1024 px up), else a phone's.
  const [width, setWidth] = useState<Width>(() => (window.matchMedia("(min-width: 1024px)").matches ? "desktop" : "phone"));
  const shown = pageBody(page, values, practice);
  return (
    <dialog
      ref={dialog.ref}
      aria-labelledby="preview-title"
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-1rem)] max-w-[calc(100vw-1rem)] rounded-2xl bg-white p-4 shadow-xl backdrop:bg-ink/60 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="preview-title" className="text-xl font-bold text-brand-dark">
            Preview: not saved, not live
          </h2>
          <p className="mt-1 text-sm text-muted">The page with your changes, as visitors would see it. Nothing has been saved.</p>
        </div>
        <button type="button" className="btn-outline-brand" onClick={dialog.close}>
          Close preview
        </button>
      </div>
      <fieldset className="mt-4 flex flex-wrap items-center gap-2">
        <legend className="sr-only">Width</legend>
        {(Object.keys(widths) as Array<Width>).map((each) => (
          <button
            key={each}
            type="button"
            aria-pressed={width === each}
            className="btn-quiet aria-pressed:bg-brand aria-pressed:text-white"
            onClick={() => setWidth(each)}
          >
            {widths[each].label}
          </button>
        ))}
      </fieldset>
      <div className={`mt-4 overflow-hidden rounded-lg border border-line ${widths[width].box}`}>
        {shown ? (
          <PreviewFrame
            key={width}
            title={`Preview at ${widths[width].label.toLowerCase()} width`}
            className={`border-0 ${widths[width].frame}`}
            language={language}
          >
            <LanguageProvider value={language}>
              <ShownLanguageProvider value={{ language, englishItems: [] }}>
                <PracticeProvider value={shown.practice}>
                  <ServicesProvider value={services}>
                    <SiteHeader currentPath={publicPath} />
                    <main>
                      <Suspense fallback={<p className="p-4 text-ink">Loading the page...</p>}>{shown.body}</Suspense>
                    </main>
                    <SiteFooter />
                  </ServicesProvider>
                </PracticeProvider>
              </ShownLanguageProvider>
            </LanguageProvider>
          </PreviewFrame>
        ) : (
          <p className="p-4 text-ink">Some fields need attention first: see the messages under them.</p>
        )}
      </div>
    </dialog>
  );
}
