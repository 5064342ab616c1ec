import type { Page } from "@playwright/test";
import type { Db } from "#app/server/db/db.server.ts";
import { openHydrated, saveButton, toast, waitForHydration } from "#tests/fixtures/e2e-admin.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { keepScreenshot } from "#tests/fixtures/e2e-screenshot.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";
import { officeDateAndTime } from "#app/content/office-time.ts";

// Articles (issue 44): written in the Articles tab's editor (TipTap, loaded there only) on a
// phone and a desktop, previewed, scheduled or published, and read on /articles, in the feed
// and the sitemap; a paste from Word or Google Docs keeps its structure and drops its styling.

/** The body the editor will post, as the form holds it. */
async function postedBody(page: Page): Promise<{ type: string; content: Array<Record<string, unknown>> }> {
  return JSON.parse(await page.locator("input[name=body]").inputValue());
}

/** Adds an article from the list and opens its editor (hydrated, the body's editor loaded). */
async function addArticle(page: Page, title: string) {
  await openHydrated(page, "/admin/articles/list");
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Add the article" }).click();
  await expect(toast(page, "Article added")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/articles\?page=article-/);
  await expect(page.getByRole("heading", { level: 2, name: `Article: ${title}` })).toBeVisible();
  const body = page.getByRole("textbox", { name: "Article" });
  await expect(body).toBeVisible();
  return body;
}

/** Types with the toolbar: two headings, a paragraph, a list, and words linked to a page of the site. */
async function writeBody(page: Page) {
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  await page.getByRole("textbox", { name: "Article" }).click();
  await toolbar.getByRole("button", { name: "Heading", exact: true }).click();
  await page.keyboard.type("Before the first session");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Most couples feel nervous, and that is normal.");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Heading", exact: true }).click();
  await page.keyboard.type("What we talk about");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Bullets" }).click();
  await page.keyboard.type("What brings you in");
  await page.keyboard.press("Enter");
  await page.keyboard.type("What you hope will change");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Questions? Contact us.");
  await page.keyboard.press("Shift+Home");
  await toolbar.getByRole("button", { name: "Link" }).click();
  // An address that would run a script is refused where it is typed.
  await page.getByLabel("Link address").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Apply link" }).click();
  await expect(page.getByText("A link must lead to a page of this site")).toBeVisible();
  await page.getByLabel("Link address").fill("/contact");
  await page.getByRole("button", { name: "Apply link" }).click();
}

/** A picture from the library's bundled images, described (its description is asked for first). */
async function insertPicture(page: Page) {
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  await page.getByRole("textbox", { name: "Article" }).press("Control+End");
  await toolbar.getByRole("button", { name: "Picture" }).click();
  const panel = page.getByRole("group", { name: "A picture for the article" });
  await panel.getByRole("button", { name: "Choose from the library for the article" }).click();
  await panel.getByLabel("Category").selectOption("local-images");
  await panel.getByRole("button", { name: "Choose couples-counseling.webp" }).click();
  await panel.getByRole("button", { name: "Insert picture" }).click();
  await expect(panel.getByText("Describe each picture for people who cannot see it (its alt text).")).toBeVisible();
  await panel.getByLabel("Description of this picture (alt text)").fill("A calm office with two chairs");
  await panel.getByRole("button", { name: "Insert picture" }).click();
  await expect(panel).toBeHidden();
}

/** The clock moved past the article's scheduled time (as in scheduled-publishing.test.ts). */
async function moveClockPast(db: Db) {
  await db
    .updateTable("scheduled_publications")
    .set({ publish_at: new Date(Date.now() - 1000).toISOString() })
    .where("page_name", "like", "article-%")
    .where("status", "=", "scheduled")
    .execute();
}

for (const { width, height, device } of [
  { width: 375, height: 800, device: "phone" },
  { width: 1280, height: 900, device: "desktop" },
]) {
  test(`on a ${device} an office manager writes an article, previews it, schedules it two minutes later, and it appears at its time`, async ({
    page,
    db,
    editsArticles,
    signInDirectly,
  }) => {
    await page.setViewportSize({ width, height });
    await editsArticles();
    await signInDirectly(page);
    await addArticle(page, "What happens in a first couples session?");
    await page.getByLabel("Summary").fill("What to expect from a first couples counseling session, and how to get ready.");
    await page.getByLabel("Author").selectOption({ label: "Ava Morgan" });
    await page.getByRole("checkbox", { name: "Couples Counseling" }).check();
    await writeBody(page);
    await insertPicture(page);
    const posted = await postedBody(page);
    expect(posted.content.map((block) => block.type)).toEqual(["heading", "paragraph", "heading", "bulletList", "paragraph", "image"]);
    expect(JSON.stringify(posted)).toContain('"href":"/contact"');
    await keepScreenshot(page, `article-editor-${width}.png`, { fullPage: true });

    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.frameLocator(`iframe[title="Preview at ${device === "phone" ? "phone" : "desktop"} width"]`);
    await expect(preview.getByRole("heading", { level: 1 })).toHaveText("What happens in a first couples session?");
    await expect(preview.getByRole("heading", { name: "What we talk about" })).toBeVisible();
    await expect(preview.getByRole("img", { name: "A calm office with two chairs" })).toBeVisible();
    await page.getByRole("button", { name: "Close preview" }).click();

    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(toast(page, "Draft saved")).toBeVisible();
    await page.getByRole("link", { name: "Publish this draft later, at a time you choose" }).click();
    await expect(page).toHaveURL(/\/admin\/scheduled\?page=article-/);
    await waitForHydration(page);
    const form = page.locator("#schedule-new-form");
    const soon = officeDateAndTime(new Date(Date.now() + 2 * 60_000).toISOString());
    // The time first: today's date with the form's first time (8:00) could be past for a moment,
    // and its message coming and going would move the button under the pointer.
    await form.getByLabel("Time").fill(soon.time);
    await form.getByLabel("Date").fill(soon.date);
    await form.getByRole("button", { name: "Schedule" }).click();
    await expect(toast(page, "Draft scheduled")).toBeVisible();
    await expect(page.getByRole("article", { name: "What happens in a first couples session?" })).toContainText("Publishes on");

    // Not yet on the site.
    await page.goto("/articles");
    await expect(page.getByText("No articles yet.")).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Articles" })).toHaveCount(0);

    await moveClockPast(db);
    await expect(async () => {
      await page.goto("/articles");
      await expect(page.getByRole("link", { name: "What happens in a first couples session?" })).toBeVisible({ timeout: 500 });
    }).toPass();
    await expectNoAxeViolations(page);
    // Every page's footer leads to them now.
    await page.goto("/about");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Articles" })).toHaveAttribute("href", "/articles");
    await page.goto("/articles");
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toMatch(/\/articles\/what-happens-in-a-first-couples-session<\/loc><lastmod>/);
    const feed = await (await page.request.get("/articles/feed.xml")).text();
    expect(feed).toContain('<title type="text">What happens in a first couples session?</title>');

    await page.getByRole("link", { name: "What happens in a first couples session?" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What happens in a first couples session?");
    await expect(page.getByRole("link", { name: "Ava Morgan" })).toHaveAttribute("href", "/team/ava-morgan");
    await expect(page.getByRole("img", { name: "A calm office with two chairs" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact us." })).toHaveAttribute("href", "/contact");
    await expect(page.locator("script[src]")).toHaveCount(await scriptCountOf(page, "/resources"));
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `article-${width}.png`, { fullPage: true });
  });
}

/** How many scripts a content page loads (the header menu's module): an article loads no more. */
async function scriptCountOf(page: Page, path: string): Promise<number> {
  const html = await (await page.request.get(path)).text();
  return [...html.matchAll(/<script[^>]+src=/g)].length;
}

const wordHtml = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{color:red}</style></head><body lang=EN-US>
<h1 style='mso-style-name:"Heading 1"'><span style='color:#2F5496;font-family:"Calibri Light"'>Getting ready</span></h1>
<p class=MsoNormal><span style='font-family:Calibri;color:red'>Some <b>bold</b> words and a <a href="https://988lifeline.org/" target="_blank" class="x">link</a>.</span></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-.25in;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>First point<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-.25in;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Second point<o:p></o:p></p>
<h2><span style='color:blue'>What to bring</span></h2>
<p class=MsoNormal><img src="file:///C:/Users/me/AppData/image001.png"><span style='background:yellow'>Closing words.</span><script>alert(1)</script></p>
</body></html>`;

const docsHtml = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1234"><h2 dir="ltr" style="line-height:1.38;margin-top:18pt"><span style="font-size:16pt;font-family:Arial;color:#000000">First steps</span></h2><br><p dir="ltr" style="line-height:1.38"><span style="font-weight:700;color:#ff0000">Bold</span><span style="font-weight:400"> and plain</span></p><br><ul style="margin-top:0"><li dir="ltr" style="list-style-type:disc"><p dir="ltr"><span>One</span></p></li><li dir="ltr"><p dir="ltr"><span>Two</span></p></li></ul></b>`;

/** Pastes HTML into the body's editor as a browser does when the clipboard holds it. */
async function paste(page: Page, html: string) {
  await page.evaluate((pasted) => {
    const data = new DataTransfer();
    data.setData("text/html", pasted);
    data.setData("text/plain", "pasted");
    document
      .querySelector(".ProseMirror")
      ?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

test("at 1280 px a paste from Word and from Google Docs keeps headings, lists, bold and links and drops styles and scripts; published, it reads in both languages", async ({
  page,
  editsArticles,
  signInDirectly,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await editsArticles();
  await signInDirectly(page);
  await addArticle(page, "Getting ready for therapy");
  await page.getByLabel("Summary").fill("How to get ready for a first session.");

  await page.getByRole("textbox", { name: "Article" }).click();
  await paste(page, wordHtml);
  const fromWord = await postedBody(page);
  expect(JSON.stringify(fromWord)).not.toMatch(/style|color|mso|script|alert|file:|target|class/i);
  expect(fromWord.content).toEqual([
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Getting ready" }] },
    {
      type: "paragraph",
      content: [
        { type: "text", text: "Some " },
        { type: "text", text: "bold", marks: [{ type: "bold" }] },
        { type: "text", text: " words and a " },
        { type: "text", text: "link", marks: [{ type: "link", attrs: { href: "https://988lifeline.org/" } }] },
        { type: "text", text: "." },
      ],
    },
    {
      type: "bulletList",
      content: [
        { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "First point" }] }] },
        { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Second point" }] }] },
      ],
    },
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "What to bring" }] },
    { type: "paragraph", content: [{ type: "text", text: "Closing words." }] },
  ]);
  // The Word picture (a file on the author's computer) is left out, and the person is told.
  await expect(page.getByText("A picture from the pasted text was left out: add it with Picture, from the library.")).toBeVisible();

  // Pasted on a new line, as a person adds a second part.
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await paste(page, docsHtml);
  const fromDocs = (await postedBody(page)).content.slice(5);
  expect(fromDocs).toEqual([
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "First steps" }] },
    {
      type: "paragraph",
      content: [
        { type: "text", text: "Bold", marks: [{ type: "bold" }] },
        { type: "text", text: " and plain" },
      ],
    },
    {
      type: "bulletList",
      content: [
        { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "One" }] }] },
        { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Two" }] }] },
      ],
    },
  ]);
  await expectNoAxeViolations(page);

  await saveButton(page).click();
  await expect(toast(page, "Article saved")).toBeVisible();
  await page.goto("/articles/getting-ready-for-therapy");
  // Three headings: a table of contents leads to each.
  const contents = page.getByRole("navigation", { name: "In this article" });
  await expect(contents.getByRole("link")).toHaveText(["Getting ready", "What to bring", "First steps"]);
  await expect(page.locator("h2#what-to-bring")).toBeVisible();
  await expect(page.getByText("1 min read")).toBeVisible();
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
  expect(blocks.find((block) => block["@type"] === "Article")).toMatchObject({
    headline: "Getting ready for therapy",
    publisher: { name: "Red Cliffs Counseling & Wellness" },
  });
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expectNoAxeViolations(page);
  await keepScreenshot(page, "article-1280.png", { fullPage: true });

  // In Spanish, not yet translated: the English, under the Spanish note, marked English.
  await page.goto("/es/articles/getting-ready-for-therapy");
  await expect(page.getByRole("note")).toContainText("English");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expectNoAxeViolations(page);
  await page.goto("/es/articles");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Artículos");
  await expect(page.getByRole("link", { name: "Getting ready for therapy" })).toHaveAttribute(
    "href",
    "/es/articles/getting-ready-for-therapy",
  );
  await expectNoAxeViolations(page);
});

test("on a phone an article's Spanish side is written with the same editor, the English beside it, and is then a Spanish page of its own", async ({
  page,
  editsArticles,
  signInDirectly,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await editsArticles();
  await signInDirectly(page);
  const body = await addArticle(page, "Sleep and worry");
  await page.getByLabel("Summary").fill("Why worry keeps us awake.");
  await body.click();
  await page.keyboard.type("Worry keeps many people awake.");
  await saveButton(page).click();
  await expect(toast(page, "Article saved")).toBeVisible();

  await openHydrated(page, `${page.url()}&lang=es`);
  await expect(page.getByText("Spanish: not translated")).toBeVisible();
  // The English body is there to read, folded under the Spanish one being written.
  await page
    .locator("summary", { hasText: /^English$/ })
    .last()
    .click();
  await expect(page.locator('details[open] [lang="en"]').getByText("Worry keeps many people awake.")).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill("El sueño y la preocupación");
  await page.getByLabel("Summary").fill("Por qué la preocupación nos quita el sueño.");
  await page.getByRole("textbox", { name: "Article" }).click();
  await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Heading", exact: true }).click();
  await page.keyboard.type("Antes de dormir");
  await page.keyboard.press("Enter");
  await page.keyboard.type("La preocupación mantiene despiertas a muchas personas.");
  await expectNoAxeViolations(page);
  await saveButton(page).click();
  await expect(page.getByText("Spanish: up to date")).toBeVisible();

  await page.goto("/es/articles/sleep-and-worry");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("El sueño y la preocupación");
  await expect(page.getByRole("heading", { level: 2, name: "Antes de dormir" })).toBeVisible();
  await expect(page.getByText("La preocupación mantiene despiertas a muchas personas.")).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: "traducida" })).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, "article-spanish-375.png", { fullPage: true });
  await page.goto("/es/articles");
  await expect(page.getByRole("link", { name: "El sueño y la preocupación" })).toHaveAttribute("href", "/es/articles/sleep-and-worry");
  // The English article names its Spanish page, and keeps its own words.
  await page.goto("/articles/sleep-and-worry");
  await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", /\/es\/articles\/sleep-and-worry$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sleep and worry");
});
