import { redirect } from "react-router";
import { SignedOutPage, plainField } from "#app/components/admin/signed-out-page.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { formMessageOf } from "#app/admin-action/admin-answer.ts";
import { publicFormBodyLimit } from "#app/lib/body-limit.ts";
import type { RouteHandle } from "#app/root.tsx";
import { type AdminActionRules, adminAction } from "#app/admin-action/admin-action.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { clientInfoContext } from "#app/lib/request-context.ts";
import { startSignedIn } from "#app/staff/auth.server.ts";
import { isHttpsRequest } from "#app/staff/session.server.ts";
import { issueSignInChallenge } from "#app/staff/sign-in-challenge.server.ts";
import { flashToastCookie } from "#app/admin-action/toast.server.ts";
import { findOpenLink, useLink } from "#app/staff/account-links.server.ts";
import { type LinkKind, usedLinkMessage } from "#app/staff/staff-forms.ts";
import { choosePasswordSchema, choosingPasswordAdvice } from "#app/staff/passwords.ts";
import { staffRoleLabels } from "#app/staff/staff-roles.ts";
import type { Route } from "./+types/account-link";

// The page of both one-time links (routes.ts): an invitation (/admin/invite/:secret) and a link to
// choose a new password (/admin/reset-password/:secret). A plain form: no JavaScript shipped.

export const meta: Route.MetaFunction = () => [
  { title: "Choose Your Password | Red Cliffs Counseling & Wellness" },
  { name: "robots", content: "noindex" },
];

// The address holds the link's secret: no cache keeps the page, and no other site is told it
// ("same-origin", not "no-referrer", under which the browser would post the form as Origin: null).
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export const handle: RouteHandle = { bodyLimit: publicFormBodyLimit };

function kindOf(request: Request): LinkKind {
  return new URL(request.url).pathname.startsWith("/admin/invite/") ? "invite" : "reset";
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const kind = kindOf(request);
  const link = await findOpenLink(await getDb(), kind, params.secret);
  return { kind, email: link?.email ?? null, role: link?.role ? staffRoleLabels[link.role] : null };
}

const chooseRules = {
  failed: { message: "Your password was not set. Please try again." },
  hideFields: ["password", "confirm"],
} satisfies AdminActionRules;

export async function action({ request, params, context }: Route.ActionArgs) {
  return adminAction(request, choosePasswordSchema, chooseRules, async ({ password }, reply) => {
    const db = await getDb();
    const used = await useLink(db, kindOf(request), params.secret, password);
    if (!used.ok) return reply(400, used.field ? { fieldErrors: { [used.field]: [used.message] } } : { message: used.message });
    const now = Date.now();
    const secure = isHttpsRequest(request);
    const headers = new Headers();
    // The password was the first step: an account with two-step sign-in still gives its code.
    if (used.account.totp_enabled_at !== null) {
      headers.append("Set-Cookie", await issueSignInChallenge(db, used.account, now, secure));
      return redirect("/admin/login/code", { headers });
    }
    // Signed in at once, as any sign-in is, on a browser now known to the account (so no "new sign-in" mail).
    const client = {
      ...context.get(clientInfoContext),
      secure,
      cookies: request.headers.get("Cookie"),
      userAgent: request.headers.get("User-Agent"),
    };
    const signedIn = await startSignedIn(db, used.account, client, true, now);
    for (const setCookie of signedIn.setCookies) headers.append("Set-Cookie", setCookie);
    headers.append("Set-Cookie", await flashToastCookie(request, "password-chosen"));
    return redirect("/admin", { headers });
  });
}

export default function AccountLink({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, email, role } = loaderData;
  const message = formMessageOf(actionData);
  if (email === null || message === usedLinkMessage) {
    return (
      <SignedOutPage title="This link cannot be used" intro={usedLinkMessage}>
        <p className="mt-6 text-sm">
          <a className="link" href={kind === "invite" ? "/admin/login" : "/admin/forgot-password"}>
            {kind === "invite" ? "Go to sign-in" : "Ask for a new link"}
          </a>
        </p>
      </SignedOutPage>
    );
  }
  const errors = actionData?.result.error;
  return (
    <SignedOutPage
      title={kind === "invite" ? "Choose your password" : "Choose a new password"}
      intro={
        kind === "invite"
          ? `You are invited to the admin as ${role ?? "staff"}, with the e-mail ${email}.`
          : `For the account ${email}. Every session it has is signed out.`
      }
    >
      <form method="post" noValidate className="mt-6 space-y-4">
        <FormAlert message={message} />
        {/* For password managers: the account this password belongs to. */}
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <Field
          field={plainField("password", errors)}
          label="Password"
          description={choosingPasswordAdvice}
          type="password"
          autoComplete="new-password"
          required
        />
        <Field field={plainField("confirm", errors)} label="Password again" type="password" autoComplete="new-password" required />
        <button type="submit" className="btn-brand w-full">
          {kind === "invite" ? "Make my account" : "Set the new password"}
        </button>
      </form>
    </SignedOutPage>
  );
}
