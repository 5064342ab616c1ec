import { mediaFileAnswer } from "#app/server/media/media-delivery.server.ts";
import type { Route } from "./+types/media";

/**
 * `/media/:id/:file` under `npm run dev` only: in production the HTTP shell answers these
 * addresses before React Router (server/request-listener.ts), with the same function, so this
 * route and its `.data` twin are never reached there.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ifNoneMatch = request.headers.get("If-None-Match");
  const answer = await mediaFileAnswer({ method: request.method, id: params.id, file: params.file, ifNoneMatch });
  return new Response(answer.body as BodyInit | null, { status: answer.status, headers: answer.headers });
}
