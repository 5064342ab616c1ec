import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import {
  AdminAccountError,
  createAdmin,
  disableAdmin,
  enableAdmin,
  listAdmins,
  removeAdmin,
  resetAdminPassword,
} from "#app/staff/staff-accounts.server.ts";
import { listAuditLog } from "#app/server/audit.server.ts";
import { signIn } from "#app/staff/auth.server.ts";
import { parseConfig, replaceConfig } from "#app/server/config.server.ts";
import { createDb } from "#app/server/db/db.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { demoAdminEmail, demoSignInFor, newDemoLink, openDemoLink, startDemoMode } from "#app/staff/demo-admin.server.ts";
import { getAdminSession } from "#app/staff/session.server.ts";
import { cookieFrom, signedInCookie, siteRequest } from "#tests/fixtures/admin.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

const run = promisify(execFile);

testOnEachEngine("accounts are stored with a lowercased, trimmed, unique e-mail and a 12-character minimum", async (db) => {
  const admin = await createAdmin(db, { email: "  Staff@Example.COM ", password: "twelve chars" });
  expect(admin.email).toBe("staff@example.com");
  await expect(createAdmin(db, { email: "STAFF@example.com", password: "another password" })).rejects.toThrow(AdminAccountError);
  await expect(createAdmin(db, { email: "new@example.com", password: "eleven char" })).rejects.toThrow("at least 12 characters");
  await expect(createAdmin(db, { email: "not an e-mail", password: "a long enough one" })).rejects.toThrow("valid email");
  const row = await db.selectFrom("admin_users").select(["email", "password_hash"]).executeTakeFirstOrThrow();
  expect(row.password_hash).toMatch(/^scrypt\$/);
  expect(row.password_hash).not.toContain("twelve chars");
});

/** The demo link's path in the console line startDemoMode logs. */
function linkIn(lines: Array<string>): string {
  const path = /http:\/\/localhost:\d+(\/admin\/login\?demo=[A-Za-z0-9_-]{43}) /.exec(lines.join("\n"))?.[1];
  if (!path) throw new Error(`no demo link in: ${lines.join("\n")}`);
  return path;
}

/** The Cookie header of a browser that opened `path` (the demo link), or null when the link opened nothing. */
async function browserThatOpened(db: Db, path: string): Promise<string | null> {
  const setCookie = await openDemoLink(db, new URL(path, "http://localhost").searchParams.get("demo")!, false);
  return setCookie === null ? null : cookieFrom(setCookie);
}

testOnEachEngine("demo mode lasts until a real admin exists, then the demo account and its sessions go", async (db) => {
  // Two instances starting at once on one database agree on one working password.
  const [first, second]: Array<Array<string>> = [[], []];
  await Promise.all([startDemoMode(db, (line) => first!.push(line)), startDemoMode(db, (line) => second!.push(line))]);
  // Each start ends the link before it: the one made last works.
  const browsers = [await browserThatOpened(db, linkIn(first!)), await browserThatOpened(db, linkIn(second!))];
  expect(browsers.filter((opened) => opened !== null)).toHaveLength(1);
  const browser = browsers.find((opened) => opened !== null)!;
  const shown = await demoSignInFor(db, browser, false);
  if (shown === null || shown === "link") throw new Error("The demo account is not shown to the browser that opened the link");
  expect(shown.email).toBe(demoAdminEmail);
  const signedIn = await signIn(db, { email: demoAdminEmail, password: shown.password, address: "127.0.0.1", cookies: browser });
  expect(signedIn.ok).toBe(true);
  const demoId = (await listAdmins(db))[0]!.id;
  const cookie = await signedInCookie(db, demoId);

  // A restart keeps the password (it lives in the database); its new link shows the same one.
  const again: Array<string> = [];
  await startDemoMode(db, (line) => again.push(line));
  const nextBrowser = await browserThatOpened(db, linkIn(again));
  expect(await demoSignInFor(db, nextBrowser, false)).toEqual(shown);
  expect((await signIn(db, { email: demoAdminEmail, password: shown.password, address: "127.0.0.1", cookies: nextBrowser })).ok).toBe(true);

  await createAdmin(db, { email: "owner@example.com", password: "a real password" });
  expect(await demoSignInFor(db, nextBrowser, false)).toBeNull();
  // Its password and its link leave the database at once, not at the next start.
  const settings = await db
    .selectFrom("site_settings")
    .select("key")
    .where("key", "in", ["demo-admin-password", "demo-link-hash"])
    .execute();
  expect(settings).toEqual([]);
  expect((await listAdmins(db)).map((admin) => admin.email)).toEqual(["owner@example.com"]);
  expect(await getAdminSession(db, siteRequest("/admin", { cookie }))).toBeNull();

  // Later starts stay out of demo mode.
  await startDemoMode(db, () => {});
  expect(await demoSignInFor(db, nextBrowser, false)).toBeNull();
  expect(await listAdmins(db)).toHaveLength(1);
  const actions = (await listAuditLog(db)).map((entry) => entry.action);
  expect(actions).toEqual(expect.arrayContaining(["demo-admin-created", "admin-created", "demo-admin-deleted"]));
});

testOnEachEngine("the demo account is shown to, and signs in from, only browsers that opened the console's current link", async (db) => {
  const lines: Array<string> = [];
  await startDemoMode(db, (line) => lines.push(line));
  // The console says where to go, and nothing else: not the password.
  const password = (await db.selectFrom("site_settings").select("value").where("key", "=", "demo-admin-password").executeTakeFirstOrThrow())
    .value;
  expect(lines).toEqual([
    expect.stringMatching(/^Admin demo mode: open http:\/\/localhost:\d+\/admin\/login\?demo=\S+ to see the demo account/),
  ]);
  expect(lines.join("\n")).not.toContain(password);
  const link = linkIn(lines);
  // Only the secret's hash is kept.
  const secret = new URL(link, "http://localhost").searchParams.get("demo")!;
  expect(JSON.stringify(await db.selectFrom("site_settings").selectAll().execute())).not.toContain(secret);

  // A browser without the link, whatever its address, is told where the link is and nothing more.
  for (const address of ["127.0.0.1", "::1", "203.0.113.5"]) {
    expect(await demoSignInFor(db, null, false)).toBe("link");
    expect(await signIn(db, { email: demoAdminEmail, password, address })).toMatchObject({ ok: false, status: 401 });
  }
  expect(await browserThatOpened(db, `/admin/login?demo=${"A".repeat(43)}`)).toBeNull();
  expect(await demoSignInFor(db, "admin_demo=forged", false)).toBe("link");

  // The link works in as many browsers as open it (a laptop and a phone), for as long as it is current.
  const laptop = await browserThatOpened(db, link);
  const phone = await browserThatOpened(db, link);
  for (const browser of [laptop, phone]) {
    expect(await demoSignInFor(db, browser, false)).toEqual({ email: demoAdminEmail, password, publicDemo: false });
    expect((await signIn(db, { email: demoAdminEmail, password, address: "203.0.113.6", cookies: browser })).ok).toBe(true);
  }

  // A new link (the next start, or npm run admin -- demo-link) ends the old one, and its browsers' view.
  const fresh = await newDemoLink(db);
  expect(await browserThatOpened(db, link)).toBeNull();
  expect(await demoSignInFor(db, laptop, false)).toBe("link");
  expect(await signIn(db, { email: demoAdminEmail, password, address: "203.0.113.6", cookies: laptop })).toMatchObject({ ok: false });
  expect(await demoSignInFor(db, await browserThatOpened(db, fresh), false)).toMatchObject({ password });
  const refusals = (await listAuditLog(db)).filter((entry) => entry.action === "sign-in-failed").map((entry) => entry.details);
  expect(refusals.at(0)).toContain("demo-without-link");

  // Public: anyone, with no link at all.
  replaceConfig(parseConfig({ DEMO_MODE: "public" }));
  expect(await demoSignInFor(db, null, false)).toEqual({ email: demoAdminEmail, password, publicDemo: true });
  expect(await browserThatOpened(db, fresh)).toBeNull(); // a public demonstration needs no link
  expect((await signIn(db, { email: demoAdminEmail, password, address: "203.0.113.7" })).ok).toBe(true);

  // Off (the default on PostgreSQL): no demo account at all, whoever asks.
  replaceConfig(parseConfig({ DATABASE_URL: "postgres://db.invalid/site" }));
  const logged: Array<string> = [];
  await startDemoMode(db, (line) => logged.push(line));
  expect(logged.join("\n")).toContain("npm run admin -- create");
  expect(await demoSignInFor(db, laptop, false)).toBeNull();
  expect(await listAdmins(db)).toEqual([]);
});

testOnEachEngine("resetting a password replaces the hash and signs the account out everywhere", async (db) => {
  const admin = await createAdmin(db, { email: "owner@example.com", password: "the first password" });
  const cookie = await signedInCookie(db, admin.id);
  await resetAdminPassword(db, { email: "OWNER@example.com", password: "the second password" });
  expect(await getAdminSession(db, siteRequest("/admin", { cookie }))).toBeNull();
  expect((await signIn(db, { email: admin.email, password: "the first password", address: "192.0.2.3" })).ok).toBe(false);
  expect((await signIn(db, { email: admin.email, password: "the second password", address: "192.0.2.3" })).ok).toBe(true);
  await expect(resetAdminPassword(db, { email: "nobody@example.com", password: "whatever password" })).rejects.toThrow(AdminAccountError);
  expect((await listAuditLog(db)).find((entry) => entry.action === "admin-password-reset")).toMatchObject({ target: "owner@example.com" });
});

testOnEachEngine("a disabled account cannot sign in and loses its sessions; a removed one is gone", async (db) => {
  const admin = await createAdmin(db, { email: "leaver@example.com", password: "the leaver's password" });
  const stays = await createAdmin(db, { email: "stays@example.com", password: "the other password" });
  const cookie = await signedInCookie(db, admin.id);
  const otherCookie = await signedInCookie(db, stays.id);
  await disableAdmin(db, { email: "Leaver@example.com" });
  expect(await getAdminSession(db, siteRequest("/admin", { cookie }))).toBeNull();
  // The same answer as a wrong password: nothing tells a guesser the account exists.
  expect(await signIn(db, { email: admin.email, password: "the leaver's password", address: "192.0.2.5" })).toMatchObject({
    ok: false,
    status: 401,
  });
  expect(await getAdminSession(db, siteRequest("/admin", { cookie: otherCookie }))).not.toBeNull();

  await enableAdmin(db, { email: admin.email });
  const back = await signIn(db, { email: admin.email, password: "the leaver's password", address: "192.0.2.5" });
  expect(back.ok).toBe(true);

  await removeAdmin(db, { email: admin.email });
  expect((await listAdmins(db)).map((account) => account.email)).toEqual(["stays@example.com"]);
  expect(await db.selectFrom("admin_sessions").select("admin_id").execute()).toEqual([{ admin_id: stays.id }]);
  expect(await db.selectFrom("admin_sign_in_addresses").selectAll().execute()).toEqual([]);
  await expect(removeAdmin(db, { email: admin.email })).rejects.toThrow(AdminAccountError);
});

test("npm run admin creates, lists and resets accounts from the environment's password", async () => {
  const folder = mkdtempSync(join(tmpdir(), "admin-cli-"));
  const env = { ...process.env, DATABASE_URL: join(folder, "site.db"), ADMIN_PASSWORD: "a password from the env" };
  const admin = (...args: Array<string>) => run(process.execPath, ["scripts/admin.ts", ...args], { env });
  try {
    // The first account is an Owner: an Editor or Inbox account alone would leave nobody to manage the site.
    await expect(admin("create", "--email", "first@example.com", "--role", "editor")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("The first account must be an Owner"),
    });
    expect((await admin("create", "--email", "Owner@Example.com")).stdout).toContain("Created Owner owner@example.com");
    // No demo account now: no demo link either.
    await expect(admin("demo-link")).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("There is no demo account") });
    expect((await admin("list")).stdout).toMatch(/^owner@example\.com\tOwner\tactive\t/);
    expect((await admin("reset-password", "--email", "owner@example.com")).stdout).toContain("New password set");
    expect((await admin("create", "--email", "leaver@example.com", "--role", "inbox")).stdout).toContain(
      "Created Inbox leaver@example.com",
    );
    expect((await admin("disable", "--email", "Leaver@example.com")).stdout).toContain("Disabled leaver@example.com");
    expect((await admin("list")).stdout).toMatch(/^leaver@example\.com\tInbox\tdisabled\t/m);
    expect((await admin("set-role", "--email", "leaver@example.com", "--role", "editor")).stdout).toContain(
      "leaver@example.com is now Editor",
    );
    // The last owner stays one, and a role this version does not know is refused before anything is asked.
    await expect(admin("set-role", "--email", "owner@example.com", "--role", "editor")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("At least one owner"),
    });
    await expect(admin("create", "--email", "d@example.com", "--role", "admin")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("Choose Owner, Editor, Inbox or Clinician."),
    });
    expect((await admin("enable", "--email", "leaver@example.com")).stdout).toContain("Enabled leaver@example.com");
    expect((await admin("remove", "--email", "leaver@example.com")).stdout).toContain("Removed leaver@example.com");
    expect((await admin("list")).stdout).not.toContain("leaver@example.com");
    await expect(admin("remove", "--email", "leaver@example.com")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No admin"),
    });

    const duplicate = admin("create", "--email", "owner@example.com");
    await expect(duplicate).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("already exists") });
    const short = run(process.execPath, ["scripts/admin.ts", "create", "--email", "b@example.com"], {
      env: { ...env, ADMIN_PASSWORD: "short" },
    });
    await expect(short).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("at least 12 characters") });
    // Without a terminal and without ADMIN_PASSWORD it explains instead of hanging.
    const noTerminal = run(process.execPath, ["scripts/admin.ts", "create", "--email", "c@example.com"], {
      env: { ...env, ADMIN_PASSWORD: "" },
    });
    await expect(noTerminal).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("ADMIN_PASSWORD") });
    await expect(admin("frobnicate")).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("Usage") });

    const db = createDb({ dialect: "sqlite", file: join(folder, "site.db") });
    try {
      const actions = (await db.selectFrom("audit_log").select("action").execute()).map((row) => row.action);
      expect(actions).toEqual(
        expect.arrayContaining([
          "admin-created",
          "admin-password-reset",
          "admin-disabled",
          "admin-role-changed",
          "admin-enabled",
          "admin-removed",
        ]),
      );
    } finally {
      await db.destroy();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
