import { expect } from "vitest";
import { findAdminByEmail, listAdmins, upsertDemoAdmin } from "#app/staff/staff-accounts.server.ts";
import { replaceConfig } from "#app/server/config.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { demoAdminEmail } from "#app/staff/demo-admin.server.ts";
import { getAdminSession } from "#app/staff/session.server.ts";
import { listActivity } from "#app/staff/activity-log.server.ts";
import { demoManagesNoAccountsMessage, publicDemoMessage } from "#app/staff/staff-forms.ts";
import * as staffRoute from "#app/routes/admin/staff.tsx";
import { answerOf, cookieFrom, routeArgs, signedIn, signedInCookie, siteRequest } from "#tests/fixtures/admin.ts";
import { testConfigWith } from "#tests/setup/test-config.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// The demo account (decision 016) is an Owner by role, but manages no accounts: Staff Accounts
// offers it one thing, its user's own Owner account, which ends demo mode (review G1, G2, UX 1).

const staff = signedIn(staffRoute);
const chosen = "kettle orbit violet lantern";

async function demoSession(db: Db): Promise<string> {
  await upsertDemoAdmin(db, demoAdminEmail, "the demo password, long enough");
  return signedInCookie(db, (await findAdminByEmail(db, demoAdminEmail))!.id);
}

function postStaff(cookie: string, form: Record<string, string>) {
  return answerOf(() => staff.action(routeArgs(siteRequest("/admin/staff", { cookie, form }))));
}

type Answered = { status: number; result: { error?: Record<string, Array<string>> } };

/** Everything a Staff Accounts write could change. */
async function accountState(db: Db) {
  const [accounts, links, settings] = await Promise.all([
    db.selectFrom("admin_users").select(["email", "role", "disabled_at", "password_hash", "totp_enabled_at"]).orderBy("email").execute(),
    db.selectFrom("account_links").selectAll().execute(),
    db.selectFrom("site_settings").select(["key", "value"]).orderBy("key").execute(),
  ]);
  return { accounts, links, settings };
}

const everyAccountWrite: Array<Record<string, string>> = [
  { intent: "invite", email: "attacker@example.com", role: "owner" },
  { intent: "withdraw", email: "attacker@example.com" },
  { intent: "set-role", email: demoAdminEmail, role: "editor" },
  { intent: "reset", email: "someone@example.com" },
  { intent: "disable", email: "someone@example.com" },
  { intent: "enable", email: "someone@example.com" },
  { intent: "remove", email: "someone@example.com", confirm: "on" },
  { intent: "reset-two-factor", email: "someone@example.com" },
  { intent: "require-two-factor", required: "on" },
];

testOnEachEngine("the demo account manages no accounts: every Staff Accounts write is refused (403) and nothing changes", async (db) => {
  const cookie = await demoSession(db);
  // A real account to aim at, made beside the demo (as a test may; the app ends demo mode when one is made).
  await db
    .insertInto("admin_users")
    .values({
      id: crypto.randomUUID(),
      email: "someone@example.com",
      password_hash: "x",
      role: "editor",
      is_demo: 0,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .execute();
  const before = await accountState(db);
  for (const form of everyAccountWrite) {
    const answer = await postStaff(cookie, form);
    expect(answer.status, form.intent).toBe(403);
    expect((answer.data as Answered).result.error?.[""], form.intent).toEqual([demoManagesNoAccountsMessage]);
  }
  expect(await accountState(db)).toEqual(before);

  // The page shows it one thing: its own Owner account.
  const page = await answerOf(() => staff.loader(routeArgs(siteRequest("/admin/staff", { cookie }))));
  expect(page.data).toEqual({ view: "demo", publicDemo: false });
});

testOnEachEngine(
  "'Make your own Owner account' makes the Owner, ends demo mode and signs the Owner in, in one step; twice at once makes one",
  async (db) => {
    const cookie = await demoSession(db);
    const make = (cookieHeader: string, form: Record<string, string>) => postStaff(cookieHeader, { intent: "make-owner", ...form });

    const differ = await make(cookie, { email: "me@example.com", password: chosen, confirm: "something else entirely" });
    expect(differ.status).toBe(400);
    expect((differ.data as Answered).result.error?.confirm).toEqual(["The two passwords are not the same."]);
    const weak = await make(cookie, { email: "me@example.com", password: "password1234", confirm: "password1234" });
    expect(weak.status).toBe(400);
    expect((weak.data as Answered).result.error?.password?.[0]).toMatch(/^This password is too easy to guess\./);
    const demoAddress = await make(cookie, { email: demoAdminEmail, password: chosen, confirm: chosen });
    expect((demoAddress.data as Answered).result.error?.email).toEqual(["Use an e-mail of your own, not the demo account's."]);
    expect(await listAdmins(db)).toEqual([expect.objectContaining({ email: demoAdminEmail, isDemo: true })]);

    // Two browsers of the demo send it at once: one account is made; the other is told demo mode
    // ended, or finds its session gone with it (401), whichever it reaches first.
    const other = await signedInCookie(db, (await findAdminByEmail(db, demoAdminEmail))!.id);
    const answers = await Promise.all([
      make(cookie, { email: "Me@Example.com", password: chosen, confirm: chosen }),
      make(other, { email: "someone.else@example.com", password: chosen, confirm: chosen }),
    ]);
    const made = answers.filter((answer) => answer.status === 302);
    expect(made).toHaveLength(1);
    expect(made[0]!.location).toBe("/admin");
    expect([401, 409]).toContain(answers.find((answer) => answer.status !== 302)?.status);
    const accounts = await listAdmins(db);
    expect(accounts).toEqual([expect.objectContaining({ role: "owner", isDemo: false, disabledAt: null })]);

    // The new Owner is signed in with a fresh session; the demo account, its sessions and its password are gone.
    const session = made[0]!.setCookies.find((header) => header.startsWith("admin_session="))!;
    expect(await getAdminSession(db, siteRequest("/admin", { cookie: cookieFrom(session) }))).toMatchObject({
      email: accounts[0]!.email,
      role: "owner",
      isDemo: false,
    });
    expect(made[0]!.setCookies.some((header) => header.startsWith("admin_toast="))).toBe(true);
    for (const demoCookie of [cookie, other]) expect(await getAdminSession(db, siteRequest("/admin", { cookie: demoCookie }))).toBeNull();
    expect(await db.selectFrom("site_settings").select("key").where("key", "=", "demo-admin-password").execute()).toEqual([]);
    const activity = await listActivity(db, { person: "", from: "", to: "" }, null);
    expect(activity.entries.map((entry) => entry.what)).toEqual(
      expect.arrayContaining([
        `Made their own account ${accounts[0]!.email} (Owner) from the demo account, which ended demo mode`,
        "Demo mode ended (the demo account was deleted)",
      ]),
    );
  },
);

testOnEachEngine(
  "DEMO_MODE=public: the page says no account can be made, and the server refuses even its own Owner account",
  async (db) => {
    replaceConfig(testConfigWith({ DEMO_MODE: "public" }));
    const cookie = await demoSession(db);
    const before = await accountState(db);
    const page = await answerOf(() => staff.loader(routeArgs(siteRequest("/admin/staff", { cookie }))));
    expect(page.data).toEqual({ view: "demo", publicDemo: true });
    const refused = await postStaff(cookie, { intent: "make-owner", email: "squatter@example.com", password: chosen, confirm: chosen });
    expect(refused.status).toBe(403);
    expect((refused.data as Answered).result.error?.[""]).toEqual([publicDemoMessage]);
    for (const form of everyAccountWrite) expect((await postStaff(cookie, form)).status, form.intent).toBe(403);
    expect(await accountState(db)).toEqual(before);
  },
);
