import type { Page } from "@playwright/test";
import { officeDateAndTime } from "#app/content/office-time.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { openHydrated, toast } from "#tests/fixtures/e2e-admin.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { keepScreenshot } from "#tests/fixtures/e2e-screenshot.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

// Scheduled publishing (issue 44): a page's saved draft goes live by itself at the time chosen,
// on the office's clock; listed until then, and moved or cancelled there.

/** The office's clock `minutes` from now, as the form's date and time fields take it. */
const officeClockIn = (minutes: number) => officeDateAndTime(new Date(Date.now() + minutes * 60_000).toISOString());

/**
 * The clock moved on past a schedule's time, as two minutes' wait would: the schedule's time is
 * set a moment ago (the server's own clock cannot be moved from here; its publisher reads both
 * the same way).
 */
async function moveClockPast(db: Db, page: string): Promise<void> {
  await db
    .updateTable("scheduled_publications")
    .set({ publish_at: new Date(Date.now() - 1000).toISOString() })
    .where("page_name", "=", page)
    .where("status", "=", "scheduled")
    .execute();
}

async function saveDraftOf(page: Page, tab: string, title: string) {
  await openHydrated(page, tab);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(toast(page, "Draft saved")).toBeVisible();
}

test("on a phone an office manager schedules a service page's draft; it is listed, and goes live at its time", async ({
  page,
  db,
  editsPages,
  signInDirectly,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await editsPages("telehealth-therapy");
  await signInDirectly(page);
  await saveDraftOf(page, "/admin/services?page=telehealth-therapy", "Telehealth, now on Saturdays");

  await page.getByRole("link", { name: "Publish this draft later, at a time you choose" }).click();
  await expect(page).toHaveURL("/admin/scheduled?page=telehealth-therapy&lang=en");
  const form = page.locator("#schedule-new-form");
  await expect(form.getByLabel("Draft")).toHaveValue("telehealth-therapy|en");
  // A time already past is refused, said under the date.
  const past = officeClockIn(-60);
  await form.getByLabel("Date").fill(past.date);
  await form.getByLabel("Time").fill(past.time);
  await form.getByRole("button", { name: "Schedule" }).click();
  await expect(form.getByText("That time has passed: choose a time from now on.")).toBeVisible();

  const soon = officeClockIn(2);
  await form.getByLabel("Date").fill(soon.date);
  await form.getByLabel("Time").fill(soon.time);
  await form.getByRole("button", { name: "Schedule" }).click();
  await expect(toast(page, "Draft scheduled")).toBeVisible();
  const waiting = page.getByRole("article", { name: "Telehealth Therapy" });
  await expect(waiting).toContainText("Publishes on");
  await expect(page.getByText("No page has a saved draft to schedule.")).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, "scheduled-375.png", { fullPage: true });

  // The draft's editor says when it goes live; visitors still see the page as it was.
  await openHydrated(page, "/admin/services?page=telehealth-therapy");
  await expect(page.getByText(/^Scheduled: the saved draft publishes by itself on /)).toBeVisible();
  await page.goto("/services/telehealth-therapy");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Telehealth, now on Saturdays");

  await moveClockPast(db, "telehealth-therapy");
  await expect(async () => {
    await page.goto("/services/telehealth-therapy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Telehealth, now on Saturdays", { timeout: 500 });
  }).toPass();
  await openHydrated(page, "/admin/scheduled");
  await expect(page.getByText("Nothing is scheduled.")).toBeVisible();
  await expect(page.getByText("Published: Telehealth Therapy")).toBeVisible();
});

test("at 1280 px a schedule is moved, then cancelled; a cancelled draft stays a draft", async ({
  page,
  db,
  editsPages,
  signInDirectly,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await editsPages("court-ordered-evaluations");
  await signInDirectly(page);
  await saveDraftOf(page, "/admin/services?page=court-ordered-evaluations", "Evaluations, from spring");
  await openHydrated(page, "/admin/scheduled?page=court-ordered-evaluations&lang=en");
  const form = page.locator("#schedule-new-form");
  const tomorrow = officeClockIn(24 * 60);
  await form.getByLabel("Date").fill(tomorrow.date);
  await form.getByLabel("Time").fill("08:00");
  await form.getByRole("button", { name: "Schedule" }).click();
  await expect(toast(page, "Draft scheduled")).toBeVisible();

  const waiting = page.getByRole("article", { name: "Court Ordered Evaluations" });
  await waiting.getByRole("button", { name: "Move the publishing of Court Ordered Evaluations" }).click();
  await waiting.getByLabel("Time").fill("09:30");
  await waiting.getByRole("button", { name: "Move", exact: true }).click();
  await expect(toast(page, "Schedule moved")).toBeVisible();
  await expect(page.getByRole("article", { name: "Court Ordered Evaluations" })).toContainText("9:30 AM");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Cancel the publishing of Court Ordered Evaluations" }).click();
  await expect(toast(page, "Schedule cancelled")).toBeVisible();
  await expect(page.getByText("Nothing is scheduled.")).toBeVisible();
  await expect(page.getByText("Cancelled: Court Ordered Evaluations")).toBeVisible();
  // Nothing goes live when its time would have come; the draft is still there to publish.
  await moveClockPast(db, "court-ordered-evaluations");
  await openHydrated(page, "/admin/services?page=court-ordered-evaluations");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Evaluations, from spring");
  await expect(page.getByRole("link", { name: "Publish this draft later, at a time you choose" })).toBeVisible();
  await page.goto("/services/court-ordered-evaluations");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Evaluations, from spring");
});
