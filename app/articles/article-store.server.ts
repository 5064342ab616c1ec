// The articles list (issue 44): which articles there are, their addresses and status, as entries
// of the kind "article" in collection_entries (decision 043). Each article's texts are a page
// (page_content, named by the entry's id) edited in the Articles tab; its entry holds what lists
// need without reading every page: its address, its title and summary as last published, and
// when it was first published.
import { randomBytes } from "node:crypto";
import { type EntryStatus, entryStatusOf, slugFrom } from "#app/content/collections.ts";
import { type ContentKey, collectionKey, recordContentReads } from "#app/content/content-keys.server.ts";
import { changeContent } from "#app/content/content-version.server.ts";
import { writeFirstDraft } from "#app/content/page-versions.server.ts";
import { takeAddress } from "#app/content/collection-store.server.ts";
import { recordAudit } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import type { CollectionEntryTable } from "#app/server/db/schema.server.ts";
import { log } from "#app/server/log.server.ts";
import { type ArticleContent, articlePathOf, articlesPath, emptyArticleBody, isArticleId } from "./article-page.ts";

const kind = "article";

/** What every page that lists articles records it read: any article published, retired or brought back changes it. */
export const articlesKey: ContentKey = collectionKey(kind);

export type ArticleEntry = {
  id: string;
  slug: string;
  /** Its public address, "/articles/{slug}". */
  path: string;
  /** Its English title and summary as last published (as added, while a draft). */
  title: string;
  summary: string;
  status: EntryStatus;
  /** When it was first published: its date in lists, the feed and the sitemap. Null: a draft. */
  publishedAt: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
};

type EntryRow = Pick<CollectionEntryTable, "id" | "slug" | "title" | "summary" | "status" | "published_at" | "updated_at" | "updated_by">;

const entryColumns = ["id", "slug", "title", "summary", "status", "published_at", "updated_at", "updated_by"] as const;

function entryFrom(row: EntryRow): ArticleEntry {
  return {
    id: row.id,
    slug: row.slug,
    path: articlePathOf(row.slug),
    title: row.title,
    summary: row.summary,
    status: entryStatusOf(row.status),
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** Newest first; drafts (no date yet) before them, the last changed first. */
function byDate(a: ArticleEntry, b: ArticleEntry): number {
  const dateOf = (entry: ArticleEntry) => entry.publishedAt ?? `~${entry.updatedAt ?? ""}`;
  return dateOf(b).localeCompare(dateOf(a));
}

/** Every article (drafts and retired ones too), newest first, drafts first of all. */
export async function readArticleList(db: Db): Promise<Array<ArticleEntry>> {
  recordContentReads([articlesKey]);
  const rows = await db.selectFrom("collection_entries").select(entryColumns).where("kind", "=", kind).execute();
  return rows.map(entryFrom).sort(byDate);
}

/** The articles visitors see, newest first. */
export async function liveArticles(db: Db): Promise<Array<ArticleEntry>> {
  return (await readArticleList(db)).filter((entry) => entry.status === "live");
}

/** The live articles; none when they cannot be read (every other part of a page is still served). */
export async function liveArticlesOrNone(db: Db): Promise<Array<ArticleEntry>> {
  try {
    return await liveArticles(db);
  } catch (error) {
    log.error("Error reading the articles list: no article is listed", error);
    return [];
  }
}

/**
 * Whether any article is published (the footer then links to them): one row looked for, not the
 * list read, since every page's layout asks. No when it cannot be read (the page is still served).
 */
export async function hasLiveArticles(db: Db): Promise<boolean> {
  recordContentReads([articlesKey]);
  try {
    const row = await db
      .selectFrom("collection_entries")
      .select("id")
      .where("kind", "=", kind)
      .where("status", "=", "live")
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  } catch (error) {
    log.error("Error reading whether an article is published: the footer does not link to them", error);
    return false;
  }
}

/** What a public address under /articles/ is: a live article, a redirect, or nothing. */
export type ArticleAddress = { entry: ArticleEntry } | { redirectTo: string } | null;

/**
 * The article at `path` in the list as read: a live one's address shows it; a retired one's sends
 * visitors to the list of articles (permanently, so a link kept in a search engine or a letter
 * still leads somewhere). A draft's address is nothing yet.
 */
export function articleAt(list: ReadonlyArray<ArticleEntry>, path: string): ArticleAddress {
  const entry = list.find((each) => each.path === path);
  if (!entry || entry.status === "draft") return null;
  if (entry.status === "retired") return { redirectTo: articlesPath };
  return { entry };
}

/** When an article was last published, in English or `language` (the later): its "Updated" date. */
export async function lastPublishedAt(db: Db, id: string, language: "en" | "es"): Promise<string | null> {
  const row = await db
    .selectFrom("page_revisions")
    .select((eb) => eb.fn.max("created_at").as("at"))
    .where("page_name", "=", id)
    .where("lang", "in", [...new Set(["en", language])])
    .where("published", "=", 1)
    .executeTakeFirst();
  return row?.at ? String(row.at) : null;
}

/** Why a change of the list was refused: said beside the field it concerns, nothing written. */
export class ArticleListRefusal extends Error {
  readonly field: "title" | "slug" | "id" | null;
  constructor(message: string, field: ArticleListRefusal["field"] = null) {
    super(message);
    this.field = field;
  }
}

type Staff = { id: string; email: string };

/** One change of the list, with its audit entry, in a transaction that tells every instance's page cache. */
async function changeList<T>(
  db: Db,
  input: { staff: Staff; target: string },
  change: (trx: Db, at: string) => Promise<{ result: T; said: string; changed: boolean }>,
  now: number,
): Promise<T> {
  const at = new Date(now).toISOString();
  return changeContent(db, async (trx) => {
    const { result, said, changed } = await change(trx, at);
    await recordAudit(trx, { action: "articles-changed", admin: input.staff, target: input.target, details: { said } }, now);
    return { changed: changed ? [articlesKey] : [], result };
  });
}

async function entryIn(trx: Db, id: string): Promise<ArticleEntry> {
  const row = await trx
    .selectFrom("collection_entries")
    .select(entryColumns)
    .where("kind", "=", kind)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new ArticleListRefusal("This article is not in the list any more. Reload the page.", "id");
  return entryFrom(row);
}

/**
 * Adds an article as a draft with its page's first draft (its title and an empty body): it is on
 * the site once its page is published. Its address is its own from then on, taken from its title
 * unless given; an address another page has, or ever had, is refused. Returns its id.
 */
export async function addArticle(
  db: Db,
  input: { title: string; slug?: string | undefined; staff: Staff },
  now = Date.now(),
): Promise<string> {
  const slug = input.slug || slugFrom(input.title);
  if (!slug) throw new ArticleListRefusal("Give the article an address: lower-case letters a-z, digits and hyphens.", "slug");
  const id = `article-${randomBytes(16).readBigUInt64BE().toString(36).padStart(10, "0").slice(-10)}`;
  const path = articlePathOf(slug);
  return changeList(
    db,
    { staff: input.staff, target: id },
    async (trx, at) => {
      if (!(await takeAddress(trx, path, id))) throw new ArticleListRefusal("Another article has this address. Choose another.", "slug");
      await trx
        .insertInto("collection_entries")
        .values({
          id,
          kind,
          slug,
          title: input.title,
          summary: "",
          position: 0,
          status: "draft",
          on_home: 0,
          retired_to: null,
          published_at: null,
          updated_at: at,
          updated_by: input.staff.email,
        })
        .execute();
      await writeFirstDraft(trx, { name: id, content: { title: input.title, body: emptyArticleBody }, admin: input.staff, at });
      return { result: id, said: `Added the article "${input.title}" (a draft)`, changed: false };
    },
    now,
  );
}

/** Retires a live article: it leaves the lists, the feed and the sitemap, and its address leads to the list of articles. */
export async function retireArticle(db: Db, input: { id: string; staff: Staff }, now = Date.now()): Promise<void> {
  await setStatus(db, input, { from: "live", to: "retired" }, "Only a published article can be retired.", now);
}

/** Brings a retired article back, at its address and its first date. */
export async function restoreArticle(db: Db, input: { id: string; staff: Staff }, now = Date.now()): Promise<void> {
  await setStatus(db, input, { from: "retired", to: "live" }, "Only a retired article can be brought back.", now);
}

async function setStatus(
  db: Db,
  input: { id: string; staff: Staff },
  change: { from: EntryStatus; to: EntryStatus },
  refusal: string,
  now: number,
): Promise<void> {
  await changeList(
    db,
    { staff: input.staff, target: input.id },
    async (trx, at) => {
      const entry = await entryIn(trx, input.id);
      // One statement checks and changes, so two staff pressing at once change it once.
      const changed = await trx
        .updateTable("collection_entries")
        .set({ status: change.to, updated_at: at, updated_by: input.staff.email })
        .where("id", "=", entry.id)
        .where("status", "=", change.from)
        .returning("id")
        .executeTakeFirst();
      if (!changed) throw new ArticleListRefusal(refusal, "id");
      const said = change.to === "retired" ? `Retired the article "${entry.title}"` : `Brought back the article "${entry.title}"`;
      return { result: undefined, said, changed: true };
    },
    now,
  );
}

/**
 * Called in the transaction that publishes a page: an article's entry takes the title and
 * summary it now has (what lists show), and on its first publish goes live with that date.
 * Returns the keys it changed (the list), none for any other page.
 */
export async function publishedArticle(trx: Db, name: string, content: unknown, at: string): Promise<Array<ContentKey>> {
  if (!isArticleId(name)) return [];
  const { title, summary } = content as Pick<ArticleContent, "title" | "summary">;
  await trx
    .updateTable("collection_entries")
    .set({ title, summary, updated_at: at })
    .where("id", "=", name)
    .where("kind", "=", kind)
    .execute();
  await trx
    .updateTable("collection_entries")
    .set({ status: "live", published_at: at })
    .where("id", "=", name)
    .where("status", "=", "draft")
    .execute();
  return [articlesKey];
}
