// Page content as a versioned document store: one row per page holding its latest JSON and
// version, every saved version in page_revisions, and the site-wide content counter that tells
// each instance when its cached pages are stale.
import { randomUUID } from "node:crypto";
import { mergeWithDefaults, parseStoredContent } from "#app/content/merge.ts";
import { type ContentOf, type PageName, pageDefinition } from "#app/content/page-kinds.ts";
import { recordAudit } from "./audit.server.ts";
import type { Db } from "./db/db.server.ts";

/** What a page shows (`defaults <- stored`, field by field) and the stored version it came from. */
export type PageContent<T> = {
  content: T;
  /** Whether stored content is used (false: nothing saved yet, or a built-in-only page). */
  saved: boolean;
  /** The stored version an edit must name (0 when nothing is stored). */
  version: number;
};

/** The admin reads this and reports a failure; public pages use loadPage. */
export async function readPage<N extends PageName>(db: Db, name: N): Promise<PageContent<ContentOf<N>>> {
  const { defaults, schema, usesStoredContent } = pageDefinition(name);
  const row = await db.selectFrom("page_content").select(["content", "version"]).where("page_name", "=", name).executeTakeFirst();
  const stored = usesStoredContent ? parseStoredContent(row?.content) : undefined;
  return {
    content: mergeWithDefaults(defaults as ContentOf<N> & Record<string, unknown>, stored, schema),
    saved: stored !== undefined,
    version: row?.version ?? 0,
  };
}

/** What a public page shows. A failed read is logged and the defaults shown: a visitor never sees an error here. */
export async function loadPage<N extends PageName>(db: Db, name: N): Promise<ContentOf<N>> {
  try {
    return (await readPage(db, name)).content;
  } catch (error) {
    console.error(`Error loading ${name} content:`, error);
    return pageDefinition(name).defaults;
  }
}

export type Revision = { version: number; content: unknown; savedBy: string | null; savedAt: string };

export type SaveResult =
  | { status: "saved"; version: number }
  /** `baseVersion` was not the latest: someone saved in between. Nothing was written. */
  | { status: "conflict"; current: Revision | null }
  /** The content does not fit the page's schema (the route validated it; this is the last guard). */
  | { status: "invalid"; issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }
  /** A built-in-only page: nothing stored would be shown. */
  | { status: "notEditable" };

/**
 * Saves a page edited from `baseVersion` (0: nothing was stored when the editor opened). In one
 * transaction: the update only if the stored version is still `baseVersion`, the revision row,
 * the site-wide content counter and the audit entry, so two staff saving at once can never
 * overwrite each other unseen, and no save is half-written.
 */
export async function savePage<N extends PageName>(
  db: Db,
  input: { name: N; content: unknown; baseVersion: number; admin: { id: string; email: string } | null },
  now = Date.now(),
): Promise<SaveResult> {
  const { schema, usesStoredContent } = pageDefinition(input.name);
  if (!usesStoredContent) return { status: "notEditable" };
  const parsed = schema.safeParse(input.content);
  if (!parsed.success) return { status: "invalid", issues: parsed.error.issues };
  const json = JSON.stringify(parsed.data);
  const at = new Date(now).toISOString();

  const saved = await db.transaction().execute(async (trx) => {
    const written =
      input.baseVersion === 0
        ? await trx
            .insertInto("page_content")
            .values({ id: randomUUID(), page_name: input.name, content: json, version: 1, created_at: at, updated_at: at })
            .onConflict((conflict) => conflict.column("page_name").doNothing())
            .returning("version")
            .executeTakeFirst()
        : await trx
            .updateTable("page_content")
            .set((eb) => ({ content: json, version: eb("version", "+", 1), updated_at: at }))
            .where("page_name", "=", input.name)
            .where("version", "=", input.baseVersion)
            .returning("version")
            .executeTakeFirst();
    if (!written) return null;
    await trx
      .insertInto("page_revisions")
      .values({
        id: randomUUID(),
        page_name: input.name,
        version: written.version,
        content: json,
        admin_id: input.admin?.id ?? null,
        admin_email: input.admin?.email ?? null,
        created_at: at,
      })
      .execute();
    const contentVersion = await bumpContentVersion(trx);
    await recordAudit(trx, { action: "page-saved", admin: input.admin, target: input.name, details: { version: written.version } }, now);
    return { page: written.version, contentVersion };
  });

  if (saved === null) return { status: "conflict", current: (await listRevisions(db, input.name, 1))[0] ?? null };
  notifyContentChange(saved.contentVersion);
  return { status: "saved", version: saved.page };
}

/** A page's saved versions, newest first. */
export async function listRevisions(db: Db, name: PageName, limit = 50): Promise<Array<Revision>> {
  const rows = await db
    .selectFrom("page_revisions")
    .select(["version", "content", "admin_email", "created_at"])
    .where("page_name", "=", name)
    .orderBy("version", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    version: row.version,
    content: parseStoredContent(row.content),
    savedBy: row.admin_email,
    savedAt: row.created_at,
  }));
}

/**
 * Counts every change to what public pages show. Content saves (and media changes) bump it in
 * their own transaction; instances compare it, so no clock decides whether a page is stale.
 */
export async function getContentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom("site_state").select("content_version").where("id", "=", 1).executeTakeFirstOrThrow();
  return Number(row.content_version);
}

/**
 * Marks every cached page stale, on every instance, and returns the counter's new value (for
 * notifyContentChange). Call inside the transaction that changed content.
 */
export async function bumpContentVersion(db: Db): Promise<number> {
  const row = await db
    .updateTable("site_state")
    .set((eb) => ({ content_version: eb("content_version", "+", 1) }))
    .where("id", "=", 1)
    .returning("content_version")
    .executeTakeFirstOrThrow();
  return Number(row.content_version);
}

const changeListeners = new Set<(contentVersion: number) => void>();

/** Tells this process's listeners that content changed; call after the transaction committed. */
export function notifyContentChange(contentVersion: number): void {
  for (const listener of changeListeners) listener(contentVersion);
}

/** Calls `listener` with the new counter after every content change made in this process. */
export function onContentChange(listener: (contentVersion: number) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/**
 * Calls `onChange` once for every change to the content counter: at once for a change made in
 * this process, and from a check every `everyMs` for changes made by other instances (or written
 * past savePage). A change already seen is not reported again. Returns the function that stops.
 */
export async function watchContentVersion(db: Db, everyMs: number, onChange: () => void): Promise<() => void> {
  let seen = await getContentVersion(db);
  const changedTo = (version: number) => {
    if (version === seen) return;
    seen = version;
    onChange();
  };
  // A local change at or below what a check already saw was counted by that check.
  const stopListening = onContentChange((version) => {
    if (version > seen) changedTo(version);
  });
  const timer = setInterval(() => {
    getContentVersion(db)
      .then(changedTo)
      .catch((error: unknown) => console.error("Error checking content version:", error));
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    stopListening();
  };
}
