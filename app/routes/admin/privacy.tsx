import { Form, redirect, useActionData } from "react-router";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { inquiryCount } from "#app/inquiries/inbox-view.ts";
import { eraseConfirmMessage, personEraseSchema, personLookupSchema } from "#app/inquiries/person-data.ts";
import { erasePerson, findPersonData } from "#app/inquiries/person-data.server.ts";
import { type AdminActionRules, adminAction } from "#app/admin-action/admin-action.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import { flashToastCookie } from "#app/admin-action/toast.server.ts";
import { recordInquiriesViewed } from "#app/staff/activity-log.server.ts";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [{ title: "Privacy Requests | Admin Dashboard" }];

/** Owners only (an address the role table does not place is the Owner's). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const who = new URL(request.url).searchParams.get("who");
  if (who === null || who === "") return { who: "", error: null, found: null };
  const parsed = personLookupSchema.safeParse({ who });
  if (!parsed.success) return { who, error: parsed.error.issues[0]?.message ?? null, found: null };
  const db = await getDb();
  const found = await findPersonData(db, parsed.data.who);
  // Shown whole here, as in the inbox: recorded as read by this Owner.
  if (found.inquiries.length > 0) await recordInquiriesViewed(db, context.get(adminContext), "privacy", found.inquiries);
  return { who: parsed.data.who, error: null, found };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

const eraseRules = {
  failed: { message: "Nothing was erased. Please try again." },
  invalid: { message: eraseConfirmMessage },
} satisfies AdminActionRules;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  return adminAction(request, personEraseSchema, eraseRules, async ({ who }) => {
    await erasePerson(await getDb(), who, admin, getConfig().mailDir);
    const back = `/admin/privacy?${new URLSearchParams({ who }).toString()}`;
    return redirect(back, { headers: { "Set-Cookie": await flashToastCookie(request, "person-erased") } });
  });
}

const fieldClass = "mt-1.5 block min-h-11 w-80 max-w-full rounded-lg border border-[#8a8f8c] bg-white px-3.5 py-2.5 text-base font-normal";

export default function PrivacyRequests({ loaderData }: Route.ComponentProps) {
  const { who, error, found } = loaderData;
  const answer = useActionData<typeof action>();
  const confirmError = answer && "result" in answer ? answer.result.error?.confirm?.[0] : undefined;
  return (
    <section aria-labelledby="tab-title">
      <h2 id="tab-title" className="mb-2 text-2xl font-bold text-brand-dark">
        Privacy Requests
      </h2>
      <p className="mb-6 max-w-prose text-muted">
        A person may ask what the practice holds about them, for a copy of it, or for it to be erased. Find them by the e-mail address or
        phone number they wrote from. Everything here is recorded in the Activity Log, by count, never by who.
      </p>
      <Form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-white p-4">
        <label className="block max-w-full text-sm font-semibold text-ink">
          E-mail or phone number
          <input
            name="who"
            type="search"
            defaultValue={who}
            autoComplete="off"
            className={fieldClass}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "who-error" : undefined}
          />
          {error ? (
            <span id="who-error" className="mt-1 block w-80 max-w-full text-sm font-medium text-clay-dark">
              {error}
            </span>
          ) : null}
        </label>
        <button type="submit" className="btn-outline-brand">
          Find
        </button>
      </Form>

      {found === null ? null : found.inquiries.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-8 text-center text-muted">Nothing is held about {who}.</p>
      ) : (
        <>
          <p className="mb-3 font-semibold">
            {inquiryCount(found.inquiries.length)} written from {who}
            {found.notifications > 0
              ? `, and ${found.notifications} staff notification${found.notifications === 1 ? "" : "s"} about them`
              : ""}
            :
          </p>
          <ul className="mb-6 space-y-3">
            {found.inquiries.map((inquiry) => (
              <li key={inquiry.id} className="rounded-2xl border border-line bg-white p-4">
                <p className="font-semibold text-ink">
                  {inquiry.name} · {inquiry.service}
                </p>
                <p className="text-sm text-muted">
                  Received {inquiry.received} · {inquiry.status} · {inquiry.email}
                  {inquiry.phone ? ` · ${inquiry.phone}` : ""}
                </p>
                <p className="mt-2 break-words whitespace-pre-wrap">{inquiry.message}</p>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-start gap-6">
            <form method="get" action="/admin/privacy/export">
              <input type="hidden" name="who" value={who} />
              <button type="submit" className="btn-outline-brand">
                Download a copy (JSON)
              </button>
            </form>
            <Form method="post" reloadDocument className="rounded-2xl border border-clay/40 bg-clay-soft p-4">
              <input type="hidden" name="who" value={who} />
              <label className="flex items-start gap-3 text-sm font-semibold text-clay-dark">
                <input
                  type="checkbox"
                  name="confirm"
                  className="mt-0.5 size-5"
                  aria-invalid={confirmError ? true : undefined}
                  aria-describedby={confirmError ? "confirm-error" : undefined}
                />
                I understand: these inquiries and their notifications are deleted for good.
              </label>
              {confirmError ? (
                <p id="confirm-error" className="mt-2 text-sm font-medium text-clay-dark">
                  {confirmError}
                </p>
              ) : null}
              <button type="submit" className="btn-outline-brand mt-3">
                Erase everything about this person
              </button>
            </Form>
          </div>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Privacy requests could not be loaded. Please try again." />;
}
