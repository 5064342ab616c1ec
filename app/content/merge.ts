import type { z } from "zod";

// One zod schema per field, as a z.object's `shape` provides.
type FieldSchemas<T> = { [K in keyof T]: z.ZodType<T[K]> };

/**
 * The content a public page shows: `defaults <- stored`, field by field. A stored field is used
 * only when it is valid for its schema and not blank, so a cleared or corrupt field falls back to
 * its default instead of blanking the page. A list named in `emptyAllowed` (the team) is shown
 * empty when it was saved empty. Never throws: stored content is untrusted JSON.
 */
export function mergeWithDefaults<T extends Record<string, unknown>>(
  defaults: T,
  stored: unknown,
  schema: { shape: FieldSchemas<T> },
  emptyAllowed: ReadonlyArray<string> = [],
): T {
  const merged = { ...defaults };
  if (!isRecord(stored)) return merged;
  for (const key of Object.keys(defaults) as Array<keyof T & string>) {
    if (!Object.hasOwn(stored, key)) continue;
    const result = schema.shape[key].safeParse(stored[key]);
    if (!result.success) continue;
    const value = withoutBlankItems(result.data);
    if (!isBlank(value) || (Array.isArray(value) && emptyAllowed.includes(key))) merged[key] = value;
  }
  return merged;
}

/** Parses a stored JSON text; undefined when there is none or it is not valid JSON. */
export function parseStoredContent(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isBlankText(value: unknown): boolean {
  return typeof value === "string" && value.trim() === "";
}

function isBlank(value: unknown): boolean {
  return isBlankText(value) || (Array.isArray(value) && value.length === 0);
}

// The admin adds list items empty; one left unfilled should not show as an empty bullet.
function withoutBlankItems<V>(value: V): V {
  return Array.isArray(value) ? (value.filter((item) => !isBlankText(item)) as V) : value;
}
