import { afterEach, expect } from "vitest";
import { signIn, signInLimits, throttledMessage } from "#app/staff/auth.server.ts";
import { getConfig, replaceConfig } from "#app/server/config.server.ts";
import { testConfigWith } from "#tests/setup/test-config.ts";
import { createTestAdmin } from "#tests/fixtures/admin.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

const now = Date.UTC(2026, 0, 5, 10, 0, 0);

const testConfig = getConfig();
afterEach(() => replaceConfig(testConfig));

testOnEachEngine("thirty sign-ins sent at once check at most five passwords; the right one sent last is refused", async (db) => {
  const admin = await createTestAdmin(db);
  const attempts = Array.from({ length: 30 }, (_, index) => (index === 29 ? admin.password : `wrong guess ${index}`));
  const results = await Promise.all(
    attempts.map((password) => signIn(db, { email: admin.email, password, address: "198.51.100.40" }, now)),
  );
  const checked = results.filter((result) => result.ok || result.status === 401);
  expect(checked.length).toBeLessThanOrEqual(signInLimits.pair);
  expect(results.filter((result) => !result.ok && result.status === 429).length).toBeGreaterThanOrEqual(30 - signInLimits.pair);
  expect(results.every((result) => !result.ok)).toBe(true);
  expect(results.at(-1)).toEqual({ ok: false, status: 429, error: throttledMessage });
});

testOnEachEngine("a hundred sign-ins at once, to many e-mails from one address, check at most the address limit", async (db) => {
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, index) =>
      signIn(db, { email: `guess${index % 10}@example.com`, password: "guess", address: "198.51.100.41" }, now),
    ),
  );
  expect(results.filter((result) => !result.ok && result.status === 401).length).toBeLessThanOrEqual(signInLimits.address);
});

testOnEachEngine("an attacker elsewhere cannot lock out staff at their usual address or on their known browser", async (db) => {
  const admin = await createTestAdmin(db);
  // Staff sign in at the office; their browser keeps the known-device cookie.
  const atOffice = await signIn(db, { email: admin.email, password: admin.password, address: "203.0.113.10" }, now);
  if (!atOffice.ok) throw new Error(atOffice.error);
  const deviceCookie = atOffice.setCookies.map((header) => header.split(";", 1)[0]!).find((pair) => pair.startsWith("admin_device="));
  expect(deviceCookie).toBeDefined();

  // Someone guesses from many addresses, more than every limit allows.
  for (let attempt = 1; attempt <= signInLimits.account + 5; attempt++) {
    await signIn(db, { email: admin.email, password: `guess ${attempt}`, address: `192.0.2.${attempt}` }, now + 1000);
  }
  // A new address without the cookie is throttled: guessing spread over addresses is bounded.
  const stranger = await signIn(db, { email: admin.email, password: admin.password, address: "192.0.2.200" }, now + 2000);
  expect(stranger).toEqual({ ok: false, status: 429, error: throttledMessage });
  // Staff are not: at the office, or from home with the browser that signed in before.
  expect((await signIn(db, { email: admin.email, password: admin.password, address: "203.0.113.10" }, now + 3000)).ok).toBe(true);
  const fromHome = await signIn(
    db,
    { email: admin.email, password: admin.password, address: "198.51.100.77", cookies: deviceCookie! },
    now + 4000,
  );
  expect(fromHome.ok).toBe(true);
  // A forged cookie is worth nothing.
  const forged = deviceCookie!.replace(/=(.)/, (_, first: string) => `=${first === "A" ? "B" : "A"}`);
  expect(
    await signIn(db, { email: admin.email, password: admin.password, address: "198.51.100.78", cookies: forged }, now + 5000),
  ).toMatchObject({
    status: 429,
  });
});

testOnEachEngine("five wrong passwords from one address do not block the same account from another address", async (db) => {
  const admin = await createTestAdmin(db);
  for (let attempt = 1; attempt <= 5; attempt++)
    await signIn(db, { email: admin.email, password: `guess ${attempt}`, address: "192.0.2.50" }, now);
  expect(await signIn(db, { email: admin.email, password: admin.password, address: "192.0.2.50" }, now)).toMatchObject({ status: 429 });
  expect((await signIn(db, { email: admin.email, password: admin.password, address: "192.0.2.51" }, now)).ok).toBe(true);
});

testOnEachEngine(
  "a flood of sign-ins from 80 addresses: staff on their known browser get in ahead of the strangers' line, and every refused attempt counts (F3)",
  async (db) => {
    // Password hashes at the real cost, as a production server makes them.
    replaceConfig(testConfigWith({ PASSWORD_HASH_COST: "standard" }));
    const admin = await createTestAdmin(db);
    const first = await signIn(db, { email: admin.email, password: admin.password, address: "203.0.113.20" });
    if (!first.ok) throw new Error(first.error);
    const deviceCookie = first.setCookies.map((header) => header.split(";", 1)[0]!).find((pair) => pair.startsWith("admin_device="))!;

    let refusedAsBusy = 0;
    let strangersChecked = 0;
    const flood = Array.from({ length: 80 }, (_, index) =>
      signIn(db, { email: `guess${index}@example.com`, password: "guess", address: `192.0.2.${index + 1}` }).then((result) => {
        if (!result.ok && result.status === 503) refusedAsBusy++;
        if (!result.ok && result.status === 401) strangersChecked++;
        return result;
      }),
    );
    // Staff come once the flood fills the strangers' line (the first attempt refused as busy says so).
    await expect.poll(() => refusedAsBusy, { interval: 1 }).toBeGreaterThan(0);
    const staff = await signIn(db, { email: admin.email, password: admin.password, address: "198.51.100.30", cookies: deviceCookie });
    // Counted in checks, not seconds, so a busy machine slows both sides alike: staff waited at
    // most for the checks already running, not for the strangers who came first and were waiting.
    const strangersCheckedBeforeStaff = strangersChecked;
    // The flood ends before anything is asserted, so none of it reaches the next test.
    const results = await Promise.all(flood);

    expect(staff.ok).toBe(true);
    const checked = results.filter((result) => !result.ok && result.status === 401).length;
    expect(strangersCheckedBeforeStaff).toBeLessThanOrEqual(2);
    expect(checked - strangersCheckedBeforeStaff).toBeGreaterThanOrEqual(10);
    expect(results.filter((result) => !result.ok && result.status === 503).length).toBeGreaterThan(0);
    // Turned away or not, each attempt was counted against its address.
    const counters = await db
      .selectFrom("rate_limit_counters")
      .select(["key", "count"])
      .where("key", "like", "admin-login:address:192.0.2.%")
      .execute();
    expect(counters).toHaveLength(80);
    expect(counters.every((counter) => Number(counter.count) === 1)).toBe(true);
  },
);

testOnEachEngine("guesses from the addresses of one IPv6 /64 count as one address (review F4)", async (db) => {
  const admin = await createTestAdmin(db);
  const results = [];
  for (let host = 1; host <= signInLimits.pair + 3; host++) {
    results.push(await signIn(db, { email: admin.email, password: `guess ${host}`, address: `2001:db8:9:9::${host}` }, now));
  }
  expect(results.filter((result) => !result.ok && result.status === 401)).toHaveLength(signInLimits.pair);
  expect(results.at(-1)).toEqual({ ok: false, status: 429, error: throttledMessage });
  // Someone in another /64 is not held up by it.
  expect((await signIn(db, { email: admin.email, password: admin.password, address: "2001:db8:9:a::1" }, now)).ok).toBe(true);
});
