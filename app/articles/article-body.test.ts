import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, test } from "vitest";
import { ArticleBodyView } from "./article-body-view.tsx";
import {
  type ArticleBody,
  articleBodyMessages,
  articleBodySchema,
  headingsOf,
  isArticleLink,
  readingMinutesOf,
  withBodyPictures,
  wordCountOf,
} from "./article-body.ts";

const text = (value: string, marks?: Array<Record<string, unknown>>) => ({ type: "text", text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: Array<unknown>) => ({ type: "paragraph", content });
const heading = (level: number, value: string) => ({ type: "heading", attrs: { level }, content: [text(value)] });
const doc = (...content: Array<unknown>) => ({ type: "doc", content });

// What the editor saves for an article with two headings, a list, a link, a bold word and a
// picture, with the attributes TipTap adds that mean nothing here.
const written = doc(
  heading(2, "What happens in a first session"),
  paragraph(text("We begin with "), text("your", [{ type: "bold" }]), text(" questions.", [{ type: "italic" }])),
  { type: "bulletList", content: [{ type: "listItem", content: [paragraph(text("Bring a list"))] }] },
  paragraph(text("Call us", [{ type: "link", attrs: { href: "/contact", target: "_blank", rel: "noopener", class: null } }])),
  { type: "image", attrs: { src: "media:abc123", alt: "Our waiting room", title: null } },
  { type: "paragraph", attrs: { textAlign: "left" }, content: [text("Done.")] },
  heading(3, "After"),
);

describe("an article's body", () => {
  test("takes headings, paragraphs, bold, italic, lists, links and pictures, and drops attributes that mean nothing here", () => {
    const parsed = articleBodySchema.parse(written);
    expect(parsed.content).toHaveLength(7);
    expect(parsed.content[3]).toEqual(paragraph(text("Call us", [{ type: "link", attrs: { href: "/contact" } }])));
    expect(parsed.content[4]).toEqual({ type: "image", attrs: { src: "media:abc123", alt: "Our waiting room" } });
    expect(parsed.content[5]).toEqual(paragraph(text("Done.")));
  });

  const refusals: Array<[string, unknown, string]> = [
    ["a javascript: link", doc(paragraph(text("x", [{ type: "link", attrs: { href: "javascript:alert(1)" } }]))), articleBodyMessages.link],
    [
      "a JavaScript: link in capitals",
      doc(paragraph(text("x", [{ type: "link", attrs: { href: "JaVaScRiPt:alert(1)" } }]))),
      articleBodyMessages.link,
    ],
    [
      "a data: link",
      doc(paragraph(text("x", [{ type: "link", attrs: { href: "data:text/html,<script>alert(1)</script>" } }]))),
      articleBodyMessages.link,
    ],
    [
      "a link to another site without https",
      doc(paragraph(text("x", [{ type: "link", attrs: { href: "//elsewhere.example" } }]))),
      articleBodyMessages.link,
    ],
    ["a picture without alt text", doc({ type: "image", attrs: { src: "media:abc123", alt: " " } }), articleBodyMessages.imageAlt],
    [
      "a picture from another site",
      doc({ type: "image", attrs: { src: "https://elsewhere.example/a.jpg", alt: "A" } }),
      articleBodyMessages.imageSource,
    ],
    ["a pasted <script>, as a node", doc({ type: "script", content: [text("alert(1)")] }), articleBodyMessages.unknown],
    ["raw HTML", doc({ type: "html", attrs: { html: "<img src=x onerror=alert(1)>" } }), articleBodyMessages.unknown],
    ["a table", doc({ type: "table", content: [] }), articleBodyMessages.unknown],
    ["a level 1 heading", doc(heading(1, "Title again")), articleBodyMessages.unknown],
    ["a colour", doc(paragraph(text("red", [{ type: "textStyle", attrs: { color: "red" } }]))), articleBodyMessages.unknown],
    ["a NUL", doc(paragraph(text("a\u0000b"))), articleBodyMessages.control],
    ["an empty body", doc(paragraph()), articleBodyMessages.empty],
    ["5 MB of text", doc(paragraph(text("x".repeat(5 * 1024 * 1024)))), articleBodyMessages.tooLong],
  ];
  test.each(refusals)("refuses %s, saying why", (_, body, message) => {
    const result = articleBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  test("refuses lists nested deeper than four levels, before reading their nodes", () => {
    let node: unknown = paragraph(text("deep"));
    for (let level = 0; level < 5; level++) node = { type: "bulletList", content: [{ type: "listItem", content: [node] }] };
    expect(articleBodySchema.safeParse(doc(node)).error?.issues.map((issue) => issue.message)).toEqual([articleBodyMessages.tooDeep]);
  });

  test("a link's address: this site's paths, https, mailto and tel only", () => {
    for (const href of [
      "/contact",
      "/es/contact#form",
      "#section",
      "https://988lifeline.org/",
      "mailto:office@example.com",
      "tel:+14355550100",
    ])
      expect(isArticleLink(href), href).toBe(true);
    for (const href of [
      "javascript:alert(1)",
      "data:,x",
      "vbscript:x",
      "http://example.com",
      "//example.com",
      "https://user:pw@example.com",
      "/a b",
    ])
      expect(isArticleLink(href), href).toBe(false);
  });

  test("its headings get unique ids for the table of contents; its reading time counts its words", () => {
    const body = articleBodySchema.parse(
      doc(heading(2, "Why it helps"), heading(2, "Why it helps"), heading(3, "¿Qué es?"), paragraph(text("word ".repeat(660)))),
    );
    expect(headingsOf(body)).toEqual([
      { id: "why-it-helps", text: "Why it helps", level: 2 },
      { id: "why-it-helps-2", text: "Why it helps", level: 2 },
      { id: "que-es", text: "¿Qué es?", level: 3 },
    ]);
    expect(wordCountOf(body)).toBe(668);
    expect(readingMinutesOf(body)).toBe(3);
  });

  test("is drawn as plain elements: headings with their ids, marks, lists, links and the picture with its description", () => {
    const html = renderToStaticMarkup(createElement(ArticleBodyView, { body: articleBodySchema.parse(written) as ArticleBody }));
    expect(html).toContain('<h2 id="what-happens-in-a-first-session">What happens in a first session</h2>');
    expect(html).toContain("<p>We begin with <strong>your</strong><em> questions.</em></p>");
    expect(html).toContain("<ul><li><p>Bring a list</p></li></ul>");
    expect(html).toContain('<a href="/contact">Call us</a>');
    expect(html).toContain('alt="Our waiting room"');
    expect(html).toContain('<h3 id="after">After</h3>');
    expect(html).not.toMatch(/<script|on\w+=|style=/i);
  });

  test("a picture left out (deleted from the library) takes the quote or list item that held only it, and the list if it emptied", () => {
    const picture = (src: string) => ({ type: "image", attrs: { src, alt: "A picture" } });
    const item = (...content: Array<unknown>) => ({ type: "listItem", content });
    const body = doc(
      { type: "blockquote", content: [picture("media:gone")] },
      { type: "blockquote", content: [picture("media:gone"), paragraph(text("Words stay."))] },
      { type: "bulletList", content: [item(picture("media:gone")), item(paragraph(text("Kept item")))] },
      { type: "orderedList", content: [item(picture("media:gone"))] },
      picture("media:kept"),
    );
    const shown = withBodyPictures(body, (src) => (src === "media:gone" ? null : src));
    expect(shown).toEqual(
      doc(
        { type: "blockquote", content: [paragraph(text("Words stay."))] },
        { type: "bulletList", content: [item(paragraph(text("Kept item")))] },
        picture("media:kept"),
      ),
    );
    // An empty paragraph the writer left stays: only what a left-out picture emptied goes.
    expect(withBodyPictures(doc(paragraph()), () => null)).toEqual(doc(paragraph()));
  });
});
