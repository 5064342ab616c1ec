import { aboutDefaults } from "#app/pages/about.ts";
import { openHydrated, toast } from "#tests/fixtures/e2e-admin.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";
import { uniqueClientAddress } from "#tests/fixtures/client-address.ts";
import { waitUntilSendable } from "#tests/fixtures/e2e-contact.ts";

// Each team member has a page (issue 42): /team/{slug}, made from the About page's team, linked
// from their card; an address a member had before keeps leading to them, or to About once they left.

// Each test is its own visitor, so the contact rate limit never carries over.
test.use({ extraHTTPHeaders: async ({}, use) => use({ "X-Forwarded-For": uniqueClientAddress() }) });

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
    await expect(page.getByRole("link", { name: "Request an appointment", exact: true })).toHaveAttribute(
      "href",
      "/contact?with=daniel-reyes",
    );
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const person = JSON.parse(blocks.find((block) => block.includes('"Person"')) ?? "{}") as Record<string, unknown>;
    expect(person).toMatchObject({
      "@type": "Person",
      name: "Daniel Reyes",
      jobTitle: daniel.title,
      knowsLanguage: ["English", "Spanish"],
      worksFor: { "@type": "MedicalBusiness" },
    });
    // Whether they take new clients, and their profile: services (links), ages, sessions, languages, license.
    await expect(page.getByText("Accepting new clients", { exact: true })).toBeVisible();
    const profile = page.getByRole("region", { name: "Working with Daniel" });
    await expect(profile.getByRole("link", { name: "Individual Counseling" })).toHaveAttribute("href", "/services/individual-counseling");
    await expect(profile.getByText("English, Spanish")).toBeVisible();
    await expect(profile.getByText("Trauma recovery, EMDR", { exact: false })).toBeVisible();
    await expect(profile.getByText("Clinical Mental Health Counselor (CMHC), Utah")).toBeVisible();
    await expect(profile.getByRole("link", { name: /Utah Division of Professional Licensing/ })).toHaveAttribute(
      "href",
      "https://dopl.utah.gov/",
    );
    // The photo sits at the page's edge, not pushed in by the picture's hidden sources.
    const photo = await page.getByRole("img", { name: /Daniel Reyes/ }).boundingBox();
    const pageEdge = await page.getByRole("heading", { name: "About Daniel" }).boundingBox();
    expect(Math.abs(photo!.x - pageEdge!.x)).toBeLessThan(1);
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

test("a full caseload shows on the card and the page, whose call to action names the others accepting for the same services; each service page lists its therapists, accepting first", async ({
  page,
  savePageVersion,
}) => {
  // On a fresh site Ava's caseload is full: her page sends visitors to the others who offer what she does.
  await page.goto("/team/ava-morgan");
  await expect(page.getByText("Caseload full", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ava's caseload is full" })).toBeVisible();
  await expect(
    page.getByText("Our other therapists for Individual Counseling and Telehealth Therapy who are accepting new clients:"),
  ).toBeVisible();
  const cta = page.getByRole("region", { name: "Ava's caseload is full" });
  await expect(cta.getByRole("link", { name: "Daniel Reyes" })).toHaveAttribute("href", "/team/daniel-reyes");
  await expect(cta.getByRole("link", { name: "Rachel Thornton" })).toHaveCount(0); // she offers neither
  await expect(page.getByRole("heading", { name: /Request an appointment with/ })).toHaveCount(0);

  // The couples counseling page lists who offers it, linked to their pages.
  await page.goto("/services/couples-counseling");
  let listed = page.getByRole("region", { name: "Therapists for Couples Counseling" });
  await expect(listed.getByRole("link")).toHaveText(["Rachel Thornton", "Olivia Chen"]);

  // Rachel's caseload fills: she goes after Olivia there, and her card and page say so.
  const staff = aboutDefaults.staff.map((member) =>
    member.id === "staff-rachel-thornton" ? { ...member, newClients: "Caseload full" as const } : member,
  );
  await savePageVersion("about", { ...aboutDefaults, staff });
  await expect(async () => {
    await page.goto("/services/couples-counseling");
    listed = page.getByRole("region", { name: "Therapists for Couples Counseling" });
    await expect(listed.getByRole("link")).toHaveText(["Olivia Chen", "Rachel Thornton"], { timeout: 1000 });
  }).toPass();
  await expect(listed.getByRole("listitem").nth(1)).toContainText("Caseload full");
  await page.goto("/about");
  await expect(page.getByRole("listitem").filter({ hasText: "Rachel Thornton" }).getByText("Caseload full")).toBeVisible();
  await page.goto("/team/rachel-thornton");
  await expect(
    page.getByText("Our other therapists for Couples Counseling and Family Counseling who are accepting new clients:"),
  ).toBeVisible();
  const rachelCta = page.getByRole("region", { name: "Rachel's caseload is full" });
  await expect(rachelCta.getByRole("link", { name: "Olivia Chen" })).toBeVisible();
  await expect(rachelCta.getByRole("link", { name: "Megan Hale" })).toBeVisible(); // family counseling
  await expectNoAxeViolations(page);
});

test("on a phone, staff mark a therapist's caseload full and choose the services they offer in the About tab; their page and the service pages follow", async ({
  page,
  editsPages,
  signInDirectly,
}) => {
  await editsPages("about");
  await page.setViewportSize({ width: 375, height: 740 });
  await signInDirectly(page);
  await openHydrated(page, "/admin/about");
  const rachel = page.getByRole("group", { name: "Rachel Thornton" });
  await rachel.getByRole("button", { name: "Edit Rachel Thornton" }).click();
  // The profile folds away under her other fields.
  await expect(rachel.getByLabel("New clients")).toBeHidden();
  await rachel.getByText("Their own page: new clients, services, specialties, license").click();
  await rachel.getByLabel("New clients").selectOption("Caseload full");
  const services = rachel.getByRole("group", { name: "Services they offer" });
  await expect(services.getByRole("checkbox", { name: "Couples Counseling" })).toBeChecked();
  await services.getByRole("checkbox", { name: "Family Counseling" }).uncheck();
  await services.getByRole("checkbox", { name: "Group Therapy" }).check();
  await rachel.getByRole("group", { name: "Ages they see" }).getByRole("checkbox", { name: "Older adults (65 and over)" }).check();
  await rachel.getByLabel("License number").fill("1234567-3902");
  await expect(page.getByText("Unsaved changes: not kept and not live yet.")).toBeVisible();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "About page content updated successfully!")).toBeVisible();
  // What was saved is what the editor holds: nothing left unsaved.
  await expect(page.getByText("Unsaved changes: not kept and not live yet.")).toHaveCount(0);

  await page.goto("/team/rachel-thornton");
  await expect(page.getByText("Caseload full", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Rachel's caseload is full" })).toBeVisible();
  const profile = page.getByRole("region", { name: "Working with Rachel" });
  await expect(profile.getByRole("link")).toContainText(["Couples Counseling", "Group Therapy"]);
  await expect(profile.getByRole("link", { name: "Family Counseling" })).toHaveCount(0);
  await expect(profile.getByText("Teens (13 to 17), Adults, Older adults (65 and over)")).toBeVisible();
  await expect(profile.getByText("Marriage and Family Therapist (LMFT), Utah, number 1234567-3902")).toBeVisible();
  await page.goto("/services/group-therapy");
  await expect(page.getByRole("region", { name: "Therapists for Group Therapy" }).getByRole("link").last()).toHaveText("Rachel Thornton");
  await page.goto("/services/family-counseling");
  await expect(
    page.getByRole("region", { name: "Therapists for Family Counseling" }).getByRole("link", { name: "Rachel Thornton" }),
  ).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
});

test("'Request an appointment' on a therapist's page opens the form for them; the inquiry says whom it is for in the inbox", async ({
  page,
  signInDirectly,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/team/daniel-reyes");
  await page.getByRole("link", { name: "Request an appointment", exact: true }).click();
  await expect(page).toHaveURL("/contact?with=daniel-reyes");
  await expect(page.getByText("Your message will say you would like to see Daniel Reyes.")).toBeVisible();
  const shownAt = Date.now();
  await page.getByLabel("First Name").focus();
  await expect(page.locator("form[data-hydrated]")).toHaveCount(1);
  await page.getByLabel("First Name").fill("Marisol");
  await page.getByLabel("Last Name").fill("Quintana");
  await page.getByLabel("Email").fill("marisol.quintana@example.com");
  await page.getByLabel("Phone").fill("(435) 555-0177");
  await page.getByLabel("Service Interested In").selectOption("Individual Counseling");
  await page.getByLabel("Payment Method").selectOption("Self-Pay");
  await waitUntilSendable(shownAt);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent successfully!" })).toBeVisible();
  await expectNoAxeViolations(page);

  // An address no member has is a form for anyone, never an error.
  await page.goto("/contact?with=nobody-here");
  await expect(page.getByText("Your message will say")).toHaveCount(0);
  await expect(page.getByLabel("First Name")).toBeVisible();

  await signInDirectly(page);
  await openHydrated(page, "/admin/inquiries");
  const card = page.getByRole("article").filter({ hasText: "Marisol Quintana" });
  await expect(card.getByText("Daniel Reyes", { exact: true })).toBeVisible();
});
