import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

// The site in Spanish (issue 43, decision 047): every page at /es with the site's own words in
// Spanish, and on a fresh site every content page's texts too (a page whose texts are not
// translated, such as a service staff add, is in spanish-translation.test.ts).

for (const width of [375, 1280]) {
  test(`at ${width} px a Spanish page says its language, its menus are Spanish and lead to Spanish pages, a team member's page in Spanish`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/es/team/daniel-reyes");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.getByRole("note").filter({ hasText: "traducida" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Daniel Reyes");
    await expect(page.getByRole("heading", { name: "Conozca a Daniel" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Trabajar con Daniel" })).toBeVisible();
    await expect(page.getByText("Personas adultas").first()).toBeVisible();
    await expect(page.getByText("También atiende a clientes en español.", { exact: false })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "English" })).toHaveAttribute("href", "/team/daniel-reyes");
    await page.goto("/team/daniel-reyes");
    await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", /\/es\/team\/daniel-reyes$/);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Español" })).toHaveAttribute("href", "/es/team/daniel-reyes");
    await page.goto("/es/team/daniel-reyes");
    // The crisis lines in Spanish, in the strip on a phone and the bar on a desktop: 988 says how
    // to reach its Spanish line (press 2; a text asks for AYUDA), here and in the footer (decision 044).
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: width >= 640 ? "Llamar al 988 y oprimir 2" : "Llamar 988 oprima 2" })).toHaveAttribute(
      "href",
      "tel:988",
    );
    await expect(banner.getByRole("link", { name: "Texto 988" })).toHaveAttribute("href", "sms:988?&body=AYUDA");
    const crisisFooter = page.getByRole("contentinfo");
    await expect(crisisFooter.getByText("En español: llame y oprima 2, o envíe AYUDA por texto.")).toBeVisible();
    await expect(crisisFooter.getByRole("link", { name: "Texto 988" })).toHaveAttribute("href", "sms:988?&body=AYUDA");
    if (width < 640) {
      // The strip keeps to one row at 320 px, every button on the screen and none over another.
      await page.setViewportSize({ width: 320, height: 800 });
      const strip = banner.locator("p", { has: page.getByRole("link", { name: "Llamar 988 oprima 2" }) });
      expect((await strip.boundingBox())?.height).toBe(44);
      let right = 0;
      for (const item of await strip.locator(":scope > *").all()) {
        const box = await item.boundingBox();
        expect(box && box.x >= right - 0.5 && box.x + box.width <= 320, (await item.textContent()) ?? "").toBe(true);
        // Its words within it (a squeezed button lets them spill over the next).
        expect(await item.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
        right = (box?.x ?? 0) + (box?.width ?? 0);
      }
      // So do the menu's crisis buttons: each holds its words, on the screen (they wrap to a second row where they must).
      await page.getByRole("button", { name: "Menú" }).click();
      for (const button of await page
        .locator("#mobile-menu p", { has: page.getByRole("link", { name: "Llamar 911" }) })
        .getByRole("link")
        .all()) {
        const box = await button.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 320 && box.height >= 44, (await button.textContent()) ?? "").toBe(true);
        expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth + 1), (await button.textContent()) ?? "").toBe(
          true,
        );
      }
      await page.getByRole("button", { name: "Cerrar el menú" }).click();
      await page.setViewportSize({ width, height: 800 });
    }
    if (width >= 1024) {
      const nav = page.getByRole("navigation", { name: "Principal" });
      await expect(nav.getByRole("link", { name: "Quiénes somos" })).toHaveAttribute("href", "/es/about");
      await expect(nav.getByRole("link", { name: "Inicio" })).toHaveAttribute("href", "/es");
      await expect(nav.getByRole("link", { name: "Contacto" })).toHaveAttribute("href", "/es/contact");
    } else {
      await page.getByRole("button", { name: "Menú" }).click();
      const menu = page.getByRole("navigation", { name: "Menú móvil" });
      await expect(menu.getByRole("link", { name: "Recursos" })).toHaveAttribute("href", "/es/resources");
      // A service's name in Spanish: its translation's (each built-in service comes with one).
      const couples = menu.getByRole("link", { name: "Consejería de pareja" });
      await expect(couples).toHaveAttribute("href", "/es/services/couples-counseling");
      await expect(couples).not.toHaveAttribute("lang");
      await page.getByRole("button", { name: "Cerrar el menú" }).click();
    }
    await expect(page.getByRole("heading", { name: "Horario de oficina" })).toBeVisible();
    // The hours in Spanish, from the days and times staff keep in English; the note under them, the
    // practice details' one text, in its Spanish translation.
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("Lunes a jueves", { exact: true })).toBeVisible();
    await expect(footer.getByText("10\u00a0a.\u00a0m.–5\u00a0p.\u00a0m.", { exact: true })).toBeVisible();
    await expect(footer.getByText("Por las tardes, con cita previa")).not.toHaveAttribute("lang", /./);
    await expect(footer.getByText("Profesionales clínicos con licencia en Utah")).toHaveAttribute(
      "title",
      "LCSW, CMHC, LMFT y profesionales de la psicología con licencia",
    );
    // The footer's crisis lines: Spanish where the line answers in Spanish (decision 044), else
    // the English name, marked as English, with a note.
    const crisis = page.getByRole("region", { name: "Ayuda en crisis" });
    await expect(crisis.getByText("988 Línea de Prevención del Suicidio y Crisis")).toBeVisible();
    const safeUt = crisis.getByRole("listitem").filter({ hasText: "SafeUT Crisis Line" });
    await expect(safeUt.getByText("SafeUT Crisis Line")).toHaveAttribute("lang", "en");
    await expect(safeUt).toContainText("Es posible que esta línea atienda solo en inglés.");
    await expectNoAxeViolations(page);

    // Every kind of page has its Spanish address.
    for (const path of ["/es", "/es/services/couples-counseling", "/es/team/daniel-reyes", "/es/contact", "/es/resources"]) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(200);
      await expect(page.locator("html"), path).toHaveAttribute("lang", "es");
    }
  });
}

test("a Spanish address no page has is the 404 in Spanish; the English pages are as they were", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const missing = await page.goto("/es/no-existe");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "No encontramos esta página" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/es");
  await expect(page.getByRole("note").filter({ hasText: "traducida" })).toHaveCount(0);
  await expect(page).toHaveTitle("Página no encontrada");
  await expect(page.locator('meta[name="robots"]')).toHaveCount(1);
  await expectNoAxeViolations(page);

  // The English pages: no note, no noindex, English words.
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page.getByRole("note").filter({ hasText: "traducida" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Call 988" }).first()).toBeVisible();
  const englishMissing = await page.goto("/no-such-page");
  expect(englishMissing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
});

test("a Spanish page loads the same scripts as its English one, and its form the same code once touched", async ({ page }) => {
  const scriptsOf = async (path: string) => {
    await page.goto(path);
    return page
      .locator("script[src], link[rel=modulepreload]")
      .evaluateAll((elements) => elements.map((element) => element.getAttribute("src") ?? element.getAttribute("href")).sort());
  };
  for (const [english, spanish] of [
    ["/", "/es"],
    ["/services/couples-counseling", "/es/services/couples-counseling"],
    ["/contact", "/es/contact"],
  ] as const) {
    expect(await scriptsOf(spanish), spanish).toEqual(await scriptsOf(english));
  }
  const loadedOnTouch = async (path: string, label: string) => {
    const scripts: Array<string> = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(path);
    await page.getByLabel(label).focus();
    await expect(page.locator("form[data-hydrated]")).toHaveCount(1);
    page.removeAllListeners("request");
    return scripts.sort();
  };
  expect(await loadedOnTouch("/es/contact", "Nombre")).toEqual(await loadedOnTouch("/contact", "First Name"));
});

test("the Spanish pages have no English words but those marked English: texts, picture descriptions and labels", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const path of [
    "/es",
    "/es/about",
    "/es/resources",
    "/es/services/couples-counseling",
    "/es/services/esa-letters",
    "/es/team/daniel-reyes",
    "/es/contact",
    "/es/no-existe",
  ]) {
    await page.goto(path);
    const unmarked = await page.evaluate(() => {
      // English's commonest short words, which no Spanish sentence here has.
      const english = /\b(the|and|our|with|your|you|for|of|is|are|this|that|we|from|in|who)\b/i;
      const inSpanish = (element: Element | null) => element?.closest("[lang]")?.getAttribute("lang") === "es";
      const found: Array<string> = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? "";
        if (text && !node.parentElement?.closest("script, style") && inSpanish(node.parentElement) && english.test(text)) found.push(text);
      }
      for (const element of document.querySelectorAll("img[alt], [aria-label], [title]")) {
        const said = element.getAttribute("alt") ?? element.getAttribute("aria-label") ?? element.getAttribute("title") ?? "";
        if (inSpanish(element) && english.test(said)) found.push(said);
      }
      return found;
    });
    expect(unmarked, path).toEqual([]);
  }
  // A member's credentials are as published, in English: marked so on the Spanish pages only.
  await page.goto("/es/about");
  await expect(page.getByText("PhD, Licensed Psychologist")).toHaveAttribute("lang", "en");
  await page.goto("/es/team/samuel-okafor");
  await expect(page.getByText("PhD, Licensed Psychologist")).toHaveAttribute("lang", "en");
  await page.goto("/about");
  await expect(page.getByText("PhD, Licensed Psychologist")).not.toHaveAttribute("lang");
});

test("on every kind of page the footer's switch leads to the same page in Spanish and back", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const kinds = ["/", "/about", "/services/couples-counseling", "/team/daniel-reyes", "/resources", "/contact", "/articles"];
  for (const path of kinds) {
    await page.goto(path);
    const spanish = path === "/" ? "/es" : `/es${path}`;
    await page.getByRole("contentinfo").getByRole("link", { name: "Español" }).click();
    await expect(page, path).toHaveURL(new RegExp(`${spanish.replaceAll("/", "\\/")}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
    await expect(page, spanish).toHaveURL(new RegExp(`${path === "/" ? "" : path.replaceAll("/", "\\/")}\\/?$`));
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  }
});
