import { redirect } from "react-router";
import { editorTabs } from "#app/content/pages.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { countNewInquiries } from "#app/inquiries/inquiry-store.server.ts";
import { mayEnter } from "#app/staff/staff-roles.ts";
import { adminContext } from "#app/staff/session.server.ts";
import type { Route } from "./+types/index";

/**
 * /admin opens on the inbox while New inquiries wait (the daily job), else on the first tab; each
 * role on the first part of the dashboard it may see (a Clinician on their own profile).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { role } = context.get(adminContext);
  const firstTab = editorTabs[0]?.path ?? "/admin/images";
  if (mayEnter(role, "profile")) throw redirect("/admin/profile");
  if (!mayEnter(role, "inquiries")) throw redirect(firstTab);
  if (!mayEnter(role, "content")) throw redirect("/admin/inquiries");
  throw redirect((await countNewInquiries(await getDb())) > 0 ? "/admin/inquiries" : firstTab);
}
