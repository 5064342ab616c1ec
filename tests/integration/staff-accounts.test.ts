import { createHash } from "node:crypto";
import { expect } from "vitest";
import { createAdmin, findAdminByEmail, setAdminRole, upsertDemoAdmin } from "#app/staff/staff-accounts.server.ts";
import { signIn } from "#app/staff/auth.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { getAdminSession } from "#app/staff/session.server.ts";
import {
  findOpenLink,
  forgotResetLifetimeMs,
  inviteLifetimeMs,
  inviteStaff,
  listOpenInvites,
  onlyOwnersInviteMessage,
  requestPasswordReset,
  useLink,
} from "#app/staff/account-links.server.ts";
import { listActivity } from "#app/staff/activity-log.server.ts";
import { maxWaitingPasswordResets, workOnPasswordResets } from "#app/staff/password-reset-queue.server.ts";
import { removeConfirmMessage, resetRequestedMessage, usedLinkMessage } from "#app/staff/staff-forms.ts";
import * as accountLinkRoute from "#app/routes/admin/account-link.tsx";
import * as forgotRoute from "#app/routes/admin/forgot-password.tsx";
import * as staffRoute from "#app/routes/admin/staff.tsx";
import { answerOf, routeArgs, signedIn, signedInCookie, siteRequest } from "#tests/fixtures/admin.ts";
import { openMailBody } from "#app/server/outbox.server.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

const password = "a long test password";
const chosen = "kettle orbit violet lantern";
const staff = signedIn(staffRoute);

async function mailsTo(db: Db, to: string) {
  // Not the "new sign-in" mail an Owner's sign-in from a new browser brings.
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["id", "kind", "subject", "body_text"])
    .where("to_address", "=", to)
    .where("kind", "!=", "new-sign-in")
    .orderBy("created_at")
    .execute();
  return rows.map(({ id, ...row }) => ({ ...row, body_text: openMailBody({ id, body_text: row.body_text }) }));
}

/** The secret in the last link mailed to `to`. */
async function lastLinkTo(db: Db, to: string): Promise<{ path: string; secret: string }> {
  const mails = await mailsTo(db, to);
  const match = /https?:\/\/[^/\s]+(\/admin\/(?:invite|reset-password)\/([A-Za-z0-9_-]{43}))/.exec(mails.at(-1)?.body_text ?? "");
  if (!match) throw new Error(`no link mailed to ${to}`);
  return { path: match[1]!, secret: match[2]! };
}

function postStaff(cookie: string, form: Record<string, string>) {
  return answerOf(() => staff.action(routeArgs(siteRequest("/admin/staff", { cookie, form }))));
}

function postLink(path: string, form: Record<string, string>) {
  const secret = path.split("/").at(-1)!;
  return answerOf(() => accountLinkRoute.action(routeArgs(siteRequest(path, { form }), "203.0.113.9", { secret })));
}

// useLink, under a name the lint's React hook rule (which reads any `use…` as a hook) lets loops call.
const spendLink = useLink;

type Answered = { status: number; result: { error?: Record<string, Array<string>> }; item?: { url: string } };

/** An invitation's row as an earlier version could have stored it, with a secret the test knows. */
async function storeInviteRow(db: Db, secret: string, link: { email: string; role: string; createdBy: string }) {
  const now = Date.now();
  await db
    .insertInto("account_links")
    .values({
      id: createHash("sha256").update(secret).digest("hex"),
      kind: "invite",
      email: link.email,
      role: link.role,
      created_by: link.createdBy,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + inviteLifetimeMs).toISOString(),
      used_at: null,
    })
    .execute();
}

testOnEachEngine("an Owner's invitation makes the account with its role once a good password is chosen, and works once", async (db) => {
  const owner = await createAdmin(db, { email: "owner@example.com", password });
  const cookie = await signedInCookie(db, owner.id);
  const invited = await postStaff(cookie, { intent: "invite", email: " New.Helper@Example.com ", role: "inbox" });
  expect(invited.status).toBe(200);
  const shown = (invited.data as Answered).item!.url;
  const link = await lastLinkTo(db, "new.helper@example.com");
  expect(shown.endsWith(link.path)).toBe(true);
  const [mail] = await mailsTo(db, "new.helper@example.com");
  expect(mail).toMatchObject({ kind: "staff-invite", subject: "You are invited to the Red Cliffs Counseling admin" });
  expect(mail!.body_text).toContain("owner@example.com invited you to the Red Cliffs Counseling & Wellness website's admin, as Inbox.");
  // Only the link's hash is stored.
  const stored = await db.selectFrom("account_links").select("id").execute();
  expect(JSON.stringify(stored)).not.toContain(link.secret);

  const page = await answerOf(() => accountLinkRoute.loader(routeArgs(siteRequest(link.path), "203.0.113.9", { secret: link.secret })));
  expect(page.data).toEqual({ kind: "invite", email: "new.helper@example.com", role: "Inbox" });

  const weak = await postLink(link.path, { password: "password1234", confirm: "password1234" });
  expect(weak.status).toBe(400);
  expect((weak.data as Answered).result.error?.password?.[0]).toMatch(/^This password is too easy to guess\./);
  expect(await findAdminByEmail(db, "new.helper@example.com")).toBeUndefined();

  const made = await postLink(link.path, { password: chosen, confirm: chosen });
  expect(made).toMatchObject({ status: 302, location: "/admin" });
  const account = await findAdminByEmail(db, "new.helper@example.com");
  expect(account).toMatchObject({ role: "inbox", is_demo: 0, disabled_at: null });
  const session = made.setCookies.find((header) => header.startsWith("admin_session="))!;
  expect(await getAdminSession(db, siteRequest("/admin", { cookie: session.split(";")[0]! }))).toMatchObject({
    email: "new.helper@example.com",
  });
  expect((await signIn(db, { email: "new.helper@example.com", password: chosen, address: "203.0.113.9" })).ok).toBe(true);

  const again = await postLink(link.path, { password: "another fine passphrase", confirm: "another fine passphrase" });
  expect(again.status).toBe(400);
  expect((again.data as Answered).result.error?.[""]).toEqual([usedLinkMessage]);
  const audit = await db
    .selectFrom("audit_log")
    .select(["action", "admin_email", "target"])
    .where("action", "in", ["staff-invited", "admin-created"])
    .execute();
  expect(audit).toEqual(
    expect.arrayContaining([
      { action: "staff-invited", admin_email: "owner@example.com", target: "new.helper@example.com" },
      { action: "admin-created", admin_email: "new.helper@example.com", target: "new.helper@example.com" },
    ]),
  );
});

testOnEachEngine(
  "an invitation expires after 24 hours, a newer one replaces it, and one for an existing account is refused",
  async (db) => {
    const owner = await createAdmin(db, { email: "owner@example.com", password });
    const start = Date.now();
    expect((await inviteStaff(db, owner, { email: "late@example.com", role: "editor" }, start)).ok).toBe(true);
    const first = await lastLinkTo(db, "late@example.com");
    expect(await useLink(db, "invite", first.secret, chosen, start + inviteLifetimeMs + 1)).toEqual({
      ok: false,
      field: null,
      message: usedLinkMessage,
    });
    expect((await inviteStaff(db, owner, { email: "late@example.com", role: "editor" }, start + 1000)).ok).toBe(true);
    const second = await lastLinkTo(db, "late@example.com");
    expect(await useLink(db, "invite", first.secret, chosen, start + 2000)).toMatchObject({ ok: false, message: usedLinkMessage });
    // A link of the other kind, or a made-up one, opens nothing.
    expect(await useLink(db, "reset", second.secret, chosen, start + 2000)).toMatchObject({ ok: false });
    expect(await useLink(db, "invite", "A".repeat(43), chosen, start + 2000)).toMatchObject({ ok: false });
    expect(await useLink(db, "invite", second.secret, chosen, start + 2000)).toMatchObject({ ok: true });

    expect(await inviteStaff(db, owner, { email: "owner@example.com", role: "editor" })).toEqual({
      ok: false,
      message: "owner@example.com has an account already.",
    });
  },
);

testOnEachEngine("an invitation used twice at once makes one account", async (db) => {
  const owner = await createAdmin(db, { email: "owner@example.com", password });
  await inviteStaff(db, owner, { email: "twice@example.com", role: "editor" });
  const link = await lastLinkTo(db, "twice@example.com");
  const results = await Promise.all([1, 2, 3].map((n) => useLink(db, "invite", link.secret, `${chosen} ${n}`)));
  expect(results.filter((result) => result.ok)).toHaveLength(1);
  const accounts = await db.selectFrom("admin_users").select("id").where("email", "=", "twice@example.com").execute();
  expect(accounts).toHaveLength(1);
});

testOnEachEngine("an invitation in the demo account's name makes no account: the demo stays until a real Owner exists", async (db) => {
  await upsertDemoAdmin(db, "demo@example.com", password);
  const demo = (await findAdminByEmail(db, "demo@example.com"))!;
  expect(await inviteStaff(db, demo, { email: "first@example.com", role: "editor" })).toEqual({
    ok: false,
    message: onlyOwnersInviteMessage,
  });
  expect(await db.selectFrom("account_links").select("id").execute()).toEqual([]);
  // One made before (an earlier version let the demo invite): accepting it leaves the site without an Owner, so it does nothing.
  const secret = "S".repeat(43);
  await storeInviteRow(db, secret, { email: "first@example.com", role: "editor", createdBy: "demo@example.com" });
  expect(await useLink(db, "invite", secret, chosen)).toMatchObject({ ok: false, message: usedLinkMessage });
  expect(await findAdminByEmail(db, "first@example.com")).toBeUndefined();
  expect(await findAdminByEmail(db, "demo@example.com")).toMatchObject({ is_demo: 1 });
});

testOnEachEngine("an Owner's reset stops the old password and the sessions at once; the mailed link sets a new one", async (db) => {
  const owner = await createAdmin(db, { email: "owner@example.com", password });
  const helper = await createAdmin(db, { email: "helper@example.com", password, role: "editor" });
  const ownerCookie = await signedInCookie(db, owner.id);
  const helperCookie = await signedInCookie(db, helper.id);
  const reset = await postStaff(ownerCookie, { intent: "reset", email: "helper@example.com" });
  expect(reset.status).toBe(200);
  expect(await getAdminSession(db, siteRequest("/admin", { cookie: helperCookie }))).toBeNull();
  expect((await signIn(db, { email: "helper@example.com", password, address: "203.0.113.9" })).ok).toBe(false);
  const [mail] = await mailsTo(db, "helper@example.com");
  expect(mail!.body_text).toContain("owner@example.com reset your password");
  const link = await lastLinkTo(db, "helper@example.com");
  expect(await postLink(link.path, { password: chosen, confirm: chosen })).toMatchObject({ status: 302, location: "/admin" });
  expect((await signIn(db, { email: "helper@example.com", password: chosen, address: "203.0.113.9" })).ok).toBe(true);

  // One's own account is not changed here.
  const own = await postStaff(ownerCookie, { intent: "reset", email: "owner@example.com" });
  expect(own.status).toBe(400);
  expect((own.data as Answered).result.error?.[""]).toEqual(["Your own account is changed on Your Account."]);
});

testOnEachEngine(
  "'Forgot your password?' answers the same for every e-mail, mails only an account that may sign in, and a few times an hour",
  async (db) => {
    await createAdmin(db, { email: "owner@example.com", password });
    const helper = await createAdmin(db, { email: "leaver@example.com", password, role: "editor" });
    await db.updateTable("admin_users").set({ disabled_at: new Date().toISOString() }).where("id", "=", helper.id).execute();
    const forgot = (email: string) =>
      answerOf(() => forgotRoute.action(routeArgs(siteRequest("/admin/forgot-password", { form: { email } }), "198.51.100.23")));
    for (const email of ["owner@example.com", "nobody@example.com", "leaver@example.com"]) {
      const answer = await forgot(email);
      expect(answer.status).toBe(200);
      expect((answer.data as Answered).result.error?.[""]).toEqual([resetRequestedMessage(email)]);
    }
    // Answered before anything was looked up: nothing is mailed or recorded until the queue is worked on.
    expect(await mailsTo(db, "owner@example.com")).toHaveLength(0);
    expect(await db.selectFrom("audit_log").select("id").where("action", "=", "password-reset-requested").execute()).toHaveLength(0);
    await workOnPasswordResets();
    expect(await mailsTo(db, "owner@example.com")).toHaveLength(1);
    expect(await mailsTo(db, "nobody@example.com")).toHaveLength(0);
    expect(await mailsTo(db, "leaver@example.com")).toHaveLength(0);

    // The old password still works until the link is used; the link lasts an hour.
    const start = Date.now();
    expect((await signIn(db, { email: "owner@example.com", password, address: "203.0.113.9" })).ok).toBe(true);
    const link = await lastLinkTo(db, "owner@example.com");
    expect(await useLink(db, "reset", link.secret, chosen, start + forgotResetLifetimeMs + 60_000)).toMatchObject({ ok: false });

    // Three links an hour to one account, whatever the address; then the same answer and no mail.
    for (const address of ["198.51.100.24", "198.51.100.25", "198.51.100.26"])
      await requestPasswordReset(db, { email: "owner@example.com", address });
    expect(await mailsTo(db, "owner@example.com")).toHaveLength(3);
    const reasons = await db.selectFrom("audit_log").select("details").where("action", "=", "password-reset-requested").execute();
    expect(reasons.map((row) => JSON.parse(row.details!).reason)).toEqual([
      "mailed",
      "no-account",
      "no-account",
      "mailed",
      "mailed",
      "throttled",
    ]);
  },
);

testOnEachEngine(
  "a flood of 'Forgot your password?' is answered the same throughout; what the queue cannot hold is dropped",
  async (db) => {
    await createAdmin(db, { email: "owner@example.com", password });
    const forgot = (email: string, address: string) =>
      answerOf(() => forgotRoute.action(routeArgs(siteRequest("/admin/forgot-password", { form: { email } }), address)));
    const flood = Array.from({ length: maxWaitingPasswordResets }, (_, n) => `flood-${n}@example.com`);
    for (const [n, email] of [...flood, "owner@example.com"].entries()) {
      const answer = await forgot(email, `198.51.${Math.floor(n / 200)}.${n % 200}`);
      expect(answer.status).toBe(200);
      expect((answer.data as Answered).result.error?.[""]).toEqual([resetRequestedMessage(email)]);
    }
    await workOnPasswordResets();
    const recorded = await db.selectFrom("audit_log").select("target").where("action", "=", "password-reset-requested").execute();
    expect(recorded.map((row) => row.target).sort()).toEqual([...flood].sort());
    expect(await mailsTo(db, "owner@example.com")).toHaveLength(0);
    // Once the queue has room again, the next request is taken.
    await forgot("owner@example.com", "198.51.100.1");
    await workOnPasswordResets();
    expect(await mailsTo(db, "owner@example.com")).toHaveLength(1);
  },
);

testOnEachEngine("the Staff Accounts page changes roles and disables, enables and removes accounts, named in the audit log", async (db) => {
  const owner = await createAdmin(db, { email: "owner@example.com", password });
  await createAdmin(db, { email: "helper@example.com", password, role: "editor" });
  const cookie = await signedInCookie(db, owner.id);

  expect((await postStaff(cookie, { intent: "set-role", email: "helper@example.com", role: "inbox" })).status).toBe(200);
  expect(await findAdminByEmail(db, "helper@example.com")).toMatchObject({ role: "inbox" });
  expect((await postStaff(cookie, { intent: "disable", email: "helper@example.com" })).status).toBe(200);
  expect((await signIn(db, { email: "helper@example.com", password, address: "203.0.113.9" })).ok).toBe(false);
  expect((await postStaff(cookie, { intent: "enable", email: "helper@example.com" })).status).toBe(200);

  const unconfirmed = await postStaff(cookie, { intent: "remove", email: "helper@example.com" });
  expect(unconfirmed.status).toBe(400);
  // Said where the Staff Accounts page shows its messages, not under a field no form has.
  expect((unconfirmed.data as Answered).result.error?.[""]).toEqual([removeConfirmMessage]);
  expect(await findAdminByEmail(db, "helper@example.com")).toBeDefined();
  expect((await postStaff(cookie, { intent: "remove", email: "helper@example.com", confirm: "on" })).status).toBe(200);
  expect(await findAdminByEmail(db, "helper@example.com")).toBeUndefined();

  const audit = await db
    .selectFrom("audit_log")
    .select(["action", "admin_email"])
    .where("action", "in", ["admin-role-changed", "admin-disabled", "admin-enabled", "admin-removed"])
    .orderBy("created_at")
    .execute();
  expect(audit).toEqual([
    { action: "admin-role-changed", admin_email: "owner@example.com" },
    { action: "admin-disabled", admin_email: "owner@example.com" },
    { action: "admin-enabled", admin_email: "owner@example.com" },
    { action: "admin-removed", admin_email: "owner@example.com" },
  ]);

  // The page shows the accounts and the invitations not used yet; an Editor is refused it.
  await inviteStaff(db, owner, { email: "soon@example.com", role: "editor" });
  const page = await answerOf(() => staff.loader(routeArgs(siteRequest("/admin/staff", { cookie }))));
  const loaded = page.data as { accounts: Array<{ email: string; isMe: boolean }>; invites: Array<{ email: string }> };
  expect(loaded.accounts).toEqual([expect.objectContaining({ email: "owner@example.com", isMe: true })]);
  expect(loaded.invites.map((invite) => invite.email)).toEqual(["soon@example.com"]);
  const editor = await createAdmin(db, { email: "editor@example.com", password, role: "editor" });
  const editorCookie = await signedInCookie(db, editor.id);
  const refused = await answerOf(() => staff.loader(routeArgs(siteRequest("/admin/staff", { cookie: editorCookie }))));
  expect(refused.status).toBe(403);
});

testOnEachEngine(
  "an invitation stops working once its Owner is demoted, disabled or removed, and an e-mail used again cannot revive it",
  async (db) => {
    const owner = await createAdmin(db, { email: "owner@example.com", password });
    const cookie = await signedInCookie(db, owner.id);
    const changes: Array<Record<string, string> & { intent: string }> = [
      { intent: "set-role", role: "editor" },
      { intent: "disable" },
      { intent: "remove", confirm: "on" },
    ];
    for (const change of changes) {
      const inviter = await createAdmin(db, { email: `inviter-${change.intent}@example.com`, password });
      const start = Date.now();
      const made = await inviteStaff(db, inviter, { email: `guest-${change.intent}@example.com`, role: "owner" }, start);
      expect(made.ok).toBe(true);
      // The list says who invited whom, for which role, and until when.
      expect(await listOpenInvites(db)).toEqual([
        {
          email: `guest-${change.intent}@example.com`,
          role: "owner",
          teamMember: null,
          createdBy: inviter.email,
          expiresAt: new Date(start + inviteLifetimeMs).toISOString(),
        },
      ]);
      const link = await lastLinkTo(db, `guest-${change.intent}@example.com`);
      expect((await postStaff(cookie, { ...change, email: inviter.email })).status, change.intent).toBe(200);
      expect(await listOpenInvites(db), change.intent).toEqual([]);
      expect(await findOpenLink(db, "invite", link.secret), change.intent).toBeNull();
      expect(await spendLink(db, "invite", link.secret, chosen), change.intent).toMatchObject({ ok: false, message: usedLinkMessage });
      expect(await findAdminByEmail(db, `guest-${change.intent}@example.com`)).toBeUndefined();
    }
    const activity = (await listActivity(db, { person: "owner@example.com", from: "", to: "" }, null)).entries.map((entry) => entry.what);
    expect(activity).toEqual(
      expect.arrayContaining([
        "Made inviter-set-role@example.com Editor (their open invitation was withdrawn)",
        "Disabled the account inviter-disable@example.com (their open invitation was withdrawn)",
        "Removed the account inviter-remove@example.com (their open invitation was withdrawn)",
      ]),
    );

    // The removed Owner's e-mail, given to a new Owner later, opens nothing the old one made.
    const link = await lastLinkTo(db, "guest-remove@example.com");
    await createAdmin(db, { email: "inviter-remove@example.com", password });
    expect(await spendLink(db, "invite", link.secret, chosen)).toMatchObject({ ok: false, message: usedLinkMessage });
  },
);

testOnEachEngine("the transaction that uses an invitation checks that its Owner still is an active Owner", async (db) => {
  const owner = await createAdmin(db, { email: "owner@example.com", password });
  await createAdmin(db, { email: "inviter@example.com", password });
  // Changed behind the app's back (as an earlier version did, leaving the invitations open).
  for (const [change, secret] of [
    [{ role: "inbox" }, "R".repeat(43)],
    [{ disabled_at: new Date().toISOString() }, "D".repeat(43)],
  ] as const) {
    await db.updateTable("admin_users").set({ role: "owner", disabled_at: null }).where("email", "=", "inviter@example.com").execute();
    await storeInviteRow(db, secret, { email: "guest@example.com", role: "owner", createdBy: "inviter@example.com" });
    await db.updateTable("admin_users").set(change).where("email", "=", "inviter@example.com").execute();
    expect(await spendLink(db, "invite", secret, chosen)).toMatchObject({ ok: false, message: usedLinkMessage });
    expect(await findAdminByEmail(db, "guest@example.com")).toBeUndefined();
  }
  // While the inviter is one, the same kind of link works.
  await db.updateTable("admin_users").set({ role: "owner", disabled_at: null }).where("email", "=", "inviter@example.com").execute();
  await storeInviteRow(db, "W".repeat(43), { email: "guest@example.com", role: "editor", createdBy: "inviter@example.com" });
  expect(await spendLink(db, "invite", "W".repeat(43), chosen)).toMatchObject({ ok: true });
  expect(owner.role).toBe("owner");
});

testOnEachEngine("an Owner withdraws an open invitation: its link stops working, and the Activity Log says so in words", async (db) => {
  const owner = await createAdmin(db, { email: "owner@example.com", password });
  const other = await createAdmin(db, { email: "other.owner@example.com", password });
  const cookie = await signedInCookie(db, owner.id);
  // Any open invitation, another Owner's too.
  await inviteStaff(db, other, { email: "soon@example.com", role: "editor" });
  const link = await lastLinkTo(db, "soon@example.com");
  const withdrawn = await postStaff(cookie, { intent: "withdraw", email: "Soon@example.com" });
  expect(withdrawn.status).toBe(200);
  expect((withdrawn.data as { toast?: { title: string } }).toast?.title).toBe("Invitation withdrawn");
  expect(await spendLink(db, "invite", link.secret, chosen)).toMatchObject({ ok: false, message: usedLinkMessage });
  expect(await findAdminByEmail(db, "soon@example.com")).toBeUndefined();
  const again = await postStaff(cookie, { intent: "withdraw", email: "soon@example.com" });
  expect(again.status).toBe(400);
  expect((again.data as Answered).result.error?.[""]).toEqual(["There is no open invitation for soon@example.com any more."]);
  const activity = (await listActivity(db, { person: "owner@example.com", from: "", to: "" }, null)).entries.map((entry) => entry.what);
  expect(activity).toContain("Withdrew the invitation of soon@example.com (as Editor): its link no longer works");
});

testOnEachEngine("an invitation made while its Owner is being demoted does not outlive the demotion (sent at once)", async (db) => {
  const owner = await createAdmin(db, { email: "owner@example.com", password });
  for (let round = 0; round < 5; round += 1) {
    const inviter = await createAdmin(db, { email: `inviter${round}@example.com`, password });
    const [invited, demoted] = await Promise.allSettled([
      inviteStaff(db, inviter, { email: `guest${round}@example.com`, role: "owner" }),
      setAdminRole(db, { email: inviter.email, role: "editor", by: owner }),
    ]);
    expect(demoted.status, `round ${round}`).toBe("fulfilled");
    expect(invited.status, `round ${round}`).toBe("fulfilled");
    expect(await listOpenInvites(db), `round ${round}`).toEqual([]);
    const mails = await mailsTo(db, `guest${round}@example.com`);
    if (mails.length > 0) {
      const link = await lastLinkTo(db, `guest${round}@example.com`);
      expect(await spendLink(db, "invite", link.secret, chosen), `round ${round}`).toMatchObject({ ok: false });
    }
    expect(await findAdminByEmail(db, `guest${round}@example.com`)).toBeUndefined();
  }
});

testOnEachEngine("a Clinician is invited and made with the team member whose profile they keep, one on the team", async (db) => {
  const owner = await createAdmin(db, { email: "owner@example.com", password });
  const cookie = await signedInCookie(db, owner.id);
  const refused = (answer: Awaited<ReturnType<typeof postStaff>>) => JSON.stringify(answer.data);
  const without = await postStaff(cookie, { intent: "invite", email: "daniel@example.com", role: "clinician" });
  expect(without.status).toBe(400);
  expect(refused(without)).toContain("Choose the team member whose profile they keep.");
  const nobody = await postStaff(cookie, { intent: "invite", email: "daniel@example.com", role: "clinician", teamMember: "staff-nobody" });
  expect(nobody.status).toBe(400);
  expect(refused(nobody)).toContain("Choose the team member whose profile they keep.");
  expect(await db.selectFrom("account_links").select("email").execute()).toEqual([]);

  const invited = await postStaff(cookie, {
    intent: "invite",
    email: "daniel@example.com",
    role: "clinician",
    teamMember: "staff-daniel-reyes",
  });
  expect(invited.status).toBe(200);
  const link = await lastLinkTo(db, "daniel@example.com");
  expect((await postLink(link.path, { password: chosen, confirm: chosen })).status).toBe(302);
  expect(await findAdminByEmail(db, "daniel@example.com")).toMatchObject({ role: "clinician", team_member: "staff-daniel-reyes" });

  // Another role leaves the profile; Clinician again needs one.
  await setAdminRole(db, { email: "daniel@example.com", role: "editor", by: owner });
  expect(await findAdminByEmail(db, "daniel@example.com")).toMatchObject({ role: "editor", team_member: null });
  await expect(setAdminRole(db, { email: "daniel@example.com", role: "clinician", by: owner })).rejects.toThrow(
    "Choose the team member whose profile they keep.",
  );
  await setAdminRole(db, { email: "daniel@example.com", role: "clinician", teamMember: "staff-ava-morgan", by: owner });
  expect(await findAdminByEmail(db, "daniel@example.com")).toMatchObject({ role: "clinician", team_member: "staff-ava-morgan" });
});
