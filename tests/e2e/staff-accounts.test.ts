import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { toast } from "#tests/fixtures/e2e-admin.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

test("an Owner invites a staff member, who chooses a password with the link and is signed in with their role", async ({
  page,
  browser,
  signInAs,
  realAccountEmail,
}) => {
  const email = realAccountEmail("invited");
  await signInAs(page, "owner");
  await page.goto("/admin/homepage");
  await page.getByRole("link", { name: "Staff Accounts" }).click();
  await expect(page.getByRole("heading", { name: "Staff Accounts", level: 2 })).toBeVisible();
  await page.getByLabel("E-mail").fill("not an address");
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Role").first().selectOption("inbox");
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(toast(page, "Invitation made")).toBeVisible();
  // The form is ready for the next invitation.
  await expect(page.getByLabel("E-mail")).toHaveValue("");
  await expect(page.getByLabel("Role").first()).toHaveValue("editor");
  const link = await page.getByLabel("The link").inputValue();
  expect(link).toMatch(/\/admin\/invite\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("region", { name: "Invitations not used yet" })).toContainText(`${email} as Inbox`);
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`staff-${width}.png`), fullPage: true });
  }

  // The invited person, in their own browser, on a phone.
  const theirs = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const invited = await theirs.newPage();
  await invited.goto(new URL(link).pathname);
  await expect(invited.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await expect(invited.getByText(`You are invited to the admin as Inbox, with the e-mail ${email}.`)).toBeVisible();
  await invited.getByLabel("Password", { exact: true }).fill("password1234");
  await invited.getByLabel("Password again").fill("password1234");
  await invited.getByRole("button", { name: "Make my account" }).click();
  await expect(invited.getByText(/^This password is too easy to guess\./)).toBeVisible();
  await expectNoAxeViolations(invited);
  await invited.screenshot({ path: test.info().outputPath("invite-375.png"), fullPage: true });
  await invited.getByLabel("Password", { exact: true }).fill("kettle orbit violet lantern");
  await invited.getByLabel("Password again").fill("kettle orbit violet lantern");
  await invited.getByRole("button", { name: "Make my account" }).click();
  await expect(invited).toHaveURL(/\/admin\/inquiries$/);
  await expect(invited.getByText(`Welcome, ${email}`)).toBeVisible();
  await expect(toast(invited, "Your password is set")).toBeVisible();

  // The link is spent.
  await invited.goto(new URL(link).pathname);
  await expect(invited.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
  await theirs.close();

  // The Owner sees the new account, and can disable it.
  await page.reload();
  const account = page.getByRole("region", { name: "Accounts", exact: true }).getByRole("listitem").filter({ hasText: email });
  await expect(account).toContainText("Inbox");
  await account.getByRole("button", { name: `Disable ${email}` }).click();
  await expect(toast(page, "Account disabled")).toBeVisible();
  await expect(account).toContainText("disabled: cannot sign in");
});

test("'Forgot your password?' gives the same answer for any e-mail, without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill("nobody-here@example.com");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "If nobody-here@example.com is the e-mail of an account that may sign in, a link to choose a new password is on its way to it. The link works once, for one hour.",
  );
  await context.close();
});

test("the pages of a one-time link and of 'Forgot your password?' pass axe", async ({ page }) => {
  await page.goto("/admin/forgot-password");
  await expectNoAxeViolations(page);
  await page.goto(`/admin/reset-password/${"x".repeat(43)}`);
  await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/admin/forgot-password");
  await expectNoAxeViolations(page);
});
