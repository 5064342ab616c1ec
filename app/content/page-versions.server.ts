// How a page's next version is written: its row and its revision, in the caller's transaction.
// The page store's saves and a service's first draft (collection-store.server.ts) both write so.
import { randomUUID } from "node:crypto";
import type { Db } from "#app/server/db/db.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import { endScheduleOnPublish } from "#app/scheduling/schedule-ending.server.ts";

export type PageVersionWrite = {
  name: string;
  /** Whose row: the English page's ("en") or a translation's, which has versions of its own. */
  language: Language;
  /** For a translation: the English live version it was written from. */
  sourceVersion: number | null;
  /** The version it was made from: 0 makes the row (version 1); otherwise only if the row is still at it. */
  baseVersion: number;
  /** What visitors see after it (JSON, or "null" while only drafts were saved) and the pending draft. */
  live: string;
  draft: string | null;
  /** The content this version saved, as its revision keeps it. */
  saved: string;
  published: boolean;
  admin: { id: string; email: string } | null;
  at: string;
  /** The version it restored, or null. */
  restoredFrom: number | null;
};

/** Writes a page's next version and its revision; the new version, or undefined when someone saved in between. */
export async function writePageVersion(trx: Db, write: PageVersionWrite): Promise<number | undefined> {
  const { name, language, live, draft, at } = write;
  const sourceVersion = write.sourceVersion;
  const written =
    write.baseVersion === 0
      ? await trx
          .insertInto("page_content")
          .values({
            id: randomUUID(),
            page_name: name,
            lang: language,
            content: live,
            draft,
            version: 1,
            source_version: sourceVersion,
            created_at: at,
            updated_at: at,
          })
          .onConflict((conflict) => conflict.columns(["page_name", "lang"]).doNothing())
          .returning("version")
          .executeTakeFirst()
      : await trx
          .updateTable("page_content")
          .set((eb) => ({ content: live, draft, version: eb("version", "+", 1), source_version: sourceVersion, updated_at: at }))
          .where("page_name", "=", name)
          .where("lang", "=", language)
          .where("version", "=", write.baseVersion)
          .returning("version")
          .executeTakeFirst();
  if (!written) return undefined;
  await trx
    .insertInto("page_revisions")
    .values({
      id: randomUUID(),
      page_name: name,
      lang: language,
      version: written.version,
      content: write.saved,
      admin_id: write.admin?.id ?? null,
      admin_email: write.admin?.email ?? null,
      created_at: at,
      published: write.published ? 1 : 0,
      restored_from: write.restoredFrom,
      source_version: sourceVersion,
    })
    .execute();
  if (write.published && write.draft === null) await endScheduleOnPublish(trx, write);
  return written.version;
}

/**
 * The first version of a page added to a list staff keep (a service, an article): a draft
 * nobody sees, holding what its editor opens with, saved by the person who added it.
 */
export async function writeFirstDraft(
  trx: Db,
  input: { name: string; content: unknown; admin: { id: string; email: string }; at: string },
): Promise<void> {
  const draft = JSON.stringify(input.content);
  await writePageVersion(trx, {
    name: input.name,
    language: "en",
    sourceVersion: null,
    baseVersion: 0,
    live: "null",
    draft,
    saved: draft,
    published: false,
    admin: input.admin,
    at: input.at,
    restoredFrom: null,
  });
}
