import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { adminClientAction } from "#app/admin-action/admin-action.ts";
import { InquiryCard } from "#app/inquiries/inquiry-card.tsx";
import { countText, type InquiryList, type InquiryShow, maxInquirySearchLength } from "#app/inquiries/inbox-view.ts";
import { exportStatuses, exportStatusLabels } from "#app/inquiries/inquiry-export.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { formatOfficeTime, officeDate } from "#app/content/office-time.ts";
import { type Db, getDb } from "#app/server/db/db.server.ts";
import { formMessageOf, revalidateUnlessUnanswered } from "#app/admin-action/admin-answer.ts";
import { type AdminActionRules, adminAction } from "#app/admin-action/admin-action.server.ts";
import {
  countPossibleSpam,
  listInquiries,
  markInquiryNotSpam,
  markInquiryRead,
  markInquiryUnread,
  setInquiryArchived,
} from "#app/inquiries/inquiry-store.server.ts";
import { type AdminIdentity, adminContext } from "#app/staff/session.server.ts";
import { recordInquiriesViewed } from "#app/staff/activity-log.server.ts";
import { type FlashToast, flashToastCookie } from "#app/admin-action/toast.server.ts";
import type { Route } from "./+types/inquiries";
import { decodeCursor, encodeCursor } from "#app/server/list-cursor.server.ts";

// Each card's buttons post the inquiry's id and what to do with it ("Mark as Read" without a
// script, or from an older page, posts the id alone).
const inquiryActionSchema = z.object({
  id: z.string().min(1).max(100),
  intent: z.enum(["mark-read", "not-spam", "mark-unread", "archive", "unarchive"]).default("mark-read"),
});

// The spec's toast for a failed update (section 8).
const inquiryRules = {
  failed: {
    message: "Failed to update submission.",
    toast: { type: "error", title: "Error", description: "Failed to update submission." },
  },
} satisfies AdminActionRules;

/** What the inbox shows: a list (`?list=`), New or Read in it (`?show=`) and a search (`?q=`). */
type InboxView = { list: InquiryList; show: InquiryShow; q: string };

/** The view and the page of it a request is on, from its before/after cursor. Anything unknown is the default. */
function pageOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const listParam = params.get("list");
  const list: InquiryList = listParam === "possible-spam" || listParam === "archived" ? listParam : "inbox";
  const showParam = params.get("show");
  const show: InquiryShow = showParam === "new" || showParam === "read" ? showParam : "all";
  // Control characters and line breaks are nothing anyone searches for; a longer text is cut.
  const q = (params.get("q") ?? "")
    .replace(/\p{Cc}/gu, " ")
    .trim()
    .slice(0, maxInquirySearchLength);
  const before = decodeCursor(params.get("before"));
  const after = before ? null : decodeCursor(params.get("after"));
  return { view: { list, show, q }, before, after };
}

function inboxHref(view: InboxView, page: { before?: string; after?: string } = {}): string {
  const query = new URLSearchParams({
    ...(view.list === "inbox" ? {} : { list: view.list }),
    ...(view.show === "all" ? {} : { show: view.show }),
    ...(view.q ? { q: view.q } : {}),
    ...page,
  }).toString();
  return query ? `/admin/inquiries?${query}` : "/admin/inquiries";
}

export const meta: Route.MetaFunction = () => [{ title: "Contact Inquiries | Admin Dashboard" }];

// A form the server never answered keeps its page (see revalidateUnlessUnanswered).
export const shouldRevalidate = revalidateUnlessUnanswered;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const db = await getDb();
  const { view, before, after } = pageOf(request);
  const [page, possibleSpam] = await Promise.all([
    listInquiries(db, { list: view.list, show: view.show, search: view.q, before, after }),
    countPossibleSpam(db),
  ]);
  // Who read which inquiry: the page shows each one whole. The ids only (never the search, a name).
  if (page.inquiries.length > 0) await recordInquiriesViewed(db, admin, view.list, page.inquiries);
  const today = officeDate();
  return {
    view,
    possibleSpam,
    // The export form starts at this month so far.
    exportRange: { from: `${today.slice(0, 8)}01`, to: today },
    inquiries: page.inquiries.map((inquiry) => ({
      ...inquiry,
      received: formatOfficeTime(inquiry.createdAt),
      read: inquiry.readAt ? formatOfficeTime(inquiry.readAt) : null,
    })),
    newerHref: page.newer ? inboxHref(view, { after: encodeCursor(page.newer) }) : null,
    olderHref: page.older ? inboxHref(view, { before: encodeCursor(page.older) }) : null,
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
    const result = await changeInquiry(db, id, intent, admin);
    if (result === "not-found") return reply(404, inquiryRules.failed);
    // Back to the same page of the same view, where the toast is shown.
    const { view, before, after } = pageOf(request);
    const back = inboxHref(view, before ? { before: encodeCursor(before) } : after ? { after: encodeCursor(after) } : {});
    return redirect(back, { headers: { "Set-Cookie": await flashToastCookie(request, inquiryToasts[intent]) } });
  });
}

/** What a card's button does to its inquiry. */
function changeInquiry(db: Db, id: string, intent: z.output<typeof inquiryActionSchema>["intent"], admin: AdminIdentity) {
  switch (intent) {
    case "mark-read":
      return markInquiryRead(db, id, admin);
    case "not-spam":
      return markInquiryNotSpam(db, id, admin);
    case "mark-unread":
      return markInquiryUnread(db, id, admin);
    case "archive":
      return setInquiryArchived(db, id, true, admin);
    case "unarchive":
      return setInquiryArchived(db, id, false, admin);
  }
}

const inquiryToasts = {
  "mark-read": "marked-read",
  "not-spam": "marked-not-spam",
  "mark-unread": "marked-unread",
  archive: "archived",
  unarchive: "unarchived",
} as const satisfies Record<z.output<typeof inquiryActionSchema>["intent"], FlashToast>;

export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args, inquiryRules);

const pillClass =
  "inline-flex min-h-11 items-center rounded-full border border-line px-4 py-2 font-medium text-ink hover:bg-brand-soft aria-[current=page]:border-brand aria-[current=page]:bg-brand-soft aria-[current=page]:text-brand-dark";

const showLabels = { all: "All", new: "New", read: "Read" } as const satisfies Record<InquiryShow, string>;

export default function AdminInquiries({ loaderData, actionData }: Route.ComponentProps) {
  const { view, possibleSpam, exportRange, inquiries, newerHref, olderHref, isFirstPage } = loaderData;
  const { list } = view;
  // A list keeps its search and filter; another list starts without them.
  const listLink = (to: InquiryList, label: string) => (
    <Link to={inboxHref({ list: to, show: "all", q: "" })} aria-current={list === to ? "page" : undefined} className={pillClass}>
      {label}
    </Link>
  );
  const filtered = view.show !== "all" || view.q !== "";
  const emptyText = filtered
    ? "No inquiries match."
    : list === "possible-spam"
      ? "Nothing is kept as possible spam."
      : list === "archived"
        ? "Nothing is archived."
        : isFirstPage
          ? "No contact submissions yet."
          : "No more inquiries on this page.";
  return (
    <section aria-labelledby="tab-title">
      <h2 id="tab-title" className="mb-4 text-2xl font-bold text-brand-dark">
        Contact Inquiries
      </h2>
      <nav aria-label="Inquiry lists" className="mb-4 flex flex-wrap gap-2">
        {listLink("inbox", "Inquiries")}
        {listLink("possible-spam", `Possible spam (${countText(possibleSpam)})`)}
        {listLink("archived", "Archived")}
      </nav>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <nav aria-label="Show" className="flex flex-wrap gap-2">
          {(Object.keys(showLabels) as Array<InquiryShow>).map((show) => (
            <Link key={show} to={inboxHref({ ...view, show })} aria-current={view.show === show ? "page" : undefined} className={pillClass}>
              {showLabels[show]}
            </Link>
          ))}
        </nav>
        <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
          {list === "inbox" ? null : <input type="hidden" name="list" value={list} />}
          {view.show === "all" ? null : <input type="hidden" name="show" value={view.show} />}
          <label className="block text-sm font-semibold text-ink">
            Search by name, e-mail or phone
            <input
              type="search"
              name="q"
              defaultValue={view.q}
              maxLength={maxInquirySearchLength}
              aria-describedby="search-hint"
              className="mt-1.5 block min-h-11 w-72 max-w-full rounded-lg border border-[#8a8f8c] bg-white px-3.5 py-2.5 text-base font-normal"
            />
          </label>
          <button type="submit" className="btn-outline-brand">
            Search
          </button>
          {view.q ? (
            <Link className="link inline-flex min-h-11 items-center text-sm" to={inboxHref({ ...view, q: "" })}>
              Clear the search
            </Link>
          ) : null}
          {/* Names, e-mails and phones are stored sealed and found by their words (decision 036). */}
          <p id="search-hint" className="basis-full text-xs text-muted">
            Finds words from their start ("mar lop"), or a phone by its first or last digits.
          </p>
        </Form>
      </div>
      <ExportForm range={exportRange} />
      {list === "possible-spam" ? (
        <p className="mb-6 text-muted">
          Messages sent faster than a person usually types, or without the form's check, are kept here instead of being dropped, and no
          e-mail is sent for them. Choose Not spam to move one to the inquiries.
        </p>
      ) : list === "archived" ? (
        <p className="mb-6 text-muted">Archived inquiries are kept, out of the other lists. Move one back to see it there again.</p>
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
            <Link className="btn-outline-brand" to={inboxHref(view)}>
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

const fieldClass = "mt-1.5 block min-h-11 rounded-lg border border-[#8a8f8c] bg-white px-3.5 py-2.5 text-base font-normal";

/** Download the inquiries of a range of days as a CSV file (a plain form: the answer is a file, not a page). */
function ExportForm({ range }: { range: { from: string; to: string } }) {
  return (
    <details className="mb-6 rounded-2xl border border-line bg-white p-4">
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-brand-dark">Export to a spreadsheet (CSV)</summary>
      <form method="get" action="/admin/inquiries/export" className="mt-3 flex flex-wrap items-end gap-4">
        <label className="block text-sm font-semibold text-ink">
          From
          <input type="date" name="from" required defaultValue={range.from} max={range.to} className={fieldClass} />
        </label>
        <label className="block text-sm font-semibold text-ink">
          To (included)
          <input type="date" name="to" required defaultValue={range.to} className={fieldClass} />
        </label>
        <label className="block text-sm font-semibold text-ink">
          Which inquiries
          <select name="status" defaultValue="all" className={fieldClass}>
            {exportStatuses.map((status) => (
              <option key={status} value={status}>
                {exportStatusLabels[status]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-outline-brand">
          Download CSV
        </button>
      </form>
      <p className="mt-3 text-sm text-muted">
        The file holds names, contact details and messages. Keep it where only staff can open it, and delete it when you are done. Each
        export is recorded with who made it.
      </p>
    </details>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Failed to load contact submissions." />;
}
