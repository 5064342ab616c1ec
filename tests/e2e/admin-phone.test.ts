import type { Locator, Page } from "@playwright/test";
import { demoCredentials, openHydrated, signInAsDemo, toast, waitForHydration } from "#tests/fixtures/e2e-admin.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";
import { keepScreenshot } from "#tests/fixtures/e2e-screenshot.ts";

// The admin on a phone (the UX review of 2026-12-01, problems 3 to 6 and 8): what the first
// screen shows, a clash seen, toasts that keep out of the way, and the save bar.

const phone = { width: 375, height: 667 };

/** Where the phone's save bar starts (its top), or the screen's bottom on a page without one. */
async function saveBarTop(page: Page): Promise<number> {
  const bar = page.getByTestId("save-bar");
  if ((await bar.count()) === 0) return phone.height;
  return (await bar.boundingBox())!.y;
}

/** Where an element's top is on the screen once the page has stopped moving (two reads in a row agree). */
async function settledTop(element: Locator): Promise<number> {
  let last = Number.NaN;
  await expect
    .poll(async () => {
      const now = (await element.boundingBox())?.y ?? Number.NaN;
      const still = now === last;
      last = now;
      return still;
    })
    .toBe(true);
  return last;
}

test("on a phone the first screen of every tab and page of the admin shows its first field, above the save bar", async ({
  page,
  demoLink,
}) => {
  // Eleven pages, each opened and hydrated.
  test.slow();
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
  // A sign-in and several pages, each opened and hydrated, on a machine the other tests share.
  test.slow();
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
  await keepScreenshot(page, "menu-375.png");
  await banner.getByRole("link", { name: "Book List" }).click();
  await expect(page).toHaveURL("/admin/resources");
  // The menu closed behind the link.
  await expect(page.getByRole("button", { name: "Logout" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Book List", level: 2 })).toBeInViewport();
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/admin/login");
});

test("on a phone the Menu opened before the page's script has run stays open once it has", async ({ page, demoLink }) => {
  const { email } = await demoCredentials(page, demoLink);
  await signInAsDemo(page, demoLink);
  await page.setViewportSize(phone);
  // The page's modules are held back: what the browser shows meanwhile is the server's HTML alone.
  const held: Array<() => Promise<void>> = [];
  let releasing = false;
  await page.route(/\/assets\/.*\.js$/, (route) => (releasing ? route.continue() : void held.push(() => route.continue())));
  await page.goto("/admin/homepage", { waitUntil: "commit" });
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByText(`Welcome, ${email}`)).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  releasing = true;
  await Promise.all(held.map((resume) => resume()));
  await waitForHydration(page);
  // Hydration is no move to another page: the menu the person opened is still open.
  await expect(page.getByText(`Welcome, ${email}`)).toBeInViewport();
  await expect(page.getByRole("button", { name: "Logout" })).toBeInViewport();
});

test("on a desktop the header is the specification's: title, welcome line, links, Save Changes and Logout in view, no Menu", async ({
  page,
  demoLink,
}) => {
  // A sign-in and several pages, each opened and hydrated, on a machine the other tests share.
  test.slow();
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
    await keepScreenshot(page, `clash-${width}.png`);
    await expect(page.getByLabel("Hero title")).toHaveValue("My title");
  });
}

test("on a phone toasts sit at the bottom above the save bar, and go away when another page opens; on a desktop, top right", async ({
  page,
  signInDirectly,
}) => {
  // A sign-in and several pages, each opened and hydrated, on a machine the other tests share.
  test.slow();
  await page.setViewportSize(phone);
  await signInDirectly(page);
  await openHydrated(page, "/admin/homepage");
  const toaster = page.locator("[data-sonner-toaster]");
  await page.getByLabel("Hero title").fill("A title nobody saves");
  await page.getByRole("button", { name: "Save draft" }).click();
  const draftSaved = toast(page, "Draft saved");
  await expect(draftSaved).toBeVisible();
  await expect(toaster).toHaveAttribute("data-y-position", "bottom");
  // Held under the pointer (sonner then keeps it) while it is measured, once it has slid in: on
  // the lower half of the screen, above the bar.
  await draftSaved.hover();
  const barTop = await saveBarTop(page);
  const bottomOf = async () => {
    const box = (await draftSaved.boundingBox())!;
    return box.y + box.height;
  };
  await expect.poll(bottomOf).toBeLessThanOrEqual(barTop);
  expect((await draftSaved.boundingBox())!.y).toBeGreaterThan(phone.height / 2);
  await keepScreenshot(page, "toast-375.png");
  await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL("/admin/about");
  await expect(draftSaved).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await openHydrated(page, "/admin/homepage");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Homepage content updated successfully!")).toBeVisible();
  await expect(toaster).toHaveAttribute("data-y-position", "top");
  await expect(toaster).toHaveAttribute("data-x-position", "right");
});

test("a 'Not on the website yet' toast goes away when Save Changes publishes; Save draft leaves it", async ({
  page,
  editsPages,
  signInDirectly,
}) => {
  await editsPages("individual-counseling");
  await page.setViewportSize(phone);
  await signInDirectly(page);
  await openHydrated(page, "/admin/services?page=individual-counseling");
  await page.getByLabel("Benefits 2").fill("Calmer evenings");
  await page.getByRole("button", { name: /^Remove Benefits 1/ }).click();
  const removed = toast(page, "Benefits 1 removed");
  await expect(removed).toContainText("Not on the website yet: press Save Changes to publish it.");
  // The pointer rests on the toast, which then stays (sonner pauses it): only the save takes it away.
  await removed.hover();
  await page.getByRole("button", { name: "Save draft" }).focus();
  await page.keyboard.press("Enter");
  await expect(toast(page, "Draft saved")).toBeVisible();
  await expect(removed).toBeVisible();
  await removed.hover();
  await page.getByRole("button", { name: "Save Changes" }).focus();
  await page.keyboard.press("Enter");
  await expect(toast(page, "Page content updated successfully!")).toBeVisible();
  await expect(removed).toHaveCount(0);
});

test("on a phone a field reached with the keyboard is brought above the save bar, not left under it", async ({ page, signInDirectly }) => {
  await page.setViewportSize(phone);
  await signInDirectly(page);
  await openHydrated(page, "/admin/homepage");
  const title = page.getByLabel("Hero title");
  const subtitle = page.getByLabel("Hero subtitle");
  // Once the page knows the bar's height (measured after it is drawn)...
  const barTop = await saveBarTop(page);
  const barHeight = Math.round(phone.height - barTop);
  await expect
    .poll(() => page.evaluate(() => Math.round(Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom))))
    .toBe(barHeight);
  // ...the subtitle's box starts just above the bar: most of it is under the bar.
  await subtitle.evaluate((field, top) => {
    window.scrollBy({ top: field.getBoundingClientRect().top - (top - 12), behavior: "instant" });
  }, barTop);
  await title.evaluate((field) => (field as HTMLElement).focus({ preventScroll: true }));
  await page.keyboard.press("Tab");
  await expect(subtitle).toBeFocused();
  await expect.poll(async () => (await subtitle.boundingBox())!.y + (await subtitle.boundingBox())!.height).toBeLessThanOrEqual(barTop);
});

test("Preview is in the save bar, in reach wherever a phone's page is scrolled; on a desktop it opens at desktop width", async ({
  page,
  signInDirectly,
}) => {
  await page.setViewportSize(phone);
  await signInDirectly(page);
  await openHydrated(page, "/admin/services?page=family-counseling");
  await page.getByLabel("Benefits 5").fill("A benefit far down the page");
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  const preview = page.getByRole("button", { name: "Preview" });
  await expect(preview).toHaveCount(1);
  await expect(preview).toBeInViewport({ ratio: 1 });
  expect((await preview.boundingBox())!.y).toBeGreaterThanOrEqual(await saveBarTop(page));
  await keepScreenshot(page, "save-bar-375.png");
  await preview.click();
  const dialog = page.getByRole("dialog", { name: "Preview: not saved, not live" });
  await expect(dialog.locator('iframe[title="Preview at phone width"]')).toBeVisible();
  await expect(page.frameLocator('iframe[title="Preview at phone width"]').getByText("A benefit far down the page")).toBeVisible();
  await dialog.getByRole("button", { name: "Close preview" }).click();

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId("save-bar").getByRole("button", { name: "Preview" })).toBeVisible();
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByRole("button", { name: "Desktop" })).toHaveAttribute("aria-pressed", "true");
  expect(
    await dialog
      .locator('iframe[title="Preview at desktop width"]')
      .evaluate((frame) => (frame as HTMLIFrameElement).contentWindow?.innerWidth),
  ).toBe(1280);
  await keepScreenshot(page, "preview-1280.png");
});

test("a save refused for the whole form leaves focus where it was, not on a photo's file picker", async ({ page, signInDirectly }) => {
  await page.setViewportSize(phone);
  await signInDirectly(page);
  await openHydrated(page, "/admin/homepage");
  const heroTitle = page.getByLabel("Hero title");
  await heroTitle.fill("Typed while offline");
  const before = await settledTop(heroTitle);
  await page.context().setOffline(true);
  const save = page.getByRole("button", { name: "Save Changes" });
  await save.click();
  await expect(page.getByRole("alert")).toHaveText("Your changes were not saved. Please try again; your text is still here.");
  await expect(toast(page, "Error")).toBeVisible();
  // Focus is on the button pressed, to press again: not on a photo's file picker, nor lost.
  await expect(save).toBeFocused();
  // Nor was the page moved: the refusal is put above the form, and the field typed in stays
  // where it was on the screen (not pushed down behind the save bar).
  expect(Math.abs((await settledTop(heroTitle)) - before)).toBeLessThan(2);
  await page.context().setOffline(false);
});
