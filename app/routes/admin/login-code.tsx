import { redirect } from "react-router";
import { SignedOutPage, plainField } from "#app/components/admin/signed-out-page.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { formMessageOf } from "#app/admin-action/admin-answer.ts";
import { publicFormBodyLimit } from "#app/lib/body-limit.ts";
import { clientInfoContext } from "#app/lib/request-context.ts";
import type { RouteHandle } from "#app/root.tsx";
import { type AdminActionRules, adminAction } from "#app/admin-action/admin-action.server.ts";
import { startSignedIn } from "#app/staff/auth.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { knownAccountIds } from "#app/staff/known-device.server.ts";
import { recordAudit } from "#app/server/audit.server.ts";
import { hitRateLimit, releaseRateLimit } from "#app/server/rate-limit.server.ts";
import { isHttpsRequest } from "#app/staff/session.server.ts";
import { clearSignInChallenge, readSignInChallenge } from "#app/staff/sign-in-challenge.server.ts";
import { flashToastCookie } from "#app/admin-action/toast.server.ts";
import { codeAdvice, secondFactorSchema } from "#app/staff/two-factor-forms.ts";
import { spendSecondFactor, wrongCodeMessage } from "#app/staff/two-factor.server.ts";
import type { Route } from "./+types/login-code";

export const meta: Route.MetaFunction = () => [
  { title: "Two-Step Sign-In | Red Cliffs Counseling & Wellness" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

// A plain form, like the sign-in page without its island: no JavaScript needed, none shipped.
export const handle: RouteHandle = { bodyLimit: publicFormBodyLimit };

// Six digits are a million codes, three of them right at a time: five tries per account in 15
// minutes leave a guesser about one chance in 70,000 a day.
const codeTriesLimit = 5;
const codeTriesWindowMs = 15 * 60 * 1000;
const tooManyCodesMessage = "Too many wrong codes. Please wait 15 minutes, then sign in again.";

const startAgain = () => redirect("/admin/login");

export async function loader({ request }: Route.LoaderArgs) {
  const account = await readSignInChallenge(await getDb(), request.headers.get("Cookie"), Date.now(), isHttpsRequest(request));
  if (!account) throw startAgain();
  return { email: account.email };
}

const codeRules = {
  failed: { message: "The code could not be checked. Please try again." },
  hideFields: ["code"],
} satisfies AdminActionRules;

export async function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, secondFactorSchema, codeRules, async ({ code }, reply) => {
    const db = await getDb();
    const now = Date.now();
    const secure = isHttpsRequest(request);
    const cookies = request.headers.get("Cookie");
    const account = await readSignInChallenge(db, cookies, now, secure);
    if (!account) return startAgain();
    const { address } = context.get(clientInfoContext);
    // Counted before the check, in one statement: tries sent at once cannot pass the limit together.
    const key = `second-step:${account.id}`;
    if (!(await hitRateLimit(db, key, codeTriesLimit, codeTriesWindowMs, now)).allowed) {
      await recordAudit(db, { action: "sign-in-failed", target: account.email, details: { address, reason: "throttled" } }, now);
      return reply(429, { message: tooManyCodesMessage });
    }
    const used = await spendSecondFactor(db, account.id, code, now);
    if (!used) {
      await recordAudit(db, { action: "sign-in-failed", target: account.email, details: { address, reason: "wrong-code" } }, now);
      return reply(401, { fieldErrors: { code: [wrongCodeMessage] } });
    }
    await releaseRateLimit(db, key, codeTriesWindowMs, now);
    const knownDevice = (await knownAccountIds(db, cookies, now, secure)).includes(account.id);
    const signedIn = await startSignedIn(
      db,
      account,
      { address, secure, cookies, userAgent: request.headers.get("User-Agent") },
      knownDevice,
      now,
      used,
    );
    const headers = new Headers();
    for (const setCookie of signedIn.setCookies) headers.append("Set-Cookie", setCookie);
    headers.append("Set-Cookie", await clearSignInChallenge(db, secure));
    headers.append("Set-Cookie", await flashToastCookie(request, used === "recovery code" ? "login-with-recovery-code" : "login-success"));
    return redirect("/admin", { headers });
  });
}

export default function SignInCode({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData?.result;
  const message = formMessageOf(actionData);
  return (
    <SignedOutPage
      title="Two-step sign-in"
      intro={
        <>
          Signing in as <span className="font-semibold break-all text-ink">{loaderData.email}</span>. Open your authenticator app and enter
          the code it shows for this site.
        </>
      }
    >
      <form method="post" noValidate className="mt-6 space-y-4">
        <FormAlert message={message} />
        <Field
          field={plainField("code", result?.error)}
          label="Code"
          description={codeAdvice}
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus
        />
        <button type="submit" className="btn-brand w-full">
          Sign in
        </button>
      </form>
      <p className="mt-6 text-sm">
        Lost your phone and your recovery codes? An Owner can turn two-step sign-in off for your account from Staff Accounts.{" "}
        <a className="link" href="/admin/login">
          Back to sign-in
        </a>
      </p>
    </SignedOutPage>
  );
}
