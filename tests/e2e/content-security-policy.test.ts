import { randomUUID } from "node:crypto";
import type { Page, Response } from "@playwright/test";
import { contentPagePaths } from "#app/content/public-paths.ts";
import { uniqueClientAddress } from "#tests/fixtures/client-address.ts";
import { demoCredentials, signInAsDemo, toast } from "#tests/fixtures/e2e-admin.ts";
import { waitUntilSendable } from "#tests/fixtures/e2e-contact.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

// Each test is its own visitor, so the contact and sign-in limits never carry over.
test.use({ extraHTTPHeaders: async ({}, use) => use({ "X-Forwarded-For": uniqueClientAddress() }) });

/**
 * Records every Content Security Policy violation reported by any document the page shows (a
 * blocked inline style or script, an image from another origin...): the listener is registered
 * before each document's own code runs, and reports to the test, so navigations lose nothing.
 */
async function recordViolations(page: Page): Promise<() => Promise<Array<string>>> {
  const violations: Array<string> = [];
  await page.exposeFunction("reportCspViolation", (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (violation: string) => void }).reportCspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} on ${location.pathname}, from ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  return async () => {
    // A violation is reported in a task after the blocked load. One more, made on purpose (a
    // picture from another site, which the policy blocks before any request), is reported after
    // every earlier one: once it has come, nothing is still on its way.
    const canary = `https://csp-canary.invalid/${randomUUID()}.png`;
    await page.evaluate((source) => {
      const image = document.createElement("img");
      image.src = source;
      document.body.append(image);
    }, canary);
    await expect.poll(() => violations.some((violation) => violation.includes(canary))).toBe(true);
    return violations.filter((violation) => !violation.includes(canary));
  };
}

function directives(response: Response | null): Map<string, Array<string>> {
  const policy = response?.headers()["content-security-policy"] ?? "";
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The policy every document must carry: no inline styles, images from our own origin only. */
function expectStrictPolicy(response: Response | null) {
  const policy = directives(response);
  expect(policy.size, `no Content-Security-Policy on ${response?.url()}`).toBeGreaterThan(0);
  for (const [name, sources] of policy) expect(sources, `${name} on ${response?.url()}`).not.toContain("'unsafe-inline'");
  expect(policy.get("style-src")).toEqual(["'self'"]);
  expect(policy.get("img-src")).toEqual(["'self'"]);
}

test("content pages and the 404 page carry the strict policy and break none of it", async ({ page }) => {
  const violations = await recordViolations(page);
  for (const path of [...contentPagePaths, "/no-such-page"]) {
    expectStrictPolicy(await page.goto(path));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(await violations()).toEqual([]);
});

test("the contact form hydrates and shows its toast without breaking the policy", async ({ page }) => {
  const violations = await recordViolations(page);
  expectStrictPolicy(await page.goto("/contact"));
  const shownAt = Date.now();
  await page.getByLabel("First Name").focus();
  await expect(page.locator("form[data-hydrated]")).toHaveCount(1);
  await page.getByLabel("First Name").fill("Jane");
  await page.getByLabel("Last Name").fill("Doe");
  await page.getByLabel("Email").fill(`jane.${randomUUID()}@example.com`);
  await page.getByLabel("Phone").fill("(435) 555-0199");
  await page.getByLabel("Service Interested In").selectOption("Family Counseling");
  await page.getByLabel("Payment Method").selectOption("Self-Pay");
  await waitUntilSendable(shownAt);
  await page.getByRole("button", { name: "Send Message" }).click();
  const sent = toast(page, "Message sent successfully!");
  await expect(sent).toBeVisible();
  // Styled by sonner's own stylesheet (now a file, not an injected <style>): a fixed card.
  await expect(page.locator("[data-sonner-toaster]")).toHaveCSS("position", "fixed");
  await expect(sent).toHaveCSS("opacity", "1");
  expect(await violations()).toEqual([]);
});

test("the login page shows 'Login failed' without breaking the policy", async ({ page, demoLink }) => {
  const violations = await recordViolations(page);
  const { email } = await demoCredentials(page, demoLink);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("definitely not the password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page, "Login failed")).toBeVisible();
  expectStrictPolicy(await page.reload());
  expect(await violations()).toEqual([]);
});

test("every admin tab carries the strict policy and breaks none of it, toasts included", async ({ page, insertInquiry, demoLink }) => {
  const name = `Policy Tester ${randomUUID().slice(0, 8)}`;
  await insertInquiry({ name });
  const violations = await recordViolations(page);
  await signInAsDemo(page, demoLink); // shows the 'Login successful' toast
  for (const path of ["/admin/homepage", "/admin/about", "/admin/services", "/admin/images", "/admin/inquiries"]) {
    expectStrictPolicy(await page.goto(path));
    await expect(page.locator("#tab-title")).toBeVisible();
  }
  await page.getByRole("article", { name }).getByRole("button", { name: "Mark as Read" }).click();
  await expect(toast(page, "Marked as read")).toBeVisible();
  expect(await violations()).toEqual([]);
});
