// The content editors' saves as their routes receive them: the form read with the page kind's
// schema, savePage, and one answer (PageSaveAnswer) whatever happened, so a refused or failed
// save leaves the editor and the text typed into it where they are.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import type { PageName } from "#app/content/pages.ts";
import { formErrorResult } from "#app/lib/form-result.ts";
import { savedByPhrase } from "#app/content/saved-by-phrase.ts";
import { baseVersionSchema, type PageSaveAnswer, saveMessages } from "#app/content/page-save.ts";
import { getConfig } from "#app/server/config.server.ts";
import { savePage } from "./page-store.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import { copyTypedImages } from "#app/server/media/typed-images.server.ts";
import type { AdminIdentity } from "#app/server/session.server.ts";

const statusOf: Record<PageSaveAnswer["outcome"], number> = { saved: 200, invalid: 400, notEditable: 400, conflict: 409, failed: 500 };

function answer(body: PageSaveAnswer) {
  return data(body, { status: statusOf[body.outcome] });
}

function conflictMessage(current: { savedBy: string | null; savedAt: string } | null): string {
  return `This page was saved${savedByPhrase(current)}, after you opened it. Your changes are still here and were not saved: look at theirs first, or save yours over them.`;
}

/**
 * Saves a page from an editor's form, for `admin` (the route checked the session first). `schema` is the editor's (editorSchema): the page's fields,
 * or some of them when `fields` is given (the about variant), plus `baseVersion`.
 */
export async function savePageFromForm(
  request: Request,
  admin: AdminIdentity,
  input: { name: PageName; schema: z.ZodObject; fields?: ReadonlyArray<string> | undefined },
) {
  const formData = await readFormData(request, input.schema);
  if (!formData) return answer({ outcome: "invalid", result: formErrorResult(saveMessages.invalid) });
  const submission = parseWithZod(formData, { schema: input.schema });
  if (submission.status !== "success") {
    return answer({ outcome: "invalid", result: submission.reply({ formErrors: [saveMessages.invalid] }) });
  }
  const { baseVersion: posted, ...typed } = submission.value;
  const baseVersion = baseVersionSchema.parse(posted);
  const db = await getDb();
  // Pictures given by an address on another site are copied into the library first (a fetch of
  // seconds, outside the save's transaction); one that cannot be copied refuses the save.
  const siteUrl = getConfig().siteUrl;
  const ownHosts = [new URL(request.url).hostname, ...(siteUrl ? [new URL(siteUrl).hostname] : [])];
  const copied = await copyTypedImages(db, typed, admin, { ownHosts });
  if (!copied.ok) {
    return answer({
      outcome: "invalid",
      result: submission.reply({ formErrors: [saveMessages.invalid], fieldErrors: copied.fieldErrors }),
    });
  }
  const content = copied.content;
  try {
    const saved = await savePage(db, { name: input.name, content, baseVersion, admin, fields: input.fields });
    switch (saved.status) {
      case "saved":
        return answer({ outcome: "saved", result: submission.reply({ resetForm: true }), version: saved.version });
      case "conflict":
        return answer({
          outcome: "conflict",
          result: submission.reply({ formErrors: [conflictMessage(saved.current)] }),
          version: saved.current?.version,
        });
      case "notEditable":
        return answer({ outcome: "notEditable", result: submission.reply({ formErrors: [saveMessages.notEditable] }) });
      case "invalid":
        return answer({ outcome: "invalid", result: submission.reply({ formErrors: [saveMessages.invalid] }) });
    }
  } catch (error) {
    console.error(`Error saving ${input.name} content:`, error);
    return answer({ outcome: "failed", result: submission.reply({ formErrors: [saveMessages.failed] }) });
  }
}
