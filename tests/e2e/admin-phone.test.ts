import type { Page } from "@playwright/test";
import { demoCredentials, openHydrated, signInAsDemo, toast } from "#tests/fixtures/e2e-admin.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

// The admin on a phone (the UX review of 2026-12-01, problems 3 to 6 and 8): what the first
// screen shows, a clash seen, toasts that keep out of the way, and the save bar.

const phone = { width: 375, height: 667 };

/** Where the phone's save bar starts (its top), or the screen's bottom on a page without one. */
async function saveBarTop(page: Page): Promise<number> {
  const bar = page.getByTestId("save-bar");
  if ((await bar.count()) === 0) return phone.height;
  return (await bar.boundingBox())!.y;
}

test("on a phone the first screen of every tab and page of the admin shows its first field, above the save bar", async ({
  page,
  demoLink,
}) => {
  await page.setViewportSize(phone);
  await signInAsDemo(page, demoLink);
  for (const path of [
    "/admin/homepage",
    "/admin/about",
    "/admin/services",
    "/admin/images",
    "/admin/inquiries",
    "/admin/practice",
    "/admin/resources",
    "/admin/activity",
    "/admin/privacy",
    "/admin/staff",
    "/admin/account",
  ]) {
    await openHydrated(page, path);
    // The first field; in the Book List, whose categories open one at a time, its first control.
    const main = page.getByRole("main");
    const fields = main.locator("input:not([type=hidden]), textarea, select").filter({ visible: true });
    const field = (await fields.count()) > 0 ? fields.first() : main.locator("form button").filter({ visible: true }).first();
    const box = await field.boundingBox();
    expect(box, path).not.toBeNull();
    expect(box!.y, path).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height, path).toBeLessThanOrEqual(await saveBarTop(page));
  }
});

test("on a phone the header's links, welcome line and Logout are in one Menu; the tabs are one row", async ({ page, demoLink }) => {
  const { email } = await demoCredentials(page, demoLink);
  await page.setViewportSize(phone);
  await signInAsDemo(page, demoLink);
  await openHydrated(page, "/admin/homepage");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeInViewport();
  await expect(page.getByText(`Welcome, ${email}`)).toBeHidden();
  await expect(page.getByRole("button", { name: "Logout" })).toBeHidden();
  await expect(banner.getByRole("link", { name: "Book List" })).toBeHidden();
  // Every tab in one row: the same top, the row scrolls sideways.
  const tabs = page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link");
  const tops = await tabs.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await tabs.getByText("Contact Inquiries").click();
  await expect(page).toHaveURL("/admin/inquiries");
  // The current tab is scrolled into the row, whole.
  const current = (await tabs.getByText("Contact Inquiries").boundingBox())!;
  expect(current.x).toBeGreaterThanOrEqual(0);
  expect(current.x + current.width).toBeLessThanOrEqual(phone.width);

  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByText(`Welcome, ${email}`)).toBeInViewport();
  await expect(page.getByRole("button", { name: "Logout" })).toBeInViewport();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("menu-375.png") });
  await banner.getByRole("link", { name: "Book List" }).click();
  await expect(page).toHaveURL("/admin/resources");
  // The menu closed behind the link.
  await expect(page.getByRole("button", { name: "Logout" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Book List", level: 2 })).toBeInViewport();
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/admin/login");
});

test("on a desktop the header is the specification's: title, welcome line, links, Save Changes and Logout in view, no Menu", async ({
  page,
  demoLink,
}) => {
  const { email } = await demoCredentials(page, demoLink);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsDemo(page, demoLink);
  await openHydrated(page, "/admin/homepage");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeInViewport();
  await expect(page.getByText(`Welcome, ${email}`)).toBeInViewport();
  for (const name of [
    "Practice Details",
    "Book List",
    "Activity Log",
    "Privacy Requests",
    "Staff Accounts",
    "Your Account",
    "View website",
  ]) {
    await expect(banner.getByRole("link", { name }), name).toBeInViewport();
  }
  for (const name of ["Save draft", "Save Changes", "Logout"]) await expect(banner.getByRole("button", { name }), name).toBeInViewport();
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
  // The title and welcome line on the left, the buttons on the right, below the links.
  const title = (await banner.getByRole("heading", { level: 1 }).boundingBox())!;
  const logout = (await banner.getByRole("button", { name: "Logout" }).boundingBox())!;
  const links = (await banner.getByRole("link", { name: "Book List" }).boundingBox())!;
  expect(title.x).toBeLessThan(logout.x);
  expect(links.y + links.height).toBeLessThan(logout.y);
});

for (const width of [375, 1280]) {
  test(`at ${width} px a save that meets a colleague's change of the same field brings the clash into view and focus, and the save bar says so`, async ({
    page,
    browser,
    editsPages,
    signInDirectly,
  }) => {
    await editsPages("homepage");
    await page.setViewportSize({ width, height: width === 375 ? 667 : 800 });
    await signInDirectly(page);
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signInDirectly(other);
    await openHydrated(page, "/admin/homepage");
    await openHydrated(other, "/admin/homepage");
    await other.getByLabel("Hero title").fill("Their title");
    await other.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(other, "Homepage content updated successfully!")).toBeVisible();
    await otherContext.close();

    await page.getByLabel("Hero title").fill("My title");
    // Saved from far down the page, as after editing the last fields.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
    await page.getByRole("button", { name: "Save Changes" }).click();
    const clash = page.getByRole("alert").filter({ hasText: "You both changed Hero title." });
    await expect(clash).toBeFocused();
    await expect(clash).toBeInViewport();
    await expect(page.getByTestId("save-bar").getByRole("status")).toHaveText(
      `Not saved: a colleague changed Hero title (see ${width === 375 ? "above" : "below"})`,
      { useInnerText: true },
    );
    if (width === 375) await expect(page.getByRole("button", { name: "Save Changes" })).toBeInViewport();
    else {
      const bar = (await page.getByTestId("save-bar").boundingBox())!;
      expect(bar.y).toBeLessThan((await clash.boundingBox())!.y);
    }
    await page.screenshot({ path: test.info().outputPath(`clash-${width}.png`) });
    await expect(page.getByLabel("Hero title")).toHaveValue("My title");
  });
}
