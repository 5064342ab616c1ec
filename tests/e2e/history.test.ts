import type { Page } from "@playwright/test";
import { aboutDefaults } from "#app/pages/about.ts";
import { getService } from "#app/pages/services.ts";
import { openHydrated, toast } from "#tests/fixtures/e2e-admin.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

// These tests save versions of pages on their worker's own server (tests/setup/e2e-server.ts) and
// remove them afterwards (savePageVersion, editsPages).

const comparison = (page: Page, version: number) =>
  page.getByRole("region", { name: `Version ${version} compared with the current version` });

const savedVersions = (page: Page) => page.getByRole("region", { name: "Versions" }).getByRole("listitem");

test("an earlier About version is compared (the member removed since) and restored, and /about shows the member again", async ({
  page,
  savePageVersion,
  signInDirectly,
}) => {
  const removed = aboutDefaults.staff.find((member) => member.id === "staff-megan-hale")!;
  await savePageVersion("about", aboutDefaults);
  await savePageVersion("about", {
    ...aboutDefaults,
    mission: "A <b>newer</b> mission.",
    staff: aboutDefaults.staff.filter((member) => member.id !== removed.id),
  });
  await signInDirectly(page);
  await openHydrated(page, "/admin/history/about");
  await expect(page.getByRole("heading", { name: "History: About", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the About editor" })).toHaveAttribute("href", "/admin/about");
  // The two saved versions, then version 0: the built-in text.
  await expect(savedVersions(page)).toHaveCount(3);
  await expect(savedVersions(page).last()).toContainText("Version 0: built-in text");
  await expect(savedVersions(page).last()).toContainText("The built-in text the site came with");
  await expect(savedVersions(page).first()).toContainText("Version 2");
  await expect(savedVersions(page).first()).toContainText("Current");
  await expect(savedVersions(page).first()).toContainText(/Saved by demo@\S+ on .+ (MST|MDT)/);
  // What each changed from the one before: the first save kept the built-in text as it was.
  await expect(savedVersions(page).first()).toContainText(/Changed: Mission, \w+/);
  await expect(savedVersions(page).nth(1)).toContainText("No text changed from the version before");
  await expect(savedVersions(page).first().getByRole("link")).toHaveCount(0); // the current one is not compared with itself

  await page.getByRole("link", { name: "Compare version 1" }).click();
  await expect(page).toHaveURL("/admin/history/about?compare=1");
  const compared = comparison(page, 1);
  const staff = compared.getByText("Removed since version 1").locator("..");
  await expect(staff).toContainText("Restoring version 1 adds them back.");
  await expect(staff.getByRole("listitem")).toHaveText([removed.name]);
  await expect(compared.getByText("Added since version 1")).toHaveCount(0);
  // Texts side by side, as text (never HTML).
  await expect(compared.getByRole("heading", { name: "Mission", level: 4 })).toBeVisible();
  await expect(compared).toContainText("A <b>newer</b> mission.");
  await expect(compared.locator("b")).toHaveCount(0);
  await expect(compared).toContainText(aboutDefaults.mission);
  // The words that differ are highlighted on each side.
  await expect(compared.locator("mark").filter({ hasText: "<b>newer</b>" })).toHaveCount(1);
  await expectNoAxeViolations(page);
  // Cancel leaves the comparison, nothing restored; the same link brings it back.
  await compared.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL("/admin/history/about");
  await expect(savedVersions(page).first()).toContainText("Current");
  await expect(savedVersions(page)).toHaveCount(3);
  await page.getByRole("link", { name: "Compare version 1" }).click();

  await compared.getByRole("button", { name: "Restore version 1" }).click();
  await expect(page).toHaveURL("/admin/about");
  await expect(toast(page, "Earlier version restored")).toContainText(
    "It is now the current version; the version it replaced stays in the history.",
  );
  // The public page reads the restored team on its next request (the server polls every 200 ms in tests).
  await expect(async () => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: removed.name, exact: true })).toBeVisible({ timeout: 500 });
  }).toPass();
  await expect(page.getByText("A <b>newer</b> mission.")).toHaveCount(0);

  await page.goto("/admin/history/about");
  // Three saved versions and version 0.
  await expect(savedVersions(page)).toHaveCount(4);
  await expect(savedVersions(page).first()).toContainText("Version 3");
  await expect(savedVersions(page).first()).toContainText("Current");
  // A restore says what it restored, and what that changed.
  await expect(savedVersions(page).first()).toContainText("Restored from version 1");
  await expect(savedVersions(page).first()).toContainText(/Changed: Mission, \w+/);
  await expect(savedVersions(page).nth(1)).not.toContainText("Restored from");
});

test("a restore after someone else saved is refused with who saved, and the history then shows their version", async ({
  page,
  savePageVersion,
  signInDirectly,
}) => {
  const defaults = getService("group-therapy")!.defaults;
  await savePageVersion("group-therapy", defaults);
  await savePageVersion("group-therapy", { ...defaults, benefits: [...defaults.benefits, "A benefit added later"] });
  await signInDirectly(page);
  await openHydrated(page, "/admin/history/group-therapy?compare=1");
  const compared = comparison(page, 1);
  await expect(compared.getByRole("listitem").filter({ hasText: "A benefit added later" })).toContainText("Not in version 1");

  // Someone saves while the history is open.
  await savePageVersion("group-therapy", { ...defaults, title: "Saved meanwhile" });
  await compared.getByRole("button", { name: "Restore version 1" }).click();
  await expect(compared.getByRole("alert")).toContainText(
    /This page was saved by demo@\S+ at .+ (MST|MDT) after you opened the history\. Look at the current version before restoring\./,
  );
  await expect(toast(page, "Not restored")).toBeVisible();
  await expect(compared.getByRole("alert")).toBeFocused(); // in view, and read first
  await expect(page).toHaveURL("/admin/history/group-therapy?compare=1");
  // Nothing was restored; the page now compares with the version saved meanwhile.
  await expect(savedVersions(page)).toHaveCount(4);
  await expect(savedVersions(page).first()).toContainText("Version 3");
  await expect(savedVersions(page).first()).toContainText("Current");
  await expect(compared.getByRole("heading", { name: "Title", level: 4 })).toBeVisible();
  await expect(compared).toContainText("Saved meanwhile");
  await expect(compared.locator("input[name=baseVersion]")).toHaveValue("3");
});

test("without JavaScript, comparing and restoring work as a link and a plain form", async ({
  browser,
  savePageVersion,
  signInDirectly,
}) => {
  const defaults = getService("family-counseling")!.defaults;
  await savePageVersion("family-counseling", { ...defaults, title: "The first title" });
  await savePageVersion("family-counseling", { ...defaults, title: "The second title" });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInDirectly(page);
  await page.goto("/admin/history/family-counseling");
  await page.getByRole("link", { name: "Compare version 1" }).click();
  const compared = comparison(page, 1);
  await expect(compared).toContainText("The first title");
  await expect(compared).toContainText("The second title");
  await compared.getByRole("button", { name: "Restore version 1" }).click();
  await expect(page).toHaveURL("/admin/services?page=family-counseling");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("The first title");
  expect(await page.locator("script[src]").count()).toBe(0);
  await context.close();
});

test("the history page has no accessibility violations and fits a phone screen", async ({ page, savePageVersion, signInDirectly }) => {
  // Four full axe scans: a few seconds each when the machine is busy.
  test.slow();
  const defaults = getService("individual-counseling")!.defaults;
  await savePageVersion("individual-counseling", defaults);
  await savePageVersion("individual-counseling", {
    ...defaults,
    title: "A much longer title, to see how a long line wraps on a phone",
    benefits: defaults.benefits.slice(1),
  });
  await signInDirectly(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/admin/history/individual-counseling", "/admin/history/individual-counseling?compare=1"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "History: Individual Counseling" })).toBeVisible();
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at ${width} px`).toBe(0);
    }
  }
  await page.goto("/admin/history/telehealth-therapy"); // no browser test saves this page
  await expect(page.getByText("No saved versions yet: this page shows its built-in text.")).toBeVisible();
  await page.goto("/admin/history/no-such-page");
  await expect(page.getByRole("alert")).toHaveText("There is no such page, so it has no history.");
  await page.goto("/admin/history/esa-letters");
  await expect(page.getByText("The ESA Letters page always shows its built-in text, so it has no history.")).toBeVisible();
});

test("a first save is undone by restoring version 0, the built-in text", async ({ page, editsPages, signInDirectly }) => {
  const defaults = getService("couples-counseling")!.defaults;
  await editsPages("couples-counseling");
  await signInDirectly(page);
  await openHydrated(page, "/admin/services?page=couples-counseling");
  await page.getByLabel("Title", { exact: true }).fill("Couples, closer");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Page content updated successfully!")).toBeVisible();

  await openHydrated(page, "/admin/history/couples-counseling");
  await expect(savedVersions(page)).toHaveCount(2);
  await page.getByRole("link", { name: "Compare version 0" }).click();
  const compared = comparison(page, 0);
  await expect(compared).toContainText("Version 0 is the built-in text the site came with.");
  await expect(compared).toContainText("Couples, closer");
  await expect(compared).toContainText(defaults.title);
  await compared.getByRole("button", { name: "Restore version 0" }).click();
  await expect(page).toHaveURL("/admin/services?page=couples-counseling");
  await expect(toast(page, "Earlier version restored")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(defaults.title);
  await expect(async () => {
    await page.goto("/services/couples-counseling");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(defaults.title, { timeout: 500 });
  }).toPass();
});
