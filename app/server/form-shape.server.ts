import type { $ZodType } from "zod/v4/core";

/**
 * Which field names a form may post, read from its zod schema: the schema's own paths
 * (`title`, `benefits[3]`, `staff[2].image.source`), each list index within the list's maximum.
 *
 * Conform turns every posted name into a path and builds the value from it, whatever the schema
 * says: `x[4294967294]=1` makes a sparse array of four billion slots that its reply then echoes
 * into the page, and a name nested 8,000 levels deep overflows the stack. So every form is
 * filtered against its schema before anything parses it (readFormData): unknown names are
 * dropped, and a name that no form of ours sends (too deep, an index past the list's maximum,
 * not a path at all, or posted twice) refuses the whole form.
 */
export type FormShape = {
  /** A value may be posted at this path. */
  value: boolean;
  fields: Map<string, FormShape>;
  /** A list at this path: its items' shape, and the highest index accepted. */
  items?: { shape: FormShape; maxIndex: number };
};

/** No schema of ours nests deeper than `staff[0].image.source`; anything far deeper is an attack. */
export const maxPathDepth = 8;

/** The largest form of ours (60 staff members of 7 fields) posts under 500 fields. */
export const maxFormFields = 2000;

const shapes = new WeakMap<$ZodType, FormShape>();

/** The shape of the form `schema` reads (computed once per schema). */
export function formShapeOf(schema: $ZodType): FormShape {
  let shape = shapes.get(schema);
  if (!shape) {
    shape = emptyShape();
    addSchema(shape, schema, new Set());
    shapes.set(schema, shape);
  }
  return shape;
}

function emptyShape(): FormShape {
  return { value: false, fields: new Map() };
}

/** Adds what `schema` accepts to `shape` (a union or a preprocessed value accepts several shapes at one path). */
function addSchema(shape: FormShape, schema: $ZodType, seen: Set<$ZodType>): void {
  if (seen.has(schema)) throw new Error("A form schema may not be recursive");
  const inner = new Set(seen).add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case "object":
      for (const [key, field] of Object.entries(def.shape as Record<string, $ZodType>)) {
        const child = shape.fields.get(key) ?? emptyShape();
        addSchema(child, field, inner);
        shape.fields.set(key, child);
      }
      break;
    case "array": {
      // Conform reads a list from `name[i]`; the index just past the maximum is kept, so that a
      // list one too long gets the schema's own message ("at most 60 people").
      const maxIndex = arrayMaximum(def);
      shape.items ??= { shape: emptyShape(), maxIndex };
      shape.items.maxIndex = Math.max(shape.items.maxIndex, maxIndex);
      addSchema(shape.items.shape, def.element as $ZodType, inner);
      break;
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      addSchema(shape, def.innerType as $ZodType, inner);
      break;
    case "pipe": {
      // A preprocess (a transform piped into a schema) hands what was posted to that schema.
      const input = def.in as $ZodType;
      if (input._zod.def.type === "transform") {
        shape.value = true;
        addSchema(shape, def.out as $ZodType, inner);
      } else {
        addSchema(shape, input, inner);
      }
      break;
    }
    case "union":
      for (const option of def.options as Array<$ZodType>) addSchema(shape, option, inner);
      break;
    case "intersection":
      addSchema(shape, def.left as $ZodType, inner);
      addSchema(shape, def.right as $ZodType, inner);
      break;
    case "lazy":
    case "record":
    case "map":
    case "set":
    case "tuple":
      throw new Error(`A form schema may not hold a ${def.type}: say which names it posts with an object or an array`);
    default:
      // Strings, numbers, enums, literals, files, transforms...: one posted value.
      shape.value = true;
  }
}

function arrayMaximum(def: Record<string, unknown>): number {
  const checks = (def.checks ?? []) as Array<{ _zod: { def: { check: string; maximum?: number } } }>;
  const maximums = checks.flatMap((check) => (check._zod.def.check === "max_length" ? [check._zod.def.maximum ?? 0] : []));
  if (maximums.length === 0) throw new Error("A list in a form schema needs a maximum length (.max(n))");
  return Math.min(...maximums);
}

/** Why a form is refused, for the log (the client is told only that the form could not be read). */
export type FormRefusal = { name: string; reason: "not-a-path" | "too-deep" | "index-too-high" | "repeated" | "too-many-fields" };

/**
 * The segments of a posted name in Conform's syntax (`a.b[0].c`), read no further than
 * `maxPathDepth` segments; null when it is not such a name. Indices stay text until checked.
 */
function pathSegments(name: string): Array<string | { index: string }> | "too-deep" | null {
  const segments: Array<string | { index: string }> = [];
  let at = 0;
  while (at < name.length) {
    if (segments.length === maxPathDepth) return "too-deep";
    if (name[at] === "[") {
      const close = name.indexOf("]", at);
      const index = close === -1 ? "" : name.slice(at + 1, close);
      // "[]" (Conform's "append") is never posted by our forms.
      if (!/^\d+$/.test(index)) return null;
      segments.push({ index });
      at = close + 1;
      continue;
    }
    if (segments.length > 0) {
      if (name[at] !== ".") return null;
      at += 1;
    }
    let end = at;
    while (end < name.length && name[end] !== "." && name[end] !== "[" && name[end] !== "]") end += 1;
    if (end === at) return null;
    segments.push(name.slice(at, end));
    at = end;
  }
  return segments.length > 0 ? segments : null;
}

/** Where `name` lands in `shape`: a value's place, nowhere (an unknown name), or a refusal. */
function placeOf(shape: FormShape, name: string): "value" | "unknown" | FormRefusal["reason"] {
  const segments = pathSegments(name);
  if (segments === null) return "not-a-path";
  if (segments === "too-deep") return "too-deep";
  let at: FormShape = shape;
  for (const segment of segments) {
    if (typeof segment === "string") {
      const next = at.fields.get(segment);
      if (!next) return "unknown";
      at = next;
    } else {
      if (!at.items) return "unknown";
      // Compared as text first, so an index of a thousand digits is never made a number.
      if (segment.index.length > 6 || Number(segment.index) > at.items.maxIndex) return "index-too-high";
      at = at.items.shape;
    }
  }
  return at.value ? "value" : "unknown";
}

/**
 * The posted fields that `shape` knows, in their order, as a FormData; or the first refusal,
 * read no further. Each name may come once: Conform joins repeated names into a list by copying
 * it each time, so one name repeated a hundred thousand times would take minutes.
 */
export function filterFormFields(
  fields: Iterable<[string, FormDataEntryValue]>,
  shape: FormShape,
): { ok: true; formData: FormData } | ({ ok: false } & FormRefusal) {
  const kept = new FormData();
  const names = new Set<string>();
  let count = 0;
  for (const [name, value] of fields) {
    count += 1;
    if (count > maxFormFields) return { ok: false, name, reason: "too-many-fields" };
    const place = placeOf(shape, name);
    if (place === "unknown") continue;
    if (place !== "value") return { ok: false, name, reason: place };
    if (names.has(name)) return { ok: false, name, reason: "repeated" };
    names.add(name);
    kept.append(name, value);
  }
  return { ok: true, formData: kept };
}
