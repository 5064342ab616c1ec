import { useFetcher } from "react-router";
import { useAdminAction } from "#app/admin-action/admin-action.ts";
import type { AdminAnswer } from "#app/admin-action/admin-answer.ts";
import { languageNames } from "#app/i18n/languages.ts";
import type { InquiryPage } from "./inquiry-store.server.ts";

/** An inquiry as the inbox lists it: as stored, with its times as the office reads them. */
export type InquiryCardData = InquiryPage["inquiries"][number] & { received: string; read: string | null };

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-ink">{children}</dd>
    </div>
  );
}

/**
 * One inquiry in the inbox: who, when, what they asked, and its buttons (Mark as Read or Mark as
 * unread, Not spam, Archive or Move back), which post to the inbox's action and show its answer
 * (useAdminAction).
 */
export function InquiryCard({ inquiry }: { inquiry: InquiryCardData }) {
  const fetcher = useFetcher<AdminAnswer>();
  const { pending: marking } = useAdminAction({ fetcher });
  // One form posts the inquiry; the button pressed adds what to do with it (its name and value
  // are sent with or without a script). One form a card, not one a button: a page of 25 cards
  // renders 25 forms, not 50 to 75.
  const button = (intent: string, label: string) => (
    <button type="submit" name="intent" value={intent} className="btn-outline-brand px-4 py-2" disabled={marking}>
      {label}
    </button>
  );

  return (
    <li>
      <article aria-labelledby={`inquiry-${inquiry.id}`} className="rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h3 id={`inquiry-${inquiry.id}`} className="font-sans text-lg font-semibold break-words text-ink">
                {inquiry.name}
              </h3>
              {inquiry.isRead ? (
                <span className="rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-semibold text-brand-dark">Read</span>
              ) : (
                <span className="rounded-full bg-clay px-2.5 py-0.5 text-xs font-semibold text-white">New</span>
              )}
              {inquiry.spamReason ? (
                <span className="rounded-full border border-clay-dark px-2.5 py-0.5 text-xs font-semibold text-clay-dark">
                  Possible spam
                </span>
              ) : null}
              {inquiry.language === "en" ? null : (
                // So staff answer in the visitor's language.
                <span className="rounded-full border border-brand-dark px-2.5 py-0.5 text-xs font-semibold text-brand-dark">
                  Wrote in {languageNames[inquiry.language]}
                </span>
              )}
            </div>
            <p className="mt-1 text-sm text-muted">
              Received <time dateTime={inquiry.createdAt}>{inquiry.received}</time>
              {inquiry.readAt && inquiry.read ? (
                <>
                  {" · "}Read <time dateTime={inquiry.readAt}>{inquiry.read}</time>
                </>
              ) : null}
            </p>
            {inquiry.spamReason ? <p className="mt-1 text-sm text-muted">{`Kept as possible spam: ${inquiry.spamReason}.`}</p> : null}
          </div>
          <fetcher.Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="id" value={inquiry.id} />
            {inquiry.spamReason && !inquiry.archived ? button("not-spam", "Not spam") : null}
            {inquiry.isRead ? button("mark-unread", "Mark as unread") : button("mark-read", marking ? "Marking..." : "Mark as Read")}
            {inquiry.archived ? button("unarchive", "Move back from the archive") : button("archive", "Archive")}
          </fetcher.Form>
        </div>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Detail label="Email">
            <a className="link break-all" href={`mailto:${inquiry.email}`}>
              {inquiry.email}
            </a>
          </Detail>
          <Detail label="Phone">
            {inquiry.phone ? (
              <a className="link" href={`tel:${inquiry.phone.replace(/[^\d+]/g, "")}`}>
                {inquiry.phone}
              </a>
            ) : (
              "Not given"
            )}
          </Detail>
          <Detail label="Service">{inquiry.service}</Detail>
          {inquiry.therapist ? <Detail label="For">{inquiry.therapist}</Detail> : null}
          <Detail label="Payment method">{inquiry.paymentMethod}</Detail>
          {inquiry.paymentMethod === "Insurance" ? <Detail label="Insurance">{inquiry.insuranceCompany || "Not given"}</Detail> : null}
        </dl>
        <div className="mt-4">
          <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">Message</h4>
          <p className="mt-1 break-words whitespace-pre-line text-ink">{inquiry.message || "No message."}</p>
        </div>
      </article>
    </li>
  );
}
