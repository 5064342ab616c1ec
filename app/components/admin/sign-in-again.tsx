import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { createPortal } from "react-dom";
import { useFetcher } from "react-router";
import { Field } from "#app/components/ui/field.tsx";
import { useModalDialog } from "#app/components/ui/use-modal-dialog.ts";
import { LoginFailed } from "./login-failed.tsx";
import { type AdminAnswer, formMessageOf, succeeded } from "#app/admin-action/admin-answer.ts";
import { signInSchema } from "#app/staff/sign-in-form.ts";
import { useAdminAction } from "../../admin-action/admin-action.ts";

/**
 * Signs the same account in again without leaving the page, when a save met an ended session:
 * the page keeps every character, and `onSignedIn` sends the save again. The 24-hour limit of a
 * session stays; only the way back is shorter. Another account signs in on the sign-in page.
 * Shown only in the browser, after a save was answered.
 */
export function SignInAgainDialog({ email, onSignedIn, onClose }: { email: string; onSignedIn: () => void; onClose: () => void }) {
  const dialog = useModalDialog();
  const fetcher = useFetcher<AdminAnswer>();
  const { answer, pending } = useAdminAction({ fetcher, toast: false });
  const [form, fields] = useForm({
    id: "sign-in-again",
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
  });
  // Once signed in, the save goes again (once for this answer).
  const signedIn = succeeded(answer) ? answer : undefined;
  useEffect(() => {
    if (signedIn) onSignedIn();
  }, [signedIn, onSignedIn]);
  const message = formMessageOf(answer);

  // Drawn at the end of the page: a form may not sit inside the page's own form.
  return createPortal(
    <dialog
      ref={dialog.ref}
      aria-labelledby="sign-in-again-title"
      aria-describedby="sign-in-again-why"
      onClose={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl backdrop:bg-ink/60"
    >
      <h2 id="sign-in-again-title" className="text-xl font-bold text-brand-dark">
        Sign in again to save
      </h2>
      <p id="sign-in-again-why" className="mt-2 text-sm text-ink">
        Your session has ended, so nothing was saved yet. Your changes are still here: enter your password and the save goes through.
      </p>
      {message ? <LoginFailed message={message} className="mt-4 p-3" /> : null}
      <fetcher.Form
        method="post"
        action="/admin/login"
        id={form.id}
        onSubmit={(event) => {
          // React passes a portal's events up its own tree: the page's form must not take this one for a save.
          event.stopPropagation();
          form.onSubmit(event);
        }}
        noValidate
        className="mt-4 space-y-4"
      >
        <input type="hidden" name="stay" value="in-place" />
        <input type="hidden" name="email" value={email} autoComplete="username" />
        <p className="text-sm text-muted">
          Signed in as <span className="font-semibold break-all text-ink">{email}</span>
        </p>
        <Field field={fields.password} label="Password" type="password" autoComplete="current-password" required autoFocus />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-brand" disabled={pending}>
            {pending ? "Signing in..." : "Sign in and save"}
          </button>
          <button type="button" className="btn-outline-brand" onClick={dialog.close}>
            Not now
          </button>
        </div>
      </fetcher.Form>
    </dialog>,
    document.body,
  );
}
