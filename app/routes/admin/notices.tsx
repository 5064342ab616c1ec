import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import { useAdminAction } from "#app/admin-action/admin-action.ts";
import { type AdminActionRules, adminAction } from "#app/admin-action/admin-action.server.ts";
import type { AdminAnswer } from "#app/admin-action/admin-answer.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { NoticeBar, noticeIn } from "#app/components/site/notice-bar.tsx";
import { LanguageProvider } from "#app/i18n/site-words.ts";
import { Field } from "#app/components/ui/field.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { officeDateAndTime } from "#app/content/office-time.ts";
import { isNoticeLink, noticeMessages, noticeRemoveSchema, noticeSaveSchema } from "#app/notices/notice-form.ts";
import { changeNotice, listNotices, type Notice, noticeWindowText } from "#app/notices/notices.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import type { Route } from "./+types/notices";

export const meta: Route.MetaFunction = () => [{ title: "Notices | Admin Dashboard" }];

/** A notice as the page lists it and its form opens it: its texts, and its times on the office's clock. */
function listed(notice: Notice) {
  const start = officeDateAndTime(notice.startsAt);
  const end = officeDateAndTime(notice.endsAt);
  return {
    id: notice.id,
    version: notice.version,
    window: noticeWindowText(notice),
    updatedBy: notice.updatedBy,
    values: {
      textEn: notice.textEn,
      textEs: notice.textEs,
      link: notice.link,
      linkTextEn: notice.linkTextEn,
      linkTextEs: notice.linkTextEs,
      startDate: start.date,
      startTime: start.time,
      endDate: end.date,
      endTime: end.time,
    },
  };
}

/**
 * Notices (issue 44): a short text shown at the top of every public page between a start and an
 * end; one at a time. This page says which shows now and which come next.
 */
export async function loader() {
  const { showing, upcoming, ended } = await listNotices(await getDb());
  // A new notice's form starts now and ends a day later, on the office's clock.
  const now = Date.now();
  const start = officeDateAndTime(new Date(now).toISOString());
  const end = officeDateAndTime(new Date(now + 24 * 3_600_000).toISOString());
  return {
    showing: showing && listed(showing),
    upcoming: upcoming.map(listed),
    ended: ended.map(listed),
    newNotice: { startDate: start.date, startTime: start.time, endDate: end.date, endTime: end.time },
  };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

// The clock is read when a form is checked, so one schema serves every check.
const noticeSchema = noticeSaveSchema();
const constraint = getZodConstraint(noticeSchema);

const noticeRules = {
  failed: { message: "Nothing was saved. Please try again.", toast: { type: "error", title: "Nothing was saved" } },
  invalid: { message: "Some fields need attention: see the messages under them." },
} satisfies AdminActionRules;

const changedMeanwhile = "This notice was changed or removed meanwhile: it is shown as it is now. Look at it again.";

const intentSchema = z.object({ intent: z.enum(["add", "change", "remove"]) });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const posted = await readFormData(request.clone(), intentSchema);
  if (posted?.get("intent") === "remove") {
    return adminAction(request, noticeRemoveSchema, noticeRules, async ({ id, version }, reply) => {
      const done = await changeNotice(await getDb(), { intent: "remove", id, version }, admin);
      if (done.status !== "removed") return reply(409, { message: changedMeanwhile });
      return reply(200, { resetForm: true, toast: { type: "success", title: "Notice removed" } });
    });
  }
  return adminAction(request, noticeSchema, noticeRules, async ({ intent, id, version, ...fields }, reply) => {
    const change = intent === "change" && id && version ? { intent, id, version, fields } : { intent: "add" as const, fields };
    const done = await changeNotice(await getDb(), change, admin);
    if (done.status === "overlaps") {
      const message = noticeMessages.overlaps(`"${done.other.textEn}", ${noticeWindowText(done.other)}`);
      return reply(409, { message, fieldErrors: { startDate: [message] } });
    }
    if (done.status === "changed") return reply(409, { message: changedMeanwhile });
    return reply(200, { resetForm: true, toast: { type: "success", title: intent === "add" ? "Notice added" : "Notice saved" } });
  });
}

type LoaderData = Route.ComponentProps["loaderData"];
type Listed = NonNullable<LoaderData["showing"]>;

export default function Notices({ loaderData }: Route.ComponentProps) {
  const { showing, upcoming, ended, newNotice } = loaderData;
  return (
    <section aria-labelledby="tab-title" className="max-w-3xl space-y-8">
      <div>
        <h2 id="tab-title" className="mb-2 text-2xl font-bold text-brand-dark">
          Notices
        </h2>
        <p className="text-muted">
          A short notice at the top of every page of the site, like "Closed Thursday and Friday for Thanksgiving", from its start to its end
          on the office's clock (Mountain Time). One shows at a time; it goes by itself at its end.
        </p>
      </div>
      <NoticeList title="Showing now" empty="No notice is showing now." notices={showing ? [showing] : []} editable />
      <NoticeList title="Coming next" empty="None planned." notices={upcoming} editable />
      <details className="rounded-2xl border border-line bg-white p-5 sm:p-6">
        <summary className="cursor-pointer text-lg font-bold text-brand-dark">Add a notice</summary>
        <NoticeForm key={JSON.stringify(newNotice)} values={newNotice} />
      </details>
      {ended.length > 0 ? <NoticeList title="Ended" empty="" notices={ended} editable={false} /> : null}
    </section>
  );
}

function NoticeList({ title, empty, notices, editable }: { title: string; empty: string; notices: Array<Listed>; editable: boolean }) {
  const id = `notices-${title.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-xl font-bold text-brand-dark">
        {title}
      </h3>
      {notices.length === 0 ? (
        <p className="mt-2 text-muted">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {notices.map((notice) => (
            <li key={`${notice.id}-${notice.version}`}>
              <NoticeCard notice={notice} editable={editable} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NoticeCard({ notice, editable }: { notice: Listed; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  const fetcher = useFetcher<AdminAnswer>();
  const { pending, message } = useAdminAction({ fetcher });
  const { values } = notice;
  return (
    <article aria-label={values.textEn} className="rounded-2xl border border-line bg-white p-5">
      <p className="font-semibold break-words text-ink">{values.textEn}</p>
      {values.textEs ? (
        <p lang="es" className="mt-1 break-words text-ink">
          {values.textEs}
        </p>
      ) : (
        <p className="mt-1 text-sm text-muted">No Spanish text: the Spanish pages show the English.</p>
      )}
      {values.link ? (
        <p className="mt-1 text-sm break-all text-muted">
          Link: {values.linkTextEn} ({values.link})
        </p>
      ) : null}
      <p className="mt-2 text-sm text-ink">{notice.window}</p>
      {notice.updatedBy ? <p className="text-sm text-muted">Saved by {notice.updatedBy}</p> : null}
      <FormAlert message={message} className="mt-3 px-4 py-3" />
      {editable ? (
        <div className="mt-3 flex flex-wrap gap-3">
          <button type="button" className="btn-outline-brand" aria-expanded={editing} onClick={() => setEditing(!editing)}>
            {editing ? "Close" : "Edit"}
            <span className="sr-only"> the notice "{values.textEn}"</span>
          </button>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={notice.id} />
            <input type="hidden" name="version" value={notice.version} />
            <button type="submit" className="btn-quiet" disabled={pending}>
              Remove<span className="sr-only"> the notice "{values.textEn}"</span>
            </button>
          </fetcher.Form>
        </div>
      ) : null}
      {editing ? <NoticeForm values={values} notice={{ id: notice.id, version: notice.version }} /> : null}
    </article>
  );
}

function NoticeForm({ values, notice }: { values: Partial<Listed["values"]>; notice?: { id: string; version: number } }) {
  const fetcher = useFetcher<AdminAnswer>();
  const { pending, answer, message } = useAdminAction({ fetcher });
  const [form, fields] = useForm({
    id: notice ? `notice-${notice.id}` : "notice-new",
    defaultValue: values,
    constraint,
    lastResult: answer?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: noticeSchema }),
  });
  return (
    <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-4 space-y-4">
      <input type="hidden" name="intent" value={notice ? "change" : "add"} />
      {notice ? (
        <>
          <input type="hidden" name="id" value={notice.id} />
          <input type="hidden" name="version" value={notice.version} />
        </>
      ) : null}
      <FormAlert message={message} className="px-4 py-3" />
      <Field field={fields.textEn} label="Notice" markRequired description="One line, in plain words. No formatting." />
      <Field field={fields.textEs} label="Notice in Spanish" lang="es" description="Left empty, the Spanish pages show the English." />
      <Field field={fields.link} label="Link address" description="Optional: a page of this site, like /contact, or https://..." />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field field={fields.linkTextEn} label="Link text" description="What the link says, like Our holiday hours." />
        <Field field={fields.linkTextEs} label="Link text in Spanish" lang="es" />
      </div>
      <NoticePreview values={form.value ?? {}} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-ink">Starts (Mountain Time)</legend>
        <Field field={fields.startDate} label="Start date" type="date" markRequired />
        <Field field={fields.startTime} label="Start time" type="time" markRequired />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-ink">Ends (Mountain Time)</legend>
        <Field field={fields.endDate} label="End date" type="date" markRequired />
        <Field field={fields.endTime} label="End time" type="time" markRequired />
      </fieldset>
      <button type="submit" className="btn-brand" disabled={pending}>
        {pending ? "Saving..." : notice ? "Save notice" : "Add notice"}
      </button>
    </fetcher.Form>
  );
}

/**
 * The notice as the site's pages will show it, in English and in Spanish, as it is typed: what
 * "Add notice" puts on every page is what the person saw here.
 */
function NoticePreview({ values }: { values: Partial<Record<keyof Listed["values"], unknown>> }) {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const textEn = text(values.textEn);
  if (!textEn) return null;
  const link = text(values.link);
  const linkTextEn = text(values.linkTextEn);
  const typed = {
    textEn,
    textEs: text(values.textEs),
    // Only a link the form takes: never an address that would run something.
    link: isNoticeLink(link) && linkTextEn ? link : "",
    linkTextEn,
    linkTextEs: text(values.linkTextEs),
  };
  return (
    <section aria-label="Preview" className="space-y-2">
      <p className="font-semibold text-ink">Preview: how the pages will show it</p>
      {(["en", "es"] as const).map((language) => (
        <div key={language} className="overflow-hidden rounded-lg border border-line" lang={language === "es" ? "es" : undefined}>
          <p className="bg-sand px-3 py-1 text-xs font-semibold text-muted" lang="en">
            {language === "en" ? "English pages" : "Spanish pages"}
          </p>
          <LanguageProvider value={language}>
            <NoticeBar notice={noticeIn(typed, language)} />
          </LanguageProvider>
        </div>
      ))}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="The notices could not be loaded. Please try again." />;
}
