import { redirect } from "react-router";
import { countNewInquiries } from "#app/server/inquiries.server.ts";
import { requireAdmin } from "#app/server/session.server.ts";
import type { Route } from "./+types/index";

/** /admin opens on the inbox while New inquiries wait (the daily job), else on the first tab. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw redirect((await countNewInquiries()) > 0 ? "/admin/inquiries" : "/admin/homepage");
}
