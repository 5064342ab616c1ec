import type { z } from "zod";

/**
 * The content a public page shows: `defaults <- stored`, field by field. A stored field is used
 * only when it is valid for its schema and not blank, so a cleared or corrupt field falls back to
 * its default instead of blanking the page. A list named in `emptyAllowed` (the team) is shown
 * empty when it was saved empty. Never throws: stored content is untrusted JSON.
 */
export function mergeWithDefaults<S extends z.ZodObject>(
  defaults: unknown,
  stored: unknown,
  schema: S,
  emptyAllowed: ReadonlyArray<string> = [],
): z.output<S> {
  const merged: Record<string, unknown> = isRecord(defaults) ? { ...defaults } : {};
  if (isRecord(stored)) {
    for (const [key, fieldSchema] of Object.entries(schema.shape)) {
      if (!Object.hasOwn(stored, key)) continue;
      const result = fieldSchema.safeParse(stored[key]);
      if (!result.success) continue;
      const value = withoutBlankItems(result.data);
      if (!isBlank(value) || (Array.isArray(value) && emptyAllowed.includes(key))) merged[key] = value;
    }
  }
  // Read once more as a whole, which types the result; each part was valid on its own, and a
  // fixed page's defaults are (content.test.ts), so only a rule across fields could refuse it.
  const whole = schema.safeParse(merged);
  if (whole.success) return whole.data;
  // A service just added has no built-in text: its defaults are empty fields, each of its type,
  // which the editor opens to be filled in (publishing checks the whole page).
  const fallback = schema.safeParse(defaults);
  return fallback.success ? fallback.data : (merged as z.output<S>);
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
function withoutBlankItems(value: unknown): unknown {
  return Array.isArray(value) ? value.filter((item) => !isBlankText(item)) : value;
}
