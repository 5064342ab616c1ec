import { redirect } from "react-router";
import { editorTabs } from "#app/content/pages.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { countNewInquiries } from "#app/inquiries/inquiry-store.server.ts";

/** /admin opens on the inbox while New inquiries wait (the daily job), else on the first tab. */
export async function loader() {
  throw redirect((await countNewInquiries(await getDb())) > 0 ? "/admin/inquiries" : (editorTabs[0]?.path ?? "/admin/images"));
}
