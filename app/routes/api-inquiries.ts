import { clientInfoContext } from "#app/lib/request-context.ts";
import { receiveInquiry, unreadableFormMessage } from "#app/server/contact-submission.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import type { Route } from "./+types/api-inquiries";

// The contact form's scripted submission: JSON in every case, so the page can show the
// specified toasts without a reload. The plain form posts to /contact instead.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const formData = await readFormData(request);
  if (!formData) return Response.json({ status: "refused", error: unreadableFormMessage }, { status: 400 });
  const outcome = await receiveInquiry(formData, context.get(clientInfoContext));
  switch (outcome.status) {
    case "sent":
      return Response.json({ status: "sent" }, { status: 201 });
    case "invalid":
      return Response.json({ status: "invalid", errors: outcome.errors }, { status: 400 });
    case "refused":
      return Response.json({ status: "refused", error: outcome.error }, { status: outcome.httpStatus });
  }
}

export function loader() {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
