import { redirect } from "react-router";
import { requireAdmin } from "#app/server/session.server.ts";
import type { Route } from "./+types/index";

/** /admin opens on the first tab. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw redirect("/admin/homepage");
}
