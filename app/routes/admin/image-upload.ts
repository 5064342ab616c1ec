import { getDb } from "#app/server/db/db.server.ts";
import { handleUpload } from "#app/media/media-requests.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import type { BodyLimitHandle } from "#app/lib/body-limit.ts";
import { uploadBodyLimit } from "#app/media/media.ts";
import type { Route } from "./+types/image-upload";

export const handle: BodyLimitHandle = { bodyLimit: uploadBodyLimit };

/**
 * `POST /admin/images/upload?category=<bucket>`: the Images tab's scripted upload (sent with
 * progress), answered in JSON. Without JavaScript the same form posts to the tab itself.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const outcome = await handleUpload(await getDb(), request, admin);
  return Response.json(outcome, { status: outcome.status, headers: { "Cache-Control": "no-store" } });
}
