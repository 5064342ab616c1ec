import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { get } from "node:http";
import { changeContent } from "#app/content/content-version.server.ts";
import { noticesKey } from "#app/notices/notices.server.ts";
import { parseConfig } from "#app/server/config.server.ts";
import { createDb, type Db } from "#app/server/db/db.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { openHydrated, toast } from "#tests/fixtures/e2e-admin.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { keepScreenshot } from "#tests/fixtures/e2e-screenshot.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";
import { startLocalServer } from "../../bench/local-server.ts";

// Notices (issue 44): written in the admin, shown at the top of every public page in both
// languages between their start and end, and gone by themselves at their end, from kept pages too.

/** No notice left behind for the next test on this worker's server (its pages hear of it). */
async function removeNotices(db: Db): Promise<void> {
  await changeContent(db, async (trx) => {
    await trx.deleteFrom("notices").execute();
    return { changed: [noticesKey], result: undefined };
  });
}

test.afterEach(async ({ db }) => {
  await removeNotices(db);
});

const notice = (page: Page, name: string) => page.getByRole("note", { name });

test("on a phone an office manager adds a notice; it shows on every page in both languages, and goes when removed", async ({
  page,
  browser,
  signInDirectly,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInDirectly(page);
  await openHydrated(page, "/admin/notices");
  await expect(page.getByText("No notice is showing now.")).toBeVisible();
  await page.getByText("Add a notice").click();
  const form = page.locator("#notice-new");
  // Bad input first: a script link and an end before the start are refused, each said under its field.
  await form.getByRole("textbox", { name: "Notice", exact: true }).fill("Closed Thursday and Friday for Thanksgiving.");
  await form.getByLabel("Link address").fill("javascript:alert(1)");
  await form.getByLabel("Link text", { exact: true }).fill("Our holiday hours");
  const startDate = await form.getByLabel("Start date").inputValue();
  await form.getByLabel("End date").fill(startDate);
  await form.getByLabel("End time").fill("00:00");
  // The preview shows no link while its address is not one the form takes.
  const preview = form.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("note", { name: "Notice" })).toHaveText("Closed Thursday and Friday for Thanksgiving.");
  await expect(preview.getByRole("link")).toHaveCount(0);
  await form.getByRole("button", { name: "Add notice" }).click();
  await expect(form.getByText("Enter a page of this site, like /contact, or a full address starting with https://.")).toBeVisible();
  await expect(form.getByText(/The end comes before the start|That end has passed/)).toBeVisible();

  await form.getByLabel("Link address").fill("/contact");
  const tomorrow = new Date(Date.now() + 30 * 3_600_000).toISOString().slice(0, 10);
  await form.getByLabel("End date").fill(tomorrow);
  await form.getByLabel("End time").fill("17:00");
  await form.getByLabel("Notice in Spanish").fill("Cerrado el jueves y el viernes por el Día de Acción de Gracias.");
  await form.getByLabel("Link text in Spanish").fill("Nuestro horario");
  // What will show, in both languages, as typed.
  await expect(preview.getByRole("note", { name: "Aviso" })).toContainText("Cerrado el jueves y el viernes");
  await expect(preview.getByRole("note", { name: "Aviso" }).getByRole("link", { name: "Nuestro horario" })).toHaveAttribute(
    "href",
    "/es/contact",
  );
  await expect(preview.getByRole("note", { name: "Notice" }).getByRole("link", { name: "Our holiday hours" })).toHaveAttribute(
    "href",
    "/contact",
  );
  await preview.scrollIntoViewIfNeeded();
  await keepScreenshot(page, "notice-preview-375.png");
  await form.getByRole("button", { name: "Add notice" }).click();
  await expect(toast(page, "Notice added")).toBeVisible();
  const showing = page.getByRole("region", { name: "Showing now" });
  await expect(showing.getByRole("article")).toContainText("Closed Thursday and Friday for Thanksgiving.");
  await expect(showing).toContainText(/ to .+ 5:00 PM M[SD]T/);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, "notices-admin-375.png", { fullPage: true });

  const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const visitor = await visitorContext.newPage();
  for (const path of ["/", "/services/couples-counseling", "/contact"]) {
    await visitor.goto(path);
    const shown = notice(visitor, "Notice");
    await expect(shown, path).toContainText("Closed Thursday and Friday for Thanksgiving.");
    await expect(shown.getByRole("link", { name: "Our holiday hours" })).toHaveAttribute("href", "/contact");
    // Below the header and its crisis strip, never over them.
    const header = (await visitor.locator("header").first().boundingBox())!;
    expect((await shown.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  }
  await expectNoAxeViolations(visitor);
  await keepScreenshot(visitor, "notice-1280.png");
  await visitor.goto("/es");
  const spanish = notice(visitor, "Aviso");
  await expect(spanish).toContainText("Cerrado el jueves y el viernes por el Día de Acción de Gracias.");
  await expect(spanish.getByRole("link", { name: "Nuestro horario" })).toHaveAttribute("href", "/es/contact");
  await expectNoAxeViolations(visitor);

  await showing.getByRole("button", { name: /^Remove/ }).click();
  await expect(toast(page, "Notice removed")).toBeVisible();
  await expect(page.getByText("No notice is showing now.")).toBeVisible();
  await visitor.goto("/");
  await expect(notice(visitor, "Notice")).toHaveCount(0);
  await visitorContext.close();
});

/** `path` on a new connection: its status, ETag and body. */
function freshGet(origin: string, path: string): Promise<{ etag: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    get(`${origin}${path}`, { agent: false }, (answer) => {
      let body = "";
      answer.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      answer.on("end", () => resolve({ etag: answer.headers.etag, body }));
    }).on("error", reject);
  });
}

test("a notice goes from a kept page at its end, by itself: no save, no restart, no poll", async () => {
  // The notice is in the database before the server starts (and warms its pages); the server's
  // poll is too slow to be what takes it away.
  const folder = mkdtempSync(join(tmpdir(), "notice-end-"));
  const databaseUrl = join(folder, "site.db");
  const setup = createDb(parseConfig({ ...process.env, DATABASE_URL: databaseUrl }).database);
  const endsAt = Date.now() + 6_000;
  try {
    await migrateToLatest(setup);
    await setup
      .insertInto("notices")
      .values({
        id: randomUUID(),
        text_en: "Closed this afternoon.",
        starts_at: new Date(Date.now() - 60_000).toISOString(),
        ends_at: new Date(endsAt).toISOString(),
        updated_at: new Date().toISOString(),
        updated_by: null,
      })
      .execute();
  } finally {
    await setup.destroy();
  }
  const server = await startLocalServer({ DATABASE_URL: databaseUrl, CONTENT_POLL_MS: "600000", DEMO_MODE: "off" });
  try {
    const first = await freshGet(server.origin, "/about");
    expect(first.body.includes("Closed this afternoon."), "the notice shows before its end").toBe(true);
    // Kept: the same page again.
    expect((await freshGet(server.origin, "/about")).etag).toBe(first.etag);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt - Date.now()) + 200));
    const after = await freshGet(server.origin, "/about");
    expect(after.body.includes("Closed this afternoon."), "the notice is gone after its end").toBe(false);
    expect(after.etag).not.toBe(first.etag);
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});
