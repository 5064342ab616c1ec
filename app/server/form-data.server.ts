import type { $ZodType } from "zod/v4/core";
import { filterFormFields, formShapeOf } from "./form-shape.server.ts";
import { log } from "./log.server.ts";

/**
 * The posted form, keeping only the fields `schema` reads (see form-shape.server.ts); null when
 * the body cannot be read as a form (a malformed multipart body, a body that is not a form) or
 * names a field no form of ours posts. Either is the client's mistake: callers answer 400, and
 * the log gets one line instead of a 500 and a stack trace each time.
 */
export async function readFormData(request: Request, schema: $ZodType): Promise<FormData | null> {
  const where = { method: request.method, path: new URL(request.url).pathname };
  let fields: Iterable<[string, FormDataEntryValue]>;
  try {
    fields = isUrlEncoded(request) ? urlEncodedFields(await request.text()) : await request.formData();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn("400 unreadable form body", { ...where, reason: reason.slice(0, 200) });
    return null;
  }
  const filtered = filterFormFields(fields, formShapeOf(schema));
  if (!filtered.ok) {
    log.warn("400 form field refused", { ...where, reason: filtered.reason, field: filtered.name.slice(0, 100) });
    return null;
  }
  return filtered.formData;
}

function isUrlEncoded(request: Request): boolean {
  const type = request.headers.get("Content-Type")?.split(";", 1)[0]?.trim().toLowerCase();
  return type === "application/x-www-form-urlencoded";
}

/**
 * The fields of an urlencoded body one at a time, so that reading stops at the first refused
 * field instead of first turning a megabyte of `a=&a=&...` into a FormData of 300,000 entries.
 * Each pair is decoded by URLSearchParams, so the decoding is the standard's.
 */
function* urlEncodedFields(body: string): Generator<[string, string]> {
  let at = 0;
  while (at < body.length) {
    const next = body.indexOf("&", at);
    const end = next === -1 ? body.length : next;
    const pair = body.slice(at, end);
    at = end + 1;
    if (pair === "") continue;
    for (const entry of new URLSearchParams(pair)) yield entry;
  }
}
