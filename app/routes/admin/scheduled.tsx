import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import { useAdminAction } from "#app/admin-action/admin-action.ts";
import { type AdminActionRules, type AdminReply, adminAction } from "#app/admin-action/admin-action.server.ts";
import type { AdminAnswer } from "#app/admin-action/admin-answer.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { officeDateAndTime, officeDayStart, formatOfficeTime, officeDate } from "#app/content/office-time.ts";
import { editorHrefOf, isPageName } from "#app/content/pages.ts";
import { type Language, languageNames, languageOf } from "#app/i18n/languages.ts";
import {
  cancelSchema,
  draftChoice,
  moveSchema,
  scheduledInstant,
  scheduleMessages,
  scheduleSchema,
} from "#app/scheduling/schedule-form.ts";
import {
  changeSchedule,
  listSchedules,
  pageLabels,
  type ScheduledPublication,
  type ScheduleOutcome,
  schedulableDrafts,
} from "#app/scheduling/scheduled-publications.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import type { Route } from "./+types/scheduled";

export const meta: Route.MetaFunction = () => [{ title: "Scheduled | Admin Dashboard" }];

/** How long past its time a waiting schedule is said to be late: the publishers look every 15 s (SCHEDULE_POLL_MS). */
const overdueAfterMs = 2 * 60_000;

const statusWords: Record<ScheduledPublication["status"], string> = {
  scheduled: "Scheduled",
  published: "Published",
  cancelled: "Cancelled",
  skipped: "Not published",
};

/**
 * Scheduled publishing (issue 44): a page's saved draft, in English or Spanish, published at a
 * time on the office's clock. This page lists what waits and what was done, and schedules a draft.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const [{ waiting, done }, drafts] = await Promise.all([listSchedules(db), schedulableDrafts(db)]);
  const labels = await pageLabels(
    db,
    [...waiting, ...done, ...drafts].map((item) => item.page),
  );
  const named = (page: string, language: Language) => `${labels.get(page) ?? page}${language === "es" ? ` (${languageNames.es})` : ""}`;
  const listed = (schedule: ScheduledPublication) => {
    const when = officeDateAndTime(schedule.publishAt);
    return {
      id: schedule.id,
      version: schedule.version,
      name: named(schedule.page, schedule.language),
      editorHref: isPageName(schedule.page) ? editorHrefOf(schedule.page, schedule.language) : null,
      when: formatOfficeTime(schedule.publishAt),
      values: { date: when.date, time: when.time },
      status: statusWords[schedule.status],
      by: schedule.scheduledBy,
      note: schedule.note,
      publishedVersion: schedule.publishedVersion,
      // Waiting past its time and the publishers' next look: something keeps it from going live.
      overdue: schedule.status === "scheduled" && Date.parse(schedule.publishAt) < Date.now() - overdueAfterMs,
    };
  };
  const waitingFor = new Set(waiting.map((schedule) => `${schedule.page}|${schedule.language}`));
  const url = new URL(request.url);
  const asked = `${url.searchParams.get("page") ?? ""}|${languageOf(url.searchParams.get("lang"))}`;
  // What can be scheduled: each draft that waits for no schedule yet.
  const choices = drafts
    .map((draft) => ({ value: `${draft.page}|${draft.language}`, label: named(draft.page, draft.language) }))
    .filter((choice) => !waitingFor.has(choice.value));
  // A new schedule's form starts tomorrow at 8:00 on the office's clock, for the draft the editor asked for.
  const tomorrow = officeDate(Date.parse(officeDayStart(officeDate(), 1)));
  return {
    waiting: waiting.map(listed),
    done: done.map(listed),
    choices,
    newSchedule: {
      draft: choices.some((choice) => choice.value === asked) ? asked : (choices[0]?.value ?? ""),
      date: tomorrow,
      time: "08:00",
    },
  };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

// The clock is read when a form is checked, so one schema serves every check.
const newSchema = scheduleSchema();
const movedSchema = moveSchema();
const newConstraint = getZodConstraint(newSchema);
const movedConstraint = getZodConstraint(movedSchema);

const rules = {
  failed: { message: "Nothing was saved. Please try again.", toast: { type: "error", title: "Nothing was saved" } },
  invalid: { message: "Some fields need attention: see the messages under them." },
} satisfies AdminActionRules;

const intentSchema = z.object({ intent: z.enum(["schedule", "move", "cancel"]) });

/** A refusal of a schedule, said over the form (and under the field it is about). */
const refusals: Record<Exclude<ScheduleOutcome["status"], "done">, { message: string; field?: string }> = {
  noDraft: { message: scheduleMessages.noDraft, field: "draft" },
  alreadyScheduled: { message: scheduleMessages.alreadyScheduled, field: "draft" },
  changed: { message: scheduleMessages.changedMeanwhile },
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const posted = await readFormData(request.clone(), intentSchema);
  const intent = posted?.get("intent");
  if (intent === "cancel") {
    return adminAction(request, cancelSchema, rules, async ({ id, version }, reply) =>
      answerOf(await changeSchedule(await getDb(), { intent: "cancel", id, version }, admin), reply, "Schedule cancelled"),
    );
  }
  if (intent === "move") {
    return adminAction(request, movedSchema, rules, async ({ id, version, ...when }, reply) => {
      const change = { intent: "move" as const, id, version, publishAt: scheduledInstant(when) };
      return answerOf(await changeSchedule(await getDb(), change, admin), reply, "Schedule moved");
    });
  }
  return adminAction(request, newSchema, rules, async (value, reply) => {
    const change = { intent: "schedule" as const, ...draftChoice(value.draft), publishAt: scheduledInstant(value) };
    return answerOf(await changeSchedule(await getDb(), change, admin), reply, "Draft scheduled");
  });
}

/** A change's answer: its toast, or what refused it. */
function answerOf(done: ScheduleOutcome, reply: AdminReply, toast: string) {
  if (done.status === "done") return reply(200, { resetForm: true, toast: { type: "success", title: toast } });
  const { message, field } = refusals[done.status];
  return reply(409, field ? { message, fieldErrors: { [field]: [message] } } : { message });
}

type LoaderData = Route.ComponentProps["loaderData"];
type Listed = LoaderData["waiting"][number];

export default function Scheduled({ loaderData }: Route.ComponentProps) {
  const { waiting, done, choices, newSchedule } = loaderData;
  return (
    <section aria-labelledby="tab-title" className="max-w-3xl space-y-8">
      <div>
        <h2 id="tab-title" className="mb-2 text-2xl font-bold text-brand-dark">
          Scheduled
        </h2>
        <p className="text-muted">
          A page's saved draft, published by itself at a date and time on the office's clock (Mountain Time), like the holiday hours on the
          morning they start. Save a draft in the page's editor first (Save draft), then schedule it here. Until then visitors see the page
          as it is; at its time the draft goes live within a minute, as Save Changes would put it.
        </p>
      </div>
      <section aria-labelledby="schedules-waiting">
        <h3 id="schedules-waiting" className="text-xl font-bold text-brand-dark">
          Waiting
        </h3>
        {waiting.length === 0 ? (
          <p className="mt-2 text-muted">Nothing is scheduled.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {waiting.map((schedule) => (
              <li key={`${schedule.id}-${schedule.version}`}>
                <ScheduleCard schedule={schedule} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="schedule-new" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h3 id="schedule-new" className="text-lg font-bold text-brand-dark">
          Schedule a draft
        </h3>
        {choices.length === 0 ? (
          <p className="mt-2 text-muted">
            No page has a saved draft to schedule. In a page's editor, make the changes and press Save draft: the draft then shows here.
          </p>
        ) : (
          <ScheduleForm key={JSON.stringify(newSchedule)} values={newSchedule} choices={choices} />
        )}
      </section>
      {done.length > 0 ? (
        <section aria-labelledby="schedules-done">
          <h3 id="schedules-done" className="text-xl font-bold text-brand-dark">
            Done
          </h3>
          <ul className="mt-3 space-y-3">
            {done.map((schedule) => (
              <li key={schedule.id} className="rounded-2xl border border-line bg-white p-4 text-sm">
                <p className="font-semibold text-ink">
                  {schedule.status}: {schedule.name}
                </p>
                <p className="text-muted">
                  For {schedule.when}, scheduled by {schedule.by}
                  {schedule.publishedVersion !== null ? ` (now version ${schedule.publishedVersion})` : ""}
                </p>
                {schedule.note ? <p className="mt-1 text-ink">{schedule.note}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

function ScheduleCard({ schedule }: { schedule: Listed }) {
  const [moving, setMoving] = useState(false);
  const fetcher = useFetcher<AdminAnswer>();
  const { pending, message } = useAdminAction({ fetcher });
  return (
    <article aria-label={schedule.name} className="rounded-2xl border border-line bg-white p-5">
      <p className="font-semibold break-words text-ink">{schedule.name}</p>
      <p className="mt-1 text-ink">Publishes on {schedule.when}</p>
      {schedule.overdue ? (
        <p className="mt-1 text-sm font-medium text-clay-dark">
          Not published yet, though its time has passed: the site keeps trying. If this stays, tell whoever runs the site (the logs say
          why).
        </p>
      ) : null}
      <p className="text-sm text-muted">Scheduled by {schedule.by}</p>
      {schedule.editorHref ? (
        <a className="link mt-1 inline-block text-sm" href={schedule.editorHref}>
          Open the draft<span className="sr-only"> of {schedule.name}</span>
        </a>
      ) : null}
      <FormAlert message={message} className="mt-3 px-4 py-3" />
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className="btn-outline-brand" aria-expanded={moving} onClick={() => setMoving(!moving)}>
          {moving ? "Close" : "Move"}
          <span className="sr-only"> the publishing of {schedule.name}</span>
        </button>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="id" value={schedule.id} />
          <input type="hidden" name="version" value={schedule.version} />
          <button type="submit" className="btn-quiet" disabled={pending}>
            Cancel<span className="sr-only"> the publishing of {schedule.name}</span>
          </button>
        </fetcher.Form>
      </div>
      {moving ? <ScheduleForm schedule={schedule} /> : null}
    </article>
  );
}

/** Schedules a draft (with the choice of drafts), or moves `schedule`: the date and time on the office's clock. */
function ScheduleForm(props: { schedule: Listed } | { values: LoaderData["newSchedule"]; choices: LoaderData["choices"] }) {
  const moving = "schedule" in props ? props.schedule : null;
  const fetcher = useFetcher<AdminAnswer>();
  const { pending, answer, message } = useAdminAction({ fetcher });
  const [form, fields] = useForm<{ draft?: string; date: string; time: string }>({
    id: moving ? `schedule-${moving.id}` : "schedule-new-form",
    defaultValue: moving ? moving.values : "values" in props ? props.values : undefined,
    constraint: moving ? movedConstraint : newConstraint,
    lastResult: answer?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: moving ? movedSchema : newSchema }),
  });
  return (
    <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-4 space-y-4">
      <input type="hidden" name="intent" value={moving ? "move" : "schedule"} />
      {moving ? (
        <>
          <input type="hidden" name="id" value={moving.id} />
          <input type="hidden" name="version" value={moving.version} />
        </>
      ) : null}
      <FormAlert message={message} className="px-4 py-3" />
      {"choices" in props ? (
        <Field field={fields.draft} label="Draft" control="select" markRequired>
          {props.choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </Field>
      ) : null}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-ink">Publish on (Mountain Time)</legend>
        <Field field={fields.date} label="Date" type="date" markRequired />
        <Field field={fields.time} label="Time" type="time" markRequired />
      </fieldset>
      <button type="submit" className="btn-brand" disabled={pending}>
        {pending ? "Saving..." : moving ? "Move" : "Schedule"}
      </button>
    </fetcher.Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="The scheduled changes could not be loaded. Please try again." />;
}
