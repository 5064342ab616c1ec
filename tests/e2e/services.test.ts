import type { Page } from "@playwright/test";
import { addService, openHydrated, toast } from "#tests/fixtures/e2e-admin.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";
import { uniqueClientAddress } from "#tests/fixtures/client-address.ts";
import { waitUntilSendable } from "#tests/fixtures/e2e-contact.ts";

// The services list (issue 42, decision 043): staff add a service, publish its page, order the
// list, rename its address and retire it; every menu, the home grid, the contact form and the
// sitemap follow, and no address it ever had stops working. Each test puts the built-in list back.

const listPath = "/admin/services/list";

// Each test is its own visitor, so the contact rate limit never carries over.
test.use({ extraHTTPHeaders: async ({}, use) => use({ "X-Forwarded-For": uniqueClientAddress() }) });

/** Fills the required texts of an added service's page and publishes it. */
async function publishPage(page: Page, description: string) {
  await page.getByLabel("Description").fill(description);
  await page.getByLabel("Additional information").fill("Sessions are 50 minutes, in person or by telehealth.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Page content updated successfully!")).toBeVisible();
}

/** The names of the desktop Services menu, the phone menu and the contact form's subjects, as a visitor's page has them. */
async function publicLists(page: Page) {
  await page.goto("/");
  const menu = await page.locator("#services-menu a").allTextContents();
  const phoneMenu = await page.locator("#mobile-menu nav ul ul a").allTextContents();
  const homeCards = await page.locator("#services li a span.font-serif").allTextContents();
  await page.goto("/contact");
  const subjects = await page.locator("select[name=subject] option").allTextContents();
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  return { menu, phoneMenu, homeCards, subjects, sitemap };
}

test("a service added and published is in every menu, the home grid when chosen, the contact form and the sitemap; a draft is in none", async ({
  page,
  editsServices,
  signInDirectly,
}) => {
  test.slow(); // several admin pages and public pages, each loaded
  await editsServices();
  await signInDirectly(page);
  const editor = await addService(page, { name: "Art Therapy", card: "Drawing and making things to say what is hard to say." });
  await expect(page.getByLabel("Title")).toHaveValue("Art Therapy");
  await expect(page.getByText("This service is not on the site yet.")).toBeVisible();
  // There is no live page to see yet, so no link to one.
  await expect(page.getByRole("link", { name: /See the live page/ })).toHaveCount(0);
  // Not public while it is a draft.
  expect((await page.request.get("/services/art-therapy", { maxRedirects: 0 })).status()).toBe(404);
  let lists = await publicLists(page);
  expect(lists.menu).not.toContain("Art Therapy");
  expect(lists.subjects).not.toContain("Art Therapy");

  // Publishing needs its texts: an empty description is refused beside the field.
  await openHydrated(page, editor);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("This field cannot be empty.").first()).toBeVisible();
  await publishPage(page, "Art therapy uses drawing, painting and making things to help you express what is hard to say.");

  // Its history names it, and lists the draft it was added with and the version published.
  await page
    .getByRole("link", { name: /history/i })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "History: Art Therapy" })).toBeVisible();

  await page.goto("/services/art-therapy");
  await expect(page.getByRole("heading", { level: 1, name: "Art Therapy" })).toBeVisible();
  // A list left empty is left out, not shown as an empty section.
  await expect(page.getByRole("heading", { name: "Benefits" })).toHaveCount(0);
  lists = await publicLists(page);
  expect(lists.menu.at(-1)).toBe("Art Therapy");
  expect(lists.phoneMenu.at(-1)).toBe("Art Therapy");
  expect(lists.subjects.slice(-2)).toEqual(["Art Therapy", "Other"]);
  expect(lists.sitemap).toContain("/services/art-therapy</loc>");
  expect(lists.homeCards).not.toContain("Art Therapy");

  // Moved to the top and shown on the home page: every list follows the order.
  await openHydrated(page, listPath);
  const item = page.getByRole("listitem", { name: "Art Therapy" });
  await item.getByText("Name, card and address").click();
  await item.getByLabel("Show on the home page").check();
  await item.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Service saved")).toBeVisible();
  for (let moves = 0; moves < 12; moves += 1) {
    await page.getByRole("button", { name: "Move up: Art Therapy" }).click();
    await expect(page.getByRole("listitem", { name: "Art Therapy" }).getByText(`${12 - moves}.`, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Move up: Art Therapy" })).toBeDisabled();
  lists = await publicLists(page);
  expect(lists.menu[0]).toBe("Art Therapy");
  expect(lists.phoneMenu[0]).toBe("Art Therapy");
  expect(lists.homeCards[0]).toBe("Art Therapy");
  expect(lists.homeCards).toHaveLength(10);
  expect(lists.subjects[1]).toBe("Art Therapy");
  expect(lists.sitemap.indexOf("/services/art-therapy<")).toBeLessThan(lists.sitemap.indexOf("/services/individual-counseling<"));
});

test("a service's new address leaves a permanent redirect from the old; retired, its addresses lead to the page chosen and its inquiries keep its name", async ({
  page,
  editsServices,
  signInDirectly,
}) => {
  test.slow();
  await editsServices();
  await signInDirectly(page);
  await addService(page, { name: "Art Therapy", slug: "art-therapy", card: "Drawing and making things." });
  await publishPage(page, "Art therapy uses drawing and painting.");

  // A new address: the old one answers 301 to it.
  await openHydrated(page, listPath);
  let item = page.getByRole("listitem", { name: "Art Therapy" });
  await item.getByText("Name, card and address").click();
  await item.getByLabel("Address", { exact: true }).fill("Creative Arts!");
  await item.getByRole("button", { name: "Save" }).click();
  await expect(item.getByText("Use lower-case letters a-z, digits 0-9 and hyphens (-) only, like family-counseling.")).toBeVisible();
  // An address another service has is refused beside the field.
  await item.getByLabel("Address", { exact: true }).fill("couples-counseling");
  await item.getByRole("button", { name: "Save" }).click();
  await expect(item.getByText("Another page has this address. Choose another.")).toBeVisible();
  await item.getByLabel("Address", { exact: true }).fill("creative-arts-therapy");
  await item.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Service saved")).toBeVisible();
  let old = await page.request.get("/services/art-therapy", { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe("/services/creative-arts-therapy");
  expect((await page.request.get("/services/creative-arts-therapy")).status()).toBe(200);

  // A visitor asks about it.
  await page.goto("/contact");
  const shownAt = Date.now();
  await page.getByLabel("First Name").focus();
  await expect(page.locator("form[data-hydrated]")).toHaveCount(1);
  await page.getByLabel("First Name").fill("Rosa");
  await page.getByLabel("Last Name").fill("Vega");
  await page.getByLabel("Email").fill("rosa.vega@example.com");
  await page.getByLabel("Phone").fill("(435) 555-0170");
  await page.getByLabel("Service Interested In").selectOption("Art Therapy");
  await page.getByLabel("Payment Method").selectOption("Self-Pay");
  await waitUntilSendable(shownAt);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent successfully!" })).toBeVisible();

  // Retired, to the About page: every address of it leads there; it is in no list.
  await openHydrated(page, listPath);
  item = page.getByRole("listitem", { name: "Art Therapy" });
  await item.getByText("Retire", { exact: true }).click();
  await item.getByLabel("Send its visitors to").selectOption("/about");
  await item.getByRole("button", { name: "Retire the service" }).click();
  await expect(toast(page, "Service retired")).toBeVisible();
  for (const path of ["/services/art-therapy", "/services/creative-arts-therapy"]) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(301);
    expect(answer.headers().location, path).toBe("/about");
  }
  const lists = await publicLists(page);
  expect(lists.menu).not.toContain("Art Therapy");
  expect(lists.subjects).not.toContain("Art Therapy");
  expect(lists.sitemap).not.toContain("creative-arts-therapy");

  // The inquiry sent about it keeps its name in the inbox.
  await openHydrated(page, "/admin/inquiries");
  await expect(page.getByText("Rosa Vega").first()).toBeVisible();
  await expect(page.getByText("Art Therapy").first()).toBeVisible();

  // Brought back: live at its address again.
  await openHydrated(page, listPath);
  await page.getByRole("button", { name: "Bring back Art Therapy" }).click();
  await expect(toast(page, "Service brought back")).toBeVisible();
  old = await page.request.get("/services/art-therapy", { maxRedirects: 0 });
  expect(old.headers().location).toBe("/services/creative-arts-therapy");
  expect((await page.request.get("/services/creative-arts-therapy")).status()).toBe(200);
});

for (const width of [375, 1280]) {
  test(`the services list works at ${width} px with no accessibility violations`, async ({ page, editsServices, signInDirectly }) => {
    await editsServices();
    await page.setViewportSize({ width, height: 900 });
    await signInDirectly(page);
    await openHydrated(page, listPath);
    await expect(page.getByRole("heading", { level: 2, name: "Services" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Services in order" }).getByRole("listitem")).toHaveCount(12);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.getByRole("button", { name: "Move down: Individual Counseling" }).click();
    await expect(toast(page, "Order saved")).toBeVisible();
    await expect(page.getByRole("listitem", { name: "Individual Counseling" }).getByText("2.", { exact: true })).toBeVisible();
    // By keyboard on the drag handle, and at desktop width by dragging it.
    await page.getByRole("button", { name: /^Reorder ESA Letters/ }).press("ArrowUp");
    await expect(page.getByRole("listitem", { name: "ESA Letters" }).getByText("11.", { exact: true })).toBeVisible();
    if (width >= 1024) {
      // Above Court Ordered Evaluations, the 10th.
      const handle = page.getByRole("button", { name: /^Reorder ESA Letters/ });
      await page.getByRole("listitem", { name: "Court Ordered Evaluations" }).scrollIntoViewIfNeeded();
      const target = await page.getByRole("listitem", { name: "Court Ordered Evaluations" }).boundingBox();
      const from = await handle.boundingBox();
      await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
      await page.mouse.down();
      await page.mouse.move(from!.x + from!.width / 2, target!.y + 8, { steps: 20 });
      await page.mouse.up();
      await expect(page.getByRole("listitem", { name: "ESA Letters" }).getByText("10.", { exact: true })).toBeVisible();
    }
    // A name left empty is refused beside it.
    const add = page.getByRole("region", { name: "Add a service" });
    await add.getByRole("button", { name: "Add the service" }).click();
    await expect(add.getByText("Give the service a name.")).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test("after a change the list's buttons wait for the list as saved, and a keyboard move keeps the keyboard on the service moved", async ({
  page,
  editsServices,
  signInDirectly,
}) => {
  await editsServices();
  await signInDirectly(page);
  await openHydrated(page, listPath);
  // The list as saved is held back after the answer (a slow connection): its toast is shown, but
  // a button sent now would name the list as it was, and be refused as someone else's change.
  let releaseList = () => {};
  const held = new Promise<void>((resolve) => (releaseList = resolve));
  await page.route(/\/admin\/services\/list\.data/, async (route) => {
    if (route.request().method() === "GET") await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Move down: Individual Counseling" }).click();
  await expect(toast(page, "Order saved")).toBeVisible();
  await expect(page.getByRole("button", { name: "Move down: Couples Counseling" })).toBeDisabled();
  releaseList();
  await expect(page.getByRole("listitem", { name: "Individual Counseling" }).getByText("2.", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Move down: Couples Counseling" }).click();
  await expect(page.getByRole("listitem", { name: "Couples Counseling" }).getByText("2.", { exact: true })).toBeVisible();
  await expect(toast(page, "Nothing was changed")).toHaveCount(0);

  // Two arrow presses move a service two places: the keyboard stays on its handle.
  const handle = () => page.getByRole("button", { name: /^Reorder ESA Letters/ });
  await handle().focus();
  await page.keyboard.press("ArrowUp");
  await expect(handle()).toHaveAccessibleName(/\(11 of 12\)/);
  await expect(handle()).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(handle()).toHaveAccessibleName(/\(10 of 12\)/);
  await expect(handle()).toBeFocused();

  // Someone else moves a service meanwhile (another tab): this tab's move is refused, and the
  // list is shown as it is now, not as it was.
  const other = await page.context().newPage();
  await openHydrated(other, listPath);
  await other.getByRole("button", { name: "Move up: Family Counseling" }).click();
  await expect(toast(other, "Order saved")).toBeVisible();
  await page.getByRole("button", { name: "Move down: Couples Counseling" }).click();
  await expect(toast(page, "Nothing was changed").filter({ hasText: "Someone else changed the services list just now" })).toBeVisible();
  await expect(page.getByRole("listitem", { name: "Family Counseling" }).getByText("2.", { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem", { name: "Couples Counseling" }).getByText("3.", { exact: true })).toBeVisible();
});
