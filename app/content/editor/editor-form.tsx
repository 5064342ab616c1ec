import { FormProvider, getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  createContext,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { Form, useBlocker, useLocation, useRevalidator } from "react-router";
import type { z } from "zod";
import { type EditorFormMetadata, type EditorValues, RequiredFieldsContext } from "./editor-values.ts";
import { type KeptEdits, useKeptEdits } from "./local-edits.ts";
import { formatOfficeTime } from "#app/content/office-time.ts";
import { useAnswerToast } from "#app/admin-action/admin-action.ts";
import { dismissNotPublishedToasts } from "#app/components/ui/toaster.tsx";
import { published } from "./save-answer.ts";
import { SignInAgainDialog } from "#app/components/admin/sign-in-again.tsx";
import { type AdminAnswer, type Clash, formMessageOf, succeeded } from "#app/admin-action/admin-answer.ts";
import { propertyOf } from "#app/lib/property-of.ts";

/**
 * The content editors (Homepage, About, Service Pages): one form each, saved by the dashboard's
 * 'Save Changes' button, which sits in the header (spec section 2) and names the form by id.
 */

const editorFormId = "page-editor";

const unsavedChangesMessage = "You have unsaved changes. Leave without saving them?";

type EditorStatus = {
  dirty: boolean;
  saving: boolean;
  uploading: boolean;
  /** Whether the editor opened a saved draft (not live): it can be published as it is. */
  isDraft: boolean;
  /** The last save met a colleague's: the fields both changed (empty: none named), said in the bar. */
  clashedFields?: ReadonlyArray<string> | undefined;
};

const EditorStatusContext = createContext<(status: EditorStatus | null) => void>(() => {});

/**
 * How a picture field tells the open editor that an upload started (+1) or ended (-1): while one
 * runs, the page cannot be saved, so the photo is never left out of a save (image-picker.tsx).
 */
export const EditorUploadsContext = createContext<(change: 1 | -1) => void>(() => {});

/** Where the open editor puts how its preview opens, for the save bar's Preview button. */
const EditorPreviewContext = createContext<RefObject<(() => void) | null>>({ current: null });

/** Holds what the open editor tells the header: whether there is anything to save, and how to preview it. */
export function useEditorStatusSlot() {
  const [status, setStatus] = useState<EditorStatus | null>(null);
  const previewOpener = useRef<(() => void) | null>(null);
  return {
    status,
    openPreview: () => previewOpener.current?.(),
    provide: (children: ReactNode) => (
      <EditorStatusContext.Provider value={setStatus}>
        <EditorPreviewContext.Provider value={previewOpener}>{children}</EditorPreviewContext.Provider>
      </EditorStatusContext.Provider>
    ),
  };
}

/** How the open editor's preview is opened: the save bar's Preview button calls `open`. */
export function useEditorPreviewOpener(open: () => void) {
  const opener = useContext(EditorPreviewContext);
  useEffect(() => {
    opener.current = open;
    return () => {
      if (opener.current === open) opener.current = null;
    };
  }, [opener, open]);
}

const uploadWaitId = "save-waits-for-upload";
const liveStateId = "editor-live-state";

/**
 * Where the clash panel is from the buttons: above the bar fixed to a phone's bottom, below
 * them in a larger screen's header. Said once: the other is not shown, so not read either.
 */
const clashPanelPlace = (
  <>
    (see <span className="sm:hidden">above</span>
    <span className="max-sm:hidden">below</span>)
  </>
);

/**
 * The height of the save bar while it is fixed to the screen's bottom (on a phone), as
 * --save-bar-height on the page: the page's scroll-padding-bottom (app.css) keeps the field being
 * typed in above it, and the toasts sit on top of it (toaster-look.ts). 0 where it is not fixed.
 */
function useSaveBarHeight() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement.style;
    const measure = () => {
      const fixed = getComputedStyle(element).position === "fixed";
      root.setProperty("--save-bar-height", `${fixed ? element.offsetHeight : 0}px`);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty("--save-bar-height");
    };
  }, []);
  return bar;
}

/** What is live and what is not, said beside the buttons. */
function liveState(status: EditorStatus): ReactNode {
  if (status.saving) return "Saving...";
  if (status.clashedFields) {
    const what = status.clashedFields.length > 0 ? status.clashedFields.join(", ") : "this page";
    return (
      <>
        Not saved: a colleague changed {what} {clashPanelPlace}
      </>
    );
  }
  if (status.dirty) return "Unsaved changes: not kept and not live yet.";
  if (status.isDraft) return "A saved draft: not live yet.";
  return "Everything here is live.";
}

/**
 * The header's buttons. "Preview" shows the page with the unsaved changes; "Save draft" keeps
 * the changes without publishing them; "Save Changes" publishes (the spec's button and toasts).
 * The saves are enabled only when there is something to save (or a draft to publish), not while
 * it is sent, and not while a photo is still uploading (said beside them). While it is sent or
 * waits, a save button is only marked disabled: a disabled button would lose the focus of the
 * person who pressed it, and a refusal would leave them nowhere on the page. On a phone the same
 * buttons sit in a bar fixed to the bottom of the screen, so they are in reach wherever the page
 * is scrolled: Preview beside the line that says what is live, the saves below.
 */
export function SaveChangesButton({ status, onPreview }: { status: EditorStatus | null; onPreview: () => void }) {
  const bar = useSaveBarHeight();
  const waiting = status?.uploading === true;
  const busy = status?.saving === true || waiting;
  const holdWhileBusy = (event: MouseEvent) => {
    if (busy) event.preventDefault();
  };
  const describedBy = [status ? liveStateId : null, waiting ? uploadWaitId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div
      ref={bar}
      data-testid="save-bar"
      className="flex flex-col items-end gap-2 max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-30 max-sm:items-stretch max-sm:border-t max-sm:border-line max-sm:bg-white max-sm:px-4 max-sm:pt-2 max-sm:pb-[max(0.75rem,env(safe-area-inset-bottom))] max-sm:shadow-[0_-4px_12px_rgb(0_0_0/0.06)]"
    >
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        {waiting ? (
          <span id={uploadWaitId} role="status" className="text-sm text-muted">
            A photo is still uploading: you can save once it is in.
          </span>
        ) : status ? (
          <span id={liveStateId} role="status" className="text-sm text-muted">
            {liveState(status)}
          </span>
        ) : null}
        {status ? <PreviewButton onClick={onPreview} className="btn-quiet shrink-0 sm:hidden" /> : null}
      </div>
      <div className="flex gap-3 max-sm:grid max-sm:grid-cols-2">
        {status ? <PreviewButton onClick={onPreview} className="btn-outline-brand max-sm:hidden" /> : null}
        <button
          type="submit"
          form={editorFormId}
          name="saveAs"
          value="draft"
          className="btn-outline-brand"
          disabled={!status?.dirty}
          aria-disabled={busy || undefined}
          onClick={holdWhileBusy}
          aria-describedby={describedBy}
        >
          Save draft
        </button>
        <button
          type="submit"
          form={editorFormId}
          name="saveAs"
          value="publish"
          className="btn-brand"
          disabled={!(status?.dirty || status?.isDraft)}
          aria-disabled={busy || undefined}
          onClick={holdWhileBusy}
          aria-busy={status?.saving ? true : undefined}
          aria-describedby={describedBy}
        >
          Save Changes
        </button>
      </div>
    </div>
  );
}

/** The Preview button, drawn where the save bar places it at this width (the other one is not shown). */
function PreviewButton({ onClick, className }: { onClick: () => void; className: string }) {
  return (
    <button type="button" className={className} onClick={onClick}>
      Preview
    </button>
  );
}

/** Whether a submit event is one of Conform's list or value changes (its submitter is named "__intent__"), not a save. */
function isFormIntent(event: Event): boolean {
  const submitter = event instanceof SubmitEvent ? event.submitter : null;
  return submitter?.getAttribute("name") === "__intent__";
}

/**
 * Enter in a one-line field would submit the form: with the first of its buttons, which may be
 * an item's Remove, or as a save. Neither is what someone pressing Enter means, so it does
 * nothing here (in a text area it still starts a new line).
 */
function keepEnterFromSubmitting(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target;
  if (event.key === "Enter" && target instanceof HTMLInputElement && !["submit", "button", "file"].includes(target.type)) {
    event.preventDefault();
  }
}

/**
 * Asks before a change of tab, page or address would drop unsaved changes: React Router's
 * navigations through a confirmation (leaving then drops the edits this browser kept, as asked),
 * a reload or a closed window through the browser's own (the kept edits are offered back).
 */
function useUnsavedChangesWarning(dirty: boolean, onLeave: () => void) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(unsavedChangesMessage)) {
      onLeave();
      blocker.proceed();
    } else blocker.reset();
  }, [blocker, onLeave]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}

/**
 * The answer this editor should show, and toast: a save's once remounted from the version it
 * stored (before that, the editor still holds the text as sent, and leaving would ask about
 * unsaved changes), or a refusal made while it was open. After "load theirs" the editor opens
 * the newer version, and the clash that led there is no longer news.
 */
function answerFor(answer: AdminAnswer | undefined, version: number): AdminAnswer | undefined {
  if (!answer) return undefined;
  if (succeeded(answer)) return answer.version === version ? answer : undefined;
  return answer.version !== undefined && answer.version <= version ? undefined : answer;
}

/**
 * One editor's form: Conform with the page kind's schema (the server checks the same), the
 * header's button told about changes, the warning before leaving them, and the answer of a save
 * with its toast. Remount it (key) with each new stored version: it then starts clean from it.
 */
export function usePageEditor(options: {
  /** The editor's schema (editorSchemaOf): the page's fields and `baseVersion`. */
  schema: z.ZodObject;
  /** What the form starts from: the page's fields as the loader sent them. */
  content: EditorValues;
  /** The stored version the editor opened (0: nothing stored). */
  version: number;
  /** Whether that version is a saved draft, not live. */
  isDraft: boolean;
  answer: AdminAnswer | undefined;
  /** Whether a save is on its way. */
  saving: boolean;
  /** The signed-in account's e-mail: the sign-in dialog of an ended session signs it in again. */
  account: string;
  /** Which editor this is, for the unsaved edits this browser keeps per account and editor (local-edits.ts). */
  keptEditsKey: string;
}) {
  const { version } = options;
  const answer = answerFor(options.answer, version);
  useAnswerToast(answer);
  // "Not on the website yet: press Save Changes" is no longer true once Save Changes has published.
  const publishedNow = published(answer);
  useEffect(() => {
    if (publishedNow) dismissNotPublishedToasts();
  }, [publishedNow]);
  const constraint = useMemo(() => getZodConstraint(options.schema), [options.schema]);
  const [form] = useForm<EditorValues>({
    id: editorFormId,
    defaultValue: { ...options.content, baseVersion: String(version) },
    constraint,
    // A saved form is remounted from the new version; an older answer must not reset this one.
    lastResult: succeeded(answer) ? undefined : answer?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: options.schema }),
  });
  const { saving } = options;
  const [uploads, setUploads] = useState(0);
  const trackUpload = useCallback((change: 1 | -1) => setUploads((count) => count + change), []);
  const uploading = uploads > 0;
  const setStatus = useContext(EditorStatusContext);
  const { isDraft } = options;
  // A save that met someone else's: what it says (from the answer, not the form, so taking theirs
  // into a field does not clear it), the version stored now, and the fields both changed. One
  // object per answer: each clash is brought into view once (EditorForm).
  const conflict = useMemo(
    () => (answer?.status === 409 ? { message: formMessageOf(answer), version: answer.version, clashes: answer.clashes ?? [] } : undefined),
    [answer],
  );
  const clashedFields = useMemo(() => conflict?.clashes.map((clash) => clash.label), [conflict]);
  useEffect(
    () => setStatus({ dirty: form.dirty, saving, uploading, isDraft, clashedFields }),
    [setStatus, form.dirty, saving, uploading, isDraft, clashedFields],
  );
  useEffect(() => () => setStatus(null), [setStatus]);
  const kept = useKeptEdits({ key: `${options.account}:${options.keptEditsKey}`, form, version, savedNow: succeeded(answer) });
  useUnsavedChangesWarning(form.dirty && !saving, kept.discard);

  const required = useMemo(() => new Set(Object.entries(constraint).flatMap(([key, rule]) => (rule.required ? [key] : []))), [constraint]);
  return {
    form,
    required,
    version,
    uploading,
    trackUpload,
    conflict,
    kept,
    account: options.account,
    sessionEnded: answer?.status === 401 ? answer : undefined,
  };
}

/** Edits this browser kept from before (a reload, a crash, an ended session), offered back. */
function KeptEditsOffer({
  offer,
  version,
  onRestore,
  onDiscard,
}: {
  offer: KeptEdits;
  version: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <section aria-labelledby="kept-edits-title" className="rounded-lg border-l-4 border-brand bg-brand-soft p-4 text-sm text-ink">
      <h3 id="kept-edits-title" className="font-semibold text-brand-dark">
        Unsaved changes from {formatOfficeTime(offer.at)} were kept in this browser
      </h3>
      <p className="mt-1">
        {offer.version === version
          ? "They were never saved. Bring them back to go on where you stopped."
          : "They were never saved, and the page has been saved since. Bring them back, and a save keeps the newer changes to other fields too."}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className="btn-brand" onClick={onRestore}>
          Bring back my changes
        </button>
        <button type="button" className="btn-outline-brand bg-white" onClick={onDiscard}>
          Discard them
        </button>
      </div>
    </section>
  );
}

/** A field's value in a line: a text as it is, a list as its items, a list of items (the team) as their titles. */
function valueText(value: unknown, titleKey: string | undefined): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "string") return value.length > 400 ? `${value.slice(0, 400)}...` : value;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => (titleKey === undefined ? item : propertyOf(item, titleKey)));
    return items.length === 0 ? "(none)" : items.map((item) => valueText(item, undefined)).join("; ");
  }
  return String(value);
}

/**
 * The fields both people changed, each with their text beside mine: "Use theirs" puts theirs in
 * the field (a save then keeps it), and what is left as mine goes over theirs when saved.
 */
function ClashChoices({ clashes, form }: { clashes: ReadonlyArray<Clash>; form: EditorFormMetadata }) {
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  return (
    <ul className="mt-3 space-y-3 font-normal text-ink">
      {clashes.map((clash) => (
        <li key={clash.key} className="rounded-lg border border-line bg-white p-3">
          <p className="font-semibold">{clash.label}</p>
          <p className="mt-1 break-words">
            <span className="font-semibold">Theirs:</span> {valueText(clash.theirs, clash.titleKey)}
          </p>
          <p className="mt-1 break-words">
            <span className="font-semibold">Yours:</span> {valueText(propertyOf(form.value, clash.key), clash.titleKey)}
          </p>
          {taken.has(clash.key) ? (
            <p role="status" className="mt-2 text-muted">
              Theirs is in the field now. Save to keep it.
            </p>
          ) : (
            <button
              type="button"
              className="btn-outline-brand mt-2"
              onClick={() => {
                form.update({ name: clash.key, value: clash.theirs as never });
                setTaken(new Set(taken).add(clash.key));
              }}
            >
              Use theirs<span className="sr-only"> for {clash.label}</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Whether a field (not the form as a whole) has a message under it: the form then focuses and shows the first. */
function hasFieldErrors(form: EditorFormMetadata): boolean {
  // Conform keeps the form's own messages under the name "".
  return Object.entries(form.allErrors).some(([name, errors]) => name !== "" && errors.length > 0);
}

/**
 * A refusal of the whole form (the save did not reach the server) is said above the form, which
 * would push the field someone typed in down the screen, on a phone behind the save bar. The
 * page is scrolled by as much as the field moved, so it stays where it was on the screen (the
 * browser's own scroll anchoring keeps the top of the page still, not the field); the refusal is
 * above it, and the toast says it too.
 */
function useKeptPlaceOnRefusal(refused: boolean) {
  const lastField = useRef<HTMLElement | null>(null);
  const place = useRef<{ field: HTMLElement; top: number } | null>(null);
  useLayoutEffect(() => {
    if (!refused) return;
    const kept = place.current;
    place.current = null;
    if (!kept?.field.isConnected) return;
    const moved = kept.field.getBoundingClientRect().top - kept.top;
    if (moved !== 0) window.scrollBy({ top: moved, behavior: "instant" });
  }, [refused]);
  return {
    onFocus: (event: FocusEvent<HTMLFormElement>) => {
      if (event.target.matches("input:not([type=file]), textarea, select")) lastField.current = event.target;
    },
    onSave: () => {
      const field = lastField.current;
      place.current = field?.isConnected ? { field, top: field.getBoundingClientRect().top } : null;
    },
  };
}

/**
 * The editor's <form>: the version it was opened from, the form's own message (a clash, a
 * refusal) and the fields. A save made meanwhile by someone else merges on the server when the
 * two changed different fields; when both changed the same field, staff choose: load the version
 * now stored (their text is dropped), or save theirs over it, which replaces only the fields
 * they changed (content/three-way.ts).
 */
export function EditorForm({
  editor: { form, required, version, uploading, trackUpload, conflict, kept, account, sessionEnded },
  children,
}: {
  editor: ReturnType<typeof usePageEditor>;
  children: ReactNode;
}) {
  // "Save mine over theirs" names the version it saw; the save still compares with the one opened.
  const [overwriteVersion, setOverwriteVersion] = useState<number | null>(null);
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  // Posted to the address it was opened at, so the save is no "leaving" (see useUnsavedChangesWarning).
  const location = useLocation();
  const message = conflict?.message ?? form.errors?.[0];
  const conflictVersion = conflict?.version;

  // A clash is news wherever the save was pressed (on a phone, the bar at the screen's bottom):
  // the page brings its panel into view and moves focus there, after Conform's own focus.
  const clashPanel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!conflict || !clashPanel.current) return;
    clashPanel.current.scrollIntoView({ block: "start" });
    clashPanel.current.focus({ preventScroll: true });
  }, [conflict]);

  const keepPlace = useKeptPlaceOnRefusal(message !== undefined && !conflict && !hasFieldErrors(form));

  // The button that sent the last save ("Save draft" or "Save Changes"), to send it again the same way.
  const lastSubmitter = useRef<HTMLElement | null>(null);
  // The ended-session answer whose dialog was closed (signed in, or "Not now").
  const [dialogClosedFor, setDialogClosedFor] = useState<AdminAnswer | null>(null);
  const saveAgain = useCallback(() => {
    setDialogClosedFor(sessionEnded ?? null);
    const submitter = lastSubmitter.current;
    formRef.current?.requestSubmit(submitter?.isConnected ? submitter : null);
  }, [sessionEnded]);

  function saveOverTheirs(overVersion: number) {
    flushSync(() => setOverwriteVersion(overVersion));
    formRef.current?.requestSubmit();
  }

  const formProps = getFormProps(form);
  return (
    <Form
      ref={formRef}
      method="post"
      action={`${location.pathname}${location.search}`}
      {...formProps}
      // A save while a photo uploads would leave the photo out (the button waits too). Conform's
      // own list and value changes submit too, and go on.
      onSubmit={(event) => {
        if (uploading && !isFormIntent(event.nativeEvent)) return event.preventDefault();
        if (!isFormIntent(event.nativeEvent)) {
          lastSubmitter.current = (event.nativeEvent as SubmitEvent).submitter;
          keepPlace.onSave();
        }
        formProps.onSubmit(event);
      }}
      onFocus={keepPlace.onFocus}
      onKeyDown={keepEnterFromSubmitting}
      className="space-y-6"
    >
      <input type="hidden" name="baseVersion" value={kept.baseVersion} />
      {kept.offer ? <KeptEditsOffer offer={kept.offer} version={version} onRestore={kept.restore} onDiscard={kept.discard} /> : null}
      {sessionEnded && sessionEnded !== dialogClosedFor ? (
        <SignInAgainDialog email={account} onSignedIn={saveAgain} onClose={() => setDialogClosedFor(sessionEnded)} />
      ) : null}
      {overwriteVersion === null ? null : <input type="hidden" name="overwriteVersion" value={overwriteVersion} />}
      {message ? (
        <div
          ref={clashPanel}
          id="editor-message"
          role="alert"
          tabIndex={-1}
          className="rounded-lg border-l-4 border-clay bg-clay-soft p-4 text-sm font-medium text-clay-dark"
        >
          <p>{message}</p>
          {conflict && conflict.clashes.length > 0 ? <ClashChoices key={conflictVersion} clashes={conflict.clashes} form={form} /> : null}
          {conflictVersion !== undefined ? (
            <div className="mt-3 flex flex-wrap gap-3">
              <button
                type="button"
                className="btn-outline-brand bg-white"
                onClick={() => {
                  kept.discard();
                  void revalidator.revalidate();
                }}
              >
                Discard mine and load theirs
              </button>
              <button type="button" className="btn-brand" onClick={() => saveOverTheirs(conflictVersion)}>
                Save mine over theirs
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {/* The field editors read their fields by name from the form (field-editors.tsx). */}
      <FormProvider context={form.context}>
        <RequiredFieldsContext.Provider value={required}>
          <EditorUploadsContext.Provider value={trackUpload}>{children}</EditorUploadsContext.Provider>
        </RequiredFieldsContext.Provider>
      </FormProvider>
    </Form>
  );
}
