import { expect } from "vitest";
import type { ArticleBody } from "#app/articles/article-body.ts";
import { articleBodyMessages, imageSourcesOf } from "#app/articles/article-body.ts";
import { type ArticleName, articlesPerPage } from "#app/articles/article-page.ts";
import {
  addArticle,
  ArticleListRefusal,
  liveArticles,
  readArticleList,
  restoreArticle,
  retireArticle,
} from "#app/articles/article-store.server.ts";
import { listRevisions, mediaUses, readEditedPage, readPage, savePage, withReplacedImages } from "#app/content/page-store.server.ts";
import { deleteImage, uploadImage } from "#app/media/media.server.ts";
import { imageRefFromText } from "#app/media/image-ref.ts";
import { pngImage } from "#tests/fixtures/images.ts";
import { listedPaths, pathsAlsoInSpanish } from "#app/content/listed-paths.server.ts";
import * as articleRoute from "#app/routes/article.tsx";
import * as articlesRoute from "#app/routes/articles.tsx";
import * as feedRoute from "#app/routes/article-feed.ts";
import * as sitemap from "#app/routes/sitemap.ts";
import { changeSchedule, publishDueSchedules } from "#app/scheduling/scheduled-publications.server.ts";
import { listAuditLog } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { describeActivity } from "#app/staff/activity-log.server.ts";
import * as historyRoute from "#app/routes/admin/history.tsx";
import * as translationsRoute from "#app/routes/admin/translations.tsx";
import { answerOf, createTestAdmin, routeArgs, signedIn, signedInCookie, siteRequest } from "#tests/fixtures/admin.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// Articles (issue 44): a list staff keep, each article a page with drafts, versions, a Spanish
// side and a schedule; published ones are listed newest first, in pages, in the feed and the
// sitemap; a body holds only what the editor allows.

const body = (text: string): ArticleBody => ({
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "What it is" }] },
    { type: "paragraph", content: [{ type: "text", text }] },
    {
      type: "bulletList",
      content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "One point" }] }] }],
    },
  ],
});

const articleText = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  summary: `A summary of ${title}.`,
  author: "staff-ava-morgan",
  image: null,
  imageAlt: "",
  services: ["couples-counseling"],
  body: body(`The words of ${title}.`),
  ...extra,
});

type Admin = { id: string; email: string };

async function publishArticle(db: Db, admin: Admin, title: string, at: number, extra: Record<string, unknown> = {}) {
  const id = (await addArticle(db, { title, staff: admin }, at)) as ArticleName;
  const { version } = await readEditedPage(db, id);
  const saved = await savePage(db, { name: id, content: articleText(title, extra), baseVersion: version, admin }, at);
  if (saved.status !== "saved") throw new Error(`not saved: ${JSON.stringify(saved)}`);
  return id;
}

async function page(module: { loader: (args: never) => unknown }, path: string, params: Record<string, string> = {}) {
  return answerOf(() => module.loader(routeArgs(siteRequest(path), undefined, params) as never));
}

const day = 86_400_000;
const first = Date.parse("2027-03-01T15:00:00.000Z");

testOnEachEngine("an added article is a draft nobody sees; published, it is listed with its date, author and summary", async (db) => {
  const admin = await createTestAdmin(db);
  const id = (await addArticle(db, { title: "What happens in a first couples session?", staff: admin }, first)) as ArticleName;
  expect(await readArticleList(db)).toMatchObject([
    { id, slug: "what-happens-in-a-first-couples-session", status: "draft", publishedAt: null },
  ]);
  expect(await liveArticles(db)).toEqual([]);
  expect((await page(articleRoute, "/articles/what-happens-in-a-first-couples-session")).status).toBe(404);
  // Its editor opens a draft holding its title.
  expect((await readEditedPage(db, id)).content).toMatchObject({ title: "What happens in a first couples session?" });

  const { version } = await readEditedPage(db, id);
  const text = articleText("What happens in a first couples session?");
  expect(await savePage(db, { name: id, content: text, baseVersion: version, admin }, first + day)).toMatchObject({ status: "saved" });
  expect(await liveArticles(db)).toMatchObject([{ id, status: "live", publishedAt: new Date(first + day).toISOString() }]);

  const list = await page(articlesRoute, "/articles");
  expect(list.status).toBe(200);
  expect(list.data).toMatchObject({
    number: 1,
    pages: 1,
    articles: [
      {
        path: "/articles/what-happens-in-a-first-couples-session",
        title: "What happens in a first couples session?",
        summary: text.summary,
        author: { name: "Ava Morgan", path: "/team/ava-morgan" },
      },
    ],
  });
  const shown = await page(articleRoute, "/articles/what-happens-in-a-first-couples-session");
  expect(shown.data).toMatchObject({
    content: { title: text.title, body: text.body },
    extras: { author: { path: "/team/ava-morgan" }, publishedAt: new Date(first + day).toISOString(), updatedAt: null },
  });
  const log = await listAuditLog(db);
  expect(describeActivity({ id: "", ...log.find((entry) => entry.action === "articles-changed")! })).toBe(
    'Added the article "What happens in a first couples session?" (a draft)',
  );
});

testOnEachEngine("an address is one article's: a second one with the same title is refused, nothing written", async (db) => {
  const admin = await createTestAdmin(db);
  await addArticle(db, { title: "Grief", staff: admin });
  await expect(addArticle(db, { title: "Grief", staff: admin })).rejects.toBeInstanceOf(ArticleListRefusal);
  expect(await readArticleList(db)).toHaveLength(1);
  // Two at once: one of them.
  const both = await Promise.allSettled([
    addArticle(db, { title: "Sleep", staff: admin }),
    addArticle(db, { title: "Sleep", staff: admin }),
  ]);
  expect(both.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  expect((await readArticleList(db)).filter((entry) => entry.slug === "sleep")).toHaveLength(1);
});

testOnEachEngine("a body with what the editor does not allow is refused with its reason, and nothing is stored", async (db) => {
  const admin = await createTestAdmin(db);
  const id = (await addArticle(db, { title: "Refused", staff: admin })) as ArticleName;
  const before = await readEditedPage(db, id);
  const refusals: Array<[unknown, string]> = [
    [
      {
        type: "doc",
        content: [
          { type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] }] },
        ],
      },
      articleBodyMessages.link,
    ],
    [
      { type: "doc", content: [{ type: "image", attrs: { src: "bundled:services/couples-counseling", alt: "" } }] },
      articleBodyMessages.imageAlt,
    ],
    [{ type: "doc", content: [{ type: "script", content: [{ type: "text", text: "alert(1)" }] }] }, articleBodyMessages.unknown],
    [
      JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x".repeat(5_000_000) }] }] }),
      articleBodyMessages.tooLong,
    ],
    ["<p>not json</p>", articleBodyMessages.unknown],
  ];
  for (const [refused, message] of refusals) {
    const saved = await savePage(db, { name: id, content: articleText("Refused", { body: refused }), baseVersion: before.version, admin });
    expect(saved.status).toBe("invalid");
    expect(saved.status === "invalid" && saved.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["body", message]]);
  }
  expect(await readEditedPage(db, id)).toMatchObject({ version: before.version });
  expect(await listRevisions(db, id, 10)).toHaveLength(1);
});

testOnEachEngine(
  "a retired article leaves the list and its address leads there; brought back, it is listed again; twice at once changes once",
  async (db) => {
    const admin = await createTestAdmin(db);
    const id = await publishArticle(db, admin, "Anxiety at night", first);
    const results = await Promise.allSettled([retireArticle(db, { id, staff: admin }), retireArticle(db, { id, staff: admin })]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await liveArticles(db)).toEqual([]);
    const gone = await page(articleRoute, "/es/articles/anxiety-at-night");
    expect(gone).toMatchObject({ status: 301, location: "/es/articles" });
    // None live: no list of articles either (its page says so, but no sitemap names it).
    expect((await listedPaths(db)).articles).toEqual([]);
    await restoreArticle(db, { id, staff: admin });
    expect((await listedPaths(db)).articles).toEqual(["/articles", "/articles/anxiety-at-night"]);
    expect((await page(articleRoute, "/articles/anxiety-at-night")).status).toBe(200);
  },
);

testOnEachEngine("the list is newest first, a page at a time, with the pages naming each other", async (db) => {
  const admin = await createTestAdmin(db);
  for (let index = 0; index < articlesPerPage + 1; index += 1) await publishArticle(db, admin, `Article ${index}`, first + index * day);
  const one = await page(articlesRoute, "/articles");
  expect(one.data).toMatchObject({ number: 1, pages: 2 });
  const titles = (one.data as { articles: Array<{ title: string }> }).articles.map((article) => article.title);
  expect(titles[0]).toBe(`Article ${articlesPerPage}`);
  expect(titles).toHaveLength(articlesPerPage);
  const two = await page(articlesRoute, "/articles/page/2", { number: "2" });
  expect((two.data as { articles: Array<{ title: string }> }).articles.map((article) => article.title)).toEqual(["Article 0"]);
  expect((await page(articlesRoute, "/articles/page/3", { number: "3" })).status).toBe(404);
  expect((await page(articlesRoute, "/articles/page/02", { number: "02" })).status).toBe(404);
  expect(await page(articlesRoute, "/articles/page/1", { number: "1" })).toMatchObject({ status: 301, location: "/articles" });
  expect((await listedPaths(db)).articles.slice(0, 3)).toEqual(["/articles", "/articles/page/2", `/articles/article-${articlesPerPage}`]);
});

testOnEachEngine("the feed and the sitemap carry the published articles with their dates; related articles share a service", async (db) => {
  const admin = await createTestAdmin(db);
  await publishArticle(db, admin, "Couples and money", first);
  await publishArticle(db, admin, "Arguing well", first + day, { title: "Arguing well", author: "" });
  await publishArticle(db, admin, "Sleep and mood", first + 2 * day, { services: ["individual-counseling"] });

  const feed = await (await feedRoute.loader(routeArgs(siteRequest("/articles/feed.xml")) as never)).text();
  const entries = [...feed.matchAll(/<entry>[\s\S]*?<\/entry>/g)].map((match) => match[0]);
  expect(entries).toHaveLength(3);
  expect(entries[0]).toContain('<title type="text">Sleep and mood</title>');
  expect(entries[0]).toContain(`<published>${new Date(first + 2 * day).toISOString().replace(".000", "")}`);
  // An article that names no author is the practice's.
  expect(entries[1]).toContain("<name>Red Cliffs Counseling &amp; Wellness</name>");

  const xml = await (await sitemap.loader()).text();
  expect(xml).toContain("/articles/couples-and-money</loc><lastmod>2027-03-01T15:00:00Z</lastmod>");
  // The list changes with every article published: its date is the newest one's, in each language.
  expect(xml).toMatch(/<loc>https?:\/\/[^/<]+\/articles<\/loc><lastmod>2027-03-03T15:00:00Z<\/lastmod>/);
  expect(xml).toMatch(/<loc>https?:\/\/[^/<]+\/es\/articles<\/loc><lastmod>2027-03-03T15:00:00Z<\/lastmod>/);

  const shown = await page(articleRoute, "/articles/couples-and-money");
  expect((shown.data as { extras: { related: Array<{ title: string }> } }).extras.related.map((each) => each.title)).toEqual([
    "Arguing well",
  ]);
});

testOnEachEngine("an article's Spanish side: untranslated it shows its English marked so; published, a page of its own", async (db) => {
  const admin = await createTestAdmin(db);
  const id = await publishArticle(db, admin, "Panic attacks", first);
  const untranslated = await page(articleRoute, "/es/articles/panic-attacks");
  expect(untranslated.data).toMatchObject({ translated: undefined, languages: ["en"], content: { title: "Panic attacks" } });
  const list = await page(articlesRoute, "/es/articles");
  expect(list.data).toMatchObject({ translated: "partly", articles: [{ title: "Panic attacks", lang: "en" }] });

  const english = await readPage(db, id);
  const spanish = {
    ...articleText("Ataques de pánico"),
    summary: "Qué son y qué ayuda.",
    body: body("Las palabras en español."),
  };
  const saved = await savePage(db, {
    name: id,
    content: spanish,
    baseVersion: 0,
    admin,
    translation: { language: "es", sourceVersion: english.version },
  });
  expect(saved).toMatchObject({ status: "saved" });
  const translated = await page(articleRoute, "/es/articles/panic-attacks");
  expect(translated.data).toMatchObject({
    translated: "whole",
    languages: ["en", "es"],
    content: { title: "Ataques de pánico", author: "staff-ava-morgan" },
  });
  expect((await page(articlesRoute, "/es/articles")).data).toMatchObject({
    translated: "whole",
    articles: [{ title: "Ataques de pánico" }],
  });
  expect(await pathsAlsoInSpanish(db)).toContain("/articles/panic-attacks");
  // A translation that leaves the body empty is not published.
  const half = await savePage(db, {
    name: id,
    content: { ...spanish, body: { type: "doc", content: [{ type: "paragraph" }] } },
    baseVersion: 1,
    admin,
    translation: { language: "es", sourceVersion: english.version },
  });
  expect(half.status).toBe("invalid");
});

testOnEachEngine("a scheduled article goes live at its time: listed, in the feed and the sitemap", async (db) => {
  const admin = await createTestAdmin(db);
  const id = (await addArticle(db, { title: "New Saturday hours", staff: admin }, first)) as ArticleName;
  const { version } = await readEditedPage(db, id);
  await savePage(db, { name: id, content: articleText("New Saturday hours"), baseVersion: version, admin, asDraft: true }, first);
  const at = first + 2 * 60_000;
  expect(
    await changeSchedule(db, { intent: "schedule", page: id, language: "en", publishAt: new Date(at).toISOString() }, admin, first),
  ).toMatchObject({
    status: "done",
  });
  expect(await publishDueSchedules(db, at - 1000)).toBe(0);
  expect(await liveArticles(db)).toEqual([]);
  expect(await publishDueSchedules(db, at)).toBe(1);
  expect(await liveArticles(db)).toMatchObject([{ id, publishedAt: new Date(at).toISOString() }]);
  expect(await (await feedRoute.loader(routeArgs(siteRequest("/articles/feed.xml")) as never)).text()).toContain("New Saturday hours");
  expect(await (await sitemap.loader()).text()).toContain("/articles/new-saturday-hours</loc>");
});

testOnEachEngine("a picture in an article's body is a use of its library image", async (db) => {
  const admin = await createTestAdmin(db);
  const picture = { type: "image", attrs: { src: "/media/abcdef123456-1200x800/w720.webp", alt: "A quiet room" } };
  await publishArticle(db, admin, "The waiting room", first, {
    body: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Welcome." }] }, picture] },
  });
  expect((await mediaUses(db)).get("abcdef123456-1200x800")).toEqual(['Article "The waiting room" (a picture in its article)']);
});

testOnEachEngine(
  "a picture in an article's body follows Replace in the library, and a deleted one leaves no broken picture",
  async (db) => {
    const admin = await createTestAdmin(db);
    const old = await uploadImage(db, { bucket: "general-images", fileName: "waiting-room.png", bytes: await pngImage(480, 360), admin });
    const words = { type: "paragraph", content: [{ type: "text", text: "Welcome." }] };
    const picture = (src: string) => ({ type: "image", attrs: { src, alt: "A quiet room" } });
    const id = await publishArticle(db, admin, "The waiting room", first, {
      body: { type: "doc", content: [words, { type: "blockquote", content: [picture(old.url)] }] },
    });
    const shownBody = async () =>
      ((await page(articleRoute, "/articles/the-waiting-room")).data as { content: { body: unknown } }).content.body;

    const fresh = await uploadImage(db, {
      bucket: "general-images",
      fileName: "new-room.png",
      bytes: await pngImage(640, 400),
      admin,
      replaces: old.id,
    });
    // Visitors and the editor see the replacement, without the article being saved again.
    const replaced = await shownBody();
    expect(imageSourcesOf(replaced).map((src) => imageRefFromText(src))).toEqual([{ source: "media", id: fresh.id }]);
    expect(replaced).toMatchObject({ content: [words, { type: "blockquote", content: [{ attrs: { alt: "A quiet room" } }] }] });
    const opened = await withReplacedImages(db, (await readEditedPage(db, id)).content);
    expect(imageSourcesOf(opened.body).map((src) => imageRefFromText(src))).toEqual([{ source: "media", id: fresh.id }]);
    expect((await mediaUses(db)).get(fresh.id)).toEqual(['Article "The waiting room" (a picture in its article)']);

    // Deleted: the article shows its words without the picture, or the quote that held only it
    // (the editor still shows where it was).
    expect(await deleteImage(db, { id: fresh.id, admin })).toBe("deleted");
    expect(await shownBody()).toEqual({ type: "doc", content: [words] });
    const reopened = await withReplacedImages(db, (await readEditedPage(db, id)).content);
    expect(imageSourcesOf(reopened.body)).toHaveLength(1);
  },
);

testOnEachEngine("an article's history is named by its title; an article name no list has is not found", async (db) => {
  const admin = await createTestAdmin(db);
  const id = await publishArticle(db, admin, "Talking with teens", first);
  const cookie = await signedInCookie(db, admin.id);
  const history = signedIn(historyRoute);
  const shown = await answerOf(() => history.loader(routeArgs(siteRequest(`/admin/history/${id}`, { cookie }), undefined, { page: id })));
  expect(shown).toMatchObject({ status: 200, data: { label: "Talking with teens", editorHref: `/admin/articles?page=${id}` } });
  const unknown = "article-zzzzzzzzzz";
  expect(
    (await answerOf(() => history.loader(routeArgs(siteRequest(`/admin/history/${unknown}`, { cookie }), undefined, { page: unknown }))))
      .status,
  ).toBe(404);
});

testOnEachEngine("the translations list names each article not retired, with its Spanish side's state", async (db) => {
  const admin = await createTestAdmin(db);
  const id = await publishArticle(db, admin, "Burnout at work", first);
  const retired = await publishArticle(db, admin, "An old article", first + day);
  await retireArticle(db, { id: retired, staff: admin });
  const { pages } = await translationsRoute.loader();
  const articles = pages.filter((page) => page.label.startsWith("Article: "));
  expect(articles).toEqual([
    {
      name: id,
      label: "Article: Burnout at work",
      behind: true,
      status: expect.stringMatching(/^Spanish: not translated/),
      href: `/admin/articles?page=${id}&lang=es`,
    },
  ]);
});
