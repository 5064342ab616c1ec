import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import { z } from "zod";
import { useAdminAction } from "#app/admin-action/admin-action.ts";
import { CancelDisclosure } from "#app/components/admin/cancel-disclosure.tsx";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { CopyButton } from "#app/components/ui/copy-button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { formatOfficeTime } from "#app/content/office-time.ts";
import { failedAnswer, revalidateUnlessUnanswered } from "#app/admin-action/admin-answer.ts";
import { clientInfoContext } from "#app/lib/request-context.ts";
import { type AdminActionRules, adminAction, sendAnswer } from "#app/admin-action/admin-action.server.ts";
import { AdminAccountError, disableAdmin, enableAdmin, listAdmins, removeAdmin, setAdminRole } from "#app/staff/staff-accounts.server.ts";
import { startSignedIn } from "#app/staff/auth.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { makeOwnAccount } from "#app/staff/demo-admin.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import { type AdminIdentity, adminContext, isHttpsRequest } from "#app/staff/session.server.ts";
import { flashToastCookie } from "#app/admin-action/toast.server.ts";
import { type MadeLink, inviteStaff, listOpenInvites, resetStaffPassword, withdrawInvite } from "#app/staff/account-links.server.ts";
import { choosingPasswordAdvice } from "#app/staff/passwords.ts";
import {
  demoManagesNoAccountsMessage,
  makeOwnerSchema,
  publicDemoMessage,
  removeConfirmMessage,
  staffActionSchema,
} from "#app/staff/staff-forms.ts";
import { type StaffRole, staffRoleLabels, staffRoles } from "#app/staff/staff-roles.ts";
import { isTwoFactorRequired } from "#app/server/site-settings.server.ts";
import { teamMembersToLink } from "#app/staff/team-member-link.server.ts";
import { resetStaffTwoFactor, setTwoFactorRequired } from "#app/staff/two-factor.server.ts";
import type { Route } from "./+types/staff";

export const meta: Route.MetaFunction = () => [{ title: "Staff Accounts | Admin Dashboard" }];

// A form the server never answered keeps its page (see revalidateUnlessUnanswered).
export const shouldRevalidate = revalidateUnlessUnanswered;

/**
 * Owners only (an address the role table does not place is the Owner's). The demo account, an
 * Owner by role, is shown only its one way out: making its user's own Owner account.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const me = context.get(adminContext);
  if (me.isDemo) return { view: "demo" as const, publicDemo: getConfig().demoMode === "public" };
  const db = await getDb();
  const [accounts, invites, twoFactorRequired, team] = await Promise.all([
    listAdmins(db),
    listOpenInvites(db),
    isTwoFactorRequired(db),
    teamMembersToLink(db),
  ]);
  return {
    view: "owner" as const,
    twoFactorRequired,
    team,
    accounts: accounts.map((account) => ({
      email: account.email,
      role: account.role,
      isDemo: account.isDemo,
      isMe: account.id === me.id,
      disabled: account.disabledAt !== null,
      twoFactor: account.twoFactorOn,
      teamMember: account.teamMember,
      since: formatOfficeTime(account.createdAt),
    })),
    invites: invites.map((invite) => ({ ...invite, until: formatOfficeTime(invite.expiresAt) })),
  };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

const staffRules = {
  failed: { message: "Nothing was changed. Please try again.", toast: { type: "error", title: "Nothing was changed" } },
} satisfies AdminActionRules;

const doneToasts = {
  withdraw: "Invitation withdrawn",
  "set-role": "Role changed",
  disable: "Account disabled",
  enable: "Account enabled",
  remove: "Account removed",
  "reset-two-factor": "Two-step sign-in turned off",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const owner = context.get(adminContext);
  if (owner.isDemo) return demoAction(request, owner, context.get(clientInfoContext).address);
  return adminAction(request, staffActionSchema, staffRules, async ({ intent, email = "", role, teamMember, confirm, required }, reply) => {
    const db = await getDb();
    const refuse = (message: string) =>
      reply(400, { message, toast: { type: "error", title: "Nothing was changed", description: message } });
    if (intent === "require-two-factor") {
      const refusal = await setTwoFactorRequired(db, owner, required === "on");
      if (refusal) return refuse(refusal);
      const title = required === "on" ? "Two-step sign-in required" : "Two-step sign-in not required";
      const description =
        required === "on"
          ? "Each account without it sets it up at its next page in the dashboard."
          : "Each person decides for their own account.";
      return reply(200, { toast: { type: "success", title, description } });
    }
    // A link made: mailed, and shown once to the Owner to pass on (only its hash is kept).
    const showLink = (made: MadeLink, title: string) =>
      made.ok
        ? {
            ...reply(200, { resetForm: true, toast: { type: "success", title, description: `Mailed to ${email}.` } }),
            item: { id: email, url: made.url, until: formatOfficeTime(made.expiresAt) },
          }
        : refuse(made.message);
    if (intent !== "invite" && intent !== "withdraw" && email === owner.email)
      return refuse("Your own account is changed on Your Account.");
    try {
      switch (intent) {
        case "invite":
          return showLink(await inviteStaff(db, owner, { email, role: role as StaffRole, teamMember }), "Invitation made");
        case "reset":
          return showLink(await resetStaffPassword(db, owner, { email }), "Password reset");
        case "withdraw":
          if (!(await withdrawInvite(db, owner, email))) return refuse(`There is no open invitation for ${email} any more.`);
          break;
        case "set-role":
          await setAdminRole(db, { email, role: role as StaffRole, teamMember, by: owner });
          break;
        case "disable":
          await disableAdmin(db, { email, by: owner });
          break;
        case "enable":
          await enableAdmin(db, { email, by: owner });
          break;
        case "reset-two-factor":
          await resetStaffTwoFactor(db, { email, by: owner });
          break;
        case "remove":
          if (confirm !== "on") return refuse(removeConfirmMessage);
          await removeAdmin(db, { email, by: owner });
          break;
      }
    } catch (error) {
      if (error instanceof AdminAccountError) return refuse(error.message);
      throw error;
    }
    return reply(200, { toast: { type: "success", title: doneToasts[intent], description: email } });
  });
}

const makeOwnerRules = {
  failed: { message: "Your account was not made. Please try again.", toast: { type: "error", title: "Account not made" } },
  invalid: { message: "Your account was not made: see the message under the field." },
  // No password typed here is ever sent back into the page.
  hideFields: ["password", "confirm"],
} satisfies AdminActionRules;

// Read first, alone, to tell the demo's one form from the rest of the page's.
const intentOnlySchema = z.object({ intent: z.string().max(40) });

/**
 * The demo account's posts: every account change is refused (403) before its form is read, and so
 * is everything with DEMO_MODE=public; the one form it has, its user's own Owner account, makes
 * that account, ends demo mode, and signs the new Owner in.
 */
async function demoAction(request: Request, demo: AdminIdentity, address: string) {
  const refuse = (message: string) =>
    sendAnswer(failedAnswer(403, { message, toast: { type: "error", title: "Nothing was changed", description: message } }));
  const posted = await readFormData(request.clone(), intentOnlySchema);
  if (posted?.get("intent") !== "make-owner") return refuse(demoManagesNoAccountsMessage);
  if (getConfig().demoMode === "public") return refuse(publicDemoMessage);
  return adminAction(request, makeOwnerSchema, makeOwnerRules, async ({ email, password }, reply) => {
    const db = await getDb();
    const made = await makeOwnAccount(db, demo, { email, password });
    if (!made.ok) {
      return made.field
        ? reply(400, { message: makeOwnerRules.invalid.message, fieldErrors: { [made.field]: [made.message] } })
        : reply(409, { message: made.message });
    }
    // Signed in at once with a fresh session (the demo's ended with demo mode), on a browser now
    // known to the account: no "new sign-in" mail for the sign-in it has just made.
    const secure = isHttpsRequest(request);
    const client = { address, secure, cookies: request.headers.get("Cookie"), userAgent: request.headers.get("User-Agent") };
    const signedIn = await startSignedIn(db, { ...made.account, role: "owner", is_demo: 0 }, client, true);
    const headers = new Headers();
    for (const setCookie of signedIn.setCookies) headers.append("Set-Cookie", setCookie);
    headers.append("Set-Cookie", await flashToastCookie(request, "owner-made"));
    return redirect("/admin", { headers });
  });
}

const roleOptions = staffRoles.map((value) => (
  <option key={value} value={value}>
    {staffRoleLabels[value]}
  </option>
));

type TeamOption = { id: string; name: string };

/** Whose profile a Clinician keeps: the team of the About page, or none for the other roles. */
function teamOptions(team: ReadonlyArray<TeamOption>) {
  return [
    <option key="" value="">
      Not a clinician
    </option>,
    ...team.map((member) => (
      <option key={member.id} value={member.id}>
        {member.name}
      </option>
    )),
  ];
}

const teamMemberHelp = "For a Clinician: the team member whose profile they keep.";

function AccountControls({
  email,
  role,
  teamMember,
  team,
  disabled,
  twoFactor,
}: {
  email: string;
  role: StaffRole | null;
  teamMember: string | null;
  team: ReadonlyArray<TeamOption>;
  disabled: boolean;
  twoFactor: boolean;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="set-role" />
        <input type="hidden" name="email" value={email} />
        <label className="block text-sm font-semibold text-ink">
          Role
          <select
            name="role"
            defaultValue={role ?? "editor"}
            className="mt-1 block min-h-11 rounded-lg border border-[#8a8f8c] bg-white px-3 py-2 text-base font-normal"
          >
            {roleOptions}
          </select>
        </label>
        <label className="block text-sm font-semibold text-ink">
          Profile they keep
          <select
            name="teamMember"
            defaultValue={teamMember ?? ""}
            title={teamMemberHelp}
            className="mt-1 block min-h-11 max-w-56 rounded-lg border border-[#8a8f8c] bg-white px-3 py-2 text-base font-normal"
          >
            {teamOptions(team)}
          </select>
        </label>
        <button type="submit" className="btn-outline-brand px-3 py-1.5 text-sm" aria-label={`Save the role of ${email}`}>
          Save role
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value={disabled ? "enable" : "disable"} />
        <input type="hidden" name="email" value={email} />
        <button type="submit" className="btn-outline-brand px-3 py-1.5 text-sm" aria-label={`${disabled ? "Enable" : "Disable"} ${email}`}>
          {disabled ? "Enable" : "Disable"}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="email" value={email} />
        <button type="submit" className="btn-outline-brand px-3 py-1.5 text-sm" aria-label={`Reset the password of ${email}`}>
          Reset password
        </button>
      </Form>
      {twoFactor ? (
        <Form method="post">
          <input type="hidden" name="intent" value="reset-two-factor" />
          <input type="hidden" name="email" value={email} />
          <button type="submit" className="btn-outline-brand px-3 py-1.5 text-sm" aria-label={`Turn off two-step sign-in for ${email}`}>
            Turn off two-step sign-in
          </button>
        </Form>
      ) : null}
      <details className="group">
        <summary className="btn-quiet cursor-pointer list-none" aria-label={`Remove ${email}`}>
          Remove
        </summary>
        <Form method="post" className="mt-2 rounded-lg border border-clay/40 bg-clay-soft p-3 text-sm">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="email" value={email} />
          <label className="flex items-start gap-2 font-semibold text-clay-dark">
            <input type="checkbox" name="confirm" className="mt-0.5 size-5" />
            Remove {email} for good (the Activity Log keeps what they did).
          </label>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="submit" className="btn-outline-brand px-3 py-1.5 text-sm">
              Remove the account
            </button>
            <CancelDisclosure />
          </div>
        </Form>
      </details>
    </div>
  );
}

export default function StaffAccounts({ loaderData }: Route.ComponentProps) {
  return loaderData.view === "demo" ? <DemoStaffAccounts publicDemo={loaderData.publicDemo} /> : <OwnerStaffAccounts {...loaderData} />;
}

function StaffHeading({ children }: { children: React.ReactNode }) {
  return (
    <div>
      <h2 id="tab-title" className="mb-2 text-2xl font-bold text-brand-dark">
        Staff Accounts
      </h2>
      <p className="max-w-prose text-muted">{children}</p>
    </div>
  );
}

/** What the demo account is shown: one form, its user's own Owner account; nothing at all in a public demonstration. */
function DemoStaffAccounts({ publicDemo }: { publicDemo: boolean }) {
  const { pending, answer, message } = useAdminAction();
  const [form, fields] = useForm({
    id: "make-owner",
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: makeOwnerSchema }),
    shouldRevalidate: "onInput",
  });
  if (publicDemo) {
    return (
      <section aria-labelledby="tab-title" className="space-y-6">
        <StaffHeading>{publicDemoMessage}</StaffHeading>
        <FormAlert message={message} className="max-w-prose px-4 py-3" />
      </section>
    );
  }
  return (
    <section aria-labelledby="tab-title" className="space-y-6">
      <StaffHeading>
        You are signed in with the demo account, which cannot make or change accounts. Make your own Owner account: demo mode then ends (the
        demo account and its password go), you are signed in with your account, and you can invite your colleagues here.
      </StaffHeading>
      <FormAlert message={message} className="max-w-prose px-4 py-3" />
      <section aria-labelledby="make-owner-title" className="max-w-xl rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h3 id="make-owner-title" className="mb-1 text-xl font-bold text-brand-dark">
          Make your own Owner account
        </h3>
        <p className="mb-4 text-sm text-muted">Owners do everything here, the staff accounts included.</p>
        <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="space-y-4">
          <input type="hidden" name="intent" value="make-owner" />
          <Field field={fields.email} label="E-mail" type="email" autoComplete="email" required />
          <Field
            field={fields.password}
            label="Password"
            description={choosingPasswordAdvice}
            type="password"
            autoComplete="new-password"
            required
          />
          <Field field={fields.confirm} label="Password again" type="password" autoComplete="new-password" required />
          <button type="submit" className="btn-brand" disabled={pending}>
            {pending ? "Making your account..." : "Make my Owner account"}
          </button>
        </Form>
      </section>
    </section>
  );
}

type OwnerView = Exclude<Route.ComponentProps["loaderData"], { view: "demo" }>;

function OwnerStaffAccounts({ accounts, invites, twoFactorRequired, team }: OwnerView) {
  const { pending, answer, message } = useAdminAction();
  const [form, fields] = useForm({
    id: "invite",
    lastResult: answer?.result,
    // What the form starts from, and goes back to after an invitation (resetForm).
    defaultValue: { email: "", role: "editor", teamMember: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffActionSchema }),
  });
  const made = answer?.item;
  return (
    <section aria-labelledby="tab-title" className="space-y-8">
      <StaffHeading>
        Owners do everything, staff accounts included; Editors change pages and images and never see inquiries; Inbox accounts read the
        inquiries only; a Clinician keeps their own profile on the team, and their changes go live once an Owner or Editor approves them.
        Every change here is in the Activity Log.
      </StaffHeading>
      <FormAlert message={message} className="max-w-prose px-4 py-3" />
      {made ? (
        <div role="status" className="max-w-3xl rounded-2xl border border-brand/30 bg-brand-soft p-5">
          <p className="font-semibold text-brand-dark">A link for {made.id} was mailed to them.</p>
          <p className="mt-1 text-sm text-ink">
            You can also pass it on yourself. It works once, until {made.until}; it is not shown again.
          </p>
          <label className="mt-3 block text-sm font-semibold text-ink">
            The link
            <input
              readOnly
              value={made.url}
              onFocus={(event) => event.currentTarget.select()}
              className="mt-1 block min-h-11 w-full rounded-lg border border-[#8a8f8c] bg-white px-3 py-2 font-mono text-sm"
            />
          </label>
          <CopyButton key={made.url} text={made.url} label="Copy the link" />
        </div>
      ) : null}

      <section aria-labelledby="invite-title" className="max-w-xl rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h3 id="invite-title" className="mb-1 text-xl font-bold text-brand-dark">
          Invite a staff member
        </h3>
        <p className="mb-4 text-sm text-muted">They get a link by e-mail to choose their password; it works once, for 24 hours.</p>
        <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="space-y-4">
          <input type="hidden" name="intent" value="invite" />
          <Field field={fields.email} label="E-mail" type="email" autoComplete="off" required />
          <Field field={fields.role} label="Role" control="select">
            {roleOptions}
          </Field>
          <Field field={fields.teamMember} label="Profile they keep" description={teamMemberHelp} control="select">
            {teamOptions(team)}
          </Field>
          <button type="submit" className="btn-brand" disabled={pending}>
            {pending ? "Inviting..." : "Invite"}
          </button>
        </Form>
      </section>

      {invites.length > 0 ? (
        <section aria-labelledby="invites-title" className="max-w-3xl">
          <h3 id="invites-title" className="mb-2 text-xl font-bold text-brand-dark">
            Invitations not used yet
          </h3>
          <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
            {invites.map((invite) => (
              <li key={invite.email} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm">
                <p>
                  <span className="font-semibold break-all text-ink">{invite.email}</span> as{" "}
                  {invite.role ? staffRoleLabels[invite.role] : "an unknown role"}
                  <span className="block text-muted">
                    Invited by <span className="break-all">{invite.createdBy ?? "an Owner"}</span>; the link works until {invite.until}
                  </span>
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="email" value={invite.email} />
                  <button
                    type="submit"
                    className="btn-outline-brand px-3 py-1.5 text-sm"
                    aria-label={`Withdraw the invitation of ${invite.email}`}
                  >
                    Withdraw
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="require-title" className="max-w-xl rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h3 id="require-title" className="mb-1 text-xl font-bold text-brand-dark">
          Two-step sign-in for everyone
        </h3>
        <p className="mb-4 text-sm text-muted">
          When required, an account without it is asked to set it up before it can open anything else in the dashboard. Set it up for your
          own account first, under Your Account.
        </p>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="require-two-factor" />
          <label className="flex items-start gap-2 font-semibold text-ink">
            <input
              type="checkbox"
              name="required"
              defaultChecked={twoFactorRequired}
              key={String(twoFactorRequired)}
              className="mt-0.5 size-5"
            />
            Require two-step sign-in for every account
          </label>
          <button type="submit" className="btn-outline-brand">
            Save
          </button>
        </Form>
      </section>

      <section aria-labelledby="accounts-title">
        <h3 id="accounts-title" className="mb-2 text-xl font-bold text-brand-dark">
          Accounts
        </h3>
        <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
          {accounts.map((account) => (
            <li key={account.email} className="space-y-3 px-5 py-4">
              <div>
                <p className="font-semibold break-all text-ink">
                  {account.email}
                  {account.isMe ? <span className="ml-2 text-sm font-normal text-brand-dark">(you)</span> : null}
                </p>
                <p className="text-sm text-muted">
                  {account.role ? staffRoleLabels[account.role] : "Unknown role (cannot sign in)"}
                  {account.teamMember
                    ? ` of ${team.find((member) => member.id === account.teamMember)?.name ?? "someone no longer on the team"}`
                    : ""}
                  {account.isDemo ? " · the demo account" : ""}
                  {account.disabled ? " · disabled: cannot sign in" : ""}
                  {account.twoFactor ? " · two-step sign-in on" : ""} · since {account.since}
                </p>
              </div>
              {account.isMe || account.isDemo ? null : (
                <AccountControls
                  email={account.email}
                  role={account.role}
                  teamMember={account.teamMember}
                  team={team}
                  disabled={account.disabled}
                  twoFactor={account.twoFactor}
                />
              )}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Staff accounts could not be loaded. Please try again." />;
}
