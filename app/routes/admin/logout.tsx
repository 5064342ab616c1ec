import { redirect } from "react-router";
import { getDb } from "#app/server/db/db.server.ts";
import { signOut } from "#app/staff/auth.server.ts";
import type { Route } from "./+types/logout";

/** Opening the URL signs nobody out (a link or image elsewhere must not): it only leads to sign-in. */
export function loader() {
  return redirect("/admin/login");
}

/** POST only, from this site: the one way to sign out. */
export async function action({ request }: Route.ActionArgs) {
  return redirect("/admin/login", { headers: { "Set-Cookie": await signOut(await getDb(), request) } });
}
