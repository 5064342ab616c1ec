import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, isRouteErrorResponse, Link, redirect, type ShouldRevalidateFunction } from "react-router";
import { z } from "zod";
import { adminClientAction, useAdminAction } from "#app/admin-action/admin-action.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import {
  builtInVersion,
  isEntryPageName,
  isPageName,
  isTranslatable,
  type PageName,
  pageDefinition,
  translationFields,
} from "#app/content/pages.ts";
import { entryTitles } from "#app/content/collection-store.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { type Failure, formMessageOf, revalidateUnlessUnanswered } from "#app/admin-action/admin-answer.ts";
import type { FormResult } from "#app/admin-action/form-result.ts";
import { formatOfficeTime } from "#app/content/office-time.ts";
import { type FieldDifference, type ListItem, pageDifferences } from "#app/content/page-diff.ts";
import { type WordPiece, wordDifferences } from "#app/content/word-diff.ts";
import { editorHrefOf, historyHrefOf } from "#app/content/pages.ts";
import {
  builtInTranslationOf,
  listRevisions,
  liveVersionOf,
  readLiveTranslation,
  readPage,
  readVersion,
  restoreRevision,
} from "#app/content/page-store.server.ts";
import { type Language, languageNames } from "#app/i18n/languages.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { type AdminActionRules, adminAction } from "#app/admin-action/admin-action.server.ts";
import { savedByPhrase } from "#app/content/saved-by-phrase.ts";
import { adminContext } from "#app/staff/session.server.ts";
import { flashToastCookie } from "#app/admin-action/toast.server.ts";
import type { Route } from "./+types/history";

/** How many versions the page lists, newest first. */
const historyLength = 20;

// The form carries only what the page showed: the version chosen and the current version then.
const restoreSchema = z.object({
  version: z.number({ error: "Choose a version to restore." }).int().min(builtInVersion, { error: "Choose a version to restore." }),
  baseVersion: z
    .number({ error: "The page is out of date: reload it and try again." })
    .int()
    .min(0, { error: "The page is out of date: reload it and try again." }),
});

/** A refusal, in the comparison and as the "Not restored" toast. */
function notRestored(message: string): Failure {
  return { message, toast: { type: "error", title: "Not restored", description: message } };
}

const restoreRules = { failed: notRestored("The version could not be restored. Please try again.") } satisfies AdminActionRules;

function pageNameOf(params: { page?: string }): PageName {
  const name = params.page;
  if (!name || !isPageName(name)) throw data({ error: "Unknown page" }, { status: 404 });
  return name;
}

/** The title of a service or an article staff added, from its list; 404 for a name of that shape no list has. */
async function listedTitleOf(db: Db, name: PageName): Promise<string | undefined> {
  if (!isEntryPageName(name)) return undefined;
  const title = (await entryTitles(db)).get(name);
  if (title === undefined) throw data({ error: "Unknown page" }, { status: 404 });
  return title;
}

/** Whose versions are listed: the English page's, or with `?lang=es` its translation's (404 for a page that has none). */
function historyLanguageOf(request: Request, name: PageName): Language {
  const asked = new URL(request.url).searchParams.get("lang");
  if (asked === null) return "en";
  if (asked === "es" && isTranslatable(name)) return asked;
  throw data({ error: "Unknown page" }, { status: 404 });
}

/** The version in `?compare=`: null when none was asked for, the text as given when it names no version. */
function comparedVersionOf(request: Request): number | string | null {
  const text = new URL(request.url).searchParams.get("compare");
  if (text === null || text === "") return null;
  return /^(0|[1-9]\d{0,8})$/.test(text) ? Number(text) : text.slice(0, 40);
}

/**
 * A version as the page lists it: who saved it and when (version 0, which nobody saved, has
 * neither), and whether it was a draft.
 */
function versionEntry({
  version,
  savedBy,
  savedAt,
  published,
  restoredFrom = null,
}: {
  version: number;
  savedBy: string | null;
  savedAt: string | null;
  published: boolean;
  restoredFrom?: number | null;
}) {
  const isDraft = !published;
  if (savedAt === null) {
    return { version, isDraft, restoredFrom: null, builtIn: true as const, savedBy: null, savedAt: null, savedAtText: null };
  }
  return {
    version,
    isDraft,
    restoredFrom,
    builtIn: false as const,
    savedBy: savedBy ?? "an unknown account",
    savedAt,
    savedAtText: formatOfficeTime(savedAt),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `History: ${loaderData.label} | Admin Dashboard` : "History | Admin Dashboard" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const name = pageNameOf(params);
  const definition = pageDefinition(name);
  const language = historyLanguageOf(request, name);
  const db = await getDb();
  const title = (await listedTitleOf(db, name)) ?? definition.label;
  const about = {
    page: name,
    language,
    label: language === "en" ? title : `${title} (${languageNames[language]})`,
    editorHref: editorHrefOf(name, language),
  };
  if (!definition.admin.usesStoredContent) {
    return data({ ...about, builtInOnly: true, saved: false, currentVersion: 0, versions: [], compare: null });
  }

  const requested = comparedVersionOf(request);
  const [liveVersion, revisions, compared, versionZero] = await Promise.all([
    liveVersionOf(db, name, language),
    // One more than is listed: what the oldest listed one changed is told from the one before it.
    listRevisions(db, name, historyLength + 1, language),
    typeof requested === "number" ? readVersion(db, name, requested, language) : null,
    language === "en" ? { content: definition.defaults } : readVersion(db, name, builtInVersion, language),
  ]);
  // What visitors see now and the version a restore names; a translation's as its editor holds it (empty where it has no text).
  const current = language === "en" ? await readPage(db, name) : await readLiveTranslation(db, name, language);
  // Compared over what the history is of: a translation's own texts.
  const fields = language === "en" ? definition.fields : Object.fromEntries(translationFields(name));
  // A translation's version 0 is the one the page came with; a page that came with none has no version 0.
  const hasVersionZero = language === "en" || builtInTranslationOf(name, language) !== null;
  // What each saved version changed from the one before it (version 0 before version 1).
  const changedIn = (index: number): Array<string> | null => {
    const revision = revisions[index];
    const before = revisions[index + 1]?.content ?? (revision?.version === 1 ? versionZero?.content : undefined);
    if (!revision || before === undefined) return null;
    return pageDifferences(fields, revision.content, before).map((difference) => difference.label);
  };
  // A publish of the draft just before it, as it was: the version that published it, said so
  // rather than "no text changed".
  const publishedDraftIn = (index: number, changed: Array<string> | null): number | null => {
    const [revision, before] = [revisions[index], revisions[index + 1]];
    const republished = revision?.published && revision.restoredFrom === null && before && !before.published && changed?.length === 0;
    return republished ? before.version : null;
  };
  // The saved versions (drafts marked), then version 0, the built-in text (always there: a first
  // save can be undone too). "Current" is the version visitors see.
  const versions = [
    ...revisions.slice(0, historyLength).map((revision, index) => {
      const changed = changedIn(index);
      return { ...versionEntry(revision), changed, publishedDraftOf: publishedDraftIn(index, changed) };
    }),
    ...(hasVersionZero
      ? [
          {
            ...versionEntry({ version: builtInVersion, savedBy: null, savedAt: null, published: true }),
            changed: null,
            publishedDraftOf: null,
          },
        ]
      : []),
  ].map((entry) => ({ ...entry, isCurrent: entry.version === liveVersion }));
  const compare =
    requested === null
      ? null
      : compared === null || (requested === builtInVersion && !hasVersionZero)
        ? { found: false as const, requested: String(requested) }
        : {
            found: true as const,
            ...versionEntry(compared),
            isCurrent: compared.version === liveVersion,
            differences: pageDifferences(fields, current.content, compared.content),
          };
  return data(
    { ...about, builtInOnly: false, saved: revisions.length > 0, currentVersion: current.version, versions, compare },
    { status: compare && !compare.found ? 404 : 200 },
  );
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

// A restore refused because someone saved meanwhile (409) reloads the history, so the page
// shows the version that is current now (and the next restore is made from it).
// A form the server never answered keeps its page (see revalidateUnlessUnanswered).
export const shouldRevalidate: ShouldRevalidateFunction = (args) => args.actionStatus === 409 || revalidateUnlessUnanswered(args);

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const name = pageNameOf(params);
  const language = historyLanguageOf(request, name);
  const db = await getDb();
  await listedTitleOf(db, name);
  return adminAction(request, restoreSchema, restoreRules, async ({ version, baseVersion }, reply) => {
    const refuse = (status: number, message: string) => reply(status, notRestored(message));
    const translation = language === "en" ? undefined : language;
    const result = await restoreRevision(db, {
      name,
      version,
      baseVersion,
      admin: { id: admin.id, email: admin.email },
      language: translation,
    });
    switch (result.status) {
      case "saved":
        return redirect(editorHrefOf(name, language), { headers: { "Set-Cookie": await flashToastCookie(request, "page-restored") } });
      case "conflict":
        return refuse(
          409,
          `This page was saved${savedByPhrase(result.current)} after you opened the history. Look at the current version before restoring.`,
        );
      case "notFound":
        return refuse(404, `Version ${version} of this page does not exist, so it cannot be restored.`);
      case "notEditable":
        return refuse(400, `The ${pageDefinition(name).label} page always shows its built-in text, so there is nothing to restore.`);
      case "invalid":
        return refuse(
          422,
          translation
            ? `Version ${version} has no text for some of what the English page has now, so it cannot be restored as it is. Write those texts on the Spanish side of the editor.`
            : `Version ${version} no longer fits what this page accepts, so it cannot be restored as it is.`,
        );
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args, restoreRules);

type LoaderData = Route.ComponentProps["loaderData"];

type Compared = Extract<NonNullable<LoaderData["compare"]>, { found: true }>;
type Saved = LoaderData["versions"][number] | Compared;

const sideStyles = {
  current: "border-brand/40 bg-white",
  version: "border-line bg-sand",
};

/** One side of a comparison: "Current" or "Version N", and what it holds. */
function Side({ title, tone, children }: { title: string; tone: keyof typeof sideStyles; children: React.ReactNode }) {
  return (
    <div className={`min-w-0 rounded-xl border p-4 ${sideStyles[tone]}`}>
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</p>
      <div className="mt-2 text-ink">{children}</div>
    </div>
  );
}

/** A text, the words the other side does not have highlighted. */
function TextValue({ pieces }: { pieces: ReadonlyArray<WordPiece> }) {
  if (pieces.every((piece) => piece.text.trim() === "")) return <p className="text-muted">Empty</p>;
  return (
    <p className="break-words whitespace-pre-line">
      {pieces.map((piece, index) =>
        piece.changed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one text, in order
          <mark key={index} className="rounded-sm bg-[#f6dfa8] px-0.5 text-ink">
            {piece.text}
          </mark>
        ) : (
          piece.text
        ),
      )}
    </p>
  );
}

/** The two sides of a changed text, side by side, each with its own words highlighted. */
function TextSides({ current, version, versionTitle }: { current: string; version: string; versionTitle: string }) {
  const pieces = wordDifferences(current, version);
  return (
    <>
      <p className="mt-1 text-sm text-muted">Highlighted: the words the other side does not have.</p>
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        <Side title="Current" tone="current">
          <TextValue pieces={pieces.a} />
        </Side>
        <Side title={versionTitle} tone="version">
          <TextValue pieces={pieces.b} />
        </Side>
      </div>
    </>
  );
}

function ListValue({ items, onlyHereLabel }: { items: ReadonlyArray<ListItem>; onlyHereLabel: string }) {
  if (items.length === 0) return <p className="text-muted">None</p>;
  return (
    <ul className="list-disc space-y-1 pl-5">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a list of texts, identified by position (texts can repeat)
        <li key={index} className="break-words">
          {item.text}
          {item.onlyHere ? (
            <span className="ml-2 inline-block rounded-full bg-clay-soft px-2 py-0.5 text-xs font-semibold text-clay-dark">
              {onlyHereLabel}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function NameList({ title, note, names }: { title: string; note: string; names: ReadonlyArray<string> }) {
  if (names.length === 0) return null;
  return (
    <div>
      <h5 className="text-sm font-semibold text-ink">{title}</h5>
      <p className="text-sm text-muted">{note}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {names.map((name, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two members may share a name
          <li key={index} className="break-words">
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Difference({ difference, version }: { difference: FieldDifference; version: number }) {
  const versionTitle = `Version ${version}`;
  return (
    <div>
      <h4 className="font-sans font-semibold text-brand-dark">{difference.label}</h4>
      {difference.kind === "text" ? (
        <TextSides current={difference.current} version={difference.version} versionTitle={versionTitle} />
      ) : difference.kind === "list" ? (
        <>
          {difference.reordered ? <p className="mt-1 text-sm text-muted">The same items, in a different order.</p> : null}
          <div className="mt-2 grid gap-3 md:grid-cols-2">
            <Side title="Current" tone="current">
              <ListValue items={difference.current} onlyHereLabel={`Not in version ${version}`} />
            </Side>
            <Side title={versionTitle} tone="version">
              <ListValue items={difference.version} onlyHereLabel="Not in the current version" />
            </Side>
          </div>
        </>
      ) : (
        <div className="mt-2 space-y-4 rounded-xl border border-line bg-sand p-4">
          <NameList
            title={`Removed since version ${version}`}
            note={`Restoring version ${version} adds them back.`}
            names={difference.onlyInVersion}
          />
          <NameList
            title={`Added since version ${version}`}
            note={`Restoring version ${version} removes them.`}
            names={difference.onlyInCurrent}
          />
          {difference.changed.length > 0 ? (
            <div>
              <h5 className="text-sm font-semibold text-ink">Changed since version {version}</h5>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {difference.changed.map((member, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two members may share a name
                  <li key={index} className="break-words">
                    <span className="font-semibold">{member.name}</span>
                    {member.versionName ? ` (${member.versionName} in version ${version})` : null}: {member.fields.join(", ")}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {difference.reordered ? <p className="text-sm text-ink">The members are listed in a different order.</p> : null}
        </div>
      )}
    </div>
  );
}

function RestoreForm({
  page,
  language,
  compared,
  currentVersion,
  lastResult,
}: {
  page: PageName;
  language: Language;
  compared: Compared;
  currentVersion: number;
  lastResult: FormResult | undefined;
}) {
  const { pending: restoring } = useAdminAction({ action: historyHrefOf(page, compared.version, language) });
  const [form] = useForm({
    id: `restore-${compared.version}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: restoreSchema }),
  });
  return (
    <Form
      method="post"
      action={historyHrefOf(page, compared.version, language)}
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="mt-8 border-t border-line pt-6"
    >
      <input type="hidden" name="version" value={compared.version} />
      <input type="hidden" name="baseVersion" value={currentVersion} />
      <p className="text-sm text-muted">
        Restoring publishes version {compared.version} again as a new version. The versions saved since, drafts included, stay in the
        history.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" className="btn-brand" disabled={restoring}>
          {restoring ? "Restoring..." : `Restore version ${compared.version}`}
        </button>
        {/* Leaves the comparison, nothing restored. */}
        <Link className="btn-quiet" to={historyHrefOf(page, undefined, language)}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function Comparison({
  page,
  language,
  compared,
  currentVersion,
}: {
  page: PageName;
  language: Language;
  compared: Compared;
  currentVersion: number;
}) {
  const { answer, message: formError } = useAdminAction();
  const alertRef = useRef<HTMLParagraphElement>(null);
  // A refusal (toasted by useAdminAction) brings its alert into view: it sits at the top of the
  // comparison, where a page reloaded without JavaScript shows it too.
  useEffect(() => {
    if (formMessageOf(answer)) alertRef.current?.focus();
  }, [answer]);
  const { version, differences } = compared;
  const canRestore = !compared.isCurrent && differences.length > 0;
  return (
    <section aria-labelledby="compare-title" className="mb-10 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h3 id="compare-title" className="text-xl font-bold text-brand-dark">
          Version {version} compared with the current version
        </h3>
        <Link className="link text-sm" to={historyHrefOf(page, undefined, language)}>
          Close the comparison
        </Link>
      </div>
      <p className="mt-1 text-sm break-words text-muted">
        {compared.builtIn ? (
          <>Version 0 is {builtInNames[language].came}.</>
        ) : (
          <>
            Version {version} was saved by {compared.savedBy} on <time dateTime={compared.savedAt}>{compared.savedAtText}</time>
            {compared.isDraft ? ", as a draft: it has not been live." : "."}
          </>
        )}
      </p>
      {formError ? (
        <p
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="mt-4 rounded-lg border-l-4 border-clay bg-clay-soft p-4 font-medium break-words text-clay-dark"
        >
          <strong className="block">Not restored</strong>
          {formError}
        </p>
      ) : null}
      {compared.isCurrent ? (
        <p className="mt-4 text-ink">This is the current version.</p>
      ) : differences.length === 0 ? (
        <p className="mt-4 text-ink">Nothing differs: version {version} holds the same content as the current version.</p>
      ) : (
        <div className="mt-6 space-y-6">
          {differences.map((difference) => (
            <Difference key={difference.key} difference={difference} version={version} />
          ))}
        </div>
      )}
      {canRestore ? (
        <RestoreForm page={page} language={language} compared={compared} currentVersion={currentVersion} lastResult={answer?.result} />
      ) : null}
    </section>
  );
}

/** What version 0 is: the page's built-in text, or the translation the page came with. */
const builtInNames = {
  en: { short: "built-in text", came: "the built-in text the site came with", line: "The built-in text the site came with" },
  es: { short: "built-in translation", came: "the translation the site came with", line: "The translation the site came with" },
} as const satisfies Record<Language, { short: string; came: string; line: string }>;

/** "Saved by … on …", or for version 0 what it is. */
function SavedLine({ entry, language }: { entry: Saved; language: Language }) {
  if (entry.builtIn) return <>{builtInNames[language].line}</>;
  return (
    <>
      Saved by {entry.savedBy} on <time dateTime={entry.savedAt}>{entry.savedAtText}</time>
    </>
  );
}

function VersionList({ loaderData }: { loaderData: LoaderData }) {
  const { page, language, versions, saved, compare } = loaderData;
  const comparedVersion = compare?.found ? compare.version : null;
  const builtIn = builtInNames[language].short;
  // A page that came with no translation has no version 0 in its translation's history.
  const hasVersionZero = versions.some((entry) => entry.builtIn);
  return (
    <section aria-labelledby="versions-title">
      <h3 id="versions-title" className="text-xl font-bold text-brand-dark">
        Versions
      </h3>
      <p className="mt-1 text-sm text-muted">
        {saved
          ? `The last ${historyLength} saved, newest first${hasVersionZero ? `, then version 0: the ${builtIn}, which can be restored like any other` : ""}.`
          : `No saved versions yet: this page ${hasVersionZero ? `shows its ${builtIn}` : "is not translated"}.`}{" "}
        The current version is the one visitors see; a draft was saved without being published.
      </p>
      <ol className="mt-4 divide-y divide-line rounded-2xl border border-line bg-white">
        {versions.map((entry) => (
          <li key={entry.version} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 px-5 py-4">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                Version {entry.version}
                {entry.builtIn ? `: ${builtIn}` : null}
                {entry.isCurrent ? (
                  <span className="rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-semibold text-brand-dark">Current</span>
                ) : null}
                {entry.isDraft ? (
                  <span className="rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold text-ink ring-1 ring-line">
                    Draft, not live
                  </span>
                ) : null}
                {entry.restoredFrom === null ? null : (
                  <span className="rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold text-ink ring-1 ring-line">
                    Restored from version {entry.restoredFrom}
                  </span>
                )}
              </p>
              <p className="mt-0.5 text-sm break-words text-muted">
                <SavedLine entry={entry} language={language} />
              </p>
              {entry.publishedDraftOf !== null ? (
                <p className="mt-0.5 text-sm break-words text-ink">Published the draft of version {entry.publishedDraftOf}</p>
              ) : entry.changed ? (
                <p className="mt-0.5 text-sm break-words text-ink">
                  {entry.changed.length > 0 ? `Changed: ${entry.changed.join(", ")}` : "No text changed from the version before"}
                </p>
              ) : null}
            </div>
            {entry.isCurrent ? null : (
              <Link
                className="btn-outline-brand px-4 py-2 aria-[current=true]:bg-brand aria-[current=true]:text-white"
                to={historyHrefOf(page, entry.version, language)}
                aria-current={entry.version === comparedVersion ? "true" : undefined}
              >
                Compare version {entry.version}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function AdminHistory({ loaderData }: Route.ComponentProps) {
  const { page, language, label, editorHref, builtInOnly, compare, currentVersion } = loaderData;
  return (
    <section aria-labelledby="tab-title">
      <div className="mb-6 space-y-2">
        <p>
          <Link className="link text-sm" to={editorHref}>
            Back to the {label} editor
          </Link>
        </p>
        <h2 id="tab-title" className="text-2xl font-bold text-brand-dark">
          History: {label}
        </h2>
        {builtInOnly ? null : (
          <p className="text-sm text-muted">
            Every save keeps a version. Compare an earlier version with the current content, and restore it if it is wanted back.
          </p>
        )}
      </div>
      {builtInOnly ? (
        <p className="rounded-2xl border border-line bg-white p-8 text-center text-muted">
          The {label} page always shows its built-in text, so it has no history.
        </p>
      ) : (
        <>
          {compare === null ? null : compare.found ? (
            <Comparison page={page} language={language} compared={compare} currentVersion={currentVersion} />
          ) : (
            <p role="alert" className="mb-10 rounded-lg border-l-4 border-clay bg-clay-soft p-4 font-medium break-words text-clay-dark">
              There is no version “{compare.requested}” of this page to compare.
            </p>
          )}
          <VersionList loaderData={loaderData} />
        </>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const unknownPage = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AdminError error={error} message={unknownPage ? "There is no such page, so it has no history." : "Failed to load the page history."} />
  );
}
