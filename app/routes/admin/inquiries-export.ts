import { redirect } from "react-router";
import { exportFileName, inquiryExportSchema } from "#app/inquiries/inquiry-export.ts";
import { exportInquiries } from "#app/inquiries/inquiry-export.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import { flashToastCookie } from "#app/admin-action/toast.server.ts";
import type { Route } from "./+types/inquiries-export";

/**
 * `GET /admin/inquiries/export?from=YYYY-MM-DD&to=YYYY-MM-DD&status=...`: the inquiries of those
 * days of the office's calendar as a CSV download (the inbox's Export form), audited. A range
 * that is not one goes back to the inbox with the reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const parsed = inquiryExportSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    return redirect("/admin/inquiries", { headers: { "Set-Cookie": await flashToastCookie(request, "export-refused") } });
  }
  const body = await exportInquiries(await getDb(), parsed.data, admin);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(parsed.data)}"`,
      // Health information: no cache keeps a copy.
      "Cache-Control": "no-store",
    },
  });
}
