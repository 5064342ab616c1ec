import { describe, expect, test } from "vitest";
import { createAdmin, findAdminByEmail, upsertDemoAdmin } from "#app/staff/staff-accounts.server.ts";
import { signIn } from "#app/staff/auth.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { getAdminSession, sessionLifetimeMs } from "#app/staff/session.server.ts";
import { passwordWeakness } from "#app/staff/password-strength.server.ts";
import { changePasswordSchema } from "#app/staff/passwords.ts";
import { deviceName, wrongCurrentPasswordMessage } from "#app/staff/own-account.server.ts";
import * as accountRoute from "#app/routes/admin/account.tsx";
import * as sessionsRoute from "#app/routes/admin/account-sessions.ts";
import { answerOf, cookieFrom, routeArgs, signedIn, signedInCookie, siteRequest } from "#tests/fixtures/admin.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

const password = "a long test password";
const newPassword = "kettle orbit violet lantern";
const phone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const laptop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

const account = signedIn(accountRoute);
const sessions = signedIn(sessionsRoute);

/** Signs `email` in from a browser; returns its Cookie header. */
async function signInFrom(db: Db, email: string, userAgent: string, now = Date.now()): Promise<string> {
  const result = await signIn(db, { email, password, address: "127.0.0.1", userAgent }, now);
  if (!result.ok) throw new Error(`sign-in refused: ${result.error}`);
  return cookieFrom(result.setCookies[0]!);
}

type Loaded = Awaited<ReturnType<typeof accountRoute.loader>>;
async function accountPage(cookie: string): Promise<Loaded> {
  const answer = await answerOf(() => account.loader(routeArgs(siteRequest("/admin/account", { cookie }))));
  expect(answer.status).toBe(200);
  return answer.data as Loaded;
}

function changePassword(cookie: string, form: Record<string, string>) {
  return answerOf(() => account.action(routeArgs(siteRequest("/admin/account", { cookie, form }))));
}

function fieldErrorsOf(data: unknown): Record<string, Array<string>> {
  return (data as { result: { error: Record<string, Array<string>> } }).result.error;
}

describe("a new password", () => {
  test("is refused when it is on the lists of common passwords or built from the account's own words", () => {
    for (const weak of ["password1234", "qwertyuiop123", "iloveyou2024", "Password1234!"]) {
      expect(passwordWeakness(weak, "owner@example.com"), weak).toMatch(/^This password is too easy to guess\./);
    }
    for (const own of ["redcliffs2026", "RedCliffsCounseling1", "maria.lopez.2026", "lopezmaria123"]) {
      expect(passwordWeakness(own, "maria.lopez@example.com"), own).not.toBeNull();
    }
    // No composition rules: a long phrase without digits or capitals is fine.
    expect(passwordWeakness(newPassword, "maria.lopez@example.com")).toBeNull();
    expect(passwordWeakness("Tq7#vL9!mR2@xW4$", "maria.lopez@example.com")).toBeNull();
  });

  test("the form's own checks, shared with the browser: length, the same twice, not the current one", () => {
    const check = (value: Record<string, string>) => {
      const parsed = changePasswordSchema.safeParse(value);
      return parsed.success ? null : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    };
    expect(check({ current: password, password: "short", confirm: "short" })).toEqual([
      "password: The password must be at least 12 characters.",
    ]);
    expect(check({ current: password, password: newPassword, confirm: `${newPassword}!` })).toEqual([
      "confirm: The two passwords are not the same.",
    ]);
    expect(check({ current: password, password, confirm: password })).toEqual([
      "password: Choose a password different from the current one.",
    ]);
    expect(check({ current: password, password: newPassword, confirm: newPassword })).toBeNull();
  });
});

test("a session's browser is named from its User-Agent, or said to be unknown", () => {
  expect(deviceName(laptop)).toBe("Chrome 156 on Linux");
  expect(deviceName(phone)).toBe("Safari 17 on iOS");
  expect(deviceName("curl/8.1")).toBe("An unknown browser");
  expect(deviceName(null)).toBe("An unknown browser");
});

testOnEachEngine("the account page lists the account's own sessions, this browser first, with its device and last use", async (db) => {
  await createAdmin(db, { email: "owner@example.com", password });
  await createAdmin(db, { email: "other@example.com", password, role: "editor" });
  const start = Date.now() - 60 * 60 * 1000;
  const phoneCookie = await signInFrom(db, "owner@example.com", phone, start);
  const laptopCookie = await signInFrom(db, "owner@example.com", laptop, start + 60_000);
  await signInFrom(db, "other@example.com", laptop);
  // Using the phone's session marks it used (once in a few minutes).
  await getAdminSession(db, siteRequest("/admin", { cookie: phoneCookie }), start + 30 * 60 * 1000);

  const page = await accountPage(laptopCookie);
  expect(page.email).toBe("owner@example.com");
  expect(page.role).toBe("Owner");
  expect(page.sessions.map((session) => [session.device, session.isThisBrowser])).toEqual([
    ["Chrome 156 on Linux", true],
    ["Safari 17 on iOS", false],
  ]);
  const phoneSession = page.sessions[1]!;
  expect(phoneSession.lastUsedAt).toBe(new Date(start + 30 * 60 * 1000).toISOString());
  expect(phoneSession.userAgent).toBe(phone);

  // An expired session is not listed.
  await signInFrom(db, "owner@example.com", laptop, Date.now() - sessionLifetimeMs - 60_000);
  expect((await accountPage(laptopCookie)).sessions).toHaveLength(2);
});

testOnEachEngine(
  "signing out one session ends that one only; everywhere else keeps this browser; another account's is never touched",
  async (db) => {
    await createAdmin(db, { email: "owner@example.com", password });
    await createAdmin(db, { email: "other@example.com", password, role: "inbox" });
    const here = await signInFrom(db, "owner@example.com", laptop);
    const phoneCookie = await signInFrom(db, "owner@example.com", phone);
    const tablet = await signInFrom(db, "owner@example.com", phone);
    const othersCookie = await signInFrom(db, "other@example.com", laptop);
    const otherSession = (await getAdminSession(db, siteRequest("/admin", { cookie: othersCookie })))!.sessionId;
    const phoneSession = (await getAdminSession(db, siteRequest("/admin", { cookie: phoneCookie })))!.sessionId;

    const end = (cookie: string, value: string) =>
      answerOf(() => sessions.action(routeArgs(siteRequest("/admin/account/sessions", { cookie, form: { end: value } }))));

    // Another account's session id changes nothing (and says nothing more than an unknown one).
    const foreign = await end(here, otherSession);
    expect(foreign).toMatchObject({ status: 302, location: "/admin/account" });
    expect(await getAdminSession(db, siteRequest("/admin", { cookie: othersCookie }))).not.toBeNull();

    expect(await end(here, phoneSession)).toMatchObject({ status: 302, location: "/admin/account" });
    expect(await getAdminSession(db, siteRequest("/admin", { cookie: phoneCookie }))).toBeNull();
    expect(await getAdminSession(db, siteRequest("/admin", { cookie: tablet }))).not.toBeNull();

    expect(await end(here, "others")).toMatchObject({ status: 302, location: "/admin/account" });
    expect(await getAdminSession(db, siteRequest("/admin", { cookie: tablet }))).toBeNull();
    expect(await getAdminSession(db, siteRequest("/admin", { cookie: here }))).not.toBeNull();
    expect(await getAdminSession(db, siteRequest("/admin", { cookie: othersCookie }))).not.toBeNull();

    // Anything else is refused by the schema.
    expect((await end(here, "everyone")).status).toBe(400);
    const audit = await db.selectFrom("audit_log").select(["admin_email", "details"]).where("action", "=", "sessions-ended").execute();
    expect(audit.map((row) => [row.admin_email, JSON.parse(row.details!).count])).toEqual([
      ["owner@example.com", 1],
      ["owner@example.com", 1],
    ]);
  },
);

testOnEachEngine("changing one's password checks the current one, refuses a weak one, and signs out the other sessions", async (db) => {
  await createAdmin(db, { email: "owner@example.com", password });
  const here = await signInFrom(db, "owner@example.com", laptop);
  const elsewhere = await signInFrom(db, "owner@example.com", phone);

  const wrong = await changePassword(here, { current: "not my password at all", password: newPassword, confirm: newPassword });
  expect(wrong.status).toBe(400);
  expect(fieldErrorsOf(wrong.data).current).toEqual([wrongCurrentPasswordMessage]);
  // No password typed is sent back.
  expect(JSON.stringify(wrong.data)).not.toContain("not my password at all");
  expect(JSON.stringify(wrong.data)).not.toContain(newPassword);

  const weak = await changePassword(here, { current: password, password: "password1234", confirm: "password1234" });
  expect(weak.status).toBe(400);
  expect(fieldErrorsOf(weak.data).password?.[0]).toMatch(/^This password is too easy to guess\./);

  const changed = await changePassword(here, { current: password, password: newPassword, confirm: newPassword });
  expect(changed.status).toBe(200);
  expect((changed.data as { toast: { title: string; description: string } }).toast).toEqual({
    type: "success",
    title: "Password changed",
    description: "Every other session (1) was signed out.",
  });
  expect(await getAdminSession(db, siteRequest("/admin", { cookie: here }))).not.toBeNull();
  expect(await getAdminSession(db, siteRequest("/admin", { cookie: elsewhere }))).toBeNull();
  expect((await signIn(db, { email: "owner@example.com", password, address: "203.0.113.9" })).ok).toBe(false);
  expect((await signIn(db, { email: "owner@example.com", password: newPassword, address: "203.0.113.9" })).ok).toBe(true);
  const actions = await db.selectFrom("audit_log").select("action").where("action", "like", "password-%").orderBy("created_at").execute();
  expect(actions.map((row) => row.action)).toEqual(["password-change-refused", "password-changed"]);
});

testOnEachEngine("wrong current passwords sent at once are counted together: the sixth in 15 minutes is refused unchecked", async (db) => {
  await createAdmin(db, { email: "owner@example.com", password });
  const here = await signInFrom(db, "owner@example.com", laptop);
  const guesses = await Promise.all(
    Array.from({ length: 8 }, (_, n) =>
      changePassword(here, { current: `guess number ${n} here`, password: newPassword, confirm: newPassword }),
    ),
  );
  const messages = guesses.map((guess) => fieldErrorsOf(guess.data).current?.[0]);
  expect(messages.filter((message) => message === wrongCurrentPasswordMessage)).toHaveLength(5);
  expect(messages.filter((message) => message?.startsWith("Too many wrong passwords"))).toHaveLength(3);
  // The right one is refused too until the window passes: a thief with a session cannot keep guessing.
  const right = await changePassword(here, { current: password, password: newPassword, confirm: newPassword });
  expect(fieldErrorsOf(right.data).current?.[0]).toMatch(/^Too many wrong passwords/);
});

testOnEachEngine("the demo account's password is not changed here (the sign-in page shows it)", async (db) => {
  await upsertDemoAdmin(db, "demo@example.com", password);
  // Signed in as a browser that opened the demo link would be (decision 016).
  const here = await signedInCookie(db, (await findAdminByEmail(db, "demo@example.com"))!.id);
  const answer = await changePassword(here, { current: password, password: newPassword, confirm: newPassword });
  expect(answer.status).toBe(400);
  expect(fieldErrorsOf(answer.data).current?.[0]).toMatch(/^The demo account's password cannot be changed/);
});
