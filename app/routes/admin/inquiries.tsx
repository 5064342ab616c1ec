import { Link, redirect } from "react-router";
import { z } from "zod";
import { adminClientAction } from "#app/components/admin/admin-action.ts";
import { InquiryCard } from "#app/inquiries/inquiry-card.tsx";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { formatOfficeTime } from "#app/content/office-time.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { formMessageOf, revalidateUnlessUnanswered } from "#app/lib/admin-answer.ts";
import { type AdminActionRules, adminAction } from "#app/server/admin-action.server.ts";
import {
  countPossibleSpam,
  decodeCursor,
  encodeCursor,
  type InquiryList,
  listInquiries,
  markInquiryNotSpam,
  markInquiryRead,
} from "#app/inquiries/inquiry-store.server.ts";
import { adminContext } from "#app/server/session.server.ts";
import { flashToastCookie } from "#app/server/toast.server.ts";
import type { Route } from "./+types/inquiries";

// Each card's buttons post the inquiry's id and what to do with it ("Mark as Read" without a
// script, or from an older page, posts the id alone).
const inquiryActionSchema = z.object({
  id: z.string().min(1).max(100),
  intent: z.enum(["mark-read", "not-spam"]).default("mark-read"),
});

// The spec's toast for a failed update (section 8).
const inquiryRules = {
  failed: {
    message: "Failed to update submission.",
    toast: { type: "error", title: "Error", description: "Failed to update submission." },
  },
} satisfies AdminActionRules;

/** The list (`?list=possible-spam`) and the page of it a request is on, from its before/after cursor. */
function pageOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const list: InquiryList = params.get("list") === "possible-spam" ? "possible-spam" : "inbox";
  const before = decodeCursor(params.get("before"));
  const after = before ? null : decodeCursor(params.get("after"));
  return { list, before, after };
}

function inboxHref(list: InquiryList, page: { before?: string; after?: string } = {}): string {
  const query = new URLSearchParams({ ...(list === "possible-spam" ? { list } : {}), ...page }).toString();
  return query ? `/admin/inquiries?${query}` : "/admin/inquiries";
}

export const meta: Route.MetaFunction = () => [{ title: "Contact Inquiries | Admin Dashboard" }];

// A form the server never answered keeps its page (see revalidateUnlessUnanswered).
export const shouldRevalidate = revalidateUnlessUnanswered;

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const { list, before, after } = pageOf(request);
  const [page, possibleSpam] = await Promise.all([listInquiries(db, { list, before, after }), countPossibleSpam(db)]);
  return {
    list,
    possibleSpam,
    inquiries: page.inquiries.map((inquiry) => ({
      ...inquiry,
      received: formatOfficeTime(inquiry.createdAt),
      read: inquiry.readAt ? formatOfficeTime(inquiry.readAt) : null,
    })),
    newerHref: page.newer ? inboxHref(list, { after: encodeCursor(page.newer) }) : null,
    olderHref: page.older ? inboxHref(list, { before: encodeCursor(page.older) }) : null,
    isFirstPage: !before && !after,
  };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  // A form that is not the buttons' is refused with the same toast as any failed update: they post nothing typed.
  const rules = { ...inquiryRules, invalid: inquiryRules.failed, unreadable: inquiryRules.failed };
  return adminAction(request, inquiryActionSchema, rules, async ({ id, intent }, reply) => {
    const db = await getDb();
    const result = intent === "not-spam" ? await markInquiryNotSpam(db, id, admin) : await markInquiryRead(db, id, admin);
    if (result === "not-found") return reply(404, inquiryRules.failed);
    // Back to the same page of the same list, where the toast is shown.
    const { list, before, after } = pageOf(request);
    const back = inboxHref(list, before ? { before: encodeCursor(before) } : after ? { after: encodeCursor(after) } : {});
    const toast = intent === "not-spam" ? "marked-not-spam" : "marked-read";
    return redirect(back, { headers: { "Set-Cookie": await flashToastCookie(request, toast) } });
  });
}

export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args, inquiryRules);

export default function AdminInquiries({ loaderData, actionData }: Route.ComponentProps) {
  const { list, possibleSpam, inquiries, newerHref, olderHref, isFirstPage } = loaderData;
  const listLink = (to: InquiryList, label: string) => (
    <Link
      to={inboxHref(to)}
      aria-current={list === to ? "page" : undefined}
      className="rounded-full border border-line px-4 py-2 font-medium text-ink hover:bg-brand-soft aria-[current=page]:border-brand aria-[current=page]:bg-brand-soft aria-[current=page]:text-brand-dark"
    >
      {label}
    </Link>
  );
  const emptyText =
    list === "possible-spam"
      ? "Nothing is kept as possible spam."
      : isFirstPage
        ? "No contact submissions yet."
        : "No more inquiries on this page.";
  return (
    <section aria-labelledby="tab-title">
      <h2 id="tab-title" className="mb-4 text-2xl font-bold text-brand-dark">
        Contact Inquiries
      </h2>
      <nav aria-label="Inquiry lists" className="mb-6 flex flex-wrap gap-2">
        {listLink("inbox", "Inquiries")}
        {listLink("possible-spam", `Possible spam (${possibleSpam})`)}
      </nav>
      {list === "possible-spam" ? (
        <p className="mb-6 text-muted">
          Messages sent faster than a person usually types, or without the form's check, are kept here instead of being dropped, and no
          e-mail is sent for them. Choose Not spam to move one to the inquiries.
        </p>
      ) : null}
      {formMessageOf(actionData) ? (
        <p role="alert" className="mb-6 rounded-lg border-l-4 border-clay bg-clay-soft p-4 font-medium text-clay-dark">
          {formMessageOf(actionData)}
        </p>
      ) : null}
      {inquiries.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-8 text-center text-muted">{emptyText}</p>
      ) : (
        <ul className="space-y-4">
          {inquiries.map((inquiry) => (
            <InquiryCard key={inquiry.id} inquiry={inquiry} />
          ))}
        </ul>
      )}
      {newerHref || olderHref || !isFirstPage ? (
        <nav aria-label="Inquiry pages" className="mt-8 flex flex-wrap justify-between gap-3">
          {newerHref ? (
            <Link className="btn-outline-brand" to={newerHref}>
              Newer
            </Link>
          ) : !isFirstPage ? (
            <Link className="btn-outline-brand" to={inboxHref(list)}>
              Newest
            </Link>
          ) : (
            <span />
          )}
          {olderHref ? (
            <Link className="btn-outline-brand" to={olderHref}>
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Failed to load contact submissions." />;
}
