import AxeBuilder from "@axe-core/playwright";
import { homepageDefaults } from "#app/pages/homepage.ts";
import { services } from "#app/pages/services.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

const pages = [
  { path: "/", heading: homepageDefaults.heroTitle },
  { path: "/about", heading: "About Red Cliffs Counseling & Wellness" },
  { path: "/resources", heading: "Recommended Reading" },
  { path: "/contact", heading: "Contact Us" },
  ...services.map((service) => ({ path: service.path, heading: service.defaults.title })),
];

for (const { path, heading } of pages) {
  test(`${path} answers 200 with its heading and no accessibility violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`)).toEqual([]);
  });
}

test("an unknown path answers 404 with the text and a link home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test("every unknown path is answered with one cached 404 document", async ({ baseURL }) => {
  const answers = await Promise.all(
    ["/nope", "/a/b/c", "/nope?x=1"].map((path) => fetch(new URL(path, baseURL), { headers: { "Accept-Encoding": "gzip" } })),
  );
  expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
  const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer())));
  expect(bodies[1]!.equals(bodies[0]!) && bodies[2]!.equals(bodies[0]!)).toBe(true);
  expect(new Set(answers.map((answer) => answer.headers.get("etag"))).size).toBe(1);
  expect(bodies[0]!.toString()).toContain("Page not found");
});

test("an unknown service slug answers 404", async ({ page }) => {
  const response = await page.goto("/services/not-a-service");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
});

test("content pages ship one script, the Services menu's arrow keys, of under 1 KB gzipped", async ({ page }) => {
  const requested = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") requested.add(new URL(request.url()).pathname);
  });
  for (const path of ["/", "/about", "/resources", services[0]!.path, "/nope"]) {
    await page.goto(path);
    const scripts = page.locator("script:not([type='application/ld+json'])");
    await expect(scripts, path).toHaveCount(1);
    await expect(scripts, path).toHaveAttribute("type", "module");
    await expect(scripts, path).toHaveAttribute("src", /^\/islands\/header-menu-[\w-]+\.js$/);
  }
  expect(requested.size).toBe(1);
  const [script] = requested;
  const response = await page.request.get(script!, { headers: { "Accept-Encoding": "gzip" } });
  expect(response.headers()["content-encoding"]).toBe("gzip");
  expect(Number(response.headers()["content-length"])).toBeLessThanOrEqual(1024);
});

test("stored homepage content replaces the defaults on /", async ({ page, storePageContent }) => {
  await storePageContent("homepage", { heroTitle: "A stored hero title", ctaTitle: "A stored call to action" });
  // The server notices the change within its poll interval (200 ms in tests).
  await expect(async () => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A stored hero title", { timeout: 500 });
  }).toPass();
  await expect(page.getByRole("heading", { name: "A stored call to action" })).toBeVisible();
  await expect(page.getByText(homepageDefaults.aboutDescription)).toBeVisible();
});

test("the home page links to the contact page and opens the patient portal in a new tab", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "MAKE AN APPOINTMENT" })).toHaveAttribute("href", "/contact");
  const portal = page.getByRole("link", { name: /PATIENT PORTAL/ });
  await expect(portal).toHaveAttribute("target", "_blank");
  await expect(portal).toHaveAttribute("rel", /noopener/);
  await expect(page.getByRole("link", { name: "Contact Us Today" })).toHaveAttribute("href", "/contact");
  for (const approach of ["DBT", "IFS", "EMDR"]) await expect(page.getByRole("heading", { name: approach, exact: true })).toBeVisible();
  await expect(page.locator("#services li")).toHaveCount(9);
});

test("a service page shows its sections and leads to /contact", async ({ page }) => {
  const service = services[0]!;
  await page.goto(service.path);
  for (const name of ["Benefits", "Who It Helps", "What to Expect"]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: /^Step [123]$/ })).toHaveCount(3);
  await page.getByRole("link", { name: "Schedule Your Appointment" }).click();
  await expect(page).toHaveURL("/contact");
});

test("the footer carries hours, billing, four crisis lines and the copyright", async ({ page }) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText("Monday-Thursday 10AM-5PM")).toBeVisible();
  await expect(footer.getByText("Friday 10AM-4PM")).toBeVisible();
  await expect(footer.getByText("Evenings by request")).toBeVisible();
  await expect(footer.getByText(/Billing questions/)).toBeVisible();
  for (const number of ["911", "988", "833-372-3388", "1-800-799-7233"]) {
    await expect(footer.getByRole("link", { name: number, exact: true })).toBeVisible();
  }
  await expect(footer.getByText(/© 2025/)).toBeVisible();
});

test("SEO: canonical, Open Graph, JSON-LD, robots.txt and sitemap.xml", async ({ page, request }) => {
  await page.goto("/resources");
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/resources$/);
  await expect(page.locator("meta[property='og:title']")).toHaveAttribute("content", /Resources/);
  await expect(page.locator("meta[name=description]")).toHaveAttribute("content", /.{40,}/);
  const jsonLd = JSON.parse((await page.locator("script[type='application/ld+json']").textContent()) ?? "{}");
  expect(jsonLd.address.addressLocality).toBe("Cedar City");
  expect(jsonLd.openingHoursSpecification).toHaveLength(2);
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain("Disallow: /admin");
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/services/esa-letters</loc>");
  // The sixteen pages of the specification, the team's eleven (/team/{name}), and the pages of
  // their own in Spanish on a fresh site (the home, About and Resources pages, the twelve
  // services, the team's eleven, the contact page), each naming the other.
  expect(sitemap.match(/<loc>/g)).toHaveLength(54);
  expect(sitemap).toContain("/team/daniel-reyes</loc>");
  expect(sitemap).toMatch(/<loc>[^<]+\/es\/contact<\/loc><xhtml:link rel="alternate" hreflang="en" href="[^"]+\/contact"\/>/);
});
