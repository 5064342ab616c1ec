import { expect, test } from "#tests/fixtures/e2e-test.ts";
import { services } from "#app/pages/services.ts";

test("desktop: hovering Services shows all twelve services", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: services[0]!.label })).toBeHidden();
  await nav.getByRole("button", { name: "Services" }).hover();
  for (const service of services) await expect(nav.getByRole("link", { name: service.label })).toBeVisible();
  await nav.getByRole("link", { name: "Group Therapy" }).click();
  await expect(page).toHaveURL("/services/group-therapy");
});

test("desktop: the Services menu works by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/about");
  const nav = page.getByRole("navigation", { name: "Main" });
  const trigger = nav.getByRole("button", { name: "Services" });
  await trigger.focus();
  const panel = page.locator("#services-menu");
  await page.keyboard.press("Enter");
  expect(await panel.evaluate((element) => element.matches(":popover-open"))).toBe(true);
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: services[0]!.label })).toBeFocused();
  await page.keyboard.press("Escape");
  expect(await panel.evaluate((element) => element.matches(":popover-open"))).toBe(false);
  await expect(trigger).toBeFocused();
});

test("desktop: every nav link leads to its page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [name, path] of [
    ["About", "/about"],
    ["Resources", "/resources"],
    ["Contact", "/contact"],
    ["Home", "/"],
  ] as const) {
    await nav.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(path);
  }
});

test.describe("phone (375px)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu button opens a menu with every page, and Escape closes it", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    const names = await menu.getByRole("link").allInnerTexts();
    expect(names.map((name) => name.trim())).toEqual(["Home", "About", "Resources", ...services.map((s) => s.label), "Contact"]);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });

  test("the menu works by keyboard and its links navigate", async ({ page }) => {
    await page.goto("/resources");
    await page.getByRole("button", { name: "Menu" }).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });

  test("the close button closes the menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });

  test("the skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/about");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main-content$/);
  });
});
