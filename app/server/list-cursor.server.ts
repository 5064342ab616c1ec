import { z } from "zod";

/** A position in a newest-first list: the (created_at, id) of a row (an inquiry, an activity log entry). */
export type ListCursor = { createdAt: string; id: string };

const cursorSchema = z.tuple([z.string().min(1).max(40), z.string().min(1).max(100)]);

/** Cursors travel in URLs as opaque base64url text. */
export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString("base64url");
}

/** The cursor in `text`, or null when it is missing or not one of ours. */
export function decodeCursor(text: string | null): ListCursor | null {
  if (!text || text.length > 300) return null;
  try {
    const result = cursorSchema.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
    return result.success ? { createdAt: result.data[0], id: result.data[1] } : null;
  } catch {
    return null;
  }
}
