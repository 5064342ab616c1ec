import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect, type ShouldRevalidateFunction, useSubmit } from "react-router";
import { useState } from "react";
import { DragHandle } from "#app/content/editor/drag-handle.tsx";
import { useAdminAction } from "#app/admin-action/admin-action.ts";
import { type AdminAnswer, revalidateUnlessUnanswered } from "#app/admin-action/admin-answer.ts";
import { type AdminActionRules, adminAction } from "#app/admin-action/admin-action.server.ts";
import { flashToastCookie } from "#app/admin-action/toast.server.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { CancelDisclosure } from "#app/components/admin/cancel-disclosure.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { useFocusWhen } from "#app/components/ui/use-focus-when.ts";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import {
  addService,
  editService,
  moveService,
  readServiceList,
  restoreService,
  retireService,
  ServiceListRefusal,
} from "#app/content/collection-store.server.ts";
import {
  defaultRetiredTo,
  entryStatusLabels,
  type ServiceEntry,
  type ServiceListForm,
  serviceListSchema,
} from "#app/content/collections.ts";
import { formatOfficeTime } from "#app/content/office-time.ts";
import { contentPagePathsWith } from "#app/content/public-paths.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import type { Route } from "./+types/service-list";

/**
 * The services list (decision 043): the order of the Services menu, the home page's grid, the
 * contact form's subjects and the sitemap; adding a service (a draft until its page is
 * published), its name, card and address, and retiring one (its addresses then lead to a page
 * staff choose) or bringing it back. Each service's page is edited on the Service Pages tab.
 */

export const meta: Route.MetaFunction = () => [{ title: "Services | Admin Dashboard" }];

// A form the server never answered keeps its page (see revalidateUnlessUnanswered); a change
// refused because the list had changed shows the list as it is now.
export const shouldRevalidate: ShouldRevalidateFunction = (args) => args.actionStatus === 409 || revalidateUnlessUnanswered(args);

/** The public pages a retired service may send its visitors to: the fixed ones and the live services. */
function retirementTargets(entries: ReadonlyArray<ServiceEntry>): Array<{ path: string; label: string }> {
  const live = entries.filter((entry) => entry.status === "live");
  const titles = new Map(live.map((entry) => [entry.path, entry.title]));
  const fixed: Record<string, string> = { "/": "Home", "/about": "About", "/resources": "Resources", "/contact": "Contact" };
  return [...contentPagePathsWith({ services: live.map((entry) => entry.path), team: [], articles: [] }), "/contact"].flatMap((path) => {
    const label = fixed[path] ?? titles.get(path);
    return label ? [{ path, label }] : [];
  });
}

export async function loader() {
  const { entries, version } = await readServiceList(await getDb());
  return {
    version,
    entries: entries.map((entry) => ({
      ...entry,
      changed: entry.updatedAt ? `${formatOfficeTime(entry.updatedAt)}${entry.updatedBy ? ` by ${entry.updatedBy}` : ""}` : null,
      // A built-in service is edited under its own name; an added one under its id.
      editorHref: `/admin/services?page=${encodeURIComponent(entry.id)}`,
    })),
    targets: retirementTargets(entries),
  };
}

const rules: AdminActionRules = {
  failed: {
    message: "The services list could not be changed. Please try again.",
    toast: { type: "error", title: "Nothing was changed", description: "The services list could not be changed. Please try again." },
  },
  invalid: { message: "Some fields need attention: see the messages beside them." },
};

const doneToasts: Record<Exclude<ServiceListForm["intent"], "add">, string> = {
  edit: "Service saved",
  move: "Order saved",
  retire: "Service retired",
  restore: "Service brought back",
};

export async function action({ request, context }: Route.ActionArgs) {
  const staff = context.get(adminContext);
  return adminAction(request, serviceListSchema, rules, async (form, reply) => {
    const db = await getDb();
    const { entries } = await readServiceList(db);
    // The schema checked what each intent needs.
    const { listVersion, id = "", title = "", slug, summary = "", to = 0, retiredTo = defaultRetiredTo } = form;
    try {
      switch (form.intent) {
        case "add": {
          const added = await addService(db, { listVersion, title, slug, summary, staff });
          return redirect(`/admin/services?page=${encodeURIComponent(added)}`, {
            headers: { "Set-Cookie": await flashToastCookie(request, "service-added") },
          });
        }
        case "edit":
          await editService(db, { listVersion, id, title, slug: slug ?? "", summary, onHome: form.onHome === "on", staff });
          break;
        case "move":
          await moveService(db, { listVersion, id, to, staff });
          break;
        case "retire":
          await retireService(db, {
            listVersion,
            id,
            retiredTo,
            staff,
            publicPaths: retirementTargets(entries).map((target) => target.path),
          });
          break;
        case "restore":
          await restoreService(db, { listVersion, id, staff });
          break;
      }
    } catch (error) {
      if (!(error instanceof ServiceListRefusal)) throw error;
      const toast = { type: "error" as const, title: "Nothing was changed", description: error.message };
      const field = error.field && error.field !== "id" ? error.field : null;
      return reply(field ? 400 : 409, { message: error.message, fieldErrors: field ? { [field]: [error.message] } : undefined, toast });
    }
    const named = entries.find((entry) => entry.id === id)?.title ?? "";
    return reply(200, { toast: { type: "success", title: doneToasts[form.intent], description: form.intent === "edit" ? title : named } });
  });
}

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

/** Which form an answer is for: its intent and service, as it was sent. */
function answerFor(answer: AdminAnswer | undefined, intent: string, id?: string) {
  const sent = answer?.result?.initialValue as Record<string, unknown> | undefined;
  return sent?.intent === intent && (id === undefined || sent.id === id) ? answer?.result : undefined;
}

/** The control a move was sent with: after it the keyboard is put back on it (each item is drawn anew). */
type MoveControl = "up" | "down" | "handle";

export default function ServiceList({ loaderData }: Route.ComponentProps) {
  const { answer, message, pending } = useAdminAction();
  const [movedWith, setMovedWith] = useState<MoveControl>("handle");
  const { entries, version, targets } = loaderData;
  const [form, fields] = useForm({
    id: "add-service",
    lastResult: answerFor(answer, "add"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: serviceListSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="tab-title" className="space-y-8">
      <div>
        <p className="text-sm">
          <a className="link" href="/admin/services">
            Service Pages
          </a>{" "}
          <span aria-hidden="true">›</span> Services list
        </p>
        <h2 id="tab-title" className="mt-2 mb-2 text-2xl font-bold text-brand-dark">
          Services
        </h2>
        <p className="max-w-prose text-muted">
          The order here is the order of the Services menu, the home page's cards, the contact form's subjects and the sitemap. A retired
          service is in none of them, and its addresses lead visitors to a page you choose. Each service's page is edited on the Service
          Pages tab.
        </p>
      </div>
      <FormAlert message={message} className="max-w-prose px-4 py-3" />

      <section aria-labelledby="add-title" className="max-w-xl rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h3 id="add-title" className="mb-1 text-xl font-bold text-brand-dark">
          Add a service
        </h3>
        <p className="mb-4 text-sm text-muted">It is added last, as a draft: nobody sees it until you fill in its page and publish it.</p>
        <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="space-y-4">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="listVersion" value={version} />
          <Field field={fields.title} label="Name" description="As the menus and the contact form show it." maxLength={80} required />
          <Field
            field={fields.slug}
            label="Address (optional)"
            description="The end of its address, /services/…: made from the name when left empty. It can be changed until the page is published."
            maxLength={80}
            autoCapitalize="none"
            spellCheck={false}
          />
          <Field
            field={fields.summary}
            label="Card text"
            description="A sentence for its card on the home page."
            control="textarea"
            oneLine
            maxLength={300}
            required
          />
          <button type="submit" className="btn-brand" disabled={pending}>
            Add the service
          </button>
        </Form>
      </section>
      <ol className="max-w-3xl space-y-3" aria-label="Services in order">
        {entries.map((entry, index) => (
          <ServiceItem
            key={`${entry.id}-${version}`}
            entry={entry}
            place={index + 1}
            count={entries.length}
            version={version}
            targets={targets.filter((target) => target.path !== entry.path)}
            answer={answer}
            pending={pending}
            movedWith={movedWith}
            onMoveSent={setMovedWith}
          />
        ))}
      </ol>
    </section>
  );
}

function ServiceItem({
  entry,
  place,
  count,
  version,
  targets,
  answer,
  pending,
  movedWith,
  onMoveSent,
}: {
  entry: Entry;
  place: number;
  count: number;
  version: number;
  targets: ReadonlyArray<{ path: string; label: string }>;
  answer: AdminAnswer | undefined;
  pending: boolean;
  movedWith: MoveControl;
  onMoveSent: (control: MoveControl) => void;
}) {
  const edited = answerFor(answer, "edit", entry.id);
  const first = place === 1;
  const last = place === count;
  // This item was just moved: the keyboard goes back to the control that moved it, or to its
  // handle when that control cannot move it further.
  const focused = answerFor(answer, "move", entry.id)?.status === "success" ? movedWith : null;
  const focusHandle = focused === "handle" || (focused === "up" && first) || (focused === "down" && last);
  const [form, fields] = useForm({
    id: `edit-${entry.id}`,
    lastResult: edited,
    defaultValue: { title: entry.title, slug: entry.slug, summary: entry.summary, onHome: entry.onHome ? "on" : undefined },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: serviceListSchema }),
    shouldRevalidate: "onInput",
  });
  const titleId = `service-${entry.id}-title`;
  const submit = useSubmit();
  return (
    <li aria-labelledby={titleId} className="rounded-2xl border border-line bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-muted">
            <span>{place}.</span>{" "}
            <span
              className={`ml-1 rounded-full px-2 py-0.5 text-xs font-semibold ${entry.status === "live" ? "bg-brand-soft text-brand-dark" : "bg-sand text-ink"}`}
            >
              {entryStatusLabels[entry.status]}
            </span>
            {entry.onHome && entry.status === "live" ? <span className="ml-2 text-xs">On the home page</span> : null}
          </p>
          <h3 id={titleId} className="mt-1 text-lg font-bold break-words text-ink">
            {entry.title}
          </h3>
          <p className="text-sm break-all text-muted">{entry.path}</p>
          {entry.status === "retired" ? (
            <p className="text-sm text-ink">Its addresses lead to {entry.retiredTo ?? defaultRetiredTo}.</p>
          ) : null}
          {entry.changed ? <p className="text-xs text-muted">Changed {entry.changed}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <DragHandle
            index={place - 1}
            count={count}
            itemLabel={entry.title}
            takeFocus={focusHandle}
            onMove={(_, to) => {
              // A move sent while the list is read again would name the list as it was.
              if (pending) return;
              onMoveSent("handle");
              void submit({ intent: "move", listVersion: version, id: entry.id, to }, { method: "post" });
            }}
          />
          <MoveButton
            entry={entry}
            version={version}
            to={place - 2}
            label="Move up"
            disabled={first || pending}
            takeFocus={focused === "up" && !first}
            onSend={() => onMoveSent("up")}
          />
          <MoveButton
            entry={entry}
            version={version}
            to={place}
            label="Move down"
            disabled={last || pending}
            takeFocus={focused === "down" && !last}
            onSend={() => onMoveSent("down")}
          />
          <a className="btn-outline-brand px-3 py-1.5 text-sm" href={entry.editorHref}>
            Edit page<span className="sr-only"> of {entry.title}</span>
          </a>
        </div>
      </div>

      {/* Side by side while closed; an opened one takes the whole row. */}
      <div className="mt-3 flex flex-wrap items-start gap-2">
        <details className="open:basis-full" open={edited !== undefined && edited.status === "error"}>
          <summary className="btn-quiet cursor-pointer" aria-label={`Name, card and address of ${entry.title}`}>
            Name, card and address
          </summary>
          <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-3 space-y-4">
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="listVersion" value={version} />
            <input type="hidden" name="id" value={entry.id} />
            <Field field={fields.title} label="Name" maxLength={80} required />
            <Field
              field={fields.slug}
              label="Address"
              description={
                entry.status === "draft"
                  ? "The end of its address, /services/…"
                  : "The end of its address, /services/…: its earlier addresses keep leading here."
              }
              maxLength={80}
              autoCapitalize="none"
              spellCheck={false}
              required
            />
            <Field field={fields.summary} label="Card text" control="textarea" oneLine maxLength={300} required />
            <label className="flex items-center gap-2 text-sm font-semibold text-ink">
              <input type="checkbox" name="onHome" defaultChecked={entry.onHome} className="size-5" />
              Show on the home page
            </label>
            <div className="flex flex-wrap gap-2">
              <button type="submit" className="btn-brand" disabled={pending}>
                Save
              </button>
              <CancelDisclosure />
            </div>
          </Form>
        </details>

        {entry.status === "live" ? (
          <details className="open:basis-full">
            <summary className="btn-quiet cursor-pointer" aria-label={`Retire ${entry.title}`}>
              Retire
            </summary>
            <Form method="post" className="mt-3 space-y-3 rounded-lg border border-clay/40 bg-clay-soft p-3 text-sm">
              <input type="hidden" name="intent" value="retire" />
              <input type="hidden" name="listVersion" value={version} />
              <input type="hidden" name="id" value={entry.id} />
              <p>It leaves every menu, the home page, the contact form and the sitemap. Its page and history are kept.</p>
              <label className="block font-semibold text-ink">
                Send its visitors to
                <select
                  name="retiredTo"
                  defaultValue={defaultRetiredTo}
                  className="mt-1 block min-h-11 w-full max-w-sm rounded-lg border border-[#8a8f8c] bg-white px-3 py-2 text-base font-normal"
                >
                  {targets.map((target) => (
                    <option key={target.path} value={target.path}>
                      {target.label} ({target.path})
                    </option>
                  ))}
                </select>
              </label>
              <div className="flex flex-wrap gap-2">
                <button type="submit" className="btn-outline-brand px-3 py-1.5 text-sm" disabled={pending}>
                  Retire the service
                </button>
                <CancelDisclosure />
              </div>
            </Form>
          </details>
        ) : entry.status === "retired" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="listVersion" value={version} />
            <input type="hidden" name="id" value={entry.id} />
            <button
              type="submit"
              className="btn-outline-brand px-3 py-1.5 text-sm"
              disabled={pending}
              aria-label={`Bring back ${entry.title}`}
            >
              Bring back
            </button>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

function MoveButton({
  entry,
  version,
  to,
  label,
  disabled,
  takeFocus,
  onSend,
}: {
  entry: Entry;
  version: number;
  to: number;
  label: string;
  disabled: boolean;
  takeFocus: boolean;
  onSend: () => void;
}) {
  const focusRef = useFocusWhen<HTMLButtonElement>(takeFocus);
  return (
    <Form method="post" onSubmit={onSend}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="listVersion" value={version} />
      <input type="hidden" name="id" value={entry.id} />
      <input type="hidden" name="to" value={to} />
      <button
        type="submit"
        className="btn-outline-brand px-3 py-1.5 text-sm"
        disabled={disabled}
        ref={focusRef}
        aria-label={`${label}: ${entry.title}`}
      >
        {label}
      </button>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Failed to load the services list." />;
}
