import { expect, test } from "@playwright/test";
import { type LocalServer, startLocalServer } from "../../bench/local-server.ts";

// `npm run dev` runs the same HTTP shell and React Router middleware as production, with Vite in
// front of them: every rule (cross-site writes, body limits, client addresses, media) holds there too.
// Before, the dev server served React Router without the shell and let all of these through.
test.describe.configure({ mode: "serial" });

let dev: LocalServer;

test.beforeAll(async () => {
  dev = await startLocalServer({ NODE_ENV: "development" }, { script: "scripts/dev.ts" });
});

test.afterAll(async () => {
  await dev?.stop();
});

test("npm run dev refuses a cross-site post, a body over its limit, and proxy headers it does not trust", async () => {
  const home = await fetch(`${dev.origin}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain("Red Cliffs Counseling");

  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const crossSite = await fetch(`${dev.origin}/contact`, {
    method: "POST",
    headers: { ...form, Origin: "https://attacker.example" },
    body: "firstName=Cross",
  });
  expect(crossSite.status).toBe(403);
  const tooLarge = await fetch(`${dev.origin}/contact`, {
    method: "POST",
    headers: { ...form, Origin: dev.origin },
    body: `firstName=${"a".repeat(200_000)}`,
  });
  expect(tooLarge.status).toBe(413);

  // Proxy headers are not believed while no proxy is trusted: a claim of https makes no Secure cookie.
  const claimed = await fetch(`${dev.origin}/contact`, { headers: { "X-Forwarded-Proto": "https", "X-Forwarded-For": "127.0.0.1" } });
  expect(claimed.headers.get("strict-transport-security")).toBeNull();
  expect(claimed.headers.get("set-cookie") ?? "").not.toMatch(/__Host-|Secure/);
  // The demo password goes only to the browser that opens the console's link: not to a request
  // from this machine without it.
  const login = await (await fetch(`${dev.origin}/admin/login`)).text();
  expect(login).toContain('data-testid="demo-link-hint"');
  expect(login).not.toContain('data-testid="demo-password"');

  // Uploaded images are answered by the shell: no React Router .data twin exists.
  expect((await fetch(`${dev.origin}/media/no-such-id/1920.webp.data`)).status).toBe(404);
  expect((await fetch(`${dev.origin}/@vite/client`)).status).toBe(200);
});
