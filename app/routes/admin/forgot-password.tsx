import { SignedOutPage, plainField } from "#app/components/admin/signed-out-page.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { formMessageOf, succeeded } from "#app/admin-action/admin-answer.ts";
import { publicFormBodyLimit } from "#app/lib/body-limit.ts";
import { clientInfoContext } from "#app/lib/request-context.ts";
import type { RouteHandle } from "#app/root.tsx";
import { type AdminActionRules, adminAction } from "#app/admin-action/admin-action.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { queuePasswordReset, workOnPasswordResets } from "#app/staff/password-reset-queue.server.ts";
import { forgotPasswordSchema, resetRequestedMessage } from "#app/staff/staff-forms.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [
  { title: "Forgot Your Password? | Red Cliffs Counseling & Wellness" },
  { name: "robots", content: "noindex" },
];

// A plain form, like a public page's: no JavaScript needed, none shipped.
export const handle: RouteHandle = { bodyLimit: publicFormBodyLimit };

const forgotRules = {
  failed: { message: "The request could not be sent. Please try again." },
} satisfies AdminActionRules;

// The same work for every e-mail before the answer: the form is checked and the request queued.
// Whether it has an account is looked up after the answer (decision 034), from the next turn of
// the event loop, by when the page has been written out whole. So it goes uncompressed
// (`no-transform`): compressing finishes on the thread pool after that turn, and an account's
// work would hold up the answer's last bytes.
export const middleware: Array<Route.MiddlewareFunction> = [
  async (_args, next) => {
    const response = await next();
    response.headers.set("Cache-Control", "no-store, no-transform");
    void workOnPasswordResets();
    return response;
  },
];

export async function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, forgotPasswordSchema, forgotRules, async ({ email }, reply) => {
    queuePasswordReset(await getDb(), { email, address: context.get(clientInfoContext).address });
    return reply(200, { message: resetRequestedMessage(email) });
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const result = actionData?.result;
  const sent = succeeded(actionData);
  const message = formMessageOf(actionData);
  return (
    <SignedOutPage title="Forgot your password?" intro="Enter your account's e-mail: we send it a link to choose a new password.">
      {sent ? (
        <p role="status" className="mt-6 rounded-lg border border-brand/30 bg-brand-soft px-4 py-3 text-ink">
          {message}
        </p>
      ) : (
        <form method="post" noValidate className="mt-6 space-y-4">
          <FormAlert message={message} />
          <Field field={plainField("email", result?.error)} label="Email" type="email" autoComplete="email" required />
          <button type="submit" className="btn-brand w-full">
            Send the link
          </button>
        </form>
      )}
      <p className="mt-6 text-sm">
        <a className="link" href="/admin/login">
          Back to sign-in
        </a>
      </p>
    </SignedOutPage>
  );
}
