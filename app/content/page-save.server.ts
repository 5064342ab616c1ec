// The content editors' saves as their routes receive them: the form read with the page kind's
// schema, savePage, and one answer (AdminAnswer) whatever happened, so a refused or failed save
// leaves the editor and the text typed into it where they are.
import type { z } from "zod";
import type { PageName } from "#app/content/pages.ts";
import { savedByPhrase } from "#app/content/saved-by-phrase.ts";
import { baseVersionSchema, saveFailedToast, saveFailures, saveMessages } from "#app/content/page-save.ts";
import { adminAction } from "#app/server/admin-action.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import { savePage } from "./page-store.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { copyTypedImages } from "#app/server/media/typed-images.server.ts";
import type { AdminIdentity } from "#app/server/session.server.ts";

function conflictMessage(current: { savedBy: string | null; savedAt: string } | null): string {
  return `This page was saved${savedByPhrase(current)}, after you opened it. Your changes are still here and were not saved: look at theirs first, or save yours over them.`;
}

/**
 * Saves a page from an editor's form, for `admin` (the session middleware checked it). `schema`
 * is the editor's (editorSchemaOf): the page's fields, or some of them when `fields` is given
 * (the about variant), plus `baseVersion`. `toast` is the tab's success toast.
 */
export async function savePageFromForm(
  request: Request,
  admin: AdminIdentity,
  input: { name: PageName; schema: z.ZodObject; fields?: ReadonlyArray<string> | undefined; toast: string },
) {
  return adminAction(request, input.schema, saveFailures, async (value, reply) => {
    const { baseVersion: posted, ...typed } = value;
    const baseVersion = baseVersionSchema.parse(posted);
    const db = await getDb();
    const failed = (
      status: number,
      message: string,
      more: { version?: number | undefined; fieldErrors?: Record<string, Array<string>> } = {},
    ) => reply(status, { message, toast: saveFailedToast, ...more });
    // Pictures given by an address on another site are copied into the library first (a fetch of
    // seconds, outside the save's transaction); one that cannot be copied refuses the save.
    const siteUrl = getConfig().siteUrl;
    const ownHosts = [new URL(request.url).hostname, ...(siteUrl ? [new URL(siteUrl).hostname] : [])];
    const copied = await copyTypedImages(db, typed, admin, { ownHosts });
    if (!copied.ok) return failed(400, saveMessages.invalid, { fieldErrors: copied.fieldErrors });
    const saved = await savePage(db, { name: input.name, content: copied.content, baseVersion, admin, fields: input.fields });
    switch (saved.status) {
      case "saved":
        return reply(200, { resetForm: true, version: saved.version, toast: { type: "success", title: input.toast } });
      case "conflict":
        return failed(409, conflictMessage(saved.current), { version: saved.current?.version });
      case "notEditable":
        return failed(400, saveMessages.notEditable);
      case "invalid":
        return failed(400, saveMessages.invalid);
    }
  });
}
