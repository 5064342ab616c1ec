import { getDb } from "#app/server/db/db.server.ts";
import { handleUpload } from "#app/media/media-requests.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import type { BodyLimitHandle } from "#app/lib/body-limit.ts";
import { uploadBodyLimit } from "#app/media/media.ts";
import { failedAnswer } from "#app/admin-action/admin-answer.ts";
import { reviewMessages } from "#app/pages/own-profile.ts";
import type { Route } from "./+types/profile-photo";

export const handle: BodyLimitHandle = { bodyLimit: uploadBodyLimit };

/**
 * `POST /admin/profile/photo?category=hero-images`: a Clinician's photo of themselves, uploaded
 * into the library as the About tab's staff photos are (named after their member), and answered
 * in JSON like the Images tab's upload. It is on their profile once an Owner or Editor approves it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const outcome = admin.teamMember
    ? await handleUpload(await getDb(), request, admin, { staffId: admin.teamMember })
    : failedAnswer(403, { message: reviewMessages.notLinked });
  return Response.json(outcome, { status: outcome.status, headers: { "Cache-Control": "no-store" } });
}
