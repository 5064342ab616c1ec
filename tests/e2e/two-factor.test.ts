import { readFile } from "node:fs/promises";
import { Secret, TOTP } from "otpauth";
import type { Page } from "@playwright/test";
import { twoFactorRequiredSetting } from "#app/server/site-settings.server.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { toast } from "#tests/fixtures/e2e-admin.ts";
import { expect, staffPassword, test } from "#tests/fixtures/e2e-test.ts";
import { keepScreenshot } from "#tests/fixtures/e2e-screenshot.ts";

/** What an authenticator app shows for the key the setup page printed, `stepsAhead` steps from now. */
function appCode(key: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, "")), algorithm: "SHA1", digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(staffPassword);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("an Owner sets up two-step sign-in, signs in with a code and with a recovery code, and requires it of everyone", async ({
  page,
  browser,
  signInAs,
  db,
}) => {
  const { email } = await signInAs(page, "owner");
  try {
    await page.goto("/admin/account");
    await expect(page.getByRole("heading", { name: "Two-step sign-in: off" })).toBeVisible();
    await page.getByRole("link", { name: "Set up two-step sign-in" }).click();
    await expect(page).toHaveURL(/\/admin\/account\/two-factor$/);
    await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const key = (await page.getByTestId("setup-key").textContent()) ?? "";
    expect(key.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await keepScreenshot(page, `two-factor-setup-${width}.png`, { fullPage: true });
    }

    // A wrong code is refused beside its field; the right one turns it on and shows the codes once.
    await page.getByLabel("Code from your app").fill("000000");
    await page.getByLabel("Current password").fill(staffPassword);
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await expect(page.getByText(/^That code is not right\./)).toBeVisible();
    await page.getByLabel("Code from your app").fill(appCode(key));
    await page.getByLabel("Current password").fill(staffPassword);
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await expect(toast(page, "Two-step sign-in is on")).toBeVisible();
    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.first().textContent()) ?? "";
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Save them as a file" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("recovery-codes.txt");
    expect(await readFile(await file.path(), "utf8")).toContain(recoveryCode);
    await expect(page.getByRole("heading", { name: /^On since / })).toBeVisible();
    await expect(page.getByText("10 of 10")).toBeVisible();
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, "two-factor-codes-375.png", { fullPage: true });

    // Another browser: the password alone leads to the code page, which works without JavaScript.
    const other = await browser.newContext({ javaScriptEnabled: false });
    const otherPage = await other.newPage();
    await signInWithPassword(otherPage, email);
    await expect(otherPage).toHaveURL(/\/admin\/login\/code$/);
    await expect(otherPage.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
    await otherPage.getByLabel("Code").fill("111111");
    await otherPage.getByRole("button", { name: "Sign in" }).click();
    await expect(otherPage.getByText(/^That code is not right\./)).toBeVisible();
    // The step after the one the setup used (a code is accepted once, and one step either side).
    await otherPage.getByLabel("Code").fill(appCode(key, 1));
    await otherPage.getByRole("button", { name: "Sign in" }).click();
    // The dashboard opens on its first tab (Contact Inquiries when new ones wait).
    await expect(otherPage.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await other.close();

    // A third browser, with a recovery code.
    const third = await browser.newContext();
    const thirdPage = await third.newPage();
    await signInWithPassword(thirdPage, email);
    await expect(thirdPage).toHaveURL(/\/admin\/login\/code$/);
    await expectNoAxeViolations(thirdPage);
    await keepScreenshot(thirdPage, "two-factor-sign-in.png", { fullPage: true });
    await thirdPage.getByLabel("Code").fill(recoveryCode);
    await thirdPage.getByRole("button", { name: "Sign in" }).click();
    await expect(thirdPage.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(toast(thirdPage, "Login successful")).toContainText("recovery code");
    await third.close();

    // The Owner requires it of everyone: an Editor without it is sent to set it up.
    await page.goto("/admin/staff");
    await page.getByLabel("Require two-step sign-in for every account").check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "Two-step sign-in required")).toBeVisible();
    await expect(page.getByText("Owner · two-step sign-in on")).toBeVisible();

    const editorContext = await browser.newContext();
    const editorPage = await editorContext.newPage();
    await signInAs(editorPage, "editor");
    await editorPage.goto("/admin/homepage");
    await expect(editorPage).toHaveURL(/\/admin\/account\/two-factor$/);
    await expect(editorPage.getByRole("alert")).toContainText("An Owner requires two-step sign-in for every account.");
    await editorContext.close();
  } finally {
    await db.deleteFrom("site_settings").where("key", "=", twoFactorRequiredSetting).execute();
  }
});
