import { redirect } from "react-router";
import { signOut } from "#app/server/auth.server.ts";
import { requireSameOrigin } from "#app/server/csrf.server.ts";
import { requireAdmin } from "#app/server/session.server.ts";
import type { Route } from "./+types/logout";

/** POST only: a link or image elsewhere cannot sign the admin out. */
export async function action({ request }: Route.ActionArgs) {
  requireSameOrigin(request);
  await requireAdmin(request);
  return redirect("/admin/login", { headers: { "Set-Cookie": await signOut(request) } });
}
