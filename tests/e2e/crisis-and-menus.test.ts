import type { Browser, Page } from "@playwright/test";
import { expect, test } from "#tests/fixtures/e2e-test.ts";
import { practice } from "#app/content/practice.ts";
import { services } from "#app/pages/services.ts";
import { sitemapPaths } from "#app/content/public-paths.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { keepScreenshot } from "#tests/fixtures/e2e-screenshot.ts";

// Every public page, and the 404 page, which a mistyped address leads to.
const publicPages = [...sitemapPaths, "/no-such-page"];
const phones = [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
];
const officeText = `sms:${practice.phone.href.slice("tel:".length)}`;

function phoneContext(browser: Browser, viewport: { width: number; height: number }, options: { javaScriptEnabled?: boolean } = {}) {
  return browser.newContext({ viewport, isMobile: true, hasTouch: true, ...options });
}

/**
 * For each selector: is one of its links visible, wholly inside the viewport as it is now (no
 * scrolling) and not covered by anything else, so a tap lands on it?
 */
function linksInView(page: Page, selectors: Record<string, string>): Promise<Record<string, boolean>> {
  return page.evaluate((selectors: Record<string, string>) => {
    const inView = (selector: string) =>
      [...document.querySelectorAll<HTMLElement>(selector)].some((link) => {
        if (!link.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
        const box = link.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        if (box.left < 0 || box.top < 0 || box.right > innerWidth || box.bottom > innerHeight) return false;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && link.contains(hit);
      });
    return Object.fromEntries(Object.entries(selectors).map(([name, selector]) => [name, inView(selector)]));
  }, selectors);
}

const crisisLinks = { call988: 'a[href="tel:988"]', text988: 'a[href="sms:988"]', call911: 'a[href="tel:911"]' };
const allInView = { call988: true, text988: true, call911: true };

for (const viewport of phones) {
  test(`${viewport.width}x${viewport.height}: 988 (call and text) and 911 are in the first screen of every public page`, async ({
    browser,
  }) => {
    const context = await phoneContext(browser, viewport);
    const page = await context.newPage();
    const missing: Array<string> = [];
    for (const path of publicPages) {
      await page.goto(path);
      expect(await page.evaluate(() => scrollY), path).toBe(0);
      const found = await linksInView(page, {
        ...crisisLinks,
        officeCall: `header a[href="${practice.phone.href}"]`,
        officeText: `header a[href="${officeText}"]`,
      });
      for (const [name, ok] of Object.entries(found)) if (!ok) missing.push(`${path}: ${name}`);
    }
    expect(missing).toEqual([]);
    await context.close();
  });

  test(`${viewport.width}x${viewport.height}: the open mobile menu shows 988 (call and text) and 911 without scrolling it`, async ({
    browser,
  }) => {
    const context = await phoneContext(browser, viewport);
    const page = await context.newPage();
    await page.goto("/resources");
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    expect(await page.locator("#mobile-menu").evaluate((menu) => menu.scrollTop)).toBe(0);
    const inMenu = Object.fromEntries(Object.entries(crisisLinks).map(([name, selector]) => [name, `#mobile-menu ${selector}`]));
    expect(await linksInView(page, inMenu)).toEqual(allInView);
    await context.close();
  });
}

// A phone; a desktop; a desktop at 200% zoom (640 CSS px wide, as a person with low vision reads it).
for (const { width, height, zoom } of [
  { width: 375, height: 667, zoom: 1 },
  { width: 1280, height: 800, zoom: 1 },
  { width: 640, height: 400, zoom: 2 },
]) {
  test(`${width}x${height}${zoom > 1 ? " (200% zoom)" : ""}: after scrolling down, 988 (call and text) and 911 stay in the sticky header`, async ({
    browser,
  }) => {
    const mobile = width < 640;
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: zoom, isMobile: mobile, hasTouch: mobile });
    const page = await context.newPage();
    for (const path of ["/about", "/services/individual-counseling"]) {
      await page.goto(path);
      await page.evaluate(() => window.scrollTo({ top: 3000, behavior: "instant" }));
      await expect.poll(() => page.evaluate(() => scrollY), path).toBeGreaterThan(1000);
      expect(await linksInView(page, crisisLinks), path).toEqual(allInView);
    }
    await keepScreenshot(page, `crisis-scrolled-${width}.png`);
    await context.close();
  });
}

test("375px touch: every phone and text link on the public pages is at least 44x44 px", async ({ browser }) => {
  const context = await phoneContext(browser, { width: 375, height: 667 });
  const page = await context.newPage();
  const small: Array<string> = [];
  const measure = async (where: string, scope: string) => {
    const sizes = await page.evaluate((scope) => {
      return [...document.querySelectorAll<HTMLElement>(`${scope} a[href^="tel:"], ${scope} a[href^="sms:"]`)]
        .filter((link) => link.checkVisibility())
        .map((link) => {
          const box = link.getBoundingClientRect();
          return { href: link.getAttribute("href"), text: link.textContent?.trim(), width: box.width, height: box.height };
        });
    }, scope);
    if (sizes.length === 0) small.push(`${where}: no phone or text links`);
    for (const size of sizes) {
      if (size.width < 44 || size.height < 44)
        small.push(`${where}: ${size.href} "${size.text}" ${size.width.toFixed(1)}x${size.height.toFixed(1)}`);
    }
  };
  for (const path of publicPages) {
    await page.goto(path);
    await measure(path, "body");
  }
  await page.getByRole("button", { name: "Menu" }).click();
  await measure("mobile menu", "#mobile-menu");
  expect(small).toEqual([]);
  await context.close();
});

test("the office number and 988 offer a text (sms:) link beside the call link", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: `Text ${practice.phone.display}` })).toHaveAttribute("href", officeText);
  await expect(banner.getByRole("link", { name: "Text 988" })).toHaveAttribute("href", "sms:988");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: `Text ${practice.phone.display}` })).toHaveAttribute("href", officeText);
  await expect(footer.getByRole("link", { name: "Text 988" })).toHaveAttribute("href", "sms:988");
  const crisisSection = page.getByRole("region", { name: "In Crisis? Help Is Available Now" });
  await expect(crisisSection.getByRole("link", { name: "Text 988" })).toHaveAttribute("href", "sms:988");
});

test.describe("desktop Services menu by keyboard", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  const isOpen = (page: Page) => page.locator("#services-menu").evaluate((panel) => panel.matches(":popover-open"));

  test("Tab from the closed Services button goes on to About", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Services" }).focus();
    await expect(nav.getByRole("link", { name: services[0]!.label })).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "About", exact: true })).toBeFocused();
  });

  test("Escape closes the panel and focus returns to its button", async ({ page }) => {
    await page.goto("/resources");
    const nav = page.getByRole("navigation", { name: "Main" });
    const trigger = nav.getByRole("button", { name: "Services" });
    const firstService = nav.getByRole("link", { name: services[0]!.label });
    // Opened with Enter, focus still on the button.
    await trigger.focus();
    await page.keyboard.press("Enter");
    expect(await isOpen(page)).toBe(true);
    await expect(firstService).toBeVisible();
    await page.keyboard.press("Escape");
    expect(await isOpen(page)).toBe(false);
    await expect(firstService).toBeHidden();
    await expect(trigger).toBeFocused();
    // Opened with Enter, focus on a service link.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: services[1]!.label })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(firstService).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("ArrowDown opens the panel on its first link; arrows, Home and End move between the twelve", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const trigger = nav.getByRole("button", { name: "Services" });
    const link = (index: number) => nav.getByRole("link", { name: services.at(index)!.label });
    await trigger.focus();
    await page.keyboard.press("ArrowDown");
    expect(await isOpen(page)).toBe(true);
    await expect(link(0)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(link(1)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(link(2)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(link(1)).toBeFocused();
    await page.keyboard.press("End");
    await expect(link(-1)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(link(0)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(link(-1)).toBeFocused();
    await page.keyboard.press("Home");
    await expect(link(0)).toBeFocused();
    await page.keyboard.press("Escape");
    expect(await isOpen(page)).toBe(false);
    await expect(trigger).toBeFocused();
    // ArrowUp on the button opens the panel on its last link.
    await page.keyboard.press("ArrowUp");
    await expect(link(-1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(services.at(-1)!.path);
  });

  test("Tab past the last link closes the panel", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Services" }).focus();
    await page.keyboard.press("End"); // nothing happens on the closed button
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "About", exact: true })).toBeFocused();
    expect(await isOpen(page)).toBe(false);
  });

  test("without JavaScript: Enter opens, Escape closes and returns focus, Tab passes a closed panel", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    const trigger = nav.getByRole("button", { name: "Services" });
    await trigger.focus();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "About", exact: true })).toBeFocused();
    await trigger.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: services[0]!.label })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: services[0]!.label })).toBeHidden();
    await expect(trigger).toBeFocused();
    await page.keyboard.press(" ");
    await expect(nav.getByRole("link", { name: services[0]!.label })).toBeVisible();
    await nav.getByRole("link", { name: "Group Therapy" }).click();
    await expect(page).toHaveURL("/services/group-therapy");
    await context.close();
  });
});

/**
 * Serves the stylesheet as a browser without CSS anchor positioning reads it: `@supports`
 * conditions on anchor-name are false and declarations using anchor features are dropped.
 */
async function withoutAnchorPositioning(page: Page) {
  await page.route(/\/assets\/.*\.css$/, async (route) => {
    const response = await route.fetch();
    const css = (await response.text())
      .replace(/(@supports[^{]*?)anchor-name(\s*:)/g, "$1x-unknown-property$2")
      .replace(/(anchor-name|position-anchor|position-area|position-try[a-z-]*)\s*:[^;{}]*;?/g, "")
      .replace(/[a-z-]+\s*:[^;{}]*anchor\([^;{}]*;?/g, "");
    await route.fulfill({ status: 200, headers: { "content-type": "text/css; charset=utf-8" }, body: css });
  });
}

async function expectPanelInsideViewport(page: Page, how: string) {
  const panel = page.locator("#services-menu ul");
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  const viewport = page.viewportSize()!;
  const where = `${how} at ${viewport.width}px: panel at x=${box.x}, y=${box.y}, ${box.width}x${box.height}`;
  expect(box.x, where).toBeGreaterThanOrEqual(0);
  expect(box.y, where).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, where).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, where).toBeLessThanOrEqual(viewport.height);
  // Below the header's navigation row, not over it.
  const trigger = (await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" }).boundingBox())!;
  expect(box.y, where).toBeGreaterThanOrEqual(trigger.y + trigger.height - 1);
}

for (const anchorPositioning of [true, false]) {
  for (const width of [1024, 1280]) {
    test(`${anchorPositioning ? "with" : "without"} CSS anchor positioning at ${width}px the Services panel lies inside the viewport`, async ({
      page,
    }) => {
      if (!anchorPositioning) await withoutAnchorPositioning(page);
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" });
      expect(await trigger.evaluate((button) => getComputedStyle(button).getPropertyValue("anchor-name"))).toBe(
        anchorPositioning ? "--services-trigger" : "none",
      );
      // Hovered, then clicked or tapped (a popover in the top layer), then clicked after scrolling.
      await trigger.hover();
      await expectPanelInsideViewport(page, "hovered");
      await trigger.click();
      await page.mouse.move(5, 790);
      await expectPanelInsideViewport(page, "clicked");
      await page.keyboard.press("Escape");
      await page.evaluate(() => window.scrollTo({ top: 1500, behavior: "instant" }));
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(1000);
      await trigger.click();
      await page.mouse.move(5, 790);
      await expectPanelInsideViewport(page, "clicked after scrolling");
    });
  }
}

for (const width of [320, 375, 1024, 1280]) {
  test(`${width}px: footer hours and phone numbers never break inside a token`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/about");
    const tokens = [
      "Monday-Thursday",
      "10AM-5PM",
      "10AM-4PM",
      practice.phone.display,
      practice.billingPhone.display,
      "833-372-3388",
      "1-800-799-7233",
    ];
    const broken = await page.locator("footer").evaluate((footer, tokens) => {
      const found: Array<string> = [];
      const walker = document.createTreeWalker(footer, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const token of tokens) {
          const start = node.textContent!.indexOf(token);
          if (start < 0) continue;
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, start + token.length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) found.push(`${token} on ${lines.size} lines`);
        }
      }
      return found;
    }, tokens);
    expect(broken).toEqual([]);
  });
}

test("375px: no accessibility violations on the changed pages, or with the menu open", async ({ browser }) => {
  // Five full axe scans: a few seconds each when the machine is busy.
  test.slow();
  const context = await phoneContext(browser, { width: 375, height: 667 });
  const page = await context.newPage();
  for (const path of ["/", "/contact", "/no-such-page", services[0]!.path]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});

test("1280px: no accessibility violations with the Services panel open", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/no-such-page");
  await expectNoAxeViolations(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" }).click();
  await expectNoAxeViolations(page);
});
