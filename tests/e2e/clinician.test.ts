import { aboutDefaults } from "#app/pages/about.ts";
import { spanishAboutTexts } from "#app/pages/about-spanish.ts";
import { openHydrated, toast, waitForHydration } from "#tests/fixtures/e2e-admin.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { pngImage } from "#tests/fixtures/images.ts";
import { keepScreenshot } from "#tests/fixtures/e2e-screenshot.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

// A Clinician keeps their own profile and nothing else (issue 42): "New clients" at once, the rest
// sent for review; an Owner or Editor approves it or sends it back with a note.

const forbidden = "Your account does not have access to this part of the dashboard.";
const daniel = aboutDefaults.staff.find((member) => member.id === "staff-daniel-reyes")!;
const nathan = aboutDefaults.staff.find((member) => member.id === "staff-nathan-price")!;

test("on a phone, a clinician switches new clients at once and sends a new bio for review; every other part is 403", async ({
  page,
  signInAs,
  editsPages,
}) => {
  await editsPages("about");
  await page.setViewportSize({ width: 375, height: 800 });
  // Nathan Price: his photo, uploaded here, is named after him, and no other test looks for it.
  await signInAs(page, "clinician", nathan.id);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/profile$/);
  const tabs = page.getByRole("navigation", { name: "Dashboard sections" });
  await expect(tabs.getByRole("link")).toHaveText(["Your Profile"]);
  await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  await openHydrated(page, "/admin/profile");
  await expect(page.getByRole("heading", { name: "Your Profile" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Choose from the library/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // New clients: live at once, on his page.
  await page.getByRole("radio", { name: "Caseload full" }).check();
  await page.getByRole("button", { name: "Save new clients" }).click();
  await expect(toast(page, "Your page now says")).toBeVisible();
  const visitor = await page.context().newPage();
  await visitor.goto("/team/nathan-price");
  await expect(visitor.getByRole("heading", { name: "Nathan's caseload is full" })).toBeVisible();

  // A new bio and photo: sent for review, not live.
  await page.getByLabel("Bio").fill("I help adults recover from trauma, in English and Spanish.");
  await page.getByLabel(/Upload a photo/).setInputFiles({ name: "nathan.png", mimeType: "image/png", buffer: await pngImage(400, 400) });
  await expect(page.getByRole("img", { name: "Nathan Price" }).first()).toHaveAttribute("src", /\/media\//);
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(toast(page, "Sent for review")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Awaiting review" })).toContainText("Sent for review on");
  await visitor.reload();
  await expect(visitor.getByText(nathan.bio.slice(0, 60))).toBeVisible();
  await expect(visitor.getByText("I help adults recover from trauma")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The same change again is not sent again; the page's own text withdraws it.
  await openHydrated(page, "/admin/profile");
  await expect(page.getByLabel("Bio")).toHaveValue("I help adults recover from trauma, in English and Spanish.");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "already waiting for review" })).toBeVisible();

  for (const path of [
    "/admin/about",
    "/admin/homepage",
    "/admin/images",
    "/admin/inquiries",
    "/admin/staff",
    "/admin/reviews",
    "/admin/history/about",
  ]) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(403);
    await expect(page.getByRole("alert")).toContainText(forbidden);
  }
  // The library's own upload is the office's: a clinician's photo goes through their profile only.
  const upload = await page.request.post("/admin/images/upload?category=hero-images", {
    multipart: { file: { name: "x.png", mimeType: "image/png", buffer: await pngImage(40, 40) } },
  });
  expect(upload.status()).toBe(403);
  const someoneElse = await page.request.post("/admin/profile/photo?category=hero-images", {
    multipart: { staffId: "staff-ava-morgan", file: { name: "x.png", mimeType: "image/png", buffer: await pngImage(40, 40) } },
  });
  expect(someoneElse.status()).toBe(403);
});

test("an Owner finds the change awaiting review, sends it back with a note, then approves the next one", async ({
  page,
  browser,
  signInAs,
  editsPages,
}) => {
  await editsPages("about");
  // Daniel sends a change.
  const clinicianContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const clinician = await clinicianContext.newPage();
  await signInAs(clinician, "clinician");
  await openHydrated(clinician, "/admin/profile");
  await clinician.getByLabel("Bio").fill("First draft of my new bio.");
  await clinician.getByRole("button", { name: "Submit for review" }).click();
  await expect(toast(clinician, "Sent for review")).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, "owner");
  // Daniel's card in the About tab says so, and leads to the review.
  await openHydrated(page, "/admin/about");
  await expect(
    page.getByRole("group", { name: "Daniel Reyes" }).getByRole("link", { name: "Awaiting review: their own change" }),
  ).toHaveAttribute("href", "/admin/reviews");
  await expect(page.getByRole("link", { name: "Awaiting review: their own change" })).toHaveCount(1);
  await openHydrated(page, "/admin/homepage");
  await page.getByRole("link", { name: "Awaiting review (1)" }).click();
  await expect(page).toHaveURL(/\/admin\/reviews$/);
  const card = page.getByRole("article", { name: "Daniel Reyes" });
  await expect(card.getByRole("definition").filter({ hasText: "Proposed" })).toContainText("First draft of my new bio.");
  await expect(card.getByRole("definition").filter({ hasText: "Now" })).toContainText(daniel.bio.slice(0, 40));
  await expectNoAxeViolations(page);

  // Sent back: a note is needed, then the clinician reads it.
  await card.getByRole("button", { name: "Send back" }).click();
  await expect(card.getByText("Say what to change, so they know what to do.")).toBeVisible();
  await card.getByLabel("Note for them").fill("Please say which ages you see.");
  await card.getByRole("button", { name: "Send back" }).click();
  await expect(toast(page, "Sent back with your note")).toBeVisible();
  await expect(page.getByText("Nothing is waiting for review.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Awaiting review (0)" })).toBeVisible();

  await openHydrated(clinician, "/admin/profile");
  const status = clinician.getByRole("status").filter({ hasText: "Sent back" });
  await expect(status).toContainText("Please say which ages you see.");
  await expect(clinician.getByLabel("Bio")).toHaveValue("First draft of my new bio.");
  await clinician.getByLabel("Bio").fill("I see adults and older adults.");
  await clinician.getByRole("button", { name: "Submit for review" }).click();
  await expect(toast(clinician, "Sent for review")).toBeVisible();

  // Approved: live on his page.
  await openHydrated(page, "/admin/reviews");
  await page.getByRole("button", { name: "Approve and publish the changes of Daniel Reyes" }).click();
  await expect(toast(page, "Approved and published")).toBeVisible();
  await page.goto("/team/daniel-reyes");
  await expect(page.getByText("I see adults and older adults.")).toBeVisible();
  await openHydrated(clinician, "/admin/profile");
  await expect(clinician.getByRole("status").filter({ hasText: "Approved" })).toContainText("your page shows it");
  // His card in the About tab says when and by whom he was last changed: the approval.
  await openHydrated(page, "/admin/about");
  const danielCard = page.getByRole("group", { name: "Daniel Reyes" });
  await expect(danielCard.getByText(/^Changed by owner-[0-9a-f]{8}@example\.com at /)).toBeVisible();
  await expect(page.getByRole("group", { name: "Ava Morgan" }).getByText(/^Changed by/)).toHaveCount(0);
  // A member added in a draft says it is not on the site yet.
  await page.getByRole("button", { name: "Add Staff" }).click();
  const panel = page.locator("#add-staff-panel");
  await panel.getByLabel("Name").fill("Noor Haddad");
  await panel.getByLabel("Title").fill("Therapist");
  await page.getByRole("button", { name: "Add Staff Member" }).click();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(toast(page, "Draft saved")).toBeVisible();
  await openHydrated(page, "/admin/about");
  await expect(page.getByRole("group", { name: "Noor Haddad" }).getByText("Draft: not on the site until Save Changes")).toBeVisible();
  await clinicianContext.close();
});

test("on a phone a clinician writes their Spanish texts under their English; an Owner approves them, and only the Spanish page changes", async ({
  page,
  browser,
  signInAs,
  editsPages,
}) => {
  await editsPages("about");
  const rachel = aboutDefaults.staff.find((member) => member.id === "staff-rachel-thornton")!;
  const rachelSpanish = spanishAboutTexts.staff.find((member) => member.id === rachel.id)!;
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, "clinician", rachel.id);
  await openHydrated(page, "/admin/profile");
  await page.getByRole("navigation", { name: "Language of the texts" }).getByRole("link", { name: "Spanish" }).click();
  await expect(page).toHaveURL("/admin/profile?lang=es");
  await waitForHydration(page);
  // Her texts only, each with her English under it: the photo and "New clients" are the English side's.
  const bio = page.getByLabel("Bio");
  await expect(bio).toHaveValue(rachelSpanish.bio);
  await expect(page.locator('p[lang="en"]').filter({ hasText: rachel.bio.slice(0, 40) })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save new clients" })).toHaveCount(0);
  await expect(page.getByLabel(/Upload a photo/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "your Spanish page" })).toHaveAttribute("href", "/es/team/rachel-thornton");

  // Left empty where her English has a bio: refused, said under the field.
  await bio.fill("");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("The English page has this text: write it in this language too.")).toBeVisible();
  await bio.fill("Rachel acompaña a parejas y familias a reencontrarse.");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(toast(page, "Sent for review")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Awaiting review" })).toContainText(
    "Your Spanish page shows the earlier version until an Owner or Editor approves it",
  );
  // The photo's description says what the Spanish pages say without one.
  await expect(page.getByText('Left empty, the Spanish pages say "Foto de" and the name.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, "clinician-spanish-375.png", { fullPage: true });

  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  await signInAs(owner, "owner");
  await openHydrated(owner, "/admin/reviews");
  const card = owner.getByRole("article", { name: "Rachel Thornton: Spanish texts" });
  await expect(card.getByRole("definition").filter({ hasText: "Proposed" })).toContainText("Rachel acompaña a parejas");
  await expect(card.getByRole("definition").filter({ hasText: "Now" }).locator('[lang="es"]')).toContainText(
    rachelSpanish.bio.slice(0, 40),
  );
  await expectNoAxeViolations(owner);
  await card.getByRole("button", { name: "Approve and publish the Spanish changes of Rachel Thornton" }).click();
  await expect(toast(owner, "Approved and published")).toBeVisible();
  await ownerContext.close();

  await page.goto("/es/team/rachel-thornton");
  await expect(page.getByText("Rachel acompaña a parejas y familias a reencontrarse.")).toBeVisible();
  await page.goto("/team/rachel-thornton");
  await expect(page.getByText(rachel.bio.slice(0, 60))).toBeVisible();
});
