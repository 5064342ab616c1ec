import { afterEach, expect, test, vi } from "vitest";
import { listAuditLog } from "#app/server/audit.server.ts";
import { invalidCredentialsMessage, signIn, signInLimits, signInWindowMs, signOut, throttledMessage } from "#app/staff/auth.server.ts";
import { getConfig, replaceConfig } from "#app/server/config.server.ts";
import { testConfigWith } from "#tests/setup/test-config.ts";
import { hashPassword, verifyPassword } from "#app/server/password.server.ts";
import { getAdminSession, requireAdmin, sessionLifetimeMs } from "#app/staff/session.server.ts";
import { answerOf, cookieFrom, createTestAdmin, signedInCookie, siteRequest } from "#tests/fixtures/admin.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

const testConfig = getConfig();
/** The configuration of a production server: password hashes at the real cost. */
const productionConfig = testConfigWith({ PASSWORD_HASH_COST: "standard" });

afterEach(() => {
  vi.restoreAllMocks();
  replaceConfig(testConfig);
});

test("a password hash is scrypt with its own salt, and only the right password verifies", async () => {
  replaceConfig(productionConfig);
  const first = await hashPassword("correct horse battery");
  const second = await hashPassword("correct horse battery");
  expect(first).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
  expect(second).not.toBe(first); // a fresh salt per hash
  expect(first.split("$")[4]).not.toBe(second.split("$")[4]);
  expect(await verifyPassword("correct horse battery", first)).toBe(true);
  expect(await verifyPassword("correct horse battery", second)).toBe(true);
  expect(await verifyPassword("correct horse batterY", first)).toBe(false);
  expect(await verifyPassword("", first)).toBe(false);
});

test("a malformed or absurdly expensive stored hash never verifies", async () => {
  const good = await hashPassword("correct horse battery");
  const [, , r, p, salt, key] = good.split("$");
  expect(await verifyPassword("correct horse battery", "plain text")).toBe(false);
  expect(await verifyPassword("correct horse battery", `bcrypt$32768$${r}$${p}$${salt}$${key}`)).toBe(false);
  expect(await verifyPassword("correct horse battery", `scrypt$${2 ** 24}$${r}$${p}$${salt}$${key}`)).toBe(false);
});

testOnEachEngine("sign-in with the right password starts a session; a wrong one is refused generically", async (db) => {
  const admin = await createTestAdmin(db, "Owner@Example.com", "the right password");
  const wrong = await signIn(db, { email: admin.email, password: "the wrong password", address: "198.51.100.1" });
  expect(wrong).toEqual({ ok: false, status: 401, error: invalidCredentialsMessage });
  const unknown = await signIn(db, { email: "nobody@example.com", password: "the right password", address: "198.51.100.1" });
  expect(unknown).toEqual(wrong); // the same answer whether or not the account exists

  const result = await signIn(db, { email: "  OWNER@example.com ", password: "the right password", address: "198.51.100.1" });
  if (result.ok !== true) throw new Error(String(result.ok));
  expect(result.admin.email).toBe("owner@example.com");
  const [sessionCookie, deviceCookie] = result.setCookies;
  expect(sessionCookie).toMatch(/^admin_session=[^;]+; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/);
  // The browser is remembered (signed, half a year) so that no attacker can throttle it.
  expect(deviceCookie).toMatch(/^admin_device=[^;]+; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax$/);
  const session = await getAdminSession(db, siteRequest("/admin", { cookie: cookieFrom(sessionCookie!) }));
  expect(session?.email).toBe("owner@example.com");

  // The table holds a SHA-256 of the token, never the token itself.
  const token = JSON.parse(Buffer.from(decodeURIComponent(cookieFrom(sessionCookie!).split("=")[1]!), "base64").toString()) as string;
  const stored = await db.selectFrom("admin_sessions").select("id").execute();
  expect(stored).toHaveLength(1);
  expect(stored[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  expect(stored[0]!.id).not.toContain(token);

  const log = await listAuditLog(db);
  expect(log.map((entry) => entry.action)).toEqual(expect.arrayContaining(["sign-in", "sign-in-failed"]));
  expect(JSON.stringify(log)).not.toContain("the wrong password");
  expect(JSON.stringify(log)).not.toContain("the right password");
});

test("the suite's cheap password hashes (PASSWORD_HASH_COST=test) verify by the parameters they carry", async () => {
  expect(testConfig.passwordHashCost).toBe("test");
  const cheap = await hashPassword("correct horse battery");
  expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
  replaceConfig(productionConfig);
  expect(await verifyPassword("correct horse battery", cheap)).toBe(true);
  expect(await verifyPassword("correct horse batterY", cheap)).toBe(false);
});

testOnEachEngine("an unknown e-mail costs as much time as a wrong password", async (db) => {
  replaceConfig(productionConfig); // the real cost: at the test cost both take about a millisecond
  const admin = await createTestAdmin(db);
  const timed = async (email: string, address: string) => {
    const started = performance.now();
    await signIn(db, { email, password: "a wrong password", address });
    return performance.now() - started;
  };
  await timed("warm-up@example.com", "198.51.100.9"); // the dummy hash is made once, on first use
  const known = await timed(admin.email, "198.51.100.10");
  const unknown = await timed("nobody@example.com", "198.51.100.11");
  // Both run one scrypt verification (about 0.3 s); without the dummy hash, unknown would be ~1 ms.
  // A tenth leaves room for a busy machine (a CI run measured 293 ms against 600) and still
  // fails that by far.
  expect(unknown).toBeGreaterThan(known * 0.1);
});

testOnEachEngine("after five failures for an e-mail from one address, that address is refused even the right password", async (db) => {
  const admin = await createTestAdmin(db);
  const now = Date.UTC(2026, 0, 5, 10, 0, 0);
  for (let attempt = 1; attempt <= signInLimits.pair; attempt++) {
    const result = await signIn(db, { email: admin.email, password: `guess ${attempt}`, address: "198.51.100.1" }, now);
    expect(result).toMatchObject({ ok: false, status: 401 });
  }
  const blocked = await signIn(db, { email: admin.email, password: admin.password, address: "198.51.100.1" }, now + 1000);
  expect(blocked).toEqual({ ok: false, status: 429, error: throttledMessage });
  // Unknown e-mails are throttled the same way, so the refusal reveals no account.
  for (let attempt = 1; attempt <= signInLimits.pair; attempt++)
    await signIn(db, { email: "ghost@example.com", password: "x", address: "192.0.2.1" }, now);
  expect(await signIn(db, { email: "ghost@example.com", password: "x", address: "192.0.2.1" }, now)).toEqual(blocked);
  // Once the window has passed, the right password works again.
  const later = await signIn(db, { email: admin.email, password: admin.password, address: "198.51.100.1" }, now + signInWindowMs);
  expect(later.ok).toBe(true);
});

testOnEachEngine("twenty failures from one address block that address for every e-mail", async (db) => {
  const admin = await createTestAdmin(db);
  const now = Date.UTC(2026, 0, 5, 10, 0, 0);
  for (let attempt = 1; attempt <= signInLimits.address; attempt++) {
    await signIn(db, { email: `someone${attempt}@example.com`, password: "guess", address: "203.0.113.50" }, now);
  }
  const blocked = await signIn(db, { email: admin.email, password: admin.password, address: "203.0.113.50" }, now);
  expect(blocked).toMatchObject({ ok: false, status: 429 });
  const elsewhere = await signIn(db, { email: admin.email, password: admin.password, address: "203.0.113.51" }, now);
  expect(elsewhere.ok).toBe(true);
  expect((await listAuditLog(db)).some((entry) => entry.action === "sign-in-failed" && entry.details?.includes("throttled"))).toBe(true);
});

testOnEachEngine("a session ends exactly 24 hours after sign-in", async (db) => {
  const admin = await createTestAdmin(db);
  const signedInAt = Date.UTC(2026, 0, 5, 10, 0, 0);
  const request = siteRequest("/admin/inquiries", { cookie: await signedInCookie(db, admin.id, signedInAt) });
  expect((await getAdminSession(db, request, signedInAt + sessionLifetimeMs - 1))?.id).toBe(admin.id);
  expect((await requireAdmin(request, { now: signedInAt + sessionLifetimeMs - 1 })).email).toBe(admin.email);

  const expired = await answerOf(() => requireAdmin(request, { now: signedInAt + sessionLifetimeMs }));
  expect(expired).toMatchObject({ status: 302, location: "/admin/login" });
  expect(expired.setCookies[0]).toMatch(/^admin_session=; Max-Age=0/); // the stale cookie is dropped
  // The expired row is gone: going back in time does not revive it.
  expect(await getAdminSession(db, request, signedInAt)).toBeNull();
  expect(await db.selectFrom("admin_sessions").selectAll().execute()).toEqual([]);
});

testOnEachEngine("logout deletes the session on the server, so the old cookie no longer works", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  const otherDevice = await signedInCookie(db, admin.id);
  expect(await getAdminSession(db, siteRequest("/admin", { cookie }))).not.toBeNull();
  const cleared = await signOut(db, siteRequest("/admin/logout", { cookie, form: {} }));
  expect(cleared).toMatch(/^admin_session=; Max-Age=0/);
  // A copy of the cookie kept by an attacker is now worthless...
  expect(await getAdminSession(db, siteRequest("/admin", { cookie }))).toBeNull();
  // ...while the admin's other devices stay signed in.
  expect(await getAdminSession(db, siteRequest("/admin", { cookie: otherDevice }))).not.toBeNull();
  expect((await listAuditLog(db))[0]).toMatchObject({ action: "sign-out", admin_email: admin.email });
});

testOnEachEngine("without a valid session, pages are redirected and API-style requests get 401", async () => {
  const forged = `admin_session=${Buffer.from(JSON.stringify("x".repeat(43))).toString("base64")}`;
  expect(await answerOf(() => requireAdmin(siteRequest("/admin/about")))).toMatchObject({ status: 302, location: "/admin/login" });
  expect(await answerOf(() => requireAdmin(siteRequest("/admin/about", { cookie: forged })))).toMatchObject({ status: 302 });
  expect(await answerOf(() => requireAdmin(siteRequest("/admin/about.data")))).toMatchObject({ status: 401 });
  const json = siteRequest("/admin/about", { headers: { Accept: "application/json" } });
  expect(await answerOf(() => requireAdmin(json))).toMatchObject({ status: 401 });
  // A script's POST gets 401; a browser's plain form post (a navigation) is sent to sign in.
  expect(await answerOf(() => requireAdmin(siteRequest("/admin/inquiries", { form: { id: "x" } })))).toMatchObject({ status: 401 });
  const formPost = siteRequest("/admin/inquiries", { form: { id: "x" }, headers: { "Sec-Fetch-Mode": "navigate" } });
  expect(await answerOf(() => requireAdmin(formPost))).toMatchObject({ status: 302, location: "/admin/login" });
});

testOnEachEngine("over https the cookie is Secure and __Host- prefixed", async (db) => {
  replaceConfig(testConfigWith({ SITE_URL: "https://www.example.com" }));
  const admin = await createTestAdmin(db);
  const result = await signIn(db, { email: admin.email, password: admin.password, address: "192.0.2.20" });
  if (!result.ok) throw new Error(result.error);
  expect(result.setCookies[0]).toMatch(/^__Host-admin_session=[^;]+; Max-Age=86400; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  expect(result.setCookies[1]).toMatch(/^__Host-admin_device=[^;]+; Max-Age=15552000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  const cookie = cookieFrom(result.setCookies[0]!);
  expect((await getAdminSession(db, siteRequest("/admin", { cookie })))?.id).toBe(admin.id);
  // The plain-http name is not accepted in its place.
  expect(await getAdminSession(db, siteRequest("/admin", { cookie: cookie.replace("__Host-", "") }))).toBeNull();
});
