import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { signInAsDemo, toast } from "#tests/fixtures/e2e-admin.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";
import { keepScreenshot } from "#tests/fixtures/e2e-screenshot.ts";

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
    await keepScreenshot(page, `staff-${width}.png`, { fullPage: true });
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
  await keepScreenshot(invited, "invite-375.png", { fullPage: true });
  await invited.getByLabel("Password", { exact: true }).fill("kettle orbit violet lantern");
  await invited.getByLabel("Password again").fill("kettle orbit violet lantern");
  await invited.getByRole("button", { name: "Make my account" }).click();
  await expect(invited).toHaveURL(/\/admin\/inquiries$/);
  // On the phone the welcome line is in the header's Menu (it opens before the page is hydrated
  // too, and stays open: admin-phone.test.ts).
  await invited.getByRole("button", { name: "Menu" }).click();
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

test("the demo account makes its own Owner account, which invites a colleague with a copied link and withdraws another invitation", async ({
  page,
  browser,
  demoLink,
  realAccountEmail,
}) => {
  const owner = realAccountEmail("first-owner");
  const colleague = realAccountEmail("colleague");
  const notNow = realAccountEmail("not-now");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAsDemo(page, demoLink);
  await page.getByRole("link", { name: "Staff Accounts" }).click();
  await expect(page.getByRole("heading", { name: "Staff Accounts", level: 2 })).toBeVisible();
  // The demo account is offered one thing.
  await expect(page.getByRole("heading", { name: "Make your own Owner account" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Invite a staff member" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Disable|^Remove|^Invite$/ })).toHaveCount(0);
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);
  await page.getByLabel("E-mail").fill(owner);
  await page.getByLabel("Password", { exact: true }).fill("password1234");
  await page.getByLabel("Password again").fill("password1234");
  await page.getByRole("button", { name: "Make my Owner account" }).click();
  await expect(page.getByText(/^This password is too easy to guess\./)).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, `make-owner-${width}.png`, { fullPage: true });
  }
  await page.getByLabel("Password", { exact: true }).fill("kettle orbit violet lantern");
  await page.getByLabel("Password again").fill("kettle orbit violet lantern");
  await page.getByRole("button", { name: "Make my Owner account" }).click();
  await expect(page).toHaveURL(/\/admin\/(inquiries|homepage)$/);
  await expect(toast(page, "Your Owner account is ready")).toBeVisible();
  await expect(page.getByText(`Welcome, ${owner}`)).toBeVisible();

  // As that Owner: invite a colleague, copy the link with the button.
  await page.getByRole("link", { name: "Staff Accounts" }).click();
  const accounts = page.getByRole("region", { name: "Accounts", exact: true }).getByRole("listitem");
  await expect(accounts.filter({ hasText: "demo@" })).toHaveCount(0);
  await expect(accounts.filter({ hasText: owner })).toContainText("(you)");
  await page.getByLabel("E-mail").fill(colleague);
  await page.getByLabel("Role").first().selectOption("editor");
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(toast(page, "Invitation made")).toBeVisible();
  const link = await page.getByLabel("The link").inputValue();
  await page.getByRole("button", { name: "Copy the link" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // Another invitation, withdrawn: the list says who invited whom, for which role, until when.
  await page.getByLabel("E-mail").fill(notNow);
  await page.getByLabel("Role").first().selectOption("inbox");
  await page.getByRole("button", { name: "Invite" }).click();
  // The first invitation's toast may still be up: this one names its own address.
  await expect(toast(page, "Invitation made").filter({ hasText: notNow })).toBeVisible();
  const invitations = page.getByRole("region", { name: "Invitations not used yet" });
  await expect(invitations.getByRole("listitem").filter({ hasText: notNow })).toContainText(
    new RegExp(`${notNow.replace(".", "\\.")} as Inbox\\s*Invited by ${owner.replace(".", "\\.")}; the link works until .+`),
  );
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, `owner-invites-${width}.png`, { fullPage: true });
  }
  await page.getByRole("button", { name: `Withdraw the invitation of ${notNow}` }).click();
  await expect(toast(page, "Invitation withdrawn")).toBeVisible();
  await expect(invitations.getByRole("listitem").filter({ hasText: notNow })).toHaveCount(0);
  await expect(invitations).toContainText(`${colleague} as Editor`);
  await expectNoAxeViolations(page);

  // The colleague accepts in their own browser; the Owner stays the site's Owner.
  const theirs = await browser.newContext();
  const invited = await theirs.newPage();
  await invited.goto(new URL(link).pathname);
  await invited.getByLabel("Password", { exact: true }).fill("lantern violet kettle orbit");
  await invited.getByLabel("Password again").fill("lantern violet kettle orbit");
  await invited.getByRole("button", { name: "Make my account" }).click();
  await expect(invited.getByText(`Welcome, ${colleague}`)).toBeVisible();
  await theirs.close();
  await page.reload();
  await expect(accounts.filter({ hasText: colleague })).toContainText("Editor");
  await expect(accounts.filter({ hasText: owner })).toContainText("Owner");
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
