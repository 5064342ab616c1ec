// A published article of a usual length (about 900 words: three headings, a list, a quote and a
// picture), put into a benchmark server's database through the app's own functions, so
// `npm run bench` can measure an article's page and the list of articles beside the other pages.
import { addArticle } from "../app/articles/article-store.server.ts";
import type { ArticleBlock } from "../app/articles/article-body.ts";
import { readEditedPage, savePage } from "../app/content/page-store.server.ts";
import { isPageName } from "../app/content/pages.ts";
import { createDb } from "../app/server/db/db.server.ts";

export const sampleArticlePath = "/articles/a-first-couples-session";

const sentences = [
  "Many couples wait years before asking for help, and most say afterwards they wish they had come sooner.",
  "A first session is mostly about listening: your therapist wants to understand what brought you in and what you hope will change.",
  "You will each have a chance to speak, and nobody is asked to share more than they are ready to.",
  "It is common to feel nervous, to disagree about what the problem is, or to wonder whether counseling can help at all.",
  "Your therapist does not take sides; the relationship itself is what you work on together.",
  "By the end of the hour most couples have a clearer picture of the patterns that keep repeating, and a first small step to try at home.",
];

const paragraph = (offset: number): ArticleBlock => ({
  type: "paragraph",
  content: [{ type: "text", text: [0, 1, 2, 3, 4].map((index) => sentences[(offset + index) % sentences.length]).join(" ") }],
});

const heading = (text: string): ArticleBlock => ({ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text }] });

const body = {
  type: "doc" as const,
  content: [
    paragraph(0),
    heading("Before the first session"),
    paragraph(1),
    paragraph(2),
    {
      type: "bulletList" as const,
      content: ["What brings you in now", "What you each hope will change", "What has helped before"].map((text) => ({
        type: "listItem" as const,
        content: [{ type: "paragraph" as const, content: [{ type: "text" as const, text }] }],
      })),
    },
    heading("What we talk about"),
    paragraph(3),
    { type: "image" as const, attrs: { src: "bundled:services/couples-counseling", alt: "Two chairs facing each other in a calm office" } },
    paragraph(4),
    { type: "blockquote" as const, content: [paragraph(5)] },
    heading("After the first session"),
    paragraph(0),
    paragraph(2),
  ],
};

/** Adds and publishes the sample article in the SQLite database `file`; a running server sees it within its content poll. */
export async function publishSampleArticle(file: string): Promise<string> {
  const db = createDb({ dialect: "sqlite", file });
  try {
    const staff = { id: "bench", email: "bench@example.com" };
    const id = await addArticle(db, { title: "What happens in a first couples session?", slug: "a-first-couples-session", staff });
    if (!isPageName(id)) throw new Error(`Not an article: ${id}`);
    const { version } = await readEditedPage(db, id);
    const content = {
      title: "What happens in a first couples session?",
      summary: "What to expect from a first couples counseling session, and how to get ready for it.",
      author: "staff-ava-morgan",
      image: { source: "bundled", key: "services/couples-counseling" },
      imageAlt: "Two chairs facing each other in a calm office",
      services: ["couples-counseling"],
      body,
    };
    const saved = await savePage(db, { name: id, content, baseVersion: version, admin: staff });
    if (saved.status !== "saved") throw new Error(`The sample article was not saved: ${saved.status}`);
    return sampleArticlePath;
  } finally {
    await db.destroy();
  }
}
