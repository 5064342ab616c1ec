import { redirect } from "react-router";
import { SignedOutPage } from "#app/components/admin/signed-out-page.tsx";
import { IslandMount } from "#app/islands/island-mount.tsx";
import { SignInForm, signInFormPropsOf } from "#app/staff/sign-in-form-view.tsx";
import { signInIslandIds } from "#app/staff/sign-in-form-ids.ts";
import { signInRules, signInSchema } from "#app/staff/sign-in-form.ts";
import { publicFormBodyLimit } from "#app/lib/body-limit.ts";
import { clientInfoContext } from "#app/lib/request-context.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { signIn } from "#app/staff/auth.server.ts";
import { adminAction } from "#app/admin-action/admin-action.server.ts";
import { demoLinkParameter, demoSignInFor, openDemoLink } from "#app/staff/demo-admin.server.ts";
import { islandScript } from "#app/islands/islands.server.ts";
import { getAdminSession, isHttpsRequest } from "#app/staff/session.server.ts";
import { flashToastCookie } from "#app/admin-action/toast.server.ts";
import type { RouteHandle } from "#app/root.tsx";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Sign In | Red Cliffs Counseling & Wellness" },
  { name: "robots", content: "noindex" },
];

// The page can carry demo credentials: never stored by a cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

// The page does not hydrate: like a public page it ships one small island, the form (see
// SignInFormMount), and works as a plain form post without it.
export const handle: RouteHandle = { bodyLimit: publicFormBodyLimit };

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const secure = isHttpsRequest(request);
  // The console's demo link: its browser gets the cookie that shows it the demo account, and the
  // address loses the secret (so no history, bookmark or shared screen keeps more than it must).
  const secret = new URL(request.url).searchParams.get(demoLinkParameter);
  if (secret !== null) {
    const setCookie = await openDemoLink(db, secret, secure);
    throw redirect("/admin/login", setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
  }
  if (await getAdminSession(db, request)) throw redirect("/admin");
  return { demo: await demoSignInFor(db, request.headers.get("Cookie"), secure), island: islandScript("sign-in") };
}

const secondStepElsewhereMessage =
  "Your account uses two-step sign-in, which this box cannot ask for. Sign in again in a new tab, then come back here and save again: your changes stay on this page.";

export async function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, signInSchema, signInRules, async (value, reply) => {
    const client = context.get(clientInfoContext);
    const result = await signIn(await getDb(), {
      ...value,
      address: client.address,
      secure: isHttpsRequest(request),
      cookies: request.headers.get("Cookie"),
      userAgent: request.headers.get("User-Agent"),
    });
    if (!result.ok) {
      return reply(result.status, { message: result.error, toast: { type: "error", title: "Login failed", description: result.error } });
    }
    const headers = new Headers();
    for (const setCookie of result.setCookies) headers.append("Set-Cookie", setCookie);
    if (result.ok === "second-step") {
      // The dialog of a page whose session ended has no place for a code: the sign-in page has.
      if (value.stay) return reply(401, { message: secondStepElsewhereMessage });
      return redirect("/admin/login/code", { headers });
    }
    if (value.stay) return { answer: reply(200, { resetForm: true }), headers };
    headers.append("Set-Cookie", await flashToastCookie(request, "login-success"));
    return redirect("/admin", { headers });
  });
}

// For the admin's sign-in dialog (a page whose session ended posts here with a fetcher); the
// sign-in page itself posts without React Router. Imported when called, so this page's CSS
// does not take in the admin's toasts (admin-action.ts shows them with sonner, whose stylesheet
// would otherwise be the page's second, render-blocking one).
export async function clientAction(args: Route.ClientActionArgs) {
  const { adminClientAction } = await import("#app/admin-action/admin-action.ts");
  return adminClientAction(args, signInRules);
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const formProps = signInFormPropsOf(actionData);
  return (
    <SignedOutPage
      title="Admin Sign In"
      intro="Staff access to the website's content and contact inquiries."
      after={
        <>
          <p className="mt-4 text-center text-sm">
            <a className="link" href="/admin/forgot-password">
              Forgot your password?
            </a>
          </p>
          {loaderData.demo === "link" ? (
            <p className="mt-6 rounded-2xl border border-line bg-white p-5 text-sm text-ink" data-testid="demo-link-hint">
              Demo mode: the test account is shown to the browser that opens the link printed in the console where the site was started.
            </p>
          ) : loaderData.demo ? (
            <DemoCredentials demo={loaderData.demo} />
          ) : null}
        </>
      }
    >
      {/* An island: hydrated by its own small script from the same props (the answer to a post included). */}
      <IslandMount ids={signInIslandIds} script={loaderData.island} props={formProps}>
        <SignInForm {...formProps} />
      </IslandMount>
    </SignedOutPage>
  );
}

/** Demo mode's account, shown only to a browser that opened the console's link, or to anyone with DEMO_MODE=public (demoSignInFor). */
function DemoCredentials({ demo }: { demo: { email: string; password: string; publicDemo: boolean } }) {
  return (
    <section aria-labelledby="demo-title" className="mt-6 rounded-2xl border border-brand/30 bg-brand-soft p-5 text-sm">
      <h2 id="demo-title" className="font-sans text-base font-semibold text-brand-dark">
        Demo mode
      </h2>
      <p className="mt-1 text-ink">
        No admin account has been created yet, so this test account is open.{" "}
        {demo.publicDemo ? (
          <>
            This is a public demonstration: accounts cannot be made or changed here. The test account disappears once the site's operator
            creates a real account with <code className="font-mono">npm run admin -- create</code>.
          </>
        ) : (
          <>
            It disappears once a real account exists: sign in and choose <strong>Make your own Owner account</strong> on Staff Accounts, or
            run <code className="font-mono">npm run admin -- create</code> on the server.
          </>
        )}
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold text-ink">Email</dt>
        <dd className="font-mono break-all text-ink" data-testid="demo-email">
          {demo.email}
        </dd>
        <dt className="font-semibold text-ink">Password</dt>
        <dd className="font-mono break-all text-ink" data-testid="demo-password">
          {demo.password}
        </dd>
      </dl>
    </section>
  );
}
