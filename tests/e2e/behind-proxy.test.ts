import { execFileSync } from "node:child_process";
import { request as httpRequest } from "node:http";
import { networkInterfaces } from "node:os";
import { expect, test } from "@playwright/test";
import { siteAccounts } from "#tests/fixtures/e2e-test.ts";
import { type LocalNginx, startNginx } from "../../bench/local-nginx.ts";
import { type LocalServer, startLocalServer } from "../../bench/local-server.ts";
import { checkFormAttacks, raceSignIns, runSecurityCheck } from "../../bench/security-probes.ts";

// The site behind a real nginx on the same machine (review F2, F8, F10, G1, G2), both started
// here. A visitor from elsewhere is played by this machine's own network address (not loopback):
// nginx and the site see it as a remote client, as they would a visitor on the internet.
test.describe.configure({ mode: "serial" });

const remoteAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

type Answer = { status: number; headers: Record<string, string | Array<string> | undefined>; body: string };

/** One request from `from` (a source address of this machine), with exactly the headers given. */
function send(url: string, options: { from?: string; method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? "GET", headers: options.headers, localAddress: options.from },
      (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.setTimeout(120_000, () => request.destroy(new Error("no answer"))); // a bound on a hang
    request.on("error", reject);
    request.end(options.body);
  });
}

/**
 * nginx on this machine's network address, in front of `app`, as the review configured it: it
 * says the visitor came over https (as a proxy that ends TLS does), or with `proto` what it says.
 */
function proxyTo(app: LocalServer, proto: string | null): Promise<LocalNginx> {
  const upstream = new URL(app.origin);
  // proto null: nginx's bare `proxy_pass`, which sends no forwarding header at all, and
  // `Host: 127.0.0.1:<port>` (review G1).
  const headers =
    proto === null
      ? ""
      : `proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto ${proto};`;
  return startNginx({
    host: remoteAddress!,
    server: () => `location / {
      proxy_pass http://127.0.0.1:${upstream.port};
      ${headers}
    }`,
  });
}

async function withSite(
  env: Record<string, string>,
  run: (site: { app: LocalServer; proxy: string }) => Promise<void>,
  proto: string | null = "https",
) {
  const app = await startLocalServer(env);
  let nginx: LocalNginx | undefined;
  try {
    nginx = await proxyTo(app, proto);
    await run({ app, proxy: `http://${remoteAddress}:${nginx.port}` });
  } finally {
    nginx?.stop();
    await app.stop();
  }
}

const showsDemo = (answer: Answer) => answer.body.includes("demo@redcliffscounseling.example");

/** The demo account's password, as the site's own queries read it from its database. */
async function demoPassword(app: LocalServer): Promise<string> {
  const site = siteAccounts(app.databaseFile);
  try {
    const password = await site.demoPassword();
    if (!password) throw new Error("The site has no demo password");
    return password;
  } finally {
    await site.close();
  }
}

/** A session's Cookie header from a sign-in's answer. */
function sessionOf(answer: Answer): string {
  return [answer.headers["set-cookie"] ?? []]
    .flat()
    .map((header) => header.split(";", 1)[0])
    .join("; ");
}

/** Every account write of Staff Accounts, and the demo's own Owner account, as forms. */
const accountWrites: Array<Record<string, string>> = [
  { intent: "make-owner", email: "squatter@evil.example", password: "kettle orbit violet lantern", confirm: "kettle orbit violet lantern" },
  { intent: "invite", email: "attacker@evil.example", role: "owner" },
  { intent: "withdraw", email: "attacker@evil.example" },
  { intent: "set-role", email: "demo@redcliffscounseling.example", role: "editor" },
  { intent: "reset", email: "demo@redcliffscounseling.example" },
  { intent: "disable", email: "demo@redcliffscounseling.example" },
  { intent: "enable", email: "demo@redcliffscounseling.example" },
  { intent: "remove", email: "demo@redcliffscounseling.example", confirm: "on" },
  { intent: "reset-two-factor", email: "demo@redcliffscounseling.example" },
  { intent: "require-two-factor", required: "on" },
];

/** Posts each account write to /admin/staff through `proxy` (and its data URL), as a browser of `origin` would; the statuses. */
async function tryAccountWrites(proxy: string, origin: string, cookie: string | null): Promise<Array<number>> {
  const statuses: Array<number> = [];
  for (const form of accountWrites) {
    for (const path of ["/admin/staff", "/admin/staff.data"]) {
      const answer = await send(`${proxy}${path}`, {
        from: remoteAddress,
        method: "POST",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
        body: new URLSearchParams(form).toString(),
      });
      statuses.push(answer.status);
    }
  }
  // And an invitation's page, with a link guessed.
  const invite = await send(`${proxy}/admin/invite/${"A".repeat(43)}`, {
    from: remoteAddress,
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ password: "kettle orbit violet lantern", confirm: "kettle orbit violet lantern" }).toString(),
  });
  statuses.push(invite.status);
  return statuses;
}

/** A sign-in posted to `url`, from the page a browser would have shown at `origin`. */
function signIn(
  url: string,
  email: string,
  password: string,
  options: { from?: string; origin?: string; headers?: Record<string, string> } = {},
) {
  return send(`${url}/admin/login`, {
    from: options.from,
    method: "POST",
    headers: { Origin: options.origin ?? url, "Content-Type": "application/x-www-form-urlencoded", ...options.headers },
    body: new URLSearchParams({ email, password }).toString(),
  });
}

test.beforeAll(() => {
  if (!remoteAddress) throw new Error("This machine has no network address besides loopback to play a remote visitor with");
});

test("a fresh install in production has no demo account, through the proxy or not (F2)", async () => {
  await withSite({}, async ({ app, proxy }) => {
    for (const url of [`${proxy}/admin/login`, `${proxy}/admin/login.data`, `${app.origin}/admin/login`]) {
      const answer = await send(url, { from: remoteAddress });
      expect(answer.status, url).toBe(200);
      expect(showsDemo(answer), url).toBe(false);
    }
  });
});

test("DEMO_MODE=local behind an untrusted same-host proxy: visitors through it see and get nothing (F2)", async () => {
  await withSite({ DEMO_MODE: "local" }, async ({ app, proxy }) => {
    const password = await demoPassword(app);
    for (const url of [`${proxy}/admin/login`, `${proxy}/admin/login.data`]) {
      expect(showsDemo(await send(url, { from: remoteAddress })), url).toBe(false);
    }
    const attempt = await signIn(proxy, "demo@redcliffscounseling.example", password, { from: remoteAddress });
    expect(attempt.status).toBe(401);
    expect(attempt.headers["set-cookie"] ?? []).toEqual([]);
    const inbox = await send(`${proxy}/admin/inquiries`, { from: remoteAddress });
    expect(inbox.status).toBe(302);
    expect(inbox.headers.location).toBe("/admin/login");
  });
});

test("DEMO_MODE=local behind a bare proxy_pass (no forwarding header at all): visitors see no password and get no way in (G1)", async () => {
  await withSite(
    { DEMO_MODE: "local" },
    async ({ app, proxy }) => {
      const site = siteAccounts(app.databaseFile);
      try {
        const before = await site.accounts();
        expect(before).toEqual([{ email: "demo@redcliffscounseling.example", role: "owner", isDemo: true, disabledAt: null }]);
        const password = await demoPassword(app);
        for (const url of [`${proxy}/admin/login`, `${proxy}/admin/login.data`]) {
          const answer = await send(url, { from: remoteAddress });
          expect(answer.status, url).toBe(200);
          expect(answer.body, url).not.toContain(password);
          expect(showsDemo(answer), url).toBe(false);
        }
        // The bare proxy makes the site's origin its upstream's (Host: 127.0.0.1:<port>), as the review's attacker used.
        const attempt = await signIn(proxy, "demo@redcliffscounseling.example", password, { from: remoteAddress, origin: app.origin });
        expect(attempt.status).toBe(401);
        expect(attempt.headers["set-cookie"] ?? []).toEqual([]);
        // A guessed demo link opens nothing either.
        const guessed = await send(`${proxy}/admin/login?demo=${"A".repeat(43)}`, { from: remoteAddress });
        expect(guessed.status).toBe(302);
        expect(guessed.headers["set-cookie"] ?? []).toEqual([]);
        // No way to make or change an account without a session.
        const statuses = await tryAccountWrites(proxy, app.origin, null);
        expect(statuses.filter((status) => status < 300 || status >= 500)).toEqual([]);
        expect(await site.accounts()).toEqual(before);
        expect(await site.openInvites()).toEqual([]);
      } finally {
        await site.close();
      }
    },
    null,
  );
});

test("DEMO_MODE=public behind a bare proxy_pass: visitors may sign in to the demo, but no account is made or changed (G2)", async () => {
  await withSite(
    { DEMO_MODE: "public" },
    async ({ app, proxy }) => {
      const site = siteAccounts(app.databaseFile);
      try {
        const before = await site.accounts();
        const password = await demoPassword(app);
        // A public demonstration: anyone reads the password and signs in.
        const page = await send(`${proxy}/admin/login`, { from: remoteAddress });
        expect(page.body).toContain(password);
        expect(page.body).toContain("This is a public demonstration: accounts cannot be made or changed here.");
        const signedIn = await signIn(proxy, "demo@redcliffscounseling.example", password, { from: remoteAddress, origin: app.origin });
        expect(signedIn.status).toBe(302);
        const cookie = sessionOf(signedIn);
        const staffPage = await send(`${proxy}/admin/staff`, { from: remoteAddress, headers: { Cookie: cookie } });
        expect(staffPage.status).toBe(200);
        expect(staffPage.body).toContain("This is a public demonstration: accounts cannot be made or changed here.");
        // Every account write is refused, its own Owner account included.
        const statuses = await tryAccountWrites(proxy, app.origin, cookie);
        expect(statuses.slice(0, -1)).toEqual(statuses.slice(0, -1).map(() => 403));
        expect(statuses.at(-1)).toBe(400); // the guessed invitation: "This link cannot be used"
        expect(await site.accounts()).toEqual(before);
        expect(await site.openInvites()).toEqual([]);
        // The demo still signs in: nobody ended it.
        expect(
          (await signIn(proxy, "demo@redcliffscounseling.example", password, { from: remoteAddress, origin: app.origin })).status,
        ).toBe(302);
      } finally {
        await site.close();
      }
    },
    null,
  );
});

test("TRUST_PROXY names nginx: a forged X-Forwarded-For through it, or straight to the site, shows nothing (F8)", async () => {
  // The site listens on every address here, as a misconfigured firewall would let it be reached.
  await withSite({ DEMO_MODE: "local", TRUST_PROXY: "127.0.0.1", HOST: "0.0.0.0" }, async ({ app, proxy }) => {
    const password = await demoPassword(app);
    const forged = { "X-Forwarded-For": "127.0.0.1", "X-Real-IP": "127.0.0.1" };
    const direct = `http://${remoteAddress}:${new URL(app.origin).port}`;
    for (const url of [`${proxy}/admin/login`, `${proxy}/admin/login.data`, `${direct}/admin/login`, `${direct}/admin/login.data`]) {
      expect(showsDemo(await send(url, { from: remoteAddress, headers: forged })), url).toBe(false);
    }
    // nginx says https: the browser's page was https://<nginx>.
    const throughProxy = { from: remoteAddress, headers: forged, origin: proxy.replace("http:", "https:") };
    expect((await signIn(proxy, "demo@redcliffscounseling.example", password, throughProxy)).status).toBe(401);
    expect((await signIn(direct, "demo@redcliffscounseling.example", password, { from: remoteAddress, headers: forged })).status).toBe(401);
  });
});

test("behind a trusted proxy that says https, cookies are Secure and HSTS is sent, without SITE_URL (F10)", async () => {
  await withSite({ TRUST_PROXY: "127.0.0.1" }, async ({ app, proxy }) => {
    const email = "proxy-staff@example.com";
    const password = "a long password behind nginx";
    execFileSync(process.execPath, ["scripts/admin.ts", "create", "--email", email], {
      env: { ...process.env, DATABASE_URL: app.databaseFile, ADMIN_PASSWORD: password, NODE_ENV: "production" },
    });
    const signedIn = await signIn(proxy, email, password, { from: remoteAddress, origin: proxy.replace("http:", "https:") });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const cookies = [signedIn.headers["set-cookie"] ?? []].flat();
    for (const name of ["__Host-admin_session=", "__Host-admin_device="]) {
      expect(
        cookies.find((cookie) => cookie.startsWith(name)),
        name,
      ).toMatch(/; Secure/);
    }
    const cookie = cookies.map((header) => header.split(";", 1)[0]).join("; ");
    const inbox = await send(`${proxy}/admin/inquiries`, { from: remoteAddress, headers: { Cookie: cookie } });
    expect(inbox.status).toBe(200);
    // The same site reached without the proxy is plain http: no HSTS.
    expect((await send(`${app.origin}/`)).headers["strict-transport-security"]).toBeUndefined();
  });
});

test("npm run check:security holds through the proxy", async () => {
  // This nginx speaks plain http, and says so ($scheme): the check's posts come from the same origin.
  await withSite(
    { TRUST_PROXY: "127.0.0.1", DEMO_MODE: "local" },
    async ({ proxy }) => {
      const results = await runSecurityCheck(proxy);
      expect(results.filter((result) => !result.refused)).toEqual([]);
      expect((await checkFormAttacks(proxy)).filter((attack) => !attack.held)).toEqual([]);
      expect((await raceSignIns(proxy, 30)).held).toBe(true);
    },
    "$scheme",
  );
});
