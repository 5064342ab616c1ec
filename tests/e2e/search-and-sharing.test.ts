import type { Page } from "@playwright/test";
import { openHydrated, saveButton, toast } from "#tests/fixtures/e2e-admin.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

// Every page has its own search title, description and sharing picture, edited with the page
// (issue 42); left empty, the page's built-in head is used.

const metaContent = (page: Page, selector: string) => page.locator(selector).getAttribute("content");

test("the home page's search title and description, counted as they are typed, are what search results and links show", async ({
  page,
  editsPages,
  signInDirectly,
}) => {
  await editsPages("homepage");
  await signInDirectly(page);
  await page.goto("/");
  const builtInTitle = await page.title();
  expect(await metaContent(page, 'meta[property="og:image"]')).toMatch(/\/images\/og-image\.jpg$/);

  await openHydrated(page, "/admin/homepage");
  await page.locator("summary", { hasText: "Search and sharing" }).click();
  const title = page.getByLabel("Headline in search results");
  await title.fill("Counseling in Cedar City, Utah");
  await expect(page.getByText("30 characters of about 60 that search results show.")).toBeVisible();
  const description = page.getByLabel("Summary in search results");
  await description.fill(`${"Licensed therapists for adults, couples, families and teens, in person or by telehealth. ".repeat(2)}`);
  await expect(page.getByText(/characters: search results show about the first 155, so the end may be cut off\./)).toBeVisible();
  await description.fill(
    "Licensed therapists for adults, couples, families and teens, in person in Cedar City or by telehealth across Utah.",
  );
  // A line break cannot be typed into a one-line field; a title longer than it holds is refused beside it.
  await title.fill("x".repeat(121));
  await saveButton(page).click();
  await expect(page.getByText("Keep this under 120 characters.")).toBeVisible();
  await page.goto("/");
  expect(await page.title()).toBe(builtInTitle);

  await openHydrated(page, "/admin/homepage");
  await page.locator("summary", { hasText: "Search and sharing" }).click();
  await page.getByLabel("Headline in search results").fill("Counseling in Cedar City, Utah");
  await page.getByLabel("Summary in search results").fill("Licensed therapists for adults, couples, families and teens.");
  await page.locator("summary", { hasText: "of Sharing picture" }).click();
  await page.getByLabel("Sharing picture URL").fill("bundled:general/home-hero");
  await saveButton(page).click();
  await expect(toast(page, "Homepage content updated successfully!")).toBeVisible();

  await page.goto("/");
  await expect(page).toHaveTitle("Counseling in Cedar City, Utah | Red Cliffs Counseling & Wellness");
  expect(await metaContent(page, 'meta[name="description"]')).toBe("Licensed therapists for adults, couples, families and teens.");
  expect(await metaContent(page, 'meta[property="og:title"]')).toBe("Counseling in Cedar City, Utah | Red Cliffs Counseling & Wellness");
  expect(await metaContent(page, 'meta[property="og:image"]')).toMatch(/^https?:\/\/[^/]+\/images\/general\/home-hero-1280\.webp$/);
});

for (const width of [375, 1280]) {
  test(`at ${width} px a service page takes its own hero picture, and its editor's search part passes axe`, async ({
    page,
    editsPages,
    signInDirectly,
  }) => {
    await editsPages("couples-counseling");
    await page.setViewportSize({ width, height: 900 });
    await signInDirectly(page);
    await openHydrated(page, "/admin/services?page=couples-counseling");
    await page.locator("summary", { hasText: "of Hero image" }).click();
    await page.getByLabel("Hero image URL").fill("bundled:general/home-hero");
    await page.locator("summary", { hasText: "Search and sharing" }).click();
    await page.getByLabel("Headline in search results").fill("Couples counseling in Cedar City");
    await expectNoAxeViolations(page);
    await saveButton(page).click();
    await expect(toast(page, "Page content updated successfully!")).toBeVisible();
    await page.goto("/services/couples-counseling");
    await expect(page).toHaveTitle("Couples counseling in Cedar City | Red Cliffs Counseling & Wellness");
    await expect(page.locator("main img").first()).toHaveAttribute("src", /home-hero/);
  });
}

test("a therapist's page shares their photo, and their own search words once staff give them", async ({ page, storePageContent }) => {
  await page.goto("/team/daniel-reyes");
  expect(await metaContent(page, 'meta[property="og:image"]')).toMatch(/\/images\/staff\/staff-\d+-\d+\.webp$/);
  expect(await page.title()).toMatch(/^Daniel Reyes, /);
  const { aboutDefaults } = await import("#app/pages/about.ts");
  await storePageContent("about", {
    ...aboutDefaults,
    staff: aboutDefaults.staff.map((member) =>
      member.id === "staff-daniel-reyes" ? { ...member, searchTitle: "Daniel Reyes, trauma therapist in Cedar City" } : member,
    ),
  });
  // The server hears of the change at its next check of the content counter: the cached page goes then.
  await expect(async () => {
    await page.goto("/team/daniel-reyes");
    await expect(page).toHaveTitle("Daniel Reyes, trauma therapist in Cedar City | Red Cliffs Counseling & Wellness", { timeout: 1000 });
  }).toPass();
});
