import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { uniqueClientAddress } from "#tests/fixtures/client-address.ts";
import { demoCredentials, openHydrated, signInAsDemo, toast } from "#tests/fixtures/e2e-admin.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";
import { forgedSessionCookies, raceContactPosts, raceSignIns, runSecurityCheck } from "../../bench/security-probes.ts";
import { keepScreenshot } from "#tests/fixtures/e2e-screenshot.ts";

// Each test signs in from its own address, so the sign-in throttle never carries over.
test.use({ extraHTTPHeaders: async ({}, use) => use({ "X-Forwarded-For": uniqueClientAddress() }) });

/**
 * The dashboard, hydrated, for tests about what comes after sign-in: a session made for the test
 * (the sign-in form is tested above, through its real password check).
 */
async function openDashboard(page: Page, signInDirectly: (page: Page) => Promise<void>) {
  await signInDirectly(page);
  await openHydrated(page, "/admin");
}

test("login shows the specified validation messages", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
  await expect(page.getByText("Password is required", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeFocused(); // the first field to fix
  await page.getByLabel("Email").fill("not-an-address");
  await page.getByLabel("Password").fill("something");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
  await expect(page.getByText("Password is required", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
});

test("a wrong password answers with the 'Login failed' toast", async ({ page, demoLink }) => {
  const { email } = await demoCredentials(page, demoLink);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("definitely not the password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page, "Login failed")).toContainText("Invalid credentials. Please try again.");
  await expect(page).toHaveURL("/admin/login");
  await expect(page.getByLabel("Email")).toHaveValue(email);
});

test("while the server answers, the button reads 'Signing in...'; a lost connection is reported", async ({ page, demoLink }) => {
  const { email } = await demoCredentials(page, demoLink);
  // The form's island comes alive when first touched; then it posts the form itself.
  await page.getByLabel("Email").focus();
  await expect(page.locator("form[data-hydrated]")).toHaveCount(1);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/login", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    await held;
    await route.abort("connectionrefused");
  });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("irrelevant password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
  release();
  await expect(toast(page, "Login failed")).toContainText("Failed to connect to login service");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
});

test("the sign-in page loads like a public page: one stylesheet, no React Router client, the form's island on first touch", async ({
  page,
}) => {
  const requested: Array<string> = [];
  page.on("request", (request) => {
    if (["script", "stylesheet"].includes(request.resourceType())) requested.push(new URL(request.url()).pathname);
  });
  await page.goto("/admin/login");
  const stylesheet = page.locator("link[rel=stylesheet]");
  await expect(stylesheet).toHaveCount(1);
  await expect(stylesheet).toHaveAttribute("href", /^\/assets\/app-[\w-]+\.css$/);
  const stylesheetPath = await stylesheet.getAttribute("href");
  // Only the island's own imports are preloaded, none of React Router's client.
  const preloaded = await page.locator("link[rel=modulepreload]").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(preloaded.length).toBeLessThanOrEqual(1);
  for (const href of preloaded) expect(href).toMatch(/^\/islands\/[\w-]+\.js$/);
  const scripts = page.locator("script:not([type='application/json'])");
  await expect(scripts).toHaveCount(1);
  await expect(scripts).toHaveAttribute("type", "module");
  await expect(scripts).toHaveAttribute("src", /^\/islands\/sign-in-[\w-]+\.js$/);
  await page.waitForLoadState("load");
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  // What loads with the page: the island's loader (and the module it imports), under 2 KB gzipped.
  const loaded = requested.filter((path) => path.endsWith(".js"));
  expect(loaded).toContain(await scripts.getAttribute("src"));
  expect(loaded.every((path) => path.startsWith("/islands/"))).toBe(true);
  let bytes = 0;
  for (const path of loaded) {
    const response = await page.request.get(path, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers()["content-encoding"]).toBe("gzip");
    bytes += Number(response.headers()["content-length"]);
  }
  expect(bytes).toBeLessThan(2048);
  // Touched, the form loads its own code (React, the schema, the toasts), still no React Router.
  await page.getByLabel("Email").focus();
  await expect(page.locator("form[data-hydrated]")).toHaveCount(1);
  expect(requested.filter((path) => !path.startsWith("/islands/") && path !== stylesheetPath)).toEqual([]);
});

test("signing in opens the dashboard with the 'Login successful' toast", async ({ page, demoLink }) => {
  const { email } = await demoCredentials(page, demoLink);
  await signInAsDemo(page, demoLink);
  await expect(toast(page, "Login successful")).toContainText("Welcome to the admin dashboard.");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link");
  await expect(tabs).toHaveText(["Homepage", "About", "Service Pages", "Images", /^Contact Inquiries/]);
  await tabs.getByText("Homepage").click();
  await expect(tabs.first()).toHaveAttribute("aria-current", "page");
  await tabs.getByText("Images").click();
  await expect(page).toHaveURL("/admin/images");
  await expect(page.getByRole("heading", { name: "Images", level: 2 })).toBeVisible();
  await expect(page.getByLabel("Category")).toHaveValue("hero-images");
  await tabs.getByText("Service Pages").click();
  await page.getByLabel("Page", { exact: true }).selectOption("about");
  await expect(page).toHaveURL("/admin/services?page=about");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Our Story");
});

test("with New inquiries waiting, sign-in opens the inbox and its tab shows how many", async ({ page, insertInquiry, demoLink }) => {
  await insertInquiry({ name: `Waiting Visitor ${randomUUID().slice(0, 8)}` });
  await signInAsDemo(page, demoLink);
  await expect(page).toHaveURL("/admin/inquiries");
  const inboxTab = page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: /^Contact Inquiries/ });
  await expect(inboxTab).toHaveAttribute("aria-current", "page");
  const count = Number((await inboxTab.textContent())?.match(/(\d+) new/)?.[1]);
  expect(count).toBeGreaterThanOrEqual(1);
  // Marking one read lowers the count at once.
  await page.getByRole("article").filter({ hasText: "New" }).first().getByRole("button", { name: "Mark as Read" }).click();
  await expect(toast(page, "Marked as read")).toBeVisible();
  await expect(inboxTab).not.toHaveText(new RegExp(`^Contact Inquiries${count} new$`));
});

test("the first Tab in the admin offers a skip past the header to the tab's content", async ({ page, signInDirectly }) => {
  await signInDirectly(page);
  await openHydrated(page, "/admin/homepage");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to the tab's content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("#admin-main")).toBeFocused();
  // The next Tab is in the tab itself, not the header.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("#admin-main") !== null)).toBe(true);
});

test("a tab shows 'Loading...' while its data is on its way", async ({ page, signInDirectly }) => {
  await openDashboard(page, signInDirectly);
  // The tab's data is held until the test has seen the page wait for it.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/about.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("link", { name: "About", exact: true }).click();
  // In the tab's place (the header's editor status stays while the next tab loads).
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Loading...");
  release();
  await expect(page.getByRole("heading", { name: "About", level: 2 })).toBeVisible();
  await expect(page.getByText("Loading...")).toHaveCount(0);
});

test("admin pages without a session redirect to the login page", async ({ page }) => {
  for (const path of ["/admin", "/admin/inquiries", "/admin/images"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/admin/login");
  }
});

test("logout ends the session on the server", async ({ page, browser, demoLink }) => {
  await signInAsDemo(page, demoLink);
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === "admin_session")!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe("Lax");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/admin/login");
  await page.goto("/admin/homepage");
  await expect(page).toHaveURL("/admin/login");
  // A copy of the old cookie is worthless too.
  const replay = await browser.newContext();
  await replay.addCookies([cookie]);
  const replayPage = await replay.newPage();
  await replayPage.goto("/admin/homepage");
  await expect(replayPage).toHaveURL("/admin/login");
  await replay.close();
});

test("opening /admin/logout as a page leads to sign-in and signs nobody out", async ({ page, demoLink }) => {
  const answer = await page.request.get("/admin/logout", { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe("/admin/login");
  await signInAsDemo(page, demoLink);
  await page.goto("/admin/logout");
  // Still signed in: the login page sends the admin on to the dashboard (its inbox while New
  // inquiries wait, which other tests add).
  await expect(page).toHaveURL(/\/admin\/(homepage|inquiries)$/);
  await page.goto("/admin/inquiries");
  await expect(page).toHaveURL("/admin/inquiries");
});

test("a session that ends while the dashboard is open sends the admin to sign in", async ({ page, endSession, signInDirectly }) => {
  await openDashboard(page, signInDirectly);
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === "admin_session")!;
  await endSession(cookie);
  await page.getByRole("link", { name: "Contact Inquiries" }).click();
  await expect(page).toHaveURL("/admin/login");
});

test("an inquiry arrives as New and Mark as Read turns it Read with a toast", async ({
  page,
  insertInquiry,
  readInquiry,
  signInDirectly,
}) => {
  const name = `Inbox Tester ${randomUUID().slice(0, 8)}`;
  const id = await insertInquiry({ name, message: "<b>not bold</b> and\na second line" });
  await openDashboard(page, signInDirectly);
  await page.getByRole("link", { name: "Contact Inquiries" }).click();
  const card = page.getByRole("article", { name });
  await expect(card.getByText("New", { exact: true })).toBeVisible();
  await expect(card).toContainText("Family Counseling");
  await expect(card).toContainText("SelectHealth");
  await expect(card).toContainText("(435) 555-0123");
  await expect(card).toContainText("<b>not bold</b> and"); // text, never HTML
  await expect(card.locator("b")).toHaveCount(0);
  await expect(card.getByText(/Received .* (MST|MDT)/)).toBeVisible();
  await card.getByRole("button", { name: "Mark as Read" }).click();
  await expect(toast(page, "Marked as read")).toBeVisible();
  await expect(card.getByText("Read", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Mark as Read" })).toHaveCount(0);
  expect((await readInquiry(id))?.is_read).toBe(1);
});

for (const width of [375, 1280]) {
  test(`at ${width} px, possible spam waits in its own list, without axe violations, until Not spam moves it to the inquiries`, async ({
    page,
    insertInquiry,
    readInquiry,
    signInDirectly,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const name = `Quick Typist ${randomUUID().slice(0, 8)}`;
    const id = await insertInquiry({ name, spamReason: "sent 600 ms after the form was shown" });
    await signInDirectly(page);
    await openHydrated(page, "/admin/inquiries");
    await expect(page.getByRole("article", { name })).toHaveCount(0);
    await page.getByRole("link", { name: /^Possible spam \(\d+\)$/ }).click();
    await expect(page).toHaveURL("/admin/inquiries?list=possible-spam");
    const card = page.getByRole("article", { name });
    await expect(card.getByText("Possible spam", { exact: true })).toBeVisible();
    await expect(card).toContainText("Kept as possible spam: sent 600 ms after the form was shown.");
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `possible-spam-${width}.png`, { fullPage: true });
    await card.getByRole("button", { name: "Not spam" }).click();
    await expect(toast(page, "Moved to the inquiries")).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(await readInquiry(id)).toMatchObject({ possible_spam: 0, is_read: 0 });
  });
}

test("the inbox searches by name, e-mail or phone, filters New and Read, marks unread, and archives, on a phone and a desktop", async ({
  page,
  insertInquiry,
  readInquiry,
  signInDirectly,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  // A letter first: a search of digits alone is a phone number's.
  const tag = `t${randomUUID().slice(0, 7)}`;
  const ana = await insertInquiry({ name: `Ana Search ${tag}`, email: `ana-${tag}@example.com` });
  await insertInquiry({ name: `Ben Search ${tag}`, email: `ben-${tag}@example.com` });
  await signInDirectly(page);
  await openHydrated(page, "/admin/inquiries");
  const search = page.getByRole("searchbox", { name: "Search by name, e-mail or phone" });
  await search.fill(`ana-${tag.toUpperCase()}`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article", { name: `Ana Search ${tag}` })).toBeVisible();
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);

  // Both, then New and Read, keeping the search.
  await search.fill(tag);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("article")).toHaveCount(2);
  const anaCard = page.getByRole("article", { name: `Ana Search ${tag}` });
  await anaCard.getByRole("button", { name: "Mark as Read" }).click();
  await expect(toast(page, "Marked as read")).toBeVisible();
  await page.getByRole("navigation", { name: "Show" }).getByRole("link", { name: "Read" }).click();
  await expect(page).toHaveURL(`/admin/inquiries?show=read&q=${tag}`);
  await expect(page.getByRole("article")).toHaveCount(1);
  await anaCard.getByRole("button", { name: "Mark as unread" }).click();
  await expect(toast(page, "Marked as unread")).toBeVisible();
  await expect(page.getByText("No inquiries match.")).toBeVisible();
  expect(await readInquiry(ana)).toMatchObject({ is_read: 0, read_at: null });
  await page.getByRole("navigation", { name: "Show" }).getByRole("link", { name: "New" }).click();
  await expect(page.getByRole("article")).toHaveCount(2);

  // Archived: out of the list, kept, and back.
  await anaCard.getByRole("button", { name: "Archive" }).click();
  await expect(toast(page, "Archived")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
  await page.getByRole("link", { name: "Archived" }).click();
  // The archived list is drawn (its search form names the list) before the search is sent.
  await expect(page.getByText("Archived inquiries are kept, out of the other lists.")).toBeVisible();
  await search.fill(tag);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("article")).toHaveCount(1);
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, "inbox-archived-375.png", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, "inbox-archived-1280.png", { fullPage: true });
  await anaCard.getByRole("button", { name: "Move back from the archive" }).click();
  await expect(toast(page, "Moved back")).toBeVisible();
  await expect(page.getByText("No inquiries match.")).toBeVisible();
  expect(await readInquiry(ana)).toMatchObject({ archived: 0 });
});

test("the inbox exports a range of days as a CSV file a spreadsheet opens safely, and says why when the range is wrong", async ({
  page,
  insertInquiry,
  signInDirectly,
}) => {
  const name = `=Export Tester ${randomUUID().slice(0, 8)}`;
  await insertInquiry({ name, message: 'Two lines, "quoted",\nthe second' });
  await openDashboard(page, signInDirectly);
  await page.goto("/admin/inquiries");
  await page.getByText("Export to a spreadsheet (CSV)").click();
  await expectNoAxeViolations(page);
  // The month so far is chosen already; the inquiry just stored is in it.
  const today = await page.getByLabel("To (included)").inputValue();
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByLabel("From")).toHaveValue(`${today.slice(0, 8)}01`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`inquiries-${today.slice(0, 8)}01-to-${today}-all.csv`);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8");
  expect(text).toContain(`'${name}`);
  expect(text).not.toContain(`,${name}`);
  expect(text).toContain('"Two lines, ""quoted"",\nthe second"');

  // A range that ends before it starts (typed past the date picker) comes back with the reason.
  await page.goto(`/admin/inquiries/export?from=${today}&to=2000-01-01`);
  await expect(page).toHaveURL("/admin/inquiries");
  await expect(toast(page, "Nothing exported")).toBeVisible();
});

test("a failed inbox load or update shows the specified error toasts", async ({ page, insertInquiry, signInDirectly }) => {
  const name = `Unlucky Visitor ${randomUUID().slice(0, 8)}`;
  await insertInquiry({ name });
  await openDashboard(page, signInDirectly);
  await page.getByRole("link", { name: "Homepage" }).click();
  // Only the tab's own data fails; the dashboard around it stays.
  await page.route("**/admin/inquiries.data*", (route) =>
    new URL(route.request().url()).searchParams.get("_routes") === "routes/admin/inquiries"
      ? route.fulfill({ status: 500, body: "down" })
      : route.fallback(),
  );
  await page.getByRole("link", { name: "Contact Inquiries" }).click();
  await expect(toast(page, "Error")).toContainText("Failed to load contact submissions.");
  await expect(page.getByRole("alert")).toHaveText("Failed to load contact submissions.");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

  await page.unrouteAll();
  await page.reload();
  await page.route("**/admin/inquiries.data*", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, body: "down" }) : route.fallback(),
  );
  await page.getByRole("article", { name }).getByRole("button", { name: "Mark as Read" }).click();
  await expect(toast(page, "Error")).toContainText("Failed to update submission.");
  await expect(page.getByRole("article", { name }).getByText("New", { exact: true })).toBeVisible();
});

test("without JavaScript, sign-in, its errors and Mark as Read all work as plain forms", async ({
  browser,
  insertInquiry,
  readInquiry,
  demoLink,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
  const page = await context.newPage();
  const name = `No Script ${randomUUID().slice(0, 8)}`;
  const id = await insertInquiry({ name });
  const { email, password } = await demoCredentials(page, demoLink);

  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
  await expect(page.getByText("Password is required", { exact: true })).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not the password at all");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid credentials. Please try again.");

  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/admin/inquiries"); // a New inquiry waits
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

  await page.getByRole("link", { name: "Contact Inquiries" }).click();
  const card = page.getByRole("article", { name });
  await card.getByRole("button", { name: "Mark as Read" }).click();
  await expect(page).toHaveURL("/admin/inquiries");
  await expect(page.getByRole("article", { name }).getByText("Read", { exact: true })).toBeVisible();
  expect((await readInquiry(id))?.is_read).toBe(1);
  expect(await page.locator("script[src]").count()).toBe(0); // nothing ran that we relied on
  await context.close();
});

test("the login page and every tab have no accessibility violations", async ({ page, insertInquiry, demoLink }) => {
  // Six full axe scans: a few seconds each when the machine is busy.
  test.slow();
  await insertInquiry({ name: `Axe Visitor ${randomUUID().slice(0, 8)}` });
  await page.goto("/admin/login");
  await expectNoAxeViolations(page);
  await signInAsDemo(page, demoLink);
  for (const [path, heading] of [
    ["/admin/homepage", "Homepage"],
    ["/admin/about", "About"],
    ["/admin/services", "Service Pages"],
    ["/admin/images", "Images"],
    ["/admin/inquiries", "Contact Inquiries"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test("the security check finds every admin endpoint refusing requests without a valid session", async ({
  baseURL,
  page,
  expiredSessionCookie,
  demoLink,
}) => {
  const results = await runSecurityCheck(baseURL!, [{ label: "expired session", cookie: await expiredSessionCookie() }]);
  expect(results.length).toBeGreaterThan(40);
  expect(
    results
      .filter((result) => !result.refused)
      .map((result) => `${result.method} ${result.path} (${result.credentials.label}): ${result.status}`),
  ).toEqual([]);

  // The check can fail: with a live session the pages are (rightly) served, and it says so.
  await signInAsDemo(page, demoLink);
  const live = (await page.context().cookies()).find((candidate) => candidate.name === "admin_session")!;
  const control = await runSecurityCheck(baseURL!, [{ label: "live session", cookie: `admin_session=${live.value}` }]);
  const served = control.filter((result) => !result.refused);
  expect(served.map((result) => result.path)).toEqual(expect.arrayContaining(["/admin/homepage", "/admin/inquiries.data"]));
  expect(served.every((result) => result.credentials.label === "live session")).toBe(true);
  expect(forgedSessionCookies()).not.toContain(live.value);
});

test("the security check's sign-in race finds the throttle holding", async ({ baseURL }) => {
  const race = await raceSignIns(baseURL!, 30);
  expect(race.allowed).toBeGreaterThan(0); // it really reached the password check
  expect(race.allowed).toBeLessThanOrEqual(5);
  expect(race.held).toBe(true);
});

test("the security check's contact race finds the per-address limit holding", async ({ baseURL }) => {
  // The test server keeps the default limit of 20 messages per address and window.
  const race = await raceContactPosts(baseURL!, { count: 30, limit: 20 });
  expect(race.answers).toEqual({ 201: 20, 429: 10 });
  expect(race.held).toBe(true);
});

test("a browser that did not open the demo link sees no demo credentials, on the page or its data URL, from any address", async ({
  browser,
  request,
}) => {
  for (const address of ["203.0.113.77", "127.0.0.1"]) {
    const remote = { "X-Forwarded-For": address };
    const context = await browser.newContext({ extraHTTPHeaders: remote });
    const page = await context.newPage();
    await page.goto("/admin/login");
    await expect(page.getByRole("heading", { name: "Admin Sign In" })).toBeVisible();
    await expect(page.getByTestId("demo-password")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Demo mode" })).toHaveCount(0);
    // It is told where the link is, and nothing more.
    await expect(page.getByTestId("demo-link-hint")).toHaveText(
      "Demo mode: the test account is shown to the browser that opens the link printed in the console where the site was started.",
    );
    const data = await request.get("/admin/login.data", { headers: remote });
    expect(await data.text()).not.toContain("demo@");
    await context.close();
  }
});
