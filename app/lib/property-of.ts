/**
 * The value at `key` of an object, or undefined for anything else: stored content and form
 * values arrive untyped, and this reads one property of them without a cast.
 */
export function propertyOf(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? Object.entries(value).find(([each]) => each === key)?.[1] : undefined;
}
