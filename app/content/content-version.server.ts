// The site-wide content counter: every change to what public pages show moves it, with the
// content keys it changed, in the change's own transaction; each instance watches it and drops
// the cached pages that read a changed key (decision 004).
import type { ContentKey } from "#app/content/content-keys.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";

/**
 * Counts every change to what public pages show. Content saves (and media changes) bump it in
 * their own transaction; instances compare it, so no clock decides whether a page is stale.
 */
export async function getContentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom("site_state").select("content_version").where("id", "=", 1).executeTakeFirstOrThrow();
  return Number(row.content_version);
}

/** How many moves of the counter keep their keys: an instance further behind drops every page. */
const keptChanges = 1000;

/** Moves the counter on every instance and says what moved it; returns the counter's new value. */
async function bumpContentVersion(db: Db, keys: ReadonlyArray<ContentKey>): Promise<number> {
  const row = await db
    .updateTable("site_state")
    .set((eb) => ({ content_version: eb("content_version", "+", 1) }))
    .where("id", "=", 1)
    .returning("content_version")
    .executeTakeFirstOrThrow();
  const version = Number(row.content_version);
  await db
    .insertInto("content_changes")
    .values({ version, keys: JSON.stringify(keys) })
    .execute();
  await db
    .deleteFrom("content_changes")
    .where("version", "<=", version - keptChanges)
    .execute();
  return version;
}

/** What stale cached pages must go: the ones that read any of these keys, or all of them. */
export type StaleContent = ReadonlySet<ContentKey> | "everything";

/**
 * The keys of the counter's moves after `seen` up to `version`; "everything" when one is not
 * on record (pruned, or written without keys, as by an older release during a rolling update).
 * The counter's row lock orders the moves, so the ones up to a counter read are all committed.
 */
async function changesBetween(db: Db, seen: number, version: number, skip: ReadonlySet<number>): Promise<StaleContent> {
  if (version < seen) return "everything"; // a database restored from an older backup
  const rows = await db
    .selectFrom("content_changes")
    .select(["version", "keys"])
    .where("version", ">", seen)
    .where("version", "<=", version)
    .execute();
  if (rows.length !== version - seen) return "everything";
  const keys = new Set<ContentKey>();
  for (const row of rows) {
    if (skip.has(Number(row.version))) continue;
    const named: unknown = JSON.parse(row.keys);
    if (!Array.isArray(named)) return "everything";
    for (const key of named) keys.add(key as ContentKey);
  }
  return keys;
}

type ChangeListener = (contentVersion: number, keys: ReadonlySet<ContentKey>) => void;
/** By database handle: a change through one is known at once to that handle's watchers only (an instance has one). */
const changeListeners = new WeakMap<Db, Set<ChangeListener>>();

/**
 * What a change to public content answers: its result, and the content keys whose readers
 * would see something new (none: nothing visitors see changed, e.g. a draft or a new upload).
 */
export type ContentChange<T> = { changed: ReadonlyArray<ContentKey>; result: T };

/**
 * The one way to change what public pages show (pages, their versions, images): `change` runs in
 * a transaction that, when it changed something, also bumps the content counter every instance
 * watches, with the keys it changed; this process's listeners (the page cache) hear of it once
 * the transaction committed, never before (a cache refilled in between would keep the old page).
 */
export async function changeContent<T>(db: Db, change: (trx: Db) => Promise<ContentChange<T>>): Promise<T> {
  const outcome = await db.transaction().execute(async (trx) => {
    const { changed, result } = await change(trx);
    return { result, changed, contentVersion: changed.length > 0 ? await bumpContentVersion(trx, changed) : null };
  });
  if (outcome.contentVersion !== null) {
    for (const listener of changeListeners.get(db) ?? []) listener(outcome.contentVersion, new Set(outcome.changed));
  }
  return outcome.result;
}

/** Calls `listener` with the new counter and the keys changed after every content change made through `db`. */
export function onContentChange(db: Db, listener: ChangeListener): () => void {
  const listeners = changeListeners.get(db) ?? new Set();
  changeListeners.set(db, listeners.add(listener));
  return () => listeners.delete(listener);
}

/**
 * Calls `onChange` once for every change to the content counter, with what it made stale: at
 * once for a change made through `db`, and from a check every `everyMs` for changes made by
 * other instances (or written past changeContent). A change already reported is not reported
 * again. Returns the function that stops. `readVersion` reads the counter (a test counts the
 * checks with its own).
 */
export async function watchContentVersion(
  db: Db,
  everyMs: number,
  onChange: (stale: StaleContent) => void,
  readVersion: (db: Db) => Promise<number> = getContentVersion,
): Promise<() => void> {
  let seen = await readVersion(db);
  // Versions this process reported as it made them, above `seen`: a check skips their keys.
  const reported = new Set<number>();
  const stopListening = onContentChange(db, (version, keys) => {
    // At or below `seen`: a check already found it in the database and reported it.
    if (version <= seen) return;
    reported.add(version);
    onChange(keys);
  });
  let checking = false;
  const check = async () => {
    const version = await readVersion(db);
    if (version === seen) return;
    const stale = await changesBetween(db, seen, version, reported);
    for (const each of reported) if (each <= version) reported.delete(each);
    seen = version;
    if (stale === "everything" || stale.size > 0) onChange(stale);
  };
  const timer = setInterval(() => {
    if (checking) return; // a slow database: one check at a time
    checking = true;
    check()
      .catch((error: unknown) => log.error("Error checking the content version", error))
      .finally(() => {
        checking = false;
      });
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    stopListening();
  };
}
