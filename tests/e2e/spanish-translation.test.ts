import type { Page } from "@playwright/test";
import { getService } from "#app/pages/services.ts";
import { spanishServiceTexts } from "#app/pages/services-spanish.ts";
import { addService, openHydrated, saveButton, toast, waitForHydration } from "#tests/fixtures/e2e-admin.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { keepScreenshot } from "#tests/fixtures/e2e-screenshot.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

// The services in Spanish (issue 43, decision 047): the translation each comes with, the
// editor's Spanish side with the English under each field, the Spanish page it makes (no English
// left but what is marked so), its status when the English changes, and a service staff added,
// shown in English under the note until someone translates it.

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
  const spanish = spanishServiceTexts[slug];

  test(`at ${width} px a service is a Spanish page from the start; its Spanish side changes it, and an English edit marks it out of date`, async ({
    page,
    editsPages,
    signInDirectly,
  }) => {
    await editsPages(slug);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/es/services/${slug}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("note").filter({ hasText: untranslatedNote })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(spanish.title);
    await expect(page.getByRole("heading", { name: "Beneficios" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Qué esperar" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Programe su cita" })).toHaveAttribute("href", "/es/contact");
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "es_US");
    await expect(page).toHaveTitle(new RegExp(`^${spanish.title.replace(/[()]/g, "\\$&")} \\|`));
    // The other services by their Spanish names; the therapists' cards by the team's Spanish.
    const otherServices = page.getByRole("navigation", { name: "Otros servicios" });
    await expect(otherServices.getByRole("link", { name: spanishServiceTexts["couples-counseling"].title })).not.toHaveAttribute("lang");
    const therapists = page.locator("#therapists li");
    await expect(therapists.first()).not.toHaveAttribute("lang");
    await expect(therapists.first()).toContainText(/Acepta clientes nuevos|Agenda completa/);
    // A page of its own in Spanish: for search engines, naming its English page, and linked to it.
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", new RegExp(`/services/${slug}$`));
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", new RegExp(`/services/${slug}$`));
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "English" })).toHaveAttribute("href", `/services/${slug}`);
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toMatch(
      new RegExp(`<loc>[^<]+/es/services/${slug}</loc><xhtml:link rel="alternate" hreflang="en" href="[^"]+/services/${slug}"/>`),
    );
    await expectNoAxeViolations(page);

    // The English page links to the Spanish one.
    await page.goto(`/services/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(english.title);
    await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", new RegExp(`/es/services/${slug}$`));
    const spanishLink = page.getByRole("contentinfo").getByRole("link", { name: "Español" });
    await expect(spanishLink).toHaveAttribute("href", `/es/services/${slug}`);
    await expect(spanishLink).toHaveAttribute("lang", "es");

    await signInDirectly(page);
    await openHydrated(page, `/admin/services?page=${slug}`);
    await expect(page.getByText("Spanish: up to date")).toBeVisible();
    const languages = page.getByRole("navigation", { name: "Language of the texts" });
    await expect(languages.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "page");
    await languages.getByRole("link", { name: "Spanish" }).click();
    await expect(page).toHaveURL(`/admin/services?page=${slug}&lang=es`);
    await waitForHydration(page);
    // The Spanish it comes with, each field with the English under it; no picture or other shared field.
    const title = page.getByLabel("Title", { exact: true });
    await expect(title).toHaveValue(spanish.title);
    await expect(page.locator('[lang="en"]').filter({ hasText: english.description }).first()).toBeVisible();
    await expect(page.getByText("Hero image")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A list the English has, emptied: refused, and said why, under the list.
    const whoItHelps = page.getByRole("group", { name: "Who it helps" });
    for (let left = spanish.whoItHelps.length; left > 0; left--) {
      await whoItHelps.getByRole("button", { name: "Remove Who it helps 1" }).click();
    }
    await saveButton(page).click();
    await expect(whoItHelps.getByText("The English page has this text: write it in this language too.")).toBeVisible();
    await title.fill("Terapia a distancia");
    await addListItem(page, "Who it helps", "Personas que viven lejos de la oficina");
    await saveButton(page).click();
    await expect(toast(page, "Page content updated successfully!")).toBeVisible();
    await expect(page.getByText("Published: this is what the site shows now.")).toBeVisible();
    await expect(title).toHaveValue("Terapia a distancia");

    await page.goto(`/es/services/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terapia a distancia");
    await expect(page.getByRole("heading", { name: "A quién ayuda" })).toBeVisible();
    await expect(page.getByText("Personas que viven lejos de la oficina")).toBeVisible();

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
    await expect(page.getByText(/ESA Letters always show their built-in text, in English and in Spanish/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/es/services/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terapia a distancia");
  });
}

test("a service staff added is shown in English under the note until it is translated; its Spanish side opens empty", async ({
  page,
  editsServices,
  signInDirectly,
}) => {
  await editsServices();
  await signInDirectly(page);
  await addService(page, { name: "Art Therapy", card: "Making things, and talking about them." });
  await page.getByLabel("Description").fill("Art therapy uses drawing and making to help you say what is hard to say.");
  await page.getByLabel("Additional information").fill("Sessions last 50 minutes.");
  await saveButton(page).click();
  await expect(toast(page, "Page content updated successfully!")).toBeVisible();
  await expect(page.getByText("Spanish: not translated")).toBeVisible();
  const path = new URL(page.url()).searchParams.get("page") ?? "";

  // Its name in the Spanish menus is English, and says so; its page is the English under the note.
  await page.goto("/es");
  await expect(page.locator("#services-menu a", { hasText: "Art Therapy" })).toHaveAttribute("lang", "en");
  await expect(page.locator("#services-menu a", { hasText: "Consejería de pareja" })).not.toHaveAttribute("lang");
  const slug = await page.locator("#services-menu a", { hasText: "Art Therapy" }).getAttribute("href");
  await page.goto(slug ?? "");
  await expect(page.getByRole("note").filter({ hasText: untranslatedNote })).toBeVisible();
  await expect(page.locator('main div[lang="en"]').getByRole("heading", { level: 1 })).toHaveText("Art Therapy");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  // The Spanish contact form names it in English, marked, and the page says part of it is English.
  await page.goto("/es/contact");
  await expect(page.locator('option[value="Art Therapy"]')).toHaveAttribute("lang", "en");
  await expect(page.getByRole("note").filter({ hasText: "Parte de esta página aún no está traducida" })).toBeVisible();
  await openHydrated(page, `/admin/services?page=${path}&lang=es`);
  await expect(page.getByText("Not translated yet: the Spanish page shows the English text")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
});

test("the Spanish side previews the page in Spanish, and a variant of a tab or a page without its own texts has no Spanish side", async ({
  page,
  editsPages,
  signInDirectly,
}) => {
  await editsPages("group-therapy");
  await signInDirectly(page);
  await openHydrated(page, "/admin/services?page=group-therapy&lang=es");
  await page.getByLabel("Title", { exact: true }).fill("Terapia en grupo");
  await page.getByRole("button", { name: "Preview" }).first().click();
  const frame = page.frameLocator('iframe[title^="Preview"]');
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText("Terapia en grupo");
  await expect(frame.locator("html")).toHaveAttribute("lang", "es");
  await expect(frame.getByRole("heading", { name: "Beneficios" })).toBeVisible();
  // Its menus mark the page previewed as the current one, at its Spanish address.
  await expect(frame.locator('#services-menu a[aria-current="page"]')).toHaveAttribute("href", "/es/services/group-therapy");
  await page.getByRole("button", { name: "Close preview" }).click();

  for (const path of ["/admin/services?page=about", "/admin/services?page=mental-health-assessments"]) {
    await openHydrated(page, `${path}${path.includes("?") ? "&" : "?"}lang=es`);
    await expect(page.getByRole("navigation", { name: "Language of the texts" })).toHaveCount(0);
  }
  // Of the practice's details only the note under the hours is words: its Spanish side is that note.
  await openHydrated(page, "/admin/practice?lang=es");
  await expect(page.getByRole("navigation", { name: "Language of the texts" })).toHaveCount(1);
  await expect(page.getByLabel("Note under the hours")).toHaveValue("Por las tardes, con cita previa");
  await expect(page.getByLabel("Phone", { exact: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("practice-spanish-side.png"), fullPage: true });
});

test("on a phone the About page is Spanish; its Spanish side edits a member's texts, not the member; one added in English since is shown in English, marked", async ({
  page,
  editsPages,
  signInDirectly,
  savePageVersion,
}) => {
  await editsPages("about");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/es/about");
  await expect(page.getByRole("note").filter({ hasText: untranslatedNote })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Conozca a nuestro equipo" })).toBeVisible();
  await expect(page).toHaveTitle(/^Quiénes somos \|/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Conozca al equipo/);
  const avaCard = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Ava Morgan" }) });
  await expect(avaCard).toContainText("Directora clínica");
  await expect(avaCard).not.toHaveAttribute("lang");
  // The team's photos are described in Spanish ("Foto de …" where a member's own description is empty).
  await expect(page.locator('main img[alt^="Foto de "]').first()).toBeAttached();
  await expect(page.locator('main img[alt^="Photo of "]')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await signInDirectly(page);
  await openHydrated(page, "/admin/about?lang=es");
  await expect(page.getByRole("button", { name: "Add Staff" })).toHaveCount(0);
  const ava = page.getByRole("group", { name: "Ava Morgan" });
  await ava.getByRole("button", { name: "Edit Ava Morgan" }).click();
  await expect(ava.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  const bio = ava.getByLabel("Bio", { exact: true });
  await expect(bio).toHaveValue(/^Ava Morgan fundó/);
  await expect(ava.locator('[lang="en"]').filter({ hasText: "Ava Morgan founded" })).toBeVisible();
  await expect(ava.getByLabel("Name", { exact: true })).toHaveCount(0);
  await bio.fill("Ava Morgan dirige el equipo clínico y atiende a personas adultas.");
  await saveButton(page).click();
  await expect(toast(page, "About page content updated successfully!")).toBeVisible();
  await page.goto("/es/about");
  await expect(avaCard).toContainText("Ava Morgan dirige el equipo clínico");
  // The English page is untouched.
  await page.goto("/about");
  await expect(page.getByText("Ava Morgan dirige")).toHaveCount(0);

  // A member added in English: on the Spanish page in English, marked, under the "partly" note.
  const { aboutDefaults } = await import("#app/pages/about.ts");
  const newcomer = { ...aboutDefaults.staff[1]!, id: "staff-new-person", name: "Robin Newcomer", bio: "Robin joined this week." };
  await savePageVersion("about", { ...aboutDefaults, staff: [...aboutDefaults.staff, newcomer] });
  // Saved past this server (as by another instance): shown once it notices.
  const partlyNote = page.getByRole("note").filter({ hasText: "Parte de esta página aún no está traducida" });
  await expect(async () => {
    await page.goto("/es/about");
    await expect(partlyNote).toBeVisible({ timeout: 1000 });
  }).toPass();
  const robin = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Robin Newcomer" }) });
  await expect(robin).toHaveAttribute("lang", "en");
  await expect(robin).toContainText("Robin joined this week.");
  // What the card writes itself is English there too: the badge, the photo's default description.
  await expect(robin).toContainText(/Accepting new clients|Caseload full/);
  await expect(robin.locator('img[alt="Photo of Robin Newcomer"]')).toBeAttached();
  await expectNoAxeViolations(page);
  // Their own page: in English under the note, kept from search engines, until their Spanish is written;
  // a translated member's page is Spanish.
  await robin.getByRole("link", { name: "Robin Newcomer" }).click();
  await expect(page).toHaveURL(/\/es\/team\/robin-newcomer$/);
  await expect(page.getByRole("note").filter({ hasText: untranslatedNote })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('main div[lang="en"]').getByRole("heading", { name: "About Robin" })).toBeVisible();
  await page.goto("/es/team/ava-morgan");
  await expect(page.getByRole("heading", { name: "Conozca a Ava" })).toBeVisible();
  await expect(page.getByText("Ava Morgan dirige el equipo clínico")).toBeVisible();
});

test("at 1280 px the Resources page is Spanish with the books' titles as published, marked English; its Spanish side edits a book's words only", async ({
  page,
  editsPages,
  signInDirectly,
}) => {
  await editsPages("resources");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/es/resources");
  await expect(page.getByRole("heading", { name: "Lecturas recomendadas", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Recursos \|/);
  await expect(page.getByRole("heading", { name: "Ansiedad", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The Anxiety and Phobia Workbook" })).toHaveAttribute("lang", "en");
  await expectNoAxeViolations(page);

  await signInDirectly(page);
  await openHydrated(page, "/admin/resources?lang=es");
  // A category is named by its text in the language edited, with the English under it.
  const anxiety = page.getByRole("group", { name: "Ansiedad", exact: true });
  await expect(anxiety.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Ansiedad");
  await expect(anxiety.locator('[lang="en"]').filter({ hasText: "Anxiety" }).first()).toBeVisible();
  await expect(anxiety.getByRole("button", { name: "Add a book" })).toHaveCount(0);
  await expect(
    page.getByText("The English page's list, in its order: a category left with no text here is shown in English."),
  ).toBeVisible();
  await expect(anxiety.getByLabel("Title")).toHaveCount(0);
  const workbook = anxiety.getByRole("group", { name: "The Anxiety and Phobia Workbook" });
  await workbook.getByLabel("Why we recommend it").fill("Un manual con ejercicios paso a paso.");
  await saveButton(page).click();
  await expect(toast(page, "Recommended books updated successfully!")).toBeVisible();
  await page.goto("/es/resources");
  await expect(page.getByText("Un manual con ejercicios paso a paso.")).toBeVisible();
  await page.goto("/resources");
  await expect(page.getByText("Un manual con ejercicios paso a paso.")).toHaveCount(0);
});

test("the Spanish side opens with nothing to save, its lists and items included", async ({ page, signInDirectly }) => {
  await signInDirectly(page);
  for (const path of [
    "/admin/services?page=couples-counseling&lang=es",
    "/admin/about?lang=es",
    "/admin/resources?lang=es",
    "/admin/homepage?lang=es",
  ]) {
    await openHydrated(page, path);
    await expect(page.getByText("Everything here is live.").first(), path).toBeVisible();
    await expect(saveButton(page), path).toBeDisabled();
  }
});

test("on a phone the Spanish side has its own history: a version compared, then restored, and the Spanish page shows it again", async ({
  page,
  editsPages,
  signInDirectly,
}) => {
  const slug = "family-counseling";
  const spanish = spanishServiceTexts[slug];
  await editsPages(slug);
  await page.setViewportSize({ width: 375, height: 667 });
  await signInDirectly(page);
  await openHydrated(page, `/admin/services?page=${slug}&lang=es`);
  await page.getByLabel("Title", { exact: true }).fill("Terapia para familias");
  await saveButton(page).click();
  await expect(toast(page, "Page content updated successfully!")).toBeVisible();

  await page.getByRole("link", { name: "History: earlier versions of this translation" }).click();
  await expect(page).toHaveURL(`/admin/history/${slug}?lang=es`);
  await waitForHydration(page);
  const title = `${getService(slug)!.defaults.title} (Spanish)`;
  await expect(page.getByRole("heading", { name: `History: ${title}`, level: 2 })).toBeVisible();
  const versions = page.getByRole("region", { name: "Versions" }).getByRole("listitem");
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText("Current");
  await expect(versions.first()).toContainText("Changed: Title");
  await expect(versions.last()).toContainText("Version 0: built-in translation");
  await expect(versions.last()).toContainText("The translation the site came with");
  // The English page's history is its own: nothing was saved in English.
  await expect(page.getByRole("link", { name: `Back to the ${title} editor` })).toHaveAttribute(
    "href",
    `/admin/services?page=${slug}&lang=es`,
  );

  await page.getByRole("link", { name: "Compare version 0" }).click();
  await expect(page).toHaveURL(`/admin/history/${slug}?compare=0&lang=es`);
  const compared = page.getByRole("region", { name: "Version 0 compared with the current version" });
  await expect(compared).toContainText("Version 0 is the translation the site came with.");
  await expect(compared.getByRole("heading", { name: "Title", level: 4 })).toBeVisible();
  await expect(compared).toContainText("Terapia para familias");
  await expect(compared).toContainText(spanish.title);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, "spanish-history-375.png", { fullPage: true });
  await compared.getByRole("button", { name: "Restore version 0" }).click();
  await expect(page).toHaveURL(`/admin/services?page=${slug}&lang=es`);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(spanish.title);

  await page.goto(`/es/services/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(spanish.title);
  await page.goto(`/admin/history/${slug}`);
  await expect(page.getByRole("region", { name: "Versions" }).getByRole("listitem")).toHaveCount(1);
});

test("at 1280 px two translators' saves merge what only one changed; a text both changed is set beside mine, as in English", async ({
  page,
  browser,
  editsPages,
  signInDirectly,
}) => {
  const slug = "life-skills-coaching";
  await editsPages(slug);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInDirectly(page);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInDirectly(other);
  const address = `/admin/services?page=${slug}&lang=es`;
  await openHydrated(page, address);
  await openHydrated(other, address);
  await other.getByLabel("Title", { exact: true }).fill("Su título");
  await other.getByLabel("Additional information", { exact: true }).fill("Su información.");
  await saveButton(other).click();
  await expect(toast(other, "Page content updated successfully!")).toBeVisible();
  await otherContext.close();

  // Mine changes the title too, and the description.
  await page.getByLabel("Title", { exact: true }).fill("Mi título");
  await page.getByLabel("Description", { exact: true }).fill("Mi descripción.");
  await saveButton(page).click();
  await expect(page.getByRole("alert").filter({ hasText: "You both changed Title." })).toBeFocused();
  await expect(page.getByText("Theirs: Su título", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, "spanish-clash-1280.png");
  await page.getByRole("button", { name: /Save mine over theirs/ }).click();
  await expect(toast(page, "Page content updated successfully!")).toBeVisible();

  await page.goto(`/es/services/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi título");
  await expect(page.getByText("Mi descripción.")).toBeVisible();
  await expect(page.getByText("Su información.")).toBeVisible();
});
