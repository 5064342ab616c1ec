import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { uniqueClientAddress } from "#tests/fixtures/client-address.ts";
import { contactFormToken, waitUntilSendable } from "#tests/fixtures/e2e-contact.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";
import { formTokenAddress } from "../../bench/contact-page.ts";

// Each test is its own visitor, so the contact rate limit never carries over.
test.use({ extraHTTPHeaders: async ({}, use) => use({ "X-Forwarded-For": uniqueClientAddress() }) });

const requiredMessages = [
  "First name is required.",
  "Last name is required.",
  "Please enter a valid email address.",
  "Phone number is required.",
  "Please select a service.",
  "Please select a payment method.",
];

const sentToast = (page: Page) => page.locator("[data-sonner-toast]").filter({ hasText: "Message sent successfully!" });

/** The confirmation that stays beside the form once a message went, with what happens next and the crisis lines. */
async function expectLastingConfirmation(page: Page) {
  const confirmation = page.getByRole("status").filter({ hasText: "What happens next" });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText("Message sent successfully!");
  await expect(confirmation).toContainText("We'll get back to you within 24 hours.");
  for (const href of ["tel:988", "sms:988", "tel:911", "tel:+14355550142"]) {
    await expect(confirmation.locator(`a[href="${href}"]`)).toBeVisible();
  }
}

/** Opens the form and waits until it is live; returns when it was shown (see waitUntilSendable). */
async function openForm(page: Page): Promise<number> {
  await page.goto("/contact");
  const shownAt = Date.now();
  // The form comes alive when first touched.
  await page.getByLabel("First Name").focus();
  await expect(page.locator("form[data-hydrated]")).toHaveCount(1);
  return shownAt;
}

async function fillValid(page: Page, email: string) {
  await page.getByLabel("First Name").fill("Jane");
  await page.getByLabel("Last Name").fill("Doe");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("(435) 555-0199");
  await page.getByLabel("Service Interested In").selectOption("Family Counseling");
  await page.getByLabel("Payment Method").selectOption("Self-Pay");
}

test("the page's <head> links only the site's one stylesheet for the screen; sonner's comes with the form's code", async ({ page }) => {
  await page.goto("/contact");
  const stylesheets = page.locator("link[rel=stylesheet]:not([media=print])");
  await expect(stylesheets).toHaveCount(1);
  await expect(stylesheets).toHaveAttribute("href", /^\/assets\/app-[\w-]+\.css$/);
  // The one that brings the form's token styles nothing and holds up no paint: print only.
  await expect(page.locator("link[rel=stylesheet][media=print]")).toHaveAttribute("href", "/contact/form-token.css");
  // Once the form is live its toasts' stylesheet is there (loaded by the island's code, not the page).
  await page.getByLabel("First Name").focus();
  await expect(page.locator("form[data-hydrated]")).toHaveCount(1);
  await expect(page.locator("link[rel=stylesheet][href*='/islands/']")).toHaveCount(1);
  await expect(page.getByRole("region", { name: /^Notifications/ })).toHaveCount(1);
});

test("the form has the specified fields, options, asterisks and a 4-row message box", async ({ page }) => {
  await openForm(page);
  await expect(page.getByRole("heading", { name: "Send Us a Message" })).toBeVisible();
  const subjects = await page.getByLabel("Service Interested In").locator("option").allInnerTexts();
  expect(subjects.slice(1)).toEqual([
    "Individual Counseling",
    "Couples Counseling",
    "Family Counseling",
    "Group Therapy",
    "Telehealth Therapy",
    "Life Skills Coaching",
    "Alternative Therapies",
    "Mental Health Assessments",
    "Ketamine Treatment",
    "Court Ordered Evaluations",
    "Domestic Violence Treatment",
    "ESA Letters",
    "Other",
  ]);
  const payments = await page.getByLabel("Payment Method").locator("option").allInnerTexts();
  expect(payments.slice(1)).toEqual(["Insurance", "Self-Pay", "Bishop Pay", "Not Applicable"]);
  await expect(page.getByLabel("Message")).toHaveAttribute("rows", "4");
  for (const label of ["First Name", "Last Name", "Email", "Phone", "Service Interested In", "Payment Method"]) {
    await expect(page.locator("label", { hasText: label }).first()).toContainText("*");
  }
  await expect(page.getByText("This form is not for emergencies.")).toBeVisible();
});

test("an empty submit shows every message, focuses the first field, then messages update on change", async ({ page }) => {
  await openForm(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  for (const message of requiredMessages) await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByLabel("First Name")).toBeFocused();
  await expect(page.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("First Name")).toHaveAttribute("aria-describedby", "firstName-error");

  await page.getByLabel("First Name").fill("Jane");
  await expect(page.getByText("First name is required.")).toBeHidden();
  await page.getByLabel("Email").fill("not-an-email");
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await page.getByLabel("Email").fill("jane@example.com");
  await expect(page.getByText("Please enter a valid email address.")).toBeHidden();
  await page.getByLabel("First Name").fill("");
  await expect(page.getByText("First name is required.")).toBeVisible();

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test("the insurance company field appears only for payment method Insurance", async ({ page }) => {
  await openForm(page);
  const insurance = page.getByLabel("Insurance Company");
  await expect(insurance).toBeHidden();
  await page.getByLabel("Payment Method").selectOption("Insurance");
  await expect(insurance).toBeVisible();
  await expect(page.locator("label[for=insuranceCompany]")).not.toContainText("*");
  await page.getByLabel("Payment Method").selectOption("Bishop Pay");
  await expect(insurance).toBeHidden();
});

test("a valid message shows 'Sending...', then the success toast, resets the form and is stored once", async ({ page, inquiriesFrom }) => {
  const email = `jane.${randomUUID()}@example.com`;
  const shownAt = await openForm(page);
  await fillValid(page, email);
  await page.getByLabel("Payment Method").selectOption("Insurance");
  await page.getByLabel("Insurance Company").fill("SelectHealth");
  await page.getByLabel("Message").fill("I'd like an evening appointment.");
  // The request is held until the test has seen the busy state.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/inquiries", async (route) => {
    await held;
    await route.continue();
  });
  await waitUntilSendable(shownAt);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
  release();
  await expect(sentToast(page)).toContainText("We'll get back to you within 24 hours.");
  await expect(page.getByLabel("First Name")).toHaveValue("");
  await expect(page.getByLabel("Payment Method")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  expect(await inquiriesFrom(email)).toEqual([
    {
      name: "Jane Doe",
      email,
      phone: "(435) 555-0199",
      service: "Family Counseling",
      message: "I'd like an evening appointment.",
      payment_method: "Insurance",
      insurance_company: "SelectHealth",
      is_read: 0,
      possible_spam: 0,
      // Sent from /contact, not from a therapist's page: for anyone.
      therapist: null,
      // Sent from the English page.
      language: "en",
    },
  ]);
});

test("after the toast has gone, the page still says the message went, what happens next and where to turn", async ({ page }) => {
  const shownAt = await openForm(page);
  await fillValid(page, `lasting.${randomUUID()}@example.com`);
  await waitUntilSendable(shownAt);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(sentToast(page)).toBeVisible();
  await sentToast(page).getByRole("button", { name: /close/i }).click();
  await expect(sentToast(page)).toHaveCount(0);
  await expectLastingConfirmation(page);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  // The form stays below it, empty and ready for another message.
  await expect(page.getByLabel("First Name")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
});

test("insurance company is left out unless the payment method is Insurance", async ({ page, inquiriesFrom }) => {
  const email = `self.${randomUUID()}@example.com`;
  const shownAt = await openForm(page);
  await page.getByLabel("Payment Method").selectOption("Insurance");
  await page.getByLabel("Insurance Company").fill("Typed then changed");
  await fillValid(page, email);
  await waitUntilSendable(shownAt);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(sentToast(page)).toBeVisible();
  expect(await inquiriesFrom(email)).toMatchObject([{ payment_method: "Self-Pay", insurance_company: null, message: "" }]);
});

test("a server failure shows the destructive toast with the server's message", async ({ page }) => {
  await openForm(page);
  await fillValid(page, "fail@example.com");
  await page.route("**/api/inquiries", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Our database is resting." }) }),
  );
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Error sending message")).toBeVisible();
  await expect(page.getByText("Our database is resting.")).toBeVisible();
  await expect(page.getByLabel("First Name")).toHaveValue("Jane"); // nothing typed is lost
});

test("a network failure tells the visitor to call the office", async ({ page }) => {
  await openForm(page);
  await fillValid(page, "offline@example.com");
  await page.route("**/api/inquiries", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Error sending message")).toBeVisible();
  await expect(page.getByText("Please try again or call us directly at (435) 555-0142")).toBeVisible();
});

test("without JavaScript the form posts, shows errors with values kept, and sends", async ({ browser, inquiriesFrom }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
  const page = await context.newPage();
  const email = `nojs.${randomUUID()}@example.com`;
  await page.goto("/contact");
  await page.getByLabel("First Name").fill("Sam");
  await page.getByLabel("Email").fill("bad");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Last name is required.")).toBeVisible();
  // The answer is the form again, rendered with a fresh token: its time starts now.
  const shownAt = Date.now();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(page.getByLabel("First Name")).toHaveValue("Sam");
  await expect(page.getByLabel("Last Name")).toBeFocused();

  await page.getByLabel("Last Name").fill("Lee");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("435-555-0123");
  await page.getByLabel("Service Interested In").selectOption("Other");
  await page.getByLabel("Payment Method").selectOption("Not Applicable");
  await waitUntilSendable(shownAt); // a person takes longer than the bot check's minimum
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectLastingConfirmation(page);
  expect(await inquiriesFrom(email)).toMatchObject([{ name: "Sam Lee", service: "Other", payment_method: "Not Applicable" }]);
  await context.close();
});

test("the server refuses bad input with 400 and field errors, never 500", async ({ request, baseURL }) => {
  const base = { firstName: "A", lastName: "B", email: "a@b.co", phone: "1", subject: "Other", paymentMethod: "Self-Pay" };
  const cases: Array<[Record<string, string>, string, string]> = [
    [{ ...base, subject: "Astrology" }, "subject", "Please select a service."],
    [{ ...base, paymentMethod: "Bitcoin" }, "paymentMethod", "Please select a payment method."],
    [{ ...base, firstName: "x".repeat(101) }, "firstName", "First name must be at most 100 characters."],
    [{ ...base, message: "x".repeat(5001) }, "message", "Message must be at most 5000 characters."],
    [{ ...base, email: "<script>@x" }, "email", "Please enter a valid email address."],
    [{ ...base, lastName: "NUL\u0000BYTE" }, "lastName", "Last name contains characters that are not allowed."],
    [{ ...base, phone: "555\r\nBcc: x@evil.example" }, "phone", "Phone number contains characters that are not allowed."],
  ];
  for (const [form, field, message] of cases) {
    const response = await request.post("/api/inquiries", { form, headers: { Origin: baseURL! } });
    expect(response.status()).toBe(400);
    expect((await response.json()).errors[field]).toBe(message);
  }
});

test("bots that fill the honeypot are told they succeeded but nothing is stored", async ({ request, inquiriesFrom, baseURL }) => {
  const email = `bot.${randomUUID()}@example.com`;
  const response = await request.post("/api/inquiries", {
    headers: { Origin: baseURL! },
    form: {
      firstName: "B",
      lastName: "Ot",
      email,
      phone: "1",
      subject: "Other",
      paymentMethod: "Self-Pay",
      website: "http://spam.example",
    },
  });
  expect(response.status()).toBe(201);
  expect(await inquiriesFrom(email)).toEqual([]);
});

test("a visitor who sends too many messages gets a clear message", async ({ page, inquiriesFrom, baseURL }) => {
  const form = {
    firstName: "R",
    lastName: "L",
    email: `rate.${randomUUID()}@example.com`,
    phone: "1",
    subject: "Other",
    paymentMethod: "Self-Pay",
  };
  // Each message from its own rendering of the form, and each different, as a person sending many
  // would write them (the same words from pages served in one millisecond are one submission).
  const formTokens = await Promise.all(Array.from({ length: 21 }, () => contactFormToken(baseURL!)));
  await waitUntilSendable(Date.now());
  for (const [index, formToken] of formTokens.slice(0, 20).entries()) {
    const message = `Message ${index + 1}`;
    expect(
      (await page.request.post("/api/inquiries", { form: { ...form, message, formToken }, headers: { Origin: baseURL! } })).status(),
    ).toBe(201);
  }
  const refused = await page.request.post("/api/inquiries", {
    form: { ...form, message: "Message 21", formToken: formTokens[20]! },
    headers: { Origin: baseURL! },
  });
  expect(refused.status()).toBe(429);
  expect((await refused.json()).error).toMatch(/Please wait about \d+ minutes? and try again, or call us directly at \(435\) 555-0142\./);
  expect(await inquiriesFrom(form.email)).toHaveLength(20);

  const formShownAt = await openForm(page);
  await fillValid(page, form.email);
  await waitUntilSendable(formShownAt);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Error sending message")).toBeVisible();
  await expect(page.getByText(/You have sent several messages in a short time/)).toBeVisible();
});

test("the map is a lazy frame that asks the map's site for nothing until the visitor scrolls near it, on a phone and a tablet", async ({
  page,
}) => {
  // The map's site is answered here: the test machine has no way out, and the question is only when it is asked.
  const mapRequests: Array<string> = [];
  await page.route("https://www.openstreetmap.org/**", (route) => {
    mapRequests.push(route.request().url());
    return route.fulfill({ contentType: "text/html", body: "<p>The office on a map</p>" });
  });
  // The map stands 2,300 and 1,600 px below their first screens. (On a 1280 x 800 desktop it is
  // 800 px below, within the screen's height that makes it near, and loads with the page.)
  for (const viewport of [
    { width: 375, height: 740 },
    { width: 768, height: 1024 },
  ]) {
    mapRequests.length = 0;
    await page.setViewportSize(viewport);
    await page.goto("/contact", { waitUntil: "networkidle" });
    const map = page.locator('iframe[src^="https://www.openstreetmap.org/export/embed.html"]');
    await expect(map).toHaveAttribute("loading", "lazy");
    await expect(map).toHaveAttribute("title", /Cedar City/);
    // Chromium starts a lazy frame 3,000 px or more before it comes into view; the map's box
    // (content-visibility: auto) holds it back until it is about a screen away.
    expect(mapRequests, `${viewport.width} px`).toEqual([]);
    await map.scrollIntoViewIfNeeded();
    await expect(map.contentFrame().getByText("The office on a map")).toBeVisible();
    expect(mapRequests.length, `${viewport.width} px`).toBeGreaterThan(0);
  }
});

test("the islands' scripts load at low priority, each with the modules it imports preloaded beside it", async ({ page, request }) => {
  for (const path of ["/contact", "/about", "/admin/login"]) {
    await page.goto(path);
    const scripts = await page
      .locator("script[type=module]")
      .evaluateAll((elements) =>
        elements.map((element) => ({ src: element.getAttribute("src") ?? "", priority: element.getAttribute("fetchpriority") })),
      );
    const preloads = await page
      .locator("link[rel=modulepreload]")
      .evaluateAll((elements) =>
        elements.map((element) => ({ href: element.getAttribute("href") ?? "", priority: element.getAttribute("fetchpriority") })),
      );
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const { src, priority } of scripts) {
      expect(priority, `${path} ${src}`).toBe("low");
      // Its static imports, as the build wrote them (import{a as b}from"./chunk.js"), not the import() of code loaded later.
      const source = await (await request.get(src)).text();
      const imports = [...source.matchAll(/\bimport\s*(?:[\w$\s{},*]+from\s*)?"\.\/([\w.-]+\.js)"/g)].map(([, file]) => `/islands/${file}`);
      for (const file of imports) expect(preloads, `${path}: ${src} imports ${file}`).toContainEqual({ href: file, priority: "low" });
    }
    if (path === "/contact") expect(preloads.length, "the contact island imports a shared module").toBeGreaterThan(0);
  }
});

test("/contact ships at most 120 KB of gzipped JavaScript", async ({ page }) => {
  const scripts: Array<string> = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  await openForm(page);
  let total = 0;
  for (const url of scripts) {
    const response = await page.request.get(url, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers()["content-encoding"]).toBe("gzip");
    total += Number(response.headers()["content-length"]);
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(120 * 1024);
});

test("typing and sending right after the page loads loses nothing and uses the live form", async ({ page, inquiriesFrom }) => {
  const email = `quick.${randomUUID()}@example.com`;
  await page.goto("/contact");
  const shownAt = Date.now();
  // A person reads before typing (a form sent sooner is taken for a bot); the island loads only
  // once the form is touched, so the submit below still comes before React has taken over.
  await waitUntilSendable(shownAt);
  // No waiting for the island: what is typed before React arrives is kept.
  await fillValid(page, email);
  await page.getByLabel("Message").fill("Typed before the script arrived.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(sentToast(page)).toBeVisible();
  expect(await inquiriesFrom(email)).toMatchObject([{ name: "Jane Doe", message: "Typed before the script arrived." }]);
});

test("an empty submit right after load shows the messages without a page reload", async ({ page }) => {
  await page.goto("/contact");
  const navigations: Array<string> = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url()); // not the map's frame
  });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("First name is required.")).toBeVisible();
  expect(navigations).toEqual([]);
});

test("what a visitor types is never run or rendered as HTML, even when sent back with errors", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
  const page = await context.newPage();
  const payload = `</script><script>window.hacked=1</script><img src=x onerror="window.hacked=1">`;
  await page.goto("/contact");
  await page.getByLabel("First Name").fill(payload);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Last name is required.")).toBeVisible();
  await expect(page.getByLabel("First Name")).toHaveValue(payload);
  expect(await page.locator("img[src=x]").count()).toBe(0);
  await context.close();

  // The same page, with scripts on: the island reads the props back without running them.
  const scripted = await browser.newPage();
  await scripted.goto("/contact");
  const html = await (
    await scripted.request.post("/contact", { form: { firstName: payload }, headers: { Origin: new URL(scripted.url()).origin } })
  ).text();
  expect(html).not.toContain("<script>window.hacked");
  expect(html).not.toContain("<img src=x");
  await scripted.close();
});

test("a post without the page's form token, or with a forged one, is answered sent and kept as possible spam", async ({
  inquiriesFrom,
  baseURL,
}) => {
  const email = `tokenless.${randomUUID()}@example.com`;
  const form = { firstName: "No", lastName: "Token", email, phone: "1", subject: "Other", paymentMethod: "Self-Pay" };
  const [issuedAt, key, signature] = (await contactFormToken(baseURL!)).split(".") as [string, string, string];
  await waitUntilSendable(Date.now());
  const attempts: Array<Record<string, string>> = [
    {},
    { _js: "1", formStartedAt: String(Date.now() - 60_000) },
    { formToken: `${Number(issuedAt) - 60_000}.${key}.${signature}` },
    { formToken: `${issuedAt}.${key}.${"A".repeat(43)}` },
  ];
  // Sent without the page's cookie (a plain fetch keeps none), as a bot's would be.
  const post = (path: string, extra: Record<string, string>) =>
    fetch(new URL(path, baseURL), {
      method: "POST",
      body: new URLSearchParams({ ...form, ...extra }),
      headers: { Origin: baseURL! },
      redirect: "manual",
    });
  for (const extra of attempts) {
    const scripted = await post("/api/inquiries", extra);
    expect(scripted.status).toBe(201);
    expect(await scripted.json()).toMatchObject({ status: "sent" });
    const plain = await post("/contact", extra);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe("/contact?sent=1#send-message");
  }
  // Each post is kept (a person's form may lose its token), none of them in the inbox's count.
  const kept = await inquiriesFrom(email);
  expect(kept).toHaveLength(attempts.length * 2);
  expect(kept.every((inquiry) => inquiry.possible_spam === 1)).toBe(true);
});

test("a form sent faster than a person could fill it is kept as possible spam, even from the page's script", async ({
  request,
  inquiriesFrom,
  baseURL,
}) => {
  const email = `fast.${randomUUID()}@example.com`;
  const form = { firstName: "Fast", lastName: "Bot", email, phone: "1", subject: "Other", paymentMethod: "Self-Pay" };
  const response = await request.post("/api/inquiries", {
    form: { ...form, formToken: await contactFormToken(baseURL!) },
    headers: { Origin: baseURL! },
  });
  expect(response.status()).toBe(201);
  expect(await inquiriesFrom(email)).toMatchObject([{ name: "Fast Bot", possible_spam: 1, is_read: 0 }]);
});

test("sending again after the connection was cut stores the message once", async ({ page, inquiriesFrom }) => {
  const email = `cut.${randomUUID()}@example.com`;
  const shownAt = await openForm(page);
  await fillValid(page, email);
  // The first post reaches the server and is stored; its answer is lost on the way back.
  let cut = false;
  await page.route("**/api/inquiries", async (route) => {
    if (cut) return route.continue();
    cut = true;
    await route.fetch();
    await route.abort("connectionreset");
  });
  await waitUntilSendable(shownAt);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please try again or call us directly at (435) 555-0142")).toBeVisible();
  expect(await inquiriesFrom(email)).toHaveLength(1);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(sentToast(page)).toBeVisible();
  expect(await inquiriesFrom(email)).toHaveLength(1);
});

test("after a message is sent, a second, different one from the same page is sent too", async ({ page, inquiriesFrom }) => {
  const email = `twice.${randomUUID()}@example.com`;
  const shownAt = await openForm(page);
  await fillValid(page, email);
  await page.getByLabel("Message").fill("First question.");
  await waitUntilSendable(shownAt);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(sentToast(page)).toBeVisible();
  const answeredAt = Date.now();
  await fillValid(page, email);
  await page.getByLabel("Message").fill("A second question.");
  await waitUntilSendable(answeredAt);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect
    .poll(async () => (await inquiriesFrom(email)).map((inquiry) => inquiry.message))
    .toEqual(["First question.", "A second question."]);
});

test("a form left open too long says so, keeps what was typed and takes the new token", async ({ page, inquiriesFrom, baseURL }) => {
  const email = `stale.${randomUUID()}@example.com`;
  const shownAt = await openForm(page);
  await fillValid(page, email);
  await page.getByLabel("Message").fill("Written over a long day.");
  // The server's answer to a token over a day old (the expiry itself is tested against the server
  // in tests/integration/contact-routes.test.ts).
  const freshToken = await contactFormToken(baseURL!);
  const expired = { status: "expired", error: "This form has expired. Please send it again." };
  await page.route(
    "**/api/inquiries",
    (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        headers: { "Set-Cookie": `contact_form=${freshToken}; Path=/; HttpOnly; SameSite=Strict` },
        body: JSON.stringify(expired),
      }),
    { times: 1 },
  );
  await waitUntilSendable(shownAt);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("This form has expired. Please send it again.")).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("Written over a long day.");
  // The form carries no token of its own: the answer's cookie is what the next post sends.
  await expect(page.locator("input[name=formToken]")).toHaveCount(0);
  expect((await page.context().cookies()).find((cookie) => cookie.name === "contact_form")?.value).toBe(freshToken);
  await waitUntilSendable(Date.now());
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(sentToast(page)).toBeVisible();
  expect(await inquiriesFrom(email)).toMatchObject([{ message: "Written over a long day." }]);
});

test("/contact is one cached document for every visitor; the stylesheet it links gives each a token of their own in a cookie", async ({
  baseURL,
}) => {
  const open = async (path = "/contact") => {
    const response = await fetch(new URL(path, baseURL), { headers: { "Accept-Encoding": "gzip" } });
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  };
  const [first, second] = [await open(), await open()];
  expect(second.body.equals(first.body)).toBe(true);
  expect(second.response.headers.get("etag")).toBe(first.response.headers.get("etag"));
  // The page sets no cookie, so any cache may keep it (revalidated: an edit shows at once).
  expect(first.response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  expect(first.response.headers.getSetCookie()).toEqual([]);
  const html = await (await fetch(new URL("/contact", baseURL))).text();
  const tokenAddress = formTokenAddress(html);
  const tokens: Array<string | undefined> = [];
  for (let visitor = 0; visitor < 2; visitor++) {
    const token = await fetch(new URL(tokenAddress, baseURL));
    expect(token.headers.get("cache-control")).toBe("no-store");
    expect(token.headers.get("content-type")).toBe("text/css; charset=utf-8");
    tokens.push(/^contact_form=([^;]+);.*HttpOnly; SameSite=Strict/.exec(token.headers.getSetCookie()[0] ?? "")?.[1]);
    await new Promise((resolve) => setTimeout(resolve, 2)); // pages of one millisecond share a token
  }
  expect(tokens[0]).toBeTruthy();
  expect(tokens[1]).toBeTruthy();
  expect(tokens[0]).not.toBe(tokens[1]);
  // The page holds nothing of either visitor.
  for (const token of tokens) expect(html.toLowerCase()).not.toContain(token!.toLowerCase());
  // After a plain post, "message sent" links the same stylesheet: a fresh token for a next message.
  const sent = await (await fetch(new URL("/contact?sent=1", baseURL))).text();
  expect(sent).toContain("Message sent");
  expect(formTokenAddress(sent)).toBe(tokenAddress);
});

test("a browser opening /contact has its form token by the time the page has loaded, without script too", async ({ browser, baseURL }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    try {
      const page = await context.newPage();
      await page.goto(new URL("/contact", baseURL).href);
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === "contact_form")?.value, `script ${javaScriptEnabled}`).toMatch(/^\d+\./);
    } finally {
      await context.close();
    }
  }
});

test("a long link pasted into the message on a phone wraps in the box and never widens the page", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openForm(page);
  await page.getByLabel("Message").fill(`See https://example.com/${"a".repeat(300)}`);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    box: document.querySelector("textarea")?.getBoundingClientRect().right ?? 0,
  }));
  expect(widths.page).toBeLessThanOrEqual(375);
  expect(widths.box).toBeLessThanOrEqual(375);
});
