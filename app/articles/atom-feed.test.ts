import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, test } from "vitest";
import { atomFeed, type Feed, xmlText } from "./atom-feed.ts";

// What RFC 4287 requires of a feed and its entries (section 4.1), checked on the parsed document.
function atomProblems(xml: string): Array<string> {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return [`not well-formed XML: ${valid.err.msg}`];
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    isArray: (name) => ["entry", "link", "author"].includes(name),
  }).parse(xml) as {
    feed?: Record<string, unknown>;
  };
  const feed = parsed.feed;
  if (!feed) return ["no feed element"];
  const problems: Array<string> = [];
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
  const iri = (value: unknown) => typeof value === "string" && /^[a-z][a-z0-9+.-]*:/i.test(value);
  const text = (value: unknown) => (typeof value === "object" && value !== null ? (value as { "#text"?: unknown })["#text"] : value);
  if (feed["@xmlns"] !== "http://www.w3.org/2005/Atom") problems.push("feed: not in the Atom namespace");
  if (!iri(feed.id)) problems.push("feed: id is not an IRI");
  if (!text(feed.title)) problems.push("feed: no title");
  if (typeof feed.updated !== "string" || !rfc3339.test(feed.updated)) problems.push("feed: updated is not an RFC 3339 date");
  const links = (feed.link ?? []) as Array<Record<string, string>>;
  if (!links.some((link) => link["@rel"] === "self" && iri(link["@href"]))) problems.push("feed: no self link");
  const feedHasAuthor = ((feed.author ?? []) as Array<{ name?: unknown }>).some((author) => Boolean(author.name));
  const ids = new Set<string>();
  for (const [index, entry] of ((feed.entry ?? []) as Array<Record<string, unknown>>).entries()) {
    const at = `entry ${index}`;
    if (!iri(entry.id)) problems.push(`${at}: id is not an IRI`);
    else if (ids.has(entry.id as string)) problems.push(`${at}: id repeated`);
    else ids.add(entry.id as string);
    if (!text(entry.title)) problems.push(`${at}: no title`);
    if (typeof entry.updated !== "string" || !rfc3339.test(entry.updated)) problems.push(`${at}: updated is not an RFC 3339 date`);
    const entryLinks = (entry.link ?? []) as Array<Record<string, string>>;
    if (!entry.content && !entryLinks.some((link) => (link["@rel"] ?? "alternate") === "alternate"))
      problems.push(`${at}: no content and no alternate link`);
    const hasAuthor = ((entry.author ?? []) as Array<{ name?: unknown }>).some((author) => Boolean(author.name));
    if (!hasAuthor && !feedHasAuthor) problems.push(`${at}: no author`);
  }
  return problems;
}

const feed: Feed = {
  title: "Articles | Red Cliffs Counseling & Wellness",
  siteUrl: "https://redcliffs.example/articles",
  feedUrl: "https://redcliffs.example/articles/feed.xml",
  language: "en",
  publisher: "Red Cliffs Counseling & Wellness",
  updatedFallback: "2027-03-01T15:00:00.000Z",
  entries: [
    {
      url: "https://redcliffs.example/articles/first-couples-session",
      title: 'What happens in a first couples session? "Honest" answers & <more>',
      summary: "Bring your questions: we begin with yours.\u0000\u0007",
      authorName: "Ava Morgan",
      authorUrl: "https://redcliffs.example/team/ava-morgan",
      published: "2027-03-01T15:00:00.000Z",
      updated: "2027-03-02T16:30:15.250Z",
    },
    {
      url: "https://redcliffs.example/articles/ketamine-therapy",
      title: "Is ketamine therapy right for me?",
      summary: "What it is, who it helps, and what a first visit looks like.",
      authorName: "Daniel Reyes",
      published: "2027-02-01T15:00:00.000Z",
      updated: "2027-02-01T15:00:00.000Z",
    },
  ],
};

describe("the articles' Atom feed", () => {
  test("has every element RFC 4287 requires, for the feed and each entry, in well-formed XML", () => {
    const xml = atomFeed(feed);
    expect(atomProblems(xml)).toEqual([]);
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">');
    // The feed changed when its newest entry did.
    expect(xml).toContain("<updated>2027-03-02T16:30:15Z</updated><author><name>Red Cliffs Counseling &amp; Wellness</name></author>");
  });

  test("escapes every text and drops characters XML cannot hold", () => {
    const xml = atomFeed(feed);
    expect(xml).toContain("What happens in a first couples session? &quot;Honest&quot; answers &amp; &lt;more&gt;");
    expect(xml).toContain('<summary type="text">Bring your questions: we begin with yours.</summary>');
    expect(xmlText("a\u0000b\ud800c\u0009d")).toBe("abc\u0009d");
  });

  test("with no articles yet it is still a valid feed, dated by its fallback", () => {
    const xml = atomFeed({ ...feed, entries: [] });
    expect(atomProblems(xml)).toEqual([]);
    expect(xml).toContain("<updated>2027-03-01T15:00:00Z</updated>");
  });

  test("the checker itself finds what a feed lacks", () => {
    expect(atomProblems('<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>')).toEqual([
      "feed: id is not an IRI",
      "feed: updated is not an RFC 3339 date",
      "feed: no self link",
    ]);
    expect(atomProblems("<feed><unclosed></feed>")[0]).toMatch(/^not well-formed XML/);
  });
});
