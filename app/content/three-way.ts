import { propertyOf } from "#app/lib/property-of.ts";

/**
 * Two people edited the same page from one version (`base`): one saved (`theirs`), the other is
 * saving now (`mine`). Field by field, over `keys` (the fields the editor shows):
 * - `mine`: the fields I changed from the base;
 * - `theirs`: the fields they changed from the base;
 * - `clashes`: fields we both changed, to different values. Only these need a person to decide.
 * A field is compared as a whole (a list, the team): two changes to one list are a clash.
 */
export type FieldChanges = { mine: Array<string>; theirs: Array<string>; clashes: Array<string> };

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function fieldChanges(keys: ReadonlyArray<string>, base: unknown, mine: unknown, theirs: unknown): FieldChanges {
  const changed = (content: unknown) => keys.filter((key) => !same(propertyOf(content, key), propertyOf(base, key)));
  const mineChanged = changed(mine);
  const theirsChanged = changed(theirs);
  const clashes = mineChanged.filter((key) => theirsChanged.includes(key) && !same(propertyOf(mine, key), propertyOf(theirs, key)));
  return { mine: mineChanged, theirs: theirsChanged, clashes };
}

/**
 * `base` with the fields `keys` taken from `source`: theirs with my changed fields over it (what
 * a save that merges writes), or a stored page with the fields an editor saves.
 */
export function withFields(base: unknown, source: unknown, keys: ReadonlyArray<string>): Record<string, unknown> {
  const merged: Record<string, unknown> = typeof base === "object" && base !== null ? { ...base } : {};
  for (const key of keys) merged[key] = propertyOf(source, key);
  return merged;
}
