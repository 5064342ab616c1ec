import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { demoCredentials, signInAsDemo } from "#tests/fixtures/e2e-admin.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";
import { startLocalServer } from "../../scripts/local-server.ts";
import { e2eServerEnv } from "#tests/setup/e2e-server.ts";

const run = promisify(execFile);

/** Starts the site a second time, set up as the running test server (on its port, `origin`'s); returns how it ended. */
async function startAgain(script: string, origin: string, env: Record<string, string>) {
  try {
    const settings = { ...process.env, ...e2eServerEnv(), PORT: new URL(origin).port, ...env };
    await run(process.execPath, [script], { env: settings, timeout: 20_000 });
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

test("a failed second start on the running site's database leaves its demo password working", async ({ page, baseURL, site }) => {
  const before = await demoCredentials(page);
  const result = await startAgain("server.ts", baseURL, { DATABASE_URL: site.databaseUrl });
  expect(result.code).toBe(1);
  expect(await demoCredentials(page)).toEqual(before);
  await signInAsDemo(page);
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
