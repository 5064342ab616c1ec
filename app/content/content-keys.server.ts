// Names for what a public page reads, so a change can say which cached pages it makes stale:
// a page's stored row ("page:about", its translation "page:about@es"), each uploaded picture a page shows ("media:<id>") and a
// collection's list ("collection:service": which services there are, their names and order).
// A render records the keys it reads; a change names the keys it wrote (decision 004).
import { AsyncLocalStorage } from "node:async_hooks";

export type ContentKey = `page:${string}` | `media:${string}` | `collection:${string}`;

export const pageKey = (name: string): ContentKey => `page:${name}`;
/** A page's translation ("page:about@es"): a page in that language reads it and its English page's key. */
export const translationKey = (name: string, language: string): ContentKey => `page:${name}@${language}`;
export const mediaKey = (id: string): ContentKey => `media:${id}`;
export const collectionKey = (kind: string): ContentKey => `collection:${kind}`;

/** What a render read, and until when what it made holds (a notice's end), by the clock. */
type Reading = { keys: Set<ContentKey>; until: { at: number | null } };

const reading = new AsyncLocalStorage<Reading>();

/** Notes keys the current render reads; nothing outside `withContentReads` (an admin request). */
export function recordContentReads(keys: Iterable<ContentKey>): void {
  const reads = reading.getStore()?.keys;
  if (reads) for (const key of keys) reads.add(key);
}

/**
 * Notes that what the current render made holds only until `at` (ms since the epoch): a notice
 * ends or the next begins then, with no save to say so. The earliest such moment wins.
 */
export function recordContentExpiry(at: number): void {
  const until = reading.getStore()?.until;
  if (until && (until.at === null || at < until.at)) until.at = at;
}

/**
 * Runs `work` and collects the keys read by it and by everything it starts, and until when what
 * it made holds. Both are live: a read made while the body is still being streamed lands in them too.
 */
export async function withContentReads<T>(
  work: () => Promise<T>,
): Promise<{ result: T; reads: ReadonlySet<ContentKey>; until: { readonly at: number | null } }> {
  const store: Reading = { keys: new Set<ContentKey>(), until: { at: null } };
  const result = await reading.run(store, work);
  return { result, reads: store.keys, until: store.until };
}
