import { redirect } from "react-router";
import { personLookupSchema } from "#app/inquiries/person-data.ts";
import { exportPersonData } from "#app/inquiries/person-data.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import { flashToastCookie } from "#app/admin-action/toast.server.ts";
import type { Route } from "./+types/privacy-export";

/** `GET /admin/privacy/export?who=`: everything held about one person as a JSON download, audited. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = personLookupSchema.safeParse({ who: new URL(request.url).searchParams.get("who") ?? "" });
  if (!parsed.success) {
    return redirect("/admin/privacy", { headers: { "Set-Cookie": await flashToastCookie(request, "person-export-refused") } });
  }
  const body = await exportPersonData(await getDb(), parsed.data.who, context.get(adminContext));
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="privacy-request.json"',
      // Health information: no cache keeps a copy.
      "Cache-Control": "no-store",
    },
  });
}
