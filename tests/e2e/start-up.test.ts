import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { demoCredentials, signInAsDemo } from "#tests/fixtures/e2e-admin.ts";
import { e2eDatabaseUrl, e2eServerEnv } from "#tests/setup/e2e-server.ts";

const run = promisify(execFile);

/** Starts the site a second time, set up as the running test server (on its port); returns how it ended. */
async function startAgain(script: string, env: Record<string, string>) {
  try {
    await run(process.execPath, [script], { env: { ...process.env, ...e2eServerEnv(), ...env }, timeout: 20_000 });
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
      const result = await startAgain(script, { DATABASE_URL: database });
      expect(result.code).toBe(1);
      const port = new URL(baseURL!).port;
      expect(result.stderr.trim()).toBe(
        `Port ${port} is already in use (is the site already running?). Stop that server, or choose another port: PORT=${Number(port) + 1} npm start`,
      );
      expect(existsSync(database)).toBe(false); // no database was created or migrated
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
}

test("a failed second start on the running site's database leaves its demo password working", async ({ page }) => {
  const before = await demoCredentials(page);
  const result = await startAgain("server.ts", { DATABASE_URL: e2eDatabaseUrl() });
  expect(result.code).toBe(1);
  expect(await demoCredentials(page)).toEqual(before);
  await signInAsDemo(page);
});
