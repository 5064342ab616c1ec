import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import { revalidateUnlessUnanswered } from "#app/lib/admin-answer.ts";
import { adminClientAction, useAdminAction } from "#app/components/admin/admin-action.ts";
import { LoginFailed } from "#app/components/admin/login-failed.tsx";
import { Logo } from "#app/components/site/logo.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Toaster } from "#app/components/ui/toaster.tsx";
import { signInRules, signInSchema } from "#app/lib/sign-in-form.ts";
import { publicFormBodyLimit } from "#app/lib/body-limit.ts";
import { clientInfoContext } from "#app/lib/request-context.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { signIn } from "#app/server/auth.server.ts";
import { adminAction } from "#app/server/admin-action.server.ts";
import { getDemoCredentials } from "#app/server/demo-admin.server.ts";
import { getAdminSession, isHttpsRequest } from "#app/server/session.server.ts";
import { flashToastCookie } from "#app/server/toast.server.ts";
import type { RouteHandle } from "#app/root.tsx";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Sign In | Red Cliffs Counseling & Wellness" },
  { name: "robots", content: "noindex" },
];

// The page can carry demo credentials: never stored by a cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const handle: RouteHandle = { hydrate: true, bodyLimit: publicFormBodyLimit };

// A form the server never answered keeps its page (see revalidateUnlessUnanswered).
export const shouldRevalidate = revalidateUnlessUnanswered;

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = await getDb();
  if (await getAdminSession(db, request)) throw redirect("/admin");
  return { demo: await getDemoCredentials(db, context.get(clientInfoContext).local) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, signInSchema, signInRules, async (value, reply) => {
    const client = context.get(clientInfoContext);
    const result = await signIn(await getDb(), {
      ...value,
      address: client.address,
      local: client.local,
      secure: isHttpsRequest(request),
      cookies: request.headers.get("Cookie"),
    });
    if (!result.ok) {
      return reply(result.status, { message: result.error, toast: { type: "error", title: "Login failed", description: result.error } });
    }
    const headers = new Headers();
    for (const setCookie of result.setCookies) headers.append("Set-Cookie", setCookie);
    if (value.stay) return { answer: reply(200, { resetForm: true }), headers };
    headers.append("Set-Cookie", await flashToastCookie(request, "login-success"));
    return redirect("/admin", { headers });
  });
}

export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args, signInRules);

export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  const { answer, pending: signingIn } = useAdminAction({ action: "/admin/login" });
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
  });
  // Why sign-in failed (the server's answer, or the lost connection's), in the page until the next try.
  const formError = form.errors?.[0];

  return (
    <div className="flex min-h-dvh flex-col bg-sand">
      <header className="border-b border-line bg-white">
        <div className="container-page flex items-center py-4">
          <Logo />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-12 sm:py-20">
        <div className="w-full max-w-md">
          <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-3xl font-bold text-brand-dark">Admin Sign In</h1>
            <p className="mt-2 text-muted">Staff access to the website's content and contact inquiries.</p>
            {formError ? <LoginFailed message={formError} className="mt-6 p-4" /> : null}
            <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-6 space-y-5">
              <Field field={fields.email} label="Email" type="email" autoComplete="username" required />
              <Field field={fields.password} label="Password" type="password" autoComplete="current-password" required />
              <button type="submit" className="btn-brand w-full" disabled={signingIn}>
                {signingIn ? "Signing in..." : "Sign In"}
              </button>
            </Form>
          </div>
          {loaderData.demo ? (
            <section aria-labelledby="demo-title" className="mt-6 rounded-2xl border border-brand/30 bg-brand-soft p-5 text-sm">
              <h2 id="demo-title" className="font-sans text-base font-semibold text-brand-dark">
                Demo mode
              </h2>
              <p className="mt-1 text-ink">
                No admin account has been created yet, so this test account is open. It disappears once a real account is created with{" "}
                <code className="font-mono">npm run admin -- create</code>.
              </p>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="font-semibold text-ink">Email</dt>
                <dd className="font-mono break-all text-ink" data-testid="demo-email">
                  {loaderData.demo.email}
                </dd>
                <dt className="font-semibold text-ink">Password</dt>
                <dd className="font-mono break-all text-ink" data-testid="demo-password">
                  {loaderData.demo.password}
                </dd>
              </dl>
            </section>
          ) : null}
          <p className="mt-6 text-center text-sm">
            <a className="link" href="/">
              Back to the website
            </a>
          </p>
        </div>
      </main>
      <Toaster />
    </div>
  );
}
