import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { useAdminAction } from "#app/admin-action/admin-action.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { formatOfficeTime } from "#app/content/office-time.ts";
import { type AdminActionRules, adminAction } from "#app/admin-action/admin-action.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import { changeOwnPassword, listOwnSessions } from "#app/staff/own-account.server.ts";
import { changePasswordSchema, choosingPasswordAdvice } from "#app/staff/passwords.ts";
import { staffRoleLabels } from "#app/staff/staff-roles.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "Your Account | Admin Dashboard" }];

/** Every role's own page (staff-roles.ts places it with "anyone"). */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const sessions = await listOwnSessions(await getDb(), admin);
  return {
    email: admin.email,
    role: staffRoleLabels[admin.role],
    twoFactor: admin.twoFactor,
    sessions: sessions.map((session) => ({
      ...session,
      signedIn: formatOfficeTime(session.signedInAt),
      lastUsed: formatOfficeTime(session.lastUsedAt),
    })),
  };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

const passwordRules = {
  failed: { message: "Your password was not changed. Please try again.", toast: { type: "error", title: "Password not changed" } },
  invalid: { message: "Your password was not changed: see the message under the field." },
  // No password typed here is ever sent back into the page.
  hideFields: ["current", "password", "confirm"],
} satisfies AdminActionRules;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  return adminAction(request, changePasswordSchema, passwordRules, async (value, reply) => {
    const change = await changeOwnPassword(await getDb(), admin, value);
    if (!change.ok) {
      return reply(400, { message: passwordRules.invalid.message, fieldErrors: { [change.field]: [change.message] } });
    }
    const others = change.endedSessions;
    return reply(200, {
      resetForm: true,
      toast: {
        type: "success",
        title: "Password changed",
        description: others === 0 ? "Use it the next time you sign in." : `Every other session (${others}) was signed out.`,
      },
    });
  });
}

const sessionButtonClass = "btn-outline-brand px-3 py-1.5 text-sm";

export default function Account({ loaderData }: Route.ComponentProps) {
  const { email, role, twoFactor, sessions } = loaderData;
  const { pending, answer, message } = useAdminAction();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldRevalidate: "onInput",
  });
  const others = sessions.filter((session) => !session.isThisBrowser);
  return (
    <section aria-labelledby="tab-title" className="space-y-8">
      <div>
        <h2 id="tab-title" className="mb-2 text-2xl font-bold text-brand-dark">
          Your Account
        </h2>
        <p className="text-muted">
          Signed in as <span className="font-semibold break-all text-ink">{email}</span> ({role}).
        </p>
      </div>

      <section aria-labelledby="password-title" className="max-w-xl rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h3 id="password-title" className="mb-1 text-xl font-bold text-brand-dark">
          Change your password
        </h3>
        <p className="mb-4 text-sm text-muted">{choosingPasswordAdvice} Your other sessions are signed out.</p>
        <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="space-y-4">
          <FormAlert message={message} />
          <Field field={fields.current} label="Current password" type="password" autoComplete="current-password" required />
          <Field field={fields.password} label="New password" type="password" autoComplete="new-password" required minLength={12} />
          <Field field={fields.confirm} label="New password again" type="password" autoComplete="new-password" required />
          <button type="submit" className="btn-brand" disabled={pending}>
            {pending ? "Changing..." : "Change password"}
          </button>
        </Form>
      </section>

      <section aria-labelledby="two-factor-title" className="max-w-xl rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h3 id="two-factor-title" className="mb-1 text-xl font-bold text-brand-dark">
          Two-step sign-in: {twoFactor === "on" ? "on" : "off"}
        </h3>
        <p className="mb-4 text-sm text-muted">
          {twoFactor === "on"
            ? "Signing in asks for a code from your authenticator app after your password."
            : twoFactor === "demo"
              ? "The demo account cannot use it: its password is shown on the sign-in page."
              : "A code from an app on your phone after your password: someone who learns your password still cannot sign in."}
        </p>
        {twoFactor === "demo" ? null : (
          <Link className="btn-outline-brand" to="/admin/account/two-factor">
            {twoFactor === "on" ? "Recovery codes, or turn it off" : "Set up two-step sign-in"}
          </Link>
        )}
      </section>

      <section aria-labelledby="sessions-title" className="max-w-3xl rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h3 id="sessions-title" className="mb-1 text-xl font-bold text-brand-dark">
          Where you are signed in
        </h3>
        <p className="mb-4 text-sm text-muted">
          Each session lasts 24 hours from sign-in. The browser's name is read from what it says of itself. If you do not recognise one,
          sign it out and change your password.
        </p>
        <ul className="divide-y divide-line">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-ink">
                  {session.device}
                  {session.isThisBrowser ? <span className="ml-2 text-sm font-normal text-brand-dark">(this browser)</span> : null}
                </p>
                <p className="text-sm text-muted">
                  Signed in {session.signedIn} · last used {session.lastUsed}
                </p>
                {session.userAgent ? <p className="text-xs break-all text-muted">{session.userAgent}</p> : null}
              </div>
              {session.isThisBrowser ? null : (
                <Form method="post" action="/admin/account/sessions">
                  <input type="hidden" name="end" value={session.id} />
                  <button
                    type="submit"
                    className={sessionButtonClass}
                    aria-label={`Sign out ${session.device}, last used ${session.lastUsed}`}
                  >
                    Sign out
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {others.length > 0 ? (
          <Form method="post" action="/admin/account/sessions" className="mt-4">
            <input type="hidden" name="end" value="others" />
            <button type="submit" className="btn-outline-brand">
              Sign out everywhere else
            </button>
          </Form>
        ) : (
          <p className="mt-2 text-sm text-muted">You are signed in on this browser only.</p>
        )}
      </section>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Your account could not be loaded. Please try again." />;
}
