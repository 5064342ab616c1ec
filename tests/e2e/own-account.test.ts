import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { toast } from "#tests/fixtures/e2e-admin.ts";
import { expect, staffPassword, test } from "#tests/fixtures/e2e-test.ts";
import { keepScreenshot } from "#tests/fixtures/e2e-screenshot.ts";

const iPhone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test("a staff member sees where they are signed in, signs a phone out, and changes their password", async ({ page, browser, signInAs }) => {
  const { email } = await signInAs(page, "editor");
  // The same account signed in on a phone, through the sign-in form.
  const phone = await browser.newContext({ userAgent: iPhone, viewport: { width: 375, height: 800 } });
  const phonePage = await phone.newPage();
  await phonePage.goto("/admin/login");
  await phonePage.getByLabel("Email").fill(email);
  await phonePage.getByLabel("Password").fill(staffPassword);
  await phonePage.getByRole("button", { name: "Sign In" }).click();
  await expect(phonePage).toHaveURL(/\/admin\/homepage$/);

  await page.goto("/admin/homepage");
  await page.getByRole("link", { name: "Your Account" }).click();
  await expect(page.getByRole("heading", { name: "Your Account" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email} (Editor).`)).toBeVisible();
  const sessions = page.getByRole("region", { name: "Where you are signed in" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText("(this browser)");
  await expect(sessions.nth(1)).toContainText("Safari 17 on iOS");
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, `account-${width}.png`, { fullPage: true });
  }

  await page.getByRole("button", { name: /^Sign out Safari 17 on iOS/ }).click();
  await expect(toast(page, "Signed out")).toBeVisible();
  await expect(page.getByText("You are signed in on this browser only.")).toBeVisible();
  await phonePage.reload();
  await expect(phonePage).toHaveURL(/\/admin\/login$/);
  await phone.close();

  // The browser's own checks first, then the server's.
  const current = page.getByLabel("Current password");
  const next = page.getByLabel("New password", { exact: true });
  const again = page.getByLabel("New password again");
  const change = page.getByRole("button", { name: "Change password" });
  await current.fill("not my password at all");
  await next.fill("password1234");
  await again.fill("password12345");
  await change.click();
  await expect(page.getByText("The two passwords are not the same.")).toBeVisible();
  await again.fill("password1234");
  await change.click();
  await expect(page.getByText(/^This password is too easy to guess\. This is similar to a commonly used password\./)).toBeVisible();
  await expect(next).toHaveAttribute("aria-invalid", "true");
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);
  await next.fill("kettle orbit violet lantern");
  await again.fill("kettle orbit violet lantern");
  await change.click();
  await expect(page.getByText("That is not your current password.")).toBeVisible();
  await current.fill(staffPassword);
  await next.fill("kettle orbit violet lantern");
  await again.fill("kettle orbit violet lantern");
  await change.click();
  await expect(toast(page, "Password changed")).toBeVisible();
  await expect(current).toHaveValue("");
  await expect(page.getByText("That is not your current password.")).toHaveCount(0);

  // The new password is the one that signs in now.
  const later = await browser.newContext();
  const laterPage = await later.newPage();
  await laterPage.goto("/admin/login");
  await laterPage.getByLabel("Email").fill(email);
  await laterPage.getByLabel("Password").fill("kettle orbit violet lantern");
  await laterPage.getByRole("button", { name: "Sign In" }).click();
  await expect(laterPage).toHaveURL(/\/admin\/homepage$/);
  await later.close();
});
