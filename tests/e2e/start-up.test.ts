import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { demoCredentials, signInAsDemo } from "#tests/fixtures/e2e-admin.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";
import { startLocalServer } from "../../bench/local-server.ts";
import { e2eServerEnv } from "#tests/setup/e2e-server.ts";

const run = promisify(execFile);

/** Starts the site a second time, set up as the running test server (on its port, `origin`'s); returns how it ended. */
async function startAgain(script: string, origin: string, env: Record<string, string>) {
  try {
    const settings = { ...process.env, ...e2eServerEnv(), PORT: new URL(origin).port, ...env };
    await run(process.execPath, [script], { env: settings, timeout: 120_000 });
    return { code: 0, stderr: "" };
  } catch (error) {
    const failure = error as { code: number; stderr: string };
    return { code: failure.code, stderr: failure.stderr };
  }
}

for (const script of ["server.ts", "scripts/start.ts"]) {
  test(`${script} on a port in use says so in one line and touches nothing`, async ({ baseURL }) => {
    const folder = mkdtempSync(join(tmpdir(), "second-start-"));
    try {
      const database = join(folder, "site.db");
      const result = await startAgain(script, baseURL, { DATABASE_URL: database });
      expect(result.code).toBe(1);
      const port = new URL(baseURL).port;
      // One log line (JSON when stderr is not a terminal, as here; plain text in a terminal).
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(JSON.parse(result.stderr)).toMatchObject({
        level: "error",
        msg: `Port ${port} is already in use (is the site already running?). Stop that server, or choose another port: PORT=${Number(port) + 1} npm start`,
      });
      expect(existsSync(database)).toBe(false); // no database was created or migrated
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
}

test("a failed second start on the running site's database leaves its demo link and password working", async ({
  page,
  baseURL,
  site,
  demoLink,
}) => {
  const before = await demoCredentials(page, demoLink);
  const result = await startAgain("server.ts", baseURL, { DATABASE_URL: site.databaseUrl });
  expect(result.code).toBe(1);
  expect(await demoCredentials(page, demoLink)).toEqual(before);
  await signInAsDemo(page, demoLink);
});

// React picks its build from NODE_ENV when first imported; the entry points set it before that,
// so a server started without it (as `npm start` and `node server.ts` are) renders with the
// production build. Node's module log names every CommonJS file the server loads ("REQUEST";
// its "requested" lines are only the export scan of both branches).
for (const script of ["server.ts", "scripts/start.ts"]) {
  test(`${script} without NODE_ENV loads React's production build`, async () => {
    let loaded = "";
    const server = await startLocalServer(
      { NODE_ENV: "", NODE_DEBUG: "module", DEMO_MODE: "off" },
      { script, onStderr: (text) => (loaded += text) },
    );
    try {
      expect((await fetch(`${server.origin}/contact`)).status).toBe(200);
      const builds = [...loaded.matchAll(/Module\._load REQUEST \S*\/([\w.-]+)\.(development|production)\.js/g)].map(
        ([, file, build]) => `${file} ${build}`,
      );
      expect(builds).toContain("react-dom-server.node production");
      expect(builds.filter((entry) => entry.endsWith("development"))).toEqual([]);
    } finally {
      await server.stop();
    }
  });
}

// `npm start` turns demo mode on for a try-out only; a site that says it is deployed (here by
// SITE_URL; TRUST_PROXY or PostgreSQL say it too) starts without it, and without DEMO_MODE set.
test("scripts/start.ts with SITE_URL and no DEMO_MODE starts, with no demo account", async () => {
  const server = await startLocalServer({ SITE_URL: "https://www.example.com", DEMO_MODE: "" }, { script: "scripts/start.ts" });
  try {
    const login = await fetch(`${server.origin}/admin/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).not.toContain('data-testid="demo-email"');
  } finally {
    await server.stop();
  }
});

// `npm start` on a fresh database: the try-out of the README's quick start. The demo account goes
// to the person at the console through a link printed there (decision 016), to no one else.
test("npm start prints one demo link; browsers that open it see the demo account, no other does, and the secret is logged nowhere else", async ({
  browser,
}) => {
  let output = "";
  const server = await startLocalServer(
    { DEMO_MODE: "", LOG_REQUESTS: "true" },
    { script: "scripts/start.ts", onStdout: (text) => (output += text), onStderr: (text) => (output += text) },
  );
  const contexts: Array<Awaited<ReturnType<typeof browser.newContext>>> = [];
  const openInNewBrowser = async (url: string) => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(url);
    return page;
  };
  try {
    const port = new URL(server.origin).port;
    const printed = [
      ...output.matchAll(
        /Admin demo mode: open (http:\/\/localhost:(\d+)\/admin\/login\?demo=([A-Za-z0-9_-]{43})) to see the demo account/g,
      ),
    ];
    expect(printed).toHaveLength(1);
    const [, link, linkPort, secret] = printed[0]!;
    expect(linkPort).toBe(port);

    // The laptop opens it: the address loses the secret, the page shows the account.
    const laptop = await openInNewBrowser(link!);
    await expect(laptop).toHaveURL(`http://localhost:${port}/admin/login`);
    await expect(laptop.getByTestId("demo-email")).toHaveText("demo@redcliffscounseling.example");
    const password = (await laptop.getByTestId("demo-password").textContent())!.trim();
    expect(output).not.toContain(password); // the console shows the link, not the password
    const [cookie] = await laptop.context().cookies();
    expect(cookie).toMatchObject({ name: "admin_demo", httpOnly: true, sameSite: "Lax", secure: false });
    // A phone opens the same link, and it works there too; a browser without it is told where it is.
    const phone = await openInNewBrowser(link!);
    await expect(phone.getByTestId("demo-password")).toHaveText(password);
    const stranger = await openInNewBrowser(`http://localhost:${port}/admin/login`);
    await expect(stranger.getByTestId("demo-link-hint")).toBeVisible();
    await expect(stranger.getByTestId("demo-password")).toHaveCount(0);
    await laptop.getByLabel("Email").fill("demo@redcliffscounseling.example");
    await laptop.getByLabel("Password").fill(password);
    await laptop.getByRole("button", { name: "Sign In" }).click();
    await expect(laptop).toHaveURL(/\/admin\/(homepage|inquiries)$/);

    // npm run admin -- demo-link: a new link; the old one, and what its browsers were shown, stop.
    const made = await run(process.execPath, ["scripts/admin.ts", "demo-link"], {
      env: { ...process.env, DATABASE_URL: server.databaseFile, PORT: port, NODE_ENV: "production" },
    });
    const fresh = /open (http:\/\/localhost:\d+\/admin\/login\?demo=[A-Za-z0-9_-]{43}) /.exec(made.stdout)?.[1];
    expect(fresh).toBeDefined();
    await phone.reload();
    await expect(phone.getByTestId("demo-link-hint")).toBeVisible();
    await expect((await openInNewBrowser(link!)).getByTestId("demo-password")).toHaveCount(0);
    await expect((await openInNewBrowser(fresh!)).getByTestId("demo-password")).toHaveText(password);

    // The request log keeps paths without their query: the secret is on the console once, in its line.
    expect(output).toMatch(/"path":"\/admin\/login"/);
    expect(output.split(secret!)).toHaveLength(2);
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
  }
});
