import { useEffect, useRef, useState } from "react";
import { LoginFailed } from "#app/components/admin/login-failed.tsx";
import { Field, type FieldMeta } from "#app/components/ui/field.tsx";
import { adminToasterProps } from "#app/components/ui/toaster-look.ts";
import type { AdminAnswer } from "#app/admin-action/admin-answer.ts";
import { signInRules, signInSchema } from "#app/staff/sign-in-form.ts";
import type { Toast } from "#app/admin-action/toast-message.ts";
import { islandPropsIn } from "#app/islands/island-mount.tsx";
import { signInIslandIds } from "./sign-in-form-ids.ts";
import { LazyToaster, showIslandToast } from "#app/islands/lazy-toaster.tsx";

type SignInField = "email" | "password";

/** The messages of one answer: each field's, and the form's own (why sign-in failed). */
export type SignInErrors = { email?: string | undefined; password?: string | undefined; form?: string | undefined };

export type SignInFormProps = {
  /** The e-mail of the post answered (the password never comes back). */
  email: string;
  errors: SignInErrors;
  /** The answer's toast: shown when the island posted the form, not when it hydrates a page. */
  toast: Toast | null;
};

/** What the page shows of the action's answer (an AdminAnswer, Conform's result inside). */
export function signInFormPropsOf(answer: AdminAnswer | undefined): SignInFormProps {
  const errors = answer?.result.error ?? {};
  const email = answer?.result.initialValue?.email;
  return {
    email: typeof email === "string" ? email : "",
    errors: { email: errors.email?.[0], password: errors.password?.[0], form: errors[""]?.[0] },
    toast: answer?.toast ?? null,
  };
}

/** The refusal the HTTP shell answers before the action runs (`{ error }`), if this is one. */
async function refusalIn(response: Response): Promise<string | undefined> {
  if (!response.headers.get("Content-Type")?.includes("json")) return undefined;
  const body: unknown = await response.json().catch(() => null);
  return body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : undefined;
}

/**
 * The sign-in form. Without JavaScript it is a plain form post that the server checks and
 * answers with the page; once hydrated it checks the fields on submit with the same schema,
 * posts without a reload (the same post, answered by the same action), shows the answer's
 * messages and toast, and goes to the dashboard once signed in.
 */
export function SignInForm({
  email,
  password = "",
  errors: initialErrors,
  onLive,
}: SignInFormProps & { password?: string; onLive?: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ email, password });
  const [errors, setErrors] = useState(initialErrors);
  const [signingIn, setSigningIn] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    onLive?.();
  }, [onLive]);

  function fail(next: SignInErrors, toast: Toast | null) {
    setErrors(next);
    setValues((current) => ({ ...current, password: "" }));
    if (toast) showIslandToast(toast.type, toast.title, toast.description === undefined ? {} : { description: toast.description });
    setSigningIn(false);
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signingIn) return;
    const form = event.currentTarget;
    const checked = signInSchema.safeParse(values);
    if (!checked.success) {
      const next: SignInErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if ((field === "email" || field === "password") && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      formRef.current?.querySelector<HTMLElement>(`[name="${next.email ? "email" : "password"}"]`)?.focus();
      return;
    }
    setErrors({});
    setSigningIn(true);
    let response: Response;
    try {
      // The form's own post: the same body and the same action as without JavaScript. A redirect
      // (signed in, or on to the code of two-step sign-in, the cookies set) is not followed here:
      // the browser goes to the dashboard, which sends a half-done sign-in on to its code page.
      response = await fetch(form.action, {
        method: "POST",
        body: new URLSearchParams([...new FormData(form)].map(([name, value]) => [name, String(value)])),
        redirect: "manual",
        headers: { Accept: "text/html" },
      });
    } catch {
      fail({ form: signInRules.offline.message }, signInRules.offline.toast);
      return;
    }
    if (response.type === "opaqueredirect") {
      window.location.assign("/admin");
      return;
    }
    // The answer the server rendered into a page, read from the props it gives this island.
    const answer = response.headers.get("Content-Type")?.includes("html")
      ? islandPropsIn<SignInFormProps>(new DOMParser().parseFromString(await response.text(), "text/html"), signInIslandIds)
      : null;
    if (answer) {
      fail(answer.errors, answer.toast);
      return;
    }
    const refusal = await refusalIn(response);
    fail({ form: refusal ?? signInRules.failed.message }, signInRules.failed.toast);
  }

  function field(name: SignInField): FieldMeta {
    return {
      id: name,
      name,
      errorId: `${name}-error`,
      descriptionId: `${name}-description`,
      errors: errors[name] ? [errors[name]] : undefined,
    };
  }

  const controlled = (name: SignInField) => ({
    field: field(name),
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <>
      {errors.form ? <LoginFailed message={errors.form} className="mt-6 p-4" /> : null}
      {/* data-hydrated tells browser tests the form is live. */}
      <form
        ref={formRef}
        method="post"
        action="/admin/login"
        noValidate
        onSubmit={submit}
        data-hydrated={hydrated || undefined}
        className="mt-6 space-y-5"
      >
        <Field {...controlled("email")} label="Email" type="email" autoComplete="username" required />
        <Field {...controlled("password")} label="Password" type="password" autoComplete="current-password" required />
        <button type="submit" className="btn-brand w-full" disabled={signingIn}>
          {signingIn ? "Signing in..." : "Sign In"}
        </button>
      </form>
      <LazyToaster {...adminToasterProps()} />
    </>
  );
}
