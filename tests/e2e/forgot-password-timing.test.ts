import { randomUUID } from "node:crypto";
import { resetRequestedMessage } from "#app/staff/staff-forms.ts";
import { uniqueClientAddress } from "#tests/fixtures/client-address.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

// "Forgot your password?" must not tell by its time which e-mails have an account (attack
// review 2026-12-01, G5: 25.5 ms for an account against 12.9 ms without). Each try is from its
// own client address and, for an account, to an account asked for once, so no limit turns a try
// into the cheaper "throttled" case; before each, the server has finished the work of the last.
// A timing test: run alone, in the "timing" project (playwright.config.ts).

const tries = 20;
/** Tries of each kind first, not counted: the first requests of a server compile its code. */
const warmUps = 3;

const median = (values: Array<number>) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
};

test("'Forgot your password?' answers as fast for an e-mail with an account as for one without", async ({ site, db }) => {
  const label = randomUUID().slice(0, 8);
  const emails = (kind: string) => Array.from({ length: warmUps + tries }, (_, n) => `${kind}-${label}-${n}@example.com`);
  const withAccount = emails("staff");
  const without = emails("nobody");
  const at = new Date().toISOString();
  // Made directly: an account made as staff would make one ends demo mode, which other tests of this server use.
  await db
    .insertInto("admin_users")
    .values(
      withAccount.map((email) => ({
        id: randomUUID(),
        email,
        password_hash: "not a hash: no password opens it",
        role: "editor",
        is_demo: 0,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();

  const requested = async () =>
    Number(
      (
        await db
          .selectFrom("audit_log")
          .select((eb) => eb.fn.countAll().as("count"))
          .where("action", "=", "password-reset-requested")
          .where("target", "like", `%-${label}-%`)
          .executeTakeFirstOrThrow()
      ).count,
    );
  const unsent = async () =>
    Number(
      (
        await db
          .selectFrom("mail_outbox")
          .select((eb) => eb.fn.countAll().as("count"))
          .where("sent_at", "is", null)
          .executeTakeFirstOrThrow()
      ).count,
    );
  /** Waits until the server has done all that `count` requests set going: each recorded, every mail sent. */
  const settled = async (count: number) => {
    for (let polls = 0; (await requested()) < count || (await unsent()) > 0; polls++) {
      if (polls > 500) throw new Error(`The server did not finish ${count} requests' work`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  let made = 0;
  const ask = async (email: string) => {
    await settled(made);
    const started = performance.now();
    const answer = await fetch(`${site.origin}/admin/forgot-password`, {
      method: "POST",
      headers: { Origin: site.origin, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": uniqueClientAddress() },
      body: new URLSearchParams({ email }),
      signal: AbortSignal.timeout(10_000),
    });
    const page = await answer.text();
    const ms = performance.now() - started;
    made++;
    expect(answer.status, email).toBe(200);
    expect(page, email).toContain(resetRequestedMessage(email));
    return ms;
  };

  const times = { account: [] as Array<number>, none: [] as Array<number> };
  for (let n = 0; n < warmUps + tries; n++) {
    // Alternating, and each kind first half the time, so a drift of the machine falls on both alike.
    const order = n % 2 === 0 ? (["account", "none"] as const) : (["none", "account"] as const);
    for (const kind of order) {
      const ms = await ask(kind === "account" ? withAccount[n]! : without[n]!);
      if (n >= warmUps) times[kind].push(ms);
    }
  }
  await settled(made);
  // Every account was mailed once, and nobody else.
  const mailed = await db.selectFrom("mail_outbox").select("to_address").where("to_address", "like", `%-${label}-%`).execute();
  expect(mailed.map((row) => row.to_address).sort()).toEqual([...withAccount].sort());

  const account = median(times.account);
  const none = median(times.none);
  const shown = (values: Array<number>) => values.map((ms) => ms.toFixed(1)).join(" ");
  console.log(
    `'Forgot your password?' over ${tries} tries each: median ${account.toFixed(1)} ms with an account, ${none.toFixed(1)} ms without`,
  );
  expect(
    Math.max(account, none) / Math.min(account, none),
    `medians ${account.toFixed(1)} and ${none.toFixed(1)} ms; with an account ${shown(times.account)}; without ${shown(times.none)}`,
  ).toBeLessThan(1.2);

  await db.deleteFrom("account_links").where("email", "in", withAccount).execute();
  await db.deleteFrom("admin_users").where("email", "in", withAccount).execute();
});
