import { aboutDefaults } from "#app/pages/about.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

// Each team member has a page (issue 42): /team/{slug}, made from the About page's team, linked
// from their card; an address a member had before keeps leading to them, or to About once they left.

const daniel = aboutDefaults.staff.find((member) => member.id === "staff-daniel-reyes")!;

for (const width of [375, 1280]) {
  test(`a therapist's page at ${width} px: photo, name, credentials, role, the whole biography and a way to ask for them`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/about");
    await page.getByRole("link", { name: "Daniel Reyes" }).click();
    await expect(page).toHaveURL("/team/daniel-reyes");
    await expect(page).toHaveTitle(`Daniel Reyes, ${daniel.credentials} | Red Cliffs Counseling & Wellness`);
    await expect(page.getByRole("heading", { level: 1, name: "Daniel Reyes" })).toBeVisible();
    await expect(page.getByText(daniel.credentials, { exact: true })).toBeVisible();
    await expect(page.getByText(daniel.title, { exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: /Daniel Reyes/ })).toBeVisible();
    await expect(page.getByText(daniel.bio.slice(0, 60))).toBeVisible();
    await expect(page.getByRole("heading", { name: "Request an appointment with Daniel" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Request an appointment", exact: true })).toHaveAttribute("href", "/contact");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const person = JSON.parse(blocks.find((block) => block.includes('"Person"')) ?? "{}") as Record<string, unknown>;
    expect(person).toMatchObject({
      "@type": "Person",
      name: "Daniel Reyes",
      jobTitle: daniel.title,
      worksFor: { "@type": "MedicalBusiness" },
    });
    // A content page: no script of its own beyond the header's menu.
    expect(await page.locator("script[src]").count()).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
  });
}

test("a renamed member's old address leads to their page; a member who left leads to About; the sitemap lists the team", async ({
  page,
  savePageVersion,
  editsServices,
}) => {
  await editsServices(); // the addresses kept are cleared with the services list's, before and after
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain("/team/daniel-reyes</loc>");
  const renamed = aboutDefaults.staff
    .filter((member) => member.id !== "staff-ava-morgan")
    .map((member) => (member.id === "staff-daniel-reyes" ? { ...member, name: "Daniel Reyes-Ortiz" } : member));
  await savePageVersion("about", { ...aboutDefaults, staff: renamed });
  await expect(async () => {
    const old = await page.request.get("/team/daniel-reyes", { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe("/team/daniel-reyes-ortiz");
  }).toPass();
  const left = await page.request.get("/team/ava-morgan", { maxRedirects: 0 });
  expect(left.status()).toBe(301);
  expect(left.headers().location).toBe("/about");
  expect((await page.request.get("/team/nobody-here", { maxRedirects: 0 })).status()).toBe(404);
  // The sitemap is a cached page: this server hears of a save made elsewhere within CONTENT_POLL_MS.
  await expect(async () => {
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/team/daniel-reyes-ortiz</loc>");
    expect(sitemap).not.toContain("/team/ava-morgan</loc>");
  }).toPass();
  await page.goto("/team/daniel-reyes");
  await expect(page).toHaveURL("/team/daniel-reyes-ortiz");
  await expect(page.getByRole("heading", { level: 1, name: "Daniel Reyes-Ortiz" })).toBeVisible();
});
