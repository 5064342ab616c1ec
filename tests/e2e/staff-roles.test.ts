import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

const forbidden = "Your account does not have access to this part of the dashboard.";

test("an Editor sees pages and images, never the inquiries: no tab, no count, and 403 at their address", async ({
  page,
  signInAs,
  insertInquiry,
}) => {
  await insertInquiry({ name: "Roles Test Visitor" });
  const { email } = await signInAs(page, "editor");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/homepage$/);
  await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Dashboard sections" });
  await expect(tabs.getByRole("link", { name: "Images" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: /Contact Inquiries/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Practice Details" })).toBeVisible();

  const answer = await page.goto("/admin/inquiries");
  expect(answer?.status()).toBe(403);
  await expect(page.getByRole("alert")).toContainText(forbidden);
  await expect(page.getByText("Roles Test Visitor")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/homepage$/);

  const exported = await page.request.get("/admin/inquiries/export?from=2026-01-01&to=2026-12-31&status=all");
  expect(exported.status()).toBe(403);
  expect(await exported.text()).not.toContain("Roles Test Visitor");
});

test("an Inbox account sees the inquiries only, and 403 at a page editor", async ({ page, signInAs }) => {
  await signInAs(page, "inbox");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/inquiries$/);
  const tabs = page.getByRole("navigation", { name: "Dashboard sections" });
  await expect(tabs.getByRole("link")).toHaveCount(1);
  await expect(tabs.getByRole("link", { name: /Contact Inquiries/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Practice Details" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);

  for (const path of ["/admin/homepage", "/admin/images", "/admin/history/about"]) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(403);
    await expect(page.getByRole("alert")).toContainText(forbidden);
  }
});

test("an Owner reads the activity log from the dashboard's header, by person and day", async ({ page, signInAs, insertInquiry }) => {
  await insertInquiry({ name: "Activity Test Visitor" });
  const desk = await signInAs(page, "inbox");
  await page.goto("/admin/inquiries");
  await expect(page.getByText("Activity Test Visitor").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Activity Log" })).toHaveCount(0);

  await page.context().clearCookies();
  await signInAs(page, "owner");
  await page.goto("/admin/homepage");
  await page.getByRole("link", { name: "Activity Log" }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await expect(page.getByRole("heading", { name: "Activity Log" })).toBeVisible();

  await page.getByLabel("Person").selectOption(desk.email);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/person=/);
  await page.mouse.move(0, 0);
  const entry = page
    .getByRole("listitem")
    .filter({ hasText: /Opened \d+ inquir(y|ies) in the inbox/ })
    .first();
  await expect(entry).toContainText(desk.email);
  await expect(entry).toContainText("Activity Test Visitor");
  await expectNoAxeViolations(page);

  // A reversed range is explained, and nothing is shown.
  await page.getByLabel("From").fill("2026-11-20");
  await page.getByLabel("To (included)").fill("2026-11-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("Choose the first day on or before the last day.")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("Nothing shown: correct the filter above.");
  await expectNoAxeViolations(page);
});

test("an Owner finds everything held about one person, downloads it, and erases it", async ({
  page,
  signInAs,
  insertInquiry,
  inquiriesFrom,
}) => {
  const email = `privacy-${Date.now()}@example.com`;
  await insertInquiry({ name: "Privacy Test Visitor", email, message: "Please call me about my anxiety." });
  await signInAs(page, "owner");
  await page.goto("/admin/homepage");
  await page.getByRole("link", { name: "Privacy Requests" }).click();
  await page.getByLabel("E-mail or phone number").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByText(`1 inquiry written from ${email.toUpperCase()}`)).toBeVisible();
  await expect(page.getByText("Please call me about my anxiety.")).toBeVisible();
  // Off the button just clicked: its hover colours change with a transition.
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download a copy (JSON)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("privacy-request.json");

  await page.getByRole("button", { name: "Erase everything about this person" }).click();
  await expect(page.getByText("Tick the box to confirm: erased inquiries cannot be brought back.").first()).toBeVisible();
  expect(await inquiriesFrom(email)).toHaveLength(1);
  await page.getByLabel("I understand: these inquiries and their notifications are deleted for good.").check();
  await page.getByRole("button", { name: "Erase everything about this person" }).click();
  await expect(page.getByText(`Nothing is held about ${email.toUpperCase()}.`)).toBeVisible();
  expect(await inquiriesFrom(email)).toEqual([]);
});
