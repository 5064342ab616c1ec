/**
 * The articles' Atom feed (RFC 4287; issue 44: `/articles/feed.xml`, in each language), written
 * from what the articles' list already holds. Feed readers need the elements the RFC requires
 * (the feed's and each entry's id, title and updated, an author, a link to each entry's page) and
 * well-formed XML, so every text is escaped and characters XML 1.0 cannot carry are dropped.
 */

export type FeedEntry = {
  /** The article's address on the site (absolute): its link and, never reused, its id. */
  url: string;
  title: string;
  summary: string;
  authorName: string;
  /** The author's page on the site (absolute), if they have one. */
  authorUrl?: string | undefined;
  /** ISO instants: first published, and last changed. */
  published: string;
  updated: string;
};

export type Feed = {
  title: string;
  /** The site's address in this language (absolute): the feed's alternate link. */
  siteUrl: string;
  /** The feed's own address (absolute): its id and self link. */
  feedUrl: string;
  /** "en" or "es": the language of its texts. */
  language: string;
  /** Who writes the site when an entry names nobody: the practice. */
  publisher: string;
  /** Newest first. */
  entries: ReadonlyArray<FeedEntry>;
  /** When the feed last changed if it has no entries (their newest `updated` otherwise). */
  updatedFallback: string;
};

// Characters XML 1.0 cannot hold at all (controls other than tab, line feed and carriage return,
// lone surrogates and the two non-characters).
// biome-ignore lint/suspicious/noControlCharactersInRegex: naming the characters XML allows is the point
const notXmlCharacter = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** A text as XML character data or an attribute's value: escaped, with what XML cannot carry dropped. */
export function xmlText(value: string): string {
  return value
    .replace(notXmlCharacter, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/** An ISO instant as Atom's date (RFC 3339, UTC, whole seconds). */
function atomDate(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function person(name: string, url?: string): string {
  return `<author><name>${xmlText(name)}</name>${url ? `<uri>${xmlText(url)}</uri>` : ""}</author>`;
}

/** The feed as an XML document. */
export function atomFeed(feed: Feed): string {
  // Compared as instants: two ISO texts of different precision do not sort as their times do.
  const newest = Math.max(...feed.entries.map((entry) => Date.parse(entry.updated)));
  const entries = feed.entries.map(
    (entry) =>
      "<entry>" +
      `<id>${xmlText(entry.url)}</id>` +
      `<title type="text">${xmlText(entry.title)}</title>` +
      `<link rel="alternate" type="text/html" href="${xmlText(entry.url)}"/>` +
      `<published>${atomDate(entry.published)}</published>` +
      `<updated>${atomDate(entry.updated)}</updated>` +
      person(entry.authorName, entry.authorUrl) +
      `<summary type="text">${xmlText(entry.summary)}</summary>` +
      "</entry>",
  );
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xmlText(feed.language)}">` +
    `<id>${xmlText(feed.feedUrl)}</id>` +
    `<title type="text">${xmlText(feed.title)}</title>` +
    `<link rel="self" type="application/atom+xml" href="${xmlText(feed.feedUrl)}"/>` +
    `<link rel="alternate" type="text/html" href="${xmlText(feed.siteUrl)}"/>` +
    `<updated>${atomDate(Number.isFinite(newest) ? new Date(newest).toISOString() : feed.updatedFallback)}</updated>` +
    person(feed.publisher) +
    entries.join("") +
    "</feed>\n"
  );
}
