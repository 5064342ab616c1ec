import { randomUUID } from "node:crypto";
import { uniqueClientAddress } from "#tests/fixtures/client-address.ts";
import { waitUntilSendable } from "#tests/fixtures/e2e-contact.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

// The contact page in Spanish (issue 43, decision 047): the page's own words, the form's labels,
// choices, checks, toasts and sent panel in Spanish, the crisis lines as decision 044 allows, and
// an inquiry that reaches the inbox marked "Wrote in Spanish".

// Each test is its own visitor, so the contact rate limit never carries over.
test.use({ extraHTTPHeaders: async ({}, use) => use({ "X-Forwarded-For": uniqueClientAddress() }) });

test("on a phone the Spanish form checks in Spanish, sends, and the inbox says the visitor wrote in Spanish", async ({
  page,
  browser,
  inquiriesFrom,
  signInAs,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/es/contact");
  const shownAt = Date.now();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Contáctenos" })).toBeVisible();
  // On a fresh site every text of it is Spanish (a service added since, not yet translated, would make it "partly").
  await expect(page.getByRole("note").filter({ hasText: "Parte de esta página aún no está traducida" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Envíenos un mensaje" })).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: "Este formulario no es para emergencias." })).toContainText("oprima 2");

  await page.getByLabel("Nombre").focus();
  await expect(page.locator("form[data-hydrated]")).toHaveCount(1);
  await page.getByRole("button", { name: "Enviar mensaje" }).click();
  for (const message of [
    "Escriba su nombre.",
    "Escriba su apellido.",
    "Escriba un correo electrónico válido.",
    "Escriba su número de teléfono.",
    "Seleccione un servicio.",
    "Seleccione una forma de pago.",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Nombre")).toBeFocused();
  await expectNoAxeViolations(page);

  // The choices read in Spanish; what is sent and stored is the form's own value.
  const payments = await page.getByLabel("Forma de pago").locator("option").allInnerTexts();
  expect(payments).toEqual([
    "Seleccione una forma de pago",
    "Seguro médico",
    "Pago por cuenta propia",
    "Pago del obispo (Bishop Pay)",
    "No corresponde",
  ]);
  await expect(page.getByLabel("Servicio que le interesa").locator("option").last()).toHaveText("Otro");
  // A service is named as its Spanish page names it; the value sent and stored is its English name.
  const couples = page.locator('option[value="Couples Counseling"]');
  await expect(couples).toHaveText("Consejería de pareja");
  await expect(couples).not.toHaveAttribute("lang", /./);

  const email = `es.${randomUUID()}@example.com`;
  await page.getByLabel("Nombre").fill("Ana");
  await page.getByLabel("Apellido").fill("Ruiz");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Teléfono").fill("435-555-0101");
  await page.getByLabel("Servicio que le interesa").selectOption({ label: "Consejería de pareja" });
  await page.getByLabel("Forma de pago").selectOption({ label: "Seguro médico" });
  await page.getByLabel("Compañía de seguro médico").fill("SelectHealth");
  await page.getByLabel("Mensaje").fill("Prefiero las tardes.");
  await waitUntilSendable(shownAt);
  await page.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "¡Mensaje enviado!" })).toBeVisible();
  const sent = page.getByRole("status").filter({ hasText: "Qué sigue:" });
  await expect(sent).toContainText("Le responderemos en un plazo de 24 horas.");
  await expect(sent.getByRole("link", { name: "Llamar al 911" })).toHaveAttribute("href", "tel:911");
  await expectNoAxeViolations(page);
  expect(await inquiriesFrom(email)).toMatchObject([
    { name: "Ana Ruiz", service: "Couples Counseling", payment_method: "Insurance", insurance_company: "SelectHealth", language: "es" },
  ]);

  // Staff see it in the inbox, marked so they answer in Spanish.
  const staff = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInAs(staff, "inbox");
  await staff.goto(`/admin/inquiries?q=${encodeURIComponent(email)}`);
  const card = staff.getByRole("article").filter({ hasText: "Ana Ruiz" });
  await expect(card.getByText("Wrote in Spanish")).toBeVisible();
  await staff.close();
});

test("at 1280 px the page's words and its crisis lines are Spanish where they may be; the others keep their English names, marked", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/es/contact");
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "es_US");
  await expect(page).toHaveTitle(/^Contáctenos \| /);
  await expect(page.getByRole("heading", { name: "Comuníquese con nosotros" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Visite nuestra oficina" })).toBeVisible();
  const emergency = page.getByRole("region", { name: "En una emergencia" });
  // 988 says it answers in Spanish ("oprima 2"); a line whose own statement does not say so is
  // named in English, marked as English, with a note.
  await expect(emergency.getByRole("heading", { name: "988 Línea de Prevención del Suicidio y Crisis" })).toBeVisible();
  await expect(emergency.getByText(/oprima 2/)).toBeVisible();
  const utah = emergency.getByRole("listitem").filter({ hasText: "Utah Crisis Line" });
  await expect(utah.getByRole("heading")).toHaveAttribute("lang", "en");
  await expect(utah).toContainText("Es posible que esta línea atienda solo en inglés.");
  // The practice's texts no one edits are in Spanish: the reply promise, parking, new patients, the map.
  await expect(page.getByText(/Le responderemos en un plazo de 24 horas o de un día hábil\.$/)).toBeVisible();
  await expect(page.getByText(/^Hay estacionamiento gratuito/)).not.toHaveAttribute("lang", /./);
  await expect(page.getByRole("heading", { name: "Información para pacientes nuevos" })).toBeVisible();
  await expect(page.locator("iframe")).toHaveAttribute("title", "Mapa con nuestra oficina en Cedar City");
  await expect(page.getByText(/free parking|get back to you|New Patient/i)).toHaveCount(0);
  // The emergency note's text to 988 asks for its Spanish line.
  await expect(page.getByRole("note").getByRole("link", { name: "988" }).last()).toHaveAttribute("href", "sms:988?&body=AYUDA");
  await expectNoAxeViolations(page);

  // The English page is as it was, with a link to the Spanish one, which says its language.
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(page.locator("[lang]:not(html)")).toHaveCount(1);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Español" })).toHaveAttribute("lang", "es");
  await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", /\/es\/contact$/);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
});

test("without JavaScript the Spanish form posts to the Spanish page and answers in Spanish", async ({ browser, inquiriesFrom }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 800 });
  const email = `es.nojs.${randomUUID()}@example.com`;
  await page.goto("/es/contact");
  await page.getByLabel("Nombre").fill("Luis");
  await page.getByLabel("Correo electrónico").fill("luis@");
  await page.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(page).toHaveURL(/\/es\/contact$/);
  const shownAt = Date.now();
  await expect(page.getByText("Escriba su apellido.")).toBeVisible();
  await expect(page.getByText("Escriba un correo electrónico válido.")).toBeVisible();
  await expect(page.getByLabel("Nombre")).toHaveValue("Luis");
  await page.getByLabel("Apellido").fill("Mora");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Teléfono").fill("435-555-0123");
  await page.getByLabel("Servicio que le interesa").selectOption({ label: "Otro" });
  await page.getByLabel("Forma de pago").selectOption({ label: "No corresponde" });
  await waitUntilSendable(shownAt);
  await page.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(page).toHaveURL(/\/es\/contact\?sent=1/);
  await expect(page.getByRole("status").filter({ hasText: "Qué sigue:" })).toContainText("¡Mensaje enviado!");
  expect(await inquiriesFrom(email)).toMatchObject([
    { name: "Luis Mora", service: "Other", payment_method: "Not Applicable", language: "es" },
  ]);
  await context.close();
});

test("links between pages keep a Spanish visitor in Spanish: a therapist's appointment link opens the Spanish form naming them", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ["/es", "/es/about", "/es/services/couples-counseling", "/es/team/daniel-reyes"]) {
    await page.goto(path);
    // The note's link to the English page (hreflang="en") leads there on purpose.
    const internal = await page
      .locator("main a[href^='/']:not([hreflang])")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(internal.length, path).toBeGreaterThan(0);
    expect(
      internal.filter((href) => !href.startsWith("/es") && !href.startsWith("/images/") && !href.startsWith("/media/")),
      path,
    ).toEqual([]);
  }
  await page.goto("/es/team/daniel-reyes");
  await page.getByRole("link", { name: "Pedir una cita" }).click();
  await expect(page).toHaveURL(/\/es\/contact\?with=daniel-reyes$/);
  await expect(page.getByText("Su mensaje dirá que desea una cita con")).toContainText("Daniel Reyes");
  await expect(page.getByRole("link", { name: "Prefiero preguntar por cualquiera de sus terapeutas" })).toHaveAttribute(
    "href",
    "/es/contact#send-message",
  );
});
