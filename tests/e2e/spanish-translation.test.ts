import type { Page } from "@playwright/test";
import { getService } from "#app/pages/services.ts";
import { openHydrated, saveButton, toast, waitForHydration } from "#tests/fixtures/e2e-admin.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

// A service page translated by staff (issue 43, decision 047): the editor's Spanish side, with
// the English under each field, and the Spanish page it makes, with no English left but what is
// marked so.

const untranslatedNote = "Esta página aún no está traducida al español";

/** Fills one item of a list the Spanish side opens empty. */
async function addListItem(page: Page, list: string, text: string) {
  // Right after typing in the text above it: the press must not be lost to the form moving.
  await page.getByRole("button", { name: `Add item to ${list}` }).click();
  await page.getByLabel(`${list} 1`, { exact: true }).fill(text);
}

for (const { width, slug } of [
  { width: 1280, slug: "telehealth-therapy" },
  { width: 375, slug: "individual-counseling" },
] as const) {
  const english = getService(slug)!.defaults;

  test(`at ${width} px a service translated in its editor is a Spanish page; the English page is as it was`, async ({
    page,
    editsPages,
    signInDirectly,
  }) => {
    await editsPages(slug);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/es/services/${slug}`);
    await expect(page.getByRole("note").filter({ hasText: untranslatedNote })).toBeVisible();

    await signInDirectly(page);
    await openHydrated(page, `/admin/services?page=${slug}`);
    const languages = page.getByRole("navigation", { name: "Language of the texts" });
    await expect(languages.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "page");
    await languages.getByRole("link", { name: "Spanish" }).click();
    await expect(page).toHaveURL(`/admin/services?page=${slug}&lang=es`);
    await waitForHydration(page);
    await expect(page.getByText("Not translated yet: the Spanish page shows the English text")).toBeVisible();
    // Empty Spanish fields, each with the English under it; no picture or other shared field.
    const title = page.getByLabel("Title", { exact: true });
    await expect(title).toHaveValue("");
    await expect(page.locator('[lang="en"]').filter({ hasText: english.title }).first()).toBeVisible();
    await expect(page.getByText("Hero image")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Publishing with a list the English has left empty is refused, and says why.
    await title.fill("Terapia de pareja e individual");
    await page.getByLabel("Description", { exact: true }).fill("Le acompañamos con respeto y sin juicios.");
    await addListItem(page, "Benefits", "Mejor comunicación");
    await addListItem(page, "Who it helps", "Personas que atraviesan un momento difícil");
    await page.getByLabel("Additional information", { exact: true }).fill("Las sesiones duran 50 minutos.");
    await saveButton(page).click();
    await expect(page.getByText("The English page has this text: write it in this language too.")).toBeVisible();
    await addListItem(page, "What to expect", "Una primera conversación sin compromiso");
    await saveButton(page).click();
    await expect(toast(page, "Page content updated successfully!")).toBeVisible();
    await expect(page.getByText("Published: this is what the site shows now.")).toBeVisible();
    await expect(title).toHaveValue("Terapia de pareja e individual");

    await page.goto(`/es/services/${slug}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("note").filter({ hasText: untranslatedNote })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terapia de pareja e individual");
    await expect(page.getByRole("heading", { name: "Beneficios" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Qué esperar" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Programe su cita" })).toHaveAttribute("href", "/es/contact");
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "es_US");
    await expect(page).toHaveTitle(/^Terapia de pareja e individual \|/);
    // What is still English says so: the other services' names, and the therapists (the team's
    // texts are not translated yet).
    const otherServices = page.getByRole("navigation", { name: "Otros servicios" });
    await expect(otherServices.getByRole("link").first()).toHaveAttribute("lang", "en");
    const therapists = page.locator("#therapists li");
    if ((await therapists.count()) > 0) await expect(therapists.first()).toHaveAttribute("lang", "en");
    await expect(page.locator('main [lang="en"]').filter({ hasText: "Benefits" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // A page of its own in Spanish now: for search engines, naming its English page, and linked to it.
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", new RegExp(`/services/${slug}$`));
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", new RegExp(`/services/${slug}$`));
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "English" })).toHaveAttribute("href", `/services/${slug}`);
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toMatch(
      new RegExp(`<loc>[^<]+/es/services/${slug}</loc><xhtml:link rel="alternate" hreflang="en" href="[^"]+/services/${slug}"/>`),
    );

    // The English page and the other languages' pages are as they were.
    await page.goto(`/services/${slug}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(english.title);
    await expect(page.getByRole("heading", { name: "Benefits" })).toBeVisible();
    await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", new RegExp(`/es/services/${slug}$`));
    const spanishLink = page.getByRole("contentinfo").getByRole("link", { name: "Español" });
    await expect(spanishLink).toHaveAttribute("href", `/es/services/${slug}`);
    await expect(spanishLink).toHaveAttribute("lang", "es");
    // A page not translated: kept from search engines, and no link to it from its English page.
    await page.goto("/services/family-counseling");
    await expect(page.locator('link[rel="alternate"]')).toHaveCount(0);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Español" })).toHaveCount(0);
    await page.goto("/es/services/family-counseling");
    await expect(page.getByRole("note").filter({ hasText: untranslatedNote })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    // An English edit marks the Spanish out of date, and leaves it published.
    await openHydrated(page, `/admin/services?page=${slug}`);
    await expect(page.getByText("Spanish: up to date")).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill(`${english.title} for Everyone`);
    await saveButton(page).click();
    await expect(toast(page, "Page content updated successfully!")).toBeVisible();
    await page.reload();
    await expect(page.getByText(/^Spanish: out of date since the English changed on .+ \(Title\)/)).toBeVisible();
    await page.getByRole("link", { name: "All translations" }).click();
    await expect(page.getByRole("heading", { name: "Translations" })).toBeVisible();
    const listed = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: english.title, exact: true }) });
    await expect(listed).toContainText(/out of date since the English changed on .+ \(Title\)/);
    await expect(listed.getByRole("link")).toHaveAttribute("href", `/admin/services?page=${slug}&lang=es`);
    await expectNoAxeViolations(page);
    await page.goto(`/es/services/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terapia de pareja e individual");
  });
}

test("the Spanish side previews the page in Spanish, and a variant of a tab or a page without its own texts has no Spanish side", async ({
  page,
  editsPages,
  signInDirectly,
}) => {
  await editsPages("group-therapy");
  await signInDirectly(page);
  await openHydrated(page, "/admin/services?page=group-therapy&lang=es");
  await page.getByLabel("Title", { exact: true }).fill("Terapia de grupo");
  await page.getByLabel("Description", { exact: true }).fill("Un grupo pequeño, guiado por un terapeuta.");
  await addListItem(page, "Benefits", "Saber que no está solo");
  await addListItem(page, "Who it helps", "Personas con ansiedad");
  await addListItem(page, "What to expect", "Una conversación antes de unirse");
  await page.getByLabel("Additional information", { exact: true }).fill("Los grupos se reúnen cada semana.");
  await page.getByRole("button", { name: "Preview" }).first().click();
  const frame = page.frameLocator('iframe[title^="Preview"]');
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText("Terapia de grupo");
  await expect(frame.locator("html")).toHaveAttribute("lang", "es");
  await expect(frame.getByRole("heading", { name: "Beneficios" })).toBeVisible();
  await page.getByRole("button", { name: "Close preview" }).click();

  for (const path of ["/admin/practice", "/admin/services?page=about", "/admin/services?page=mental-health-assessments"]) {
    await openHydrated(page, `${path}${path.includes("?") ? "&" : "?"}lang=es`);
    await expect(page.getByRole("navigation", { name: "Language of the texts" })).toHaveCount(0);
  }
});
