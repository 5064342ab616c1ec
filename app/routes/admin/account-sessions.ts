import { redirect } from "react-router";
import { type AdminActionRules, adminAction } from "#app/admin-action/admin-action.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import { flashToastCookie } from "#app/admin-action/toast.server.ts";
import { endSessionSchema } from "#app/staff/passwords.ts";
import { endOwnSessions } from "#app/staff/own-account.server.ts";
import type { Route } from "./+types/account-sessions";

const endRules = {
  failed: { message: "Nothing was signed out. Please try again.", toast: { type: "error", title: "Nothing was signed out" } },
} satisfies AdminActionRules;

/** `POST /admin/account/sessions`: signs the account out of one of its sessions, or of every other one. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  return adminAction(request, endSessionSchema, endRules, async ({ end }) => {
    await endOwnSessions(await getDb(), admin, end);
    // Already gone (signed out elsewhere, or expired) is the outcome asked for: said the same way.
    const toast = end === "others" ? "sessions-ended" : "session-ended";
    return redirect("/admin/account", { headers: { "Set-Cookie": await flashToastCookie(request, toast) } });
  });
}
