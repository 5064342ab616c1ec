import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { useAdminAction } from "#app/admin-action/admin-action.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { formatOfficeTime } from "#app/content/office-time.ts";
import { practice } from "#app/content/practice.ts";
import { revalidateUnlessUnanswered } from "#app/admin-action/admin-answer.ts";
import { type AdminActionRules, adminAction } from "#app/admin-action/admin-action.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import { demoTwoFactorMessage, requiredTwoFactorMessage, twoFactorActionSchema } from "#app/staff/two-factor-forms.ts";
import {
  cancelTwoFactorSetup,
  confirmTwoFactor,
  renewRecoveryCodes,
  startTwoFactorSetup,
  turnOffTwoFactor,
  twoFactorStateOf,
} from "#app/staff/two-factor.server.ts";
import type { Route } from "./+types/two-factor";

export const meta: Route.MetaFunction = () => [{ title: "Two-Step Sign-In | Admin Dashboard" }];

// A form the server never answered keeps its page (see revalidateUnlessUnanswered).
export const shouldRevalidate = revalidateUnlessUnanswered;

/** Every role's own (staff-roles.ts places /admin/account and below with "anyone"). */
export async function loader({ context }: Route.LoaderArgs) {
  const state = await twoFactorStateOf(await getDb(), context.get(adminContext));
  return { ...state, enabledSince: state.enabledAt ? formatOfficeTime(state.enabledAt) : null };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

const twoFactorRules = {
  failed: { message: "Nothing was changed. Please try again.", toast: { type: "error", title: "Nothing was changed" } },
  invalid: { message: "Nothing was changed: see the message under the field." },
  // No code or password typed here is sent back into the page.
  hideFields: ["code", "current"],
} satisfies AdminActionRules;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  return adminAction(request, twoFactorActionSchema, twoFactorRules, async (value, reply) => {
    const db = await getDb();
    const refused = (refusal: { field: string; message: string }) =>
      refusal.field === ""
        ? reply(400, { message: refusal.message })
        : reply(400, { message: twoFactorRules.invalid.message, fieldErrors: { [refusal.field]: [refusal.message] } });
    const { code = "", current = "" } = value;
    switch (value.intent) {
      case "start": {
        const started = await startTwoFactorSetup(db, admin);
        return started.ok ? reply(200, { resetForm: true }) : refused(started);
      }
      case "cancel":
        await cancelTwoFactorSetup(db, admin);
        return reply(200, {
          resetForm: true,
          toast: { type: "success", title: "Setup cancelled", description: "Two-step sign-in stays off." },
        });
      case "confirm":
      case "new-codes": {
        const done =
          value.intent === "confirm"
            ? await confirmTwoFactor(db, admin, { code, current })
            : await renewRecoveryCodes(db, admin, { current });
        if (!done.ok) return refused(done);
        const title = value.intent === "confirm" ? "Two-step sign-in is on" : "New recovery codes made";
        const toast = {
          type: "success",
          title,
          description: "Keep your recovery codes somewhere safe now: they are shown only once.",
        } as const;
        return { ...reply(200, { resetForm: true, toast }), recoveryCodes: done.recoveryCodes };
      }
      case "turn-off": {
        const off = await turnOffTwoFactor(db, admin, { code, current });
        if (!off.ok) return refused(off);
        return reply(200, {
          resetForm: true,
          toast: { type: "success", title: "Two-step sign-in is off", description: "Your password alone signs you in." },
        });
      }
    }
  });
}

/** Turning two-step sign-in on, renewing its codes, turning it off: each form shows only its own answer. */
function useTwoFactorForm(intent: "confirm" | "new-codes" | "turn-off") {
  const { answer } = useAdminAction();
  const [form, fields] = useForm({
    id: `two-factor-${intent}`,
    lastResult: answer?.result.initialValue?.intent === intent ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorActionSchema }),
    shouldRevalidate: "onBlur",
  });
  return { form, fields };
}

const sectionClass = "max-w-xl rounded-2xl border border-line bg-white p-5 sm:p-6";

export default function TwoFactor({ loaderData }: Route.ComponentProps) {
  const { enabledSince, setup, recoveryCodesLeft, required, isDemo } = loaderData;
  const { answer, message, pending } = useAdminAction();
  const { form: confirmForm, fields: confirmFields } = useTwoFactorForm("confirm");
  const { form: codesForm, fields: codesFields } = useTwoFactorForm("new-codes");
  const { form: offForm, fields: offFields } = useTwoFactorForm("turn-off");
  const recoveryCodes = answer?.recoveryCodes;
  return (
    <section aria-labelledby="tab-title" className="space-y-8">
      <div>
        <h2 id="tab-title" className="mb-2 text-2xl font-bold text-brand-dark">
          Two-step sign-in
        </h2>
        <p className="max-w-prose text-muted">
          After your password, signing in asks for a code from an authenticator app on your phone (Google Authenticator, Microsoft
          Authenticator, 1Password, Aegis and others). Someone who learns your password still cannot sign in.
        </p>
        <p className="mt-2">
          <a className="link" href="/admin/account">
            Back to Your Account
          </a>
        </p>
      </div>

      {required && !enabledSince && !isDemo ? (
        <FormAlert
          message="An Owner requires two-step sign-in for every account. Set it up here to go on to the dashboard."
          className="max-w-prose px-4 py-3"
        />
      ) : null}
      <FormAlert message={message} />

      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}

      {isDemo ? (
        <p className="max-w-prose rounded-lg border border-line bg-white px-4 py-3">{demoTwoFactorMessage}</p>
      ) : enabledSince ? (
        <>
          <section aria-labelledby="status-title" className={sectionClass}>
            <h3 id="status-title" className="mb-1 text-xl font-bold text-brand-dark">
              On since {enabledSince}
            </h3>
            <p className="text-sm text-muted">
              Recovery codes left: <span className="font-semibold text-ink">{recoveryCodesLeft} of 10</span>. Each works once in place of a
              code, if your phone is lost.
            </p>
          </section>
          <section aria-labelledby="codes-title" className={sectionClass}>
            <h3 id="codes-title" className="mb-1 text-xl font-bold text-brand-dark">
              New recovery codes
            </h3>
            <p className="mb-4 text-sm text-muted">Ten new codes; the old ones stop working.</p>
            <Form method="post" id={codesForm.id} onSubmit={codesForm.onSubmit} noValidate className="space-y-4">
              <input type="hidden" name="intent" value="new-codes" />
              <Field field={codesFields.current} label="Current password" type="password" autoComplete="current-password" required />
              <button type="submit" className="btn-outline-brand" disabled={pending}>
                Make new recovery codes
              </button>
            </Form>
          </section>
          {required ? (
            <p className="max-w-prose text-sm text-muted">{requiredTwoFactorMessage}</p>
          ) : (
            <section aria-labelledby="off-title" className={sectionClass}>
              <h3 id="off-title" className="mb-1 text-xl font-bold text-brand-dark">
                Turn off two-step sign-in
              </h3>
              <p className="mb-4 text-sm text-muted">Your password alone will sign you in; your recovery codes stop working.</p>
              <Form method="post" id={offForm.id} onSubmit={offForm.onSubmit} noValidate className="space-y-4">
                <input type="hidden" name="intent" value="turn-off" />
                <Field field={offFields.code} label="Code from your app" inputMode="numeric" autoComplete="one-time-code" required />
                <Field field={offFields.current} label="Current password" type="password" autoComplete="current-password" required />
                <button type="submit" className="btn-outline-brand" disabled={pending}>
                  Turn off
                </button>
              </Form>
            </section>
          )}
        </>
      ) : setup ? (
        <section aria-labelledby="setup-title" className={sectionClass}>
          <h3 id="setup-title" className="mb-1 text-xl font-bold text-brand-dark">
            Set up your authenticator app
          </h3>
          <ol className="mt-3 list-decimal space-y-4 pl-5">
            <li>
              In the app, add an account and scan this code.
              <div
                role="img"
                aria-label="QR code for your authenticator app"
                className="mt-3 w-48 max-w-full rounded-lg border border-line bg-white p-2"
                // The SVG is made on the server by the qrcode library from the app's own otpauth address.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: markup of our own making, no visitor text in it
                dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
              />
              <p className="mt-3 text-sm">
                Cannot scan? Choose to type a key in the app, and type:{" "}
                <code className="font-mono font-semibold text-ink" data-testid="setup-key">
                  {setup.key}
                </code>
              </p>
            </li>
            <li>
              Enter the 6-digit code the app shows, and your password.
              <Form method="post" id={confirmForm.id} onSubmit={confirmForm.onSubmit} noValidate className="mt-3 space-y-4">
                <input type="hidden" name="intent" value="confirm" />
                <Field field={confirmFields.code} label="Code from your app" inputMode="numeric" autoComplete="one-time-code" required />
                <Field field={confirmFields.current} label="Current password" type="password" autoComplete="current-password" required />
                <button type="submit" className="btn-brand" disabled={pending}>
                  {pending ? "Checking..." : "Turn on two-step sign-in"}
                </button>
              </Form>
            </li>
          </ol>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="btn-quiet">
              Cancel the setup
            </button>
          </Form>
        </section>
      ) : (
        <section aria-labelledby="off-state-title" className={sectionClass}>
          <h3 id="off-state-title" className="mb-1 text-xl font-bold text-brand-dark">
            Off
          </h3>
          <p className="mb-4 text-sm text-muted">Setting it up takes a minute: you scan a code with the app and type the code it shows.</p>
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <button type="submit" className="btn-brand">
              Set up two-step sign-in
            </button>
          </Form>
        </section>
      )}
    </section>
  );
}

/** The codes just made: shown once, to copy, save as a file or print. */
function RecoveryCodes({ codes }: { codes: Array<string> }) {
  const file = `Recovery codes for the ${practice.name} admin. Each signs in once.\n\n${codes.join("\n")}\n`;
  return (
    <section
      aria-labelledby="recovery-title"
      role="status"
      className="max-w-xl rounded-2xl border border-brand/30 bg-brand-soft p-5 sm:p-6"
    >
      <h3 id="recovery-title" className="mb-1 text-xl font-bold text-brand-dark">
        Your recovery codes
      </h3>
      <p className="text-sm text-ink">
        If your phone is lost, each of these signs you in once in place of a code. Keep them somewhere safe away from your phone (a password
        manager, or on paper): they are shown only now.
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-2 font-mono text-base text-ink" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <a
        className="link mt-4 inline-block"
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
        download="recovery-codes.txt"
      >
        Save them as a file
      </a>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Two-step sign-in could not be loaded. Please try again." />;
}
