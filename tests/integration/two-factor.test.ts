import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { Secret, TOTP } from "otpauth";
import { describe, expect } from "vitest";
import { upsertDemoAdmin } from "#app/staff/staff-accounts.server.ts";
import { signIn } from "#app/staff/auth.server.ts";
import { getConfig, replaceConfig } from "#app/server/config.server.ts";
import { getKeyring, open } from "#app/server/field-encryption.server.ts";
import { listAuditLog } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { getAdminSession } from "#app/staff/session.server.ts";
import { issueSignInChallenge, readSignInChallenge } from "#app/staff/sign-in-challenge.server.ts";
import * as accountLinkRoute from "#app/routes/admin/account-link.tsx";
import * as loginRoute from "#app/routes/admin/login.tsx";
import { openMailBody } from "#app/server/outbox.server.ts";
import { requestPasswordReset } from "#app/staff/account-links.server.ts";
import * as loginCodeRoute from "#app/routes/admin/login-code.tsx";
import * as inboxRoute from "#app/routes/admin/inquiries.tsx";
import * as twoFactorRoute from "#app/routes/admin/two-factor.tsx";
import * as staffRoute from "#app/routes/admin/staff.tsx";
import { secondFactorSchema } from "#app/staff/two-factor-forms.ts";
import {
  confirmTwoFactor,
  resetStaffTwoFactor,
  sealStoredTwoFactorSecrets,
  setTwoFactorRequired,
  spendSecondFactor,
  startTwoFactorSetup,
  turnOffTwoFactor,
  wrongCodeMessage,
} from "#app/staff/two-factor.server.ts";
import { answerOf, cookieFrom, createTestAdmin, routeArgs, signedIn, signedInCookie, siteRequest } from "#tests/fixtures/admin.ts";
import { createInquiry, listInquiries } from "#app/inquiries/inquiry-store.server.ts";
import { databaseOf, testOnEachEngine } from "#tests/setup/test-database.ts";

const run = promisify(execFile);

const step = 30_000;
const twoFactorPage = signedIn(twoFactorRoute);
const inbox = signedIn(inboxRoute);
const staff = signedIn(staffRoute);

/** The code an authenticator app shows for `secret` at `at`. */
function codeAt(secret: string, at: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: at });
}

/** The account's TOTP secret, opened (it is stored sealed); "" when there is none. */
async function secretOf(db: Db, id: string, column: "totp_secret" | "totp_pending_secret"): Promise<string> {
  const row = await db.selectFrom("admin_users").select(column).where("id", "=", id).executeTakeFirstOrThrow();
  const stored = row[column];
  if (stored === null) return "";
  expect(stored).toMatch(/^sealed:1:/);
  return open(getKeyring(), stored, `admin_users.totp_secret:${id}`);
}

/** An account with two-step sign-in on (set up at `now`); its identity, secret and recovery codes. */
async function accountWithTwoFactor(db: Db, now: number, email?: string) {
  const account = await createTestAdmin(db, email);
  const session = await getAdminSession(db, siteRequest("/admin", { cookie: await signedInCookie(db, account.id, now) }), now);
  const identity = session!;
  expect(await startTwoFactorSetup(db, identity)).toEqual({ ok: true });
  const secret = await secretOf(db, account.id, "totp_pending_secret");
  const done = await confirmTwoFactor(db, identity, { code: codeAt(secret, now), current: account.password }, now);
  if (!done.ok) throw new Error(done.message);
  return { account, identity, secret, recoveryCodes: done.recoveryCodes };
}

describe("setting up two-step sign-in", () => {
  testOnEachEngine("needs a code from the secret shown and the current password; gives ten single-use recovery codes", async (db) => {
    const now = Date.parse("2026-11-26T10:00:00Z");
    const account = await createTestAdmin(db);
    const identity = (await getAdminSession(db, siteRequest("/admin", { cookie: await signedInCookie(db, account.id, now) }), now))!;
    expect(identity.twoFactor).toBe("off");
    await startTwoFactorSetup(db, identity);
    const secret = await secretOf(db, account.id, "totp_pending_secret");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 20 random bytes, base32

    expect(await confirmTwoFactor(db, identity, { code: codeAt(secret, now), current: "not my password!" }, now)).toMatchObject({
      ok: false,
      field: "current",
    });
    expect(await confirmTwoFactor(db, identity, { code: codeAt(secret, now - 5 * step), current: account.password }, now)).toEqual({
      ok: false,
      field: "code",
      message: wrongCodeMessage,
    });
    const done = await confirmTwoFactor(db, identity, { code: codeAt(secret, now), current: account.password }, now);
    if (!done.ok) throw new Error(done.message);
    expect(done.recoveryCodes).toHaveLength(10);
    expect(new Set(done.recoveryCodes).size).toBe(10);
    for (const code of done.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await secretOf(db, account.id, "totp_secret")).toBe(secret);

    // Stored hashed: no code appears in the table.
    const stored = await db.selectFrom("admin_recovery_codes").select("code_hash").where("admin_id", "=", account.id).execute();
    expect(stored).toHaveLength(10);
    for (const code of done.recoveryCodes) {
      expect(stored.some((row) => row.code_hash.includes(code.replace("-", "")))).toBe(false);
    }
    const log = await listAuditLog(db);
    expect(log.some((entry) => entry.action === "two-factor-enabled" && entry.admin_email === account.email)).toBe(true);
  });

  testOnEachEngine("is refused to the demo account", async (db) => {
    await upsertDemoAdmin(db, "demo@example.com", "the demo password here");
    const demo = await db.selectFrom("admin_users").select("id").where("email", "=", "demo@example.com").executeTakeFirstOrThrow();
    const identity = (await getAdminSession(db, siteRequest("/admin", { cookie: await signedInCookie(db, demo.id) })))!;
    expect(identity.twoFactor).toBe("demo");
    expect(await startTwoFactorSetup(db, identity)).toMatchObject({ ok: false });
  });
});

describe("signing in with two-step sign-in on", () => {
  testOnEachEngine("the right password alone opens no session: it earns a 5-minute challenge for the code", async (db) => {
    const now = Date.now();
    const { account } = await accountWithTwoFactor(db, now);
    const result = await signIn(db, { email: account.email, password: account.password, address: "192.0.2.4" }, now);
    expect(result.ok).toBe("second-step");
    if (result.ok !== "second-step") return;
    expect(result.setCookies).toHaveLength(1);
    const cookie = cookieFrom(result.setCookies[0]!);
    expect(cookie).toMatch(/^admin_sign_in=/);
    expect(await getAdminSession(db, siteRequest("/admin", { cookie }), now)).toBeNull();
    expect((await readSignInChallenge(db, cookie, now + 60_000, false))?.email).toBe(account.email);
    expect(await readSignInChallenge(db, cookie, now + 5 * 60_000 + 1, false)).toBeNull();
    // A tampered cookie is not one we signed. The first character of the value is changed: the
    // signature's last base64 character holds two unused bits, so changing it may change nothing.
    expect(
      await readSignInChallenge(
        db,
        cookie.replace(/=(.)/, (_, first: string) => `=${first === "e" ? "f" : "e"}`),
        now,
        false,
      ),
    ).toBeNull();
    // A password changed meanwhile voids it.
    await db.updateTable("admin_users").set({ password_hash: "changed" }).where("id", "=", account.id).execute();
    expect(await readSignInChallenge(db, cookie, now + 1000, false)).toBeNull();
  });

  testOnEachEngine("a code one step off is accepted; three steps off is refused", async (db) => {
    const now = Date.parse("2026-11-26T10:00:10Z");
    const { account, secret } = await accountWithTwoFactor(db, now - 10 * step);
    expect(await spendSecondFactor(db, account.id, codeAt(secret, now - 3 * step), now)).toBeNull();
    expect(await spendSecondFactor(db, account.id, codeAt(secret, now + 3 * step), now)).toBeNull();
    expect(await spendSecondFactor(db, account.id, codeAt(secret, now - step), now)).toBe("authenticator");
    // The phone a step fast: the next step's code is accepted too.
    expect(await spendSecondFactor(db, account.id, codeAt(secret, now + step), now)).toBe("authenticator");
  });

  testOnEachEngine("a code works once: used again, or sent twice at once, it signs in once", async (db) => {
    const now = Date.parse("2026-11-26T10:00:10Z");
    const { account, secret } = await accountWithTwoFactor(db, now - 10 * step);
    const code = codeAt(secret, now);
    const results = await Promise.all(Array.from({ length: 4 }, () => spendSecondFactor(db, account.id, code, now)));
    expect(results.filter((used) => used === "authenticator")).toHaveLength(1);
    expect(await spendSecondFactor(db, account.id, code, now + 1000)).toBeNull();
    // An earlier step's code, still within the skew, is not accepted after a later one.
    expect(await spendSecondFactor(db, account.id, codeAt(secret, now - step), now)).toBeNull();
  });

  testOnEachEngine("a recovery code works once, with or without its hyphen, in any case", async (db) => {
    const now = Date.now();
    const { account, recoveryCodes } = await accountWithTwoFactor(db, now);
    const [first, second] = recoveryCodes as [string, string];
    const typed = secondFactorSchema.parse({ code: ` ${first.toUpperCase().replace("-", " ")} ` }).code;
    expect(await spendSecondFactor(db, account.id, typed, now)).toBe("recovery code");
    expect(await spendSecondFactor(db, account.id, typed, now)).toBeNull();
    const once = secondFactorSchema.parse({ code: second }).code;
    const results = await Promise.all(Array.from({ length: 3 }, () => spendSecondFactor(db, account.id, once, now)));
    expect(results.filter(Boolean)).toEqual(["recovery code"]);
    // Another account's code is not this one's.
    const other = await accountWithTwoFactor(db, now);
    const theirs = secondFactorSchema.parse({ code: other.recoveryCodes[0] }).code;
    expect(await spendSecondFactor(db, account.id, theirs, now)).toBeNull();
  });

  testOnEachEngine("through the pages: password, then /admin/login/code, then the dashboard; five wrong codes stop it", async (db) => {
    const { account, secret } = await accountWithTwoFactor(db, Date.now() - 10 * step);
    const posted = await answerOf(() =>
      loginRoute.action(routeArgs(siteRequest("/admin/login", { form: { email: account.email, password: account.password } }))),
    );
    expect(posted.status).toBe(302);
    expect(posted.location).toBe("/admin/login/code");
    const challenge = cookieFrom(posted.setCookies[0]!);
    expect(posted.setCookies.some((cookie) => cookie.startsWith("admin_session="))).toBe(false);

    // A dashboard page asked for meanwhile (where the scripted sign-in form goes) sends on to the code.
    const dashboard = await answerOf(() => inbox.loader(routeArgs(siteRequest("/admin/inquiries", { cookie: challenge }))));
    expect(dashboard.location).toBe("/admin/login/code");
    // Without the challenge, the code page sends back to sign-in.
    const bare = await answerOf(() => loginCodeRoute.loader(routeArgs(siteRequest("/admin/login/code"))));
    expect(bare.location).toBe("/admin/login");
    const page = await answerOf(() => loginCodeRoute.loader(routeArgs(siteRequest("/admin/login/code", { cookie: challenge }))));
    expect(page.data).toEqual({ email: account.email });

    const sendCode = (code: string) =>
      answerOf(() => loginCodeRoute.action(routeArgs(siteRequest("/admin/login/code", { cookie: challenge, form: { code } }))));
    const wrong = await sendCode("000000");
    expect(wrong.status).toBe(401);
    const right = await sendCode(codeAt(secret, Date.now()));
    expect(right.status).toBe(302);
    expect(right.location).toBe("/admin");
    const session = right.setCookies.find((cookie) => cookie.startsWith("admin_session="));
    expect((await getAdminSession(db, siteRequest("/admin", { cookie: cookieFrom(session!) })))?.email).toBe(account.email);
    const log = await listAuditLog(db);
    expect(log.find((entry) => entry.action === "sign-in")?.details).toContain("authenticator");
    expect(log.some((entry) => entry.action === "sign-in-failed" && entry.details?.includes("wrong-code"))).toBe(true);

    // Five tries per 15 minutes (one was used above, the right code gave it back): sent at once, four more are checked.
    const tries = await Promise.all(Array.from({ length: 8 }, () => sendCode("000000")));
    expect(tries.filter((answer) => answer.status === 401)).toHaveLength(4);
    expect(tries.filter((answer) => answer.status === 429)).toHaveLength(4);
  });

  testOnEachEngine("the sign-in dialog of an open page is told to finish in a new tab, with no session", async (db) => {
    const { account } = await accountWithTwoFactor(db, Date.now());
    const posted = await answerOf(() =>
      loginRoute.action(
        routeArgs(siteRequest("/admin/login", { form: { email: account.email, password: account.password, stay: "in-place" } })),
      ),
    );
    expect(posted.status).toBe(401);
    expect(JSON.stringify(posted.data)).toContain("two-step sign-in");
    expect(posted.setCookies.some((cookie) => cookie.startsWith("admin_session="))).toBe(false);
  });
});

testOnEachEngine("the secret is stored sealed, and is sealed again with a new key by a rotation", async (db) => {
  const [first, second] = [randomBytes(32), randomBytes(32)];
  const withKeys = (current: Buffer, previous: Array<Buffer>) =>
    replaceConfig({ ...getConfig(), encryptionKey: current, encryptionPreviousKeys: previous });
  withKeys(first, []);
  const now = Date.parse("2026-11-26T10:00:10Z");
  const { account, secret } = await accountWithTwoFactor(db, now - 10 * step);
  withKeys(second, [first]);
  expect(await sealStoredTwoFactorSecrets(db)).toBe(1);
  expect(await sealStoredTwoFactorSecrets(db)).toBe(0);
  withKeys(second, []);
  expect(await spendSecondFactor(db, account.id, codeAt(secret, now), now)).toBe("authenticator");
});

testOnEachEngine(
  "from the server's shell: npm run admin -- seal moves everything to a new key, two-factor-off turns a lost phone's account back",
  async (db, dialect) => {
    const [first, second] = [randomBytes(32), randomBytes(32)];
    replaceConfig({ ...getConfig(), encryptionKey: first, encryptionPreviousKeys: [] });
    const now = Date.now();
    const { account } = await accountWithTwoFactor(db, now - 10 * step);
    const cookie = await signedInCookie(db, account.id, now);
    await createInquiry(db, {
      name: "Wren Halloway",
      email: "wren@example.com",
      phone: "(435) 555-0123",
      service: "Individual Counseling",
      message: "Sealed by the first key.",
      payment_method: "Self-Pay",
    });
    const database = await databaseOf(db, dialect);
    const admin = (...args: Array<string>) =>
      run(process.execPath, ["scripts/admin.ts", ...args], {
        env: {
          ...process.env,
          DATABASE_URL: database.dialect === "sqlite" ? database.file : database.url,
          ENCRYPTION_KEY: second.toString("base64"),
          ENCRYPTION_PREVIOUS_KEYS: first.toString("base64"),
        },
      });

    expect((await admin("seal")).stdout).toMatch(/Sealed 1 inquiries, \d+ e-mails and 1 two-step secrets with the current key/);
    expect((await admin("two-factor-off", "--email", account.email.toUpperCase())).stdout).toContain(
      `Two-step sign-in is off for ${account.email}, and its sessions were ended.`,
    );
    await expect(admin("two-factor-off", "--email", "nobody@example.com")).rejects.toMatchObject({ code: 1 });

    // The first key is gone: everything opens with the second alone.
    replaceConfig({ ...getConfig(), encryptionKey: second, encryptionPreviousKeys: [] });
    expect((await listInquiries(db, { search: "wren" })).inquiries.map((inquiry) => inquiry.message)).toEqual(["Sealed by the first key."]);
    const row = await db
      .selectFrom("admin_users")
      .select(["totp_enabled_at", "totp_secret"])
      .where("id", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_enabled_at: null, totp_secret: null });
    expect(await getAdminSession(db, siteRequest("/admin", { cookie }), now)).toBeNull();
    expect((await signIn(db, { email: account.email, password: account.password, address: "192.0.2.40" })).ok).toBe(true);
  },
);

testOnEachEngine("a new password chosen with a link still asks for the code before a session", async (db) => {
  const { account, secret } = await accountWithTwoFactor(db, Date.now() - 10 * step);
  await requestPasswordReset(db, { email: account.email, address: "192.0.2.30" });
  const mail = await db
    .selectFrom("mail_outbox")
    .select(["id", "body_text"])
    .where("to_address", "=", account.email)
    .executeTakeFirstOrThrow();
  const path = /\/admin\/reset-password\/[\w-]{43}/.exec(openMailBody(mail))![0];
  const chosen = "kettle orbit violet lantern";
  const used = await answerOf(() =>
    accountLinkRoute.action(
      routeArgs(siteRequest(path, { form: { password: chosen, confirm: chosen } }), "192.0.2.30", { secret: path.split("/").at(-1)! }),
    ),
  );
  expect(used).toMatchObject({ status: 302, location: "/admin/login/code" });
  expect(used.setCookies.some((cookie) => cookie.startsWith("admin_session="))).toBe(false);
  const challenge = cookieFrom(used.setCookies.find((cookie) => cookie.startsWith("admin_sign_in="))!);
  const signedIn = await answerOf(() =>
    loginCodeRoute.action(routeArgs(siteRequest("/admin/login/code", { cookie: challenge, form: { code: codeAt(secret, Date.now()) } }))),
  );
  expect(signedIn).toMatchObject({ status: 302, location: "/admin" });
});

describe("an Owner requiring two-step sign-in", () => {
  testOnEachEngine("must use it first; then an account without it can only set it up", async (db) => {
    const now = Date.now();
    const owner = await createTestAdmin(db);
    const ownerIdentity = (await getAdminSession(db, siteRequest("/admin", { cookie: await signedInCookie(db, owner.id) })))!;
    expect(await setTwoFactorRequired(db, ownerIdentity, true)).toMatch(/your own account first/);

    const withIt = await accountWithTwoFactor(db, now);
    const staffForm = { intent: "require-two-factor", required: "on" };
    const ownerCookie = await signedInCookie(db, withIt.account.id);
    const saved = await answerOf(() => staff.action(routeArgs(siteRequest("/admin/staff", { cookie: ownerCookie, form: staffForm }))));
    expect(saved.status).toBe(200);

    // The first account has none: pages send it to the setup; scripts get 403; the setup page opens.
    const cookie = await signedInCookie(db, owner.id);
    const page = await answerOf(() => inbox.loader(routeArgs(siteRequest("/admin/inquiries", { cookie }))));
    expect(page.status).toBe(302);
    expect(page.location).toBe("/admin/account/two-factor");
    const script = await answerOf(() => inbox.loader(routeArgs(siteRequest("/admin/inquiries.data", { cookie }))));
    expect(script.status).toBe(403);
    const setup = await answerOf(() => twoFactorPage.loader(routeArgs(siteRequest("/admin/account/two-factor", { cookie }))));
    expect(setup.status).toBe(200);
    expect(setup.data).toMatchObject({ required: true, enabledAt: null });

    // It cannot be turned off while required; an Owner can still reset it for a lost phone.
    expect(
      await turnOffTwoFactor(db, withIt.identity, { code: codeAt(withIt.secret, now), current: withIt.account.password }),
    ).toMatchObject({
      ok: false,
      field: "",
    });
    await resetStaffTwoFactor(db, { email: withIt.account.email, by: ownerIdentity });
    expect(await secretOf(db, withIt.account.id, "totp_secret")).toBe("");
    expect(await db.selectFrom("admin_recovery_codes").selectAll().where("admin_id", "=", withIt.account.id).execute()).toEqual([]);
    expect(await getAdminSession(db, siteRequest("/admin", { cookie: ownerCookie }))).toBeNull();
  });

  testOnEachEngine("turning it off needs a fresh code and the password; the recovery codes go with it", async (db) => {
    const now = Date.parse("2026-11-26T10:00:10Z");
    const { account, identity, secret } = await accountWithTwoFactor(db, now - 10 * step);
    expect(await turnOffTwoFactor(db, identity, { code: "123456", current: account.password }, now)).toMatchObject({ field: "code" });
    expect(await turnOffTwoFactor(db, identity, { code: codeAt(secret, now), current: account.password }, now)).toEqual({ ok: true });
    expect(await db.selectFrom("admin_recovery_codes").selectAll().where("admin_id", "=", account.id).execute()).toEqual([]);
    const again = await signIn(db, { email: account.email, password: account.password, address: "192.0.2.9" });
    expect(again.ok).toBe(true);
  });

  testOnEachEngine("a challenge not made from the account's own password hash is refused", async (db) => {
    const now = Date.now();
    const { account } = await accountWithTwoFactor(db, now);
    const stored = await db.selectFrom("admin_users").select("password_hash").where("id", "=", account.id).executeTakeFirstOrThrow();
    const real = cookieFrom(await issueSignInChallenge(db, { id: account.id, password_hash: stored.password_hash }, now, false));
    expect((await readSignInChallenge(db, real, now, false))?.id).toBe(account.id);
    const forged = cookieFrom(await issueSignInChallenge(db, { id: account.id, password_hash: "another hash" }, now, false));
    expect(await readSignInChallenge(db, forged, now, false)).toBeNull();
  });
});
