import { clientInfoContext } from "#app/lib/request-context.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { contactFormTokenOf, issueContactFormCookie } from "#app/inquiries/contact-form-token.server.ts";
import { contactPostSchema, receiveInquiry, unreadableFormMessage } from "#app/inquiries/receive-inquiry.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import { type BodyLimitHandle, publicFormBodyLimit } from "#app/lib/body-limit.ts";
import type { Route } from "./+types/api-inquiries";

// The contact form's scripted submission: JSON in every case, so the page can show the
// specified toasts without a reload. The plain form posts to /contact instead.
export const handle: BodyLimitHandle = { bodyLimit: publicFormBodyLimit };

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  // A body that cannot be read says nothing of its page's language: its answer is in English.
  const formData = await readFormData(request, contactPostSchema);
  const db = await getDb();
  if (!formData) return answer({ status: "refused", error: await unreadableFormMessage(db, "en") }, 400);
  const outcome = await receiveInquiry(db, formData, context.get(clientInfoContext), contactFormTokenOf(request));
  switch (outcome.status) {
    case "sent":
      // No new token: if this answer is lost on the way, the same form sent again must name the
      // same submission. A next, different message from the page is a submission of its own.
      return answer({ status: "sent" }, 201);
    case "invalid":
      return answer({ status: "invalid", errors: outcome.errors }, 400);
    case "expired":
      // The page keeps what was typed; with a fresh token the visitor only sends again.
      return answer({ status: "expired", error: outcome.error }, 400, {
        "Set-Cookie": await issueContactFormCookie(db, request),
      });
    case "refused":
      return answer({ status: "refused", error: outcome.error }, outcome.httpStatus);
  }
}

export function loader() {
  return methodNotAllowed();
}

// Answers are about one visitor's message: no cache may keep them.
function answer(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

function methodNotAllowed(): Response {
  return answer({ error: "Method not allowed" }, 405, { Allow: "POST" });
}
