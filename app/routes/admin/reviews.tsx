import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { useAdminAction } from "#app/admin-action/admin-action.ts";
import { type AdminActionRules, adminAction } from "#app/admin-action/admin-action.server.ts";
import type { AdminAnswer } from "#app/admin-action/admin-answer.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { liveServices } from "#app/content/collection-store.server.ts";
import { formatOfficeTime } from "#app/content/office-time.ts";
import { withReplacedImages } from "#app/content/page-store.server.ts";
import { isImageRef, resolveImage } from "#app/media/image-ref.ts";
import { type OwnProfileKey, ownProfileLabel, ownProfileToasts, reviewMessages, reviewSchema } from "#app/pages/own-profile.ts";
import { approveProfile, listAwaitingReviews, sendBackProfile } from "#app/pages/profile-review.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { languageNames } from "#app/i18n/languages.ts";
import { adminContext } from "#app/staff/session.server.ts";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => [{ title: "Awaiting Review | Admin Dashboard" }];

/** How a reviewer is shown one value of a profile field: words, a list, or a picture's address. */
type ShownValue = { kind: "text"; text: string } | { kind: "list"; items: Array<string> } | { kind: "picture"; src: string | null };

/** A field's value as the reviewer reads it, by the field's kind (the photo, a list, a text; none: empty). */
function shownValue(key: OwnProfileKey, value: unknown, serviceTitles: ReadonlyMap<string, string>): ShownValue {
  if (key === "image") return { kind: "picture", src: isImageRef(value) ? (resolveImage(value, 240)?.src ?? null) : null };
  if (Array.isArray(value)) {
    const items = value.map((item) => (key === "services" ? (serviceTitles.get(String(item)) ?? String(item)) : String(item)));
    return { kind: "list", items };
  }
  return { kind: "text", text: typeof value === "string" ? value : "" };
}

/** The clinicians' profile changes waiting for an Owner or Editor, each beside the profile as it is now. */
export async function loader() {
  const db = await getDb();
  const [reviews, services] = await Promise.all([listAwaitingReviews(db), liveServices(db)]);
  const titles = new Map(services.map((service) => [service.id, service.title]));
  return {
    reviews: await Promise.all(
      reviews.map(async (review) => ({
        memberId: review.memberId,
        language: review.language,
        name: review.name,
        version: review.version,
        shown: review.shown,
        submittedBy: review.submittedBy,
        submittedAt: formatOfficeTime(review.submittedAt),
        changes: await Promise.all(
          review.changes.map(async (change) => ({
            key: change.key,
            label: ownProfileLabel(change.key),
            now: shownValue(change.key, await withReplacedImages(db, change.now), titles),
            proposed: shownValue(change.key, await withReplacedImages(db, change.proposed), titles),
          })),
        ),
      })),
    ),
  };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

const reviewRules = {
  failed: { message: "Nothing was changed. Please try again.", toast: { type: "error", title: "Nothing was changed" } },
  invalid: { message: "See the message under the field." },
} satisfies AdminActionRules;

const outcomeMessages = {
  submissionChanged: reviewMessages.submissionChanged,
  pageChanged: reviewMessages.pageChanged,
  memberGone: reviewMessages.memberGone,
  untranslated: reviewMessages.untranslated,
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  return adminAction(request, reviewSchema, reviewRules, async (value, reply) => {
    const db = await getDb();
    const { member: memberId, version, language } = value;
    const outcome =
      value.intent === "approve"
        ? await approveProfile(db, { memberId, version, shown: value.shown ?? "", admin, language })
        : await sendBackProfile(db, { memberId, version, note: value.note ?? "", admin, language });
    if (outcome === "approved") return reply(200, { resetForm: true, toast: ownProfileToasts.approved });
    if (outcome === "sent-back") return reply(200, { resetForm: true, toast: ownProfileToasts.sentBack });
    return reply(409, { message: outcomeMessages[outcome] });
  });
}

type Review = Route.ComponentProps["loaderData"]["reviews"][number];

export default function AwaitingReview({ loaderData }: Route.ComponentProps) {
  const { reviews } = loaderData;
  return (
    <section aria-labelledby="tab-title" className="space-y-6">
      <div>
        <h2 id="tab-title" className="mb-2 text-2xl font-bold text-brand-dark">
          Awaiting review ({reviews.length})
        </h2>
        <p className="max-w-prose text-muted">
          Clinicians' changes to their own profiles. Approving publishes what is shown here as "Proposed" to their page and the About page
          (a draft of the About page keeps the change too); sending back tells them what to change.
        </p>
      </div>
      {reviews.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-5 text-muted">Nothing is waiting for review.</p>
      ) : (
        <ul className="space-y-6">
          {reviews.map((review) => (
            <li key={`${review.memberId}-${review.language}-${review.version}`}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `lang`: the language of a translation's texts, so a screen reader reads them in it. */
function Value({ value, lang }: { value: ShownValue; lang?: string | undefined }) {
  if (value.kind === "picture") {
    return value.src ? (
      <img src={value.src} alt="" width={96} height={96} className="size-24 rounded-full bg-brand-soft object-cover" />
    ) : (
      <span className="text-muted">No photo</span>
    );
  }
  if (value.kind === "list") {
    return value.items.length === 0 ? (
      <span className="text-muted">None</span>
    ) : (
      <ul lang={lang} className="list-disc pl-5">
        {value.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  return value.text ? (
    <span lang={lang} className="whitespace-pre-line">
      {value.text}
    </span>
  ) : (
    <span className="text-muted">Empty</span>
  );
}

function ReviewCard({ review }: { review: Review }) {
  const fetcher = useFetcher<AdminAnswer>();
  const { pending, answer, message } = useAdminAction({ fetcher });
  const [form, fields] = useForm({
    id: `send-back-${review.memberId}-${review.language}`,
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
    shouldRevalidate: "onInput",
  });
  const titleId = `review-${review.memberId}-${review.language}`;
  // A change of their Spanish texts says so: the office reads it as a translation of their English.
  const inSpanish = review.language !== "en";
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h3 id={titleId} className="text-xl font-bold text-brand-dark">
        {review.name ?? "Someone no longer on the team"}
        {inSpanish ? `: ${languageNames[review.language]} texts` : null}
      </h3>
      <p className="text-sm text-muted">
        Sent by <span className="break-all">{review.submittedBy}</span> on {review.submittedAt}
      </p>
      <dl className="mt-4 divide-y divide-line">
        {review.changes.map((change) => (
          <div key={change.key} className="grid gap-2 py-3 sm:grid-cols-[10rem_1fr_1fr] sm:gap-4">
            <dt className="font-semibold text-ink">{change.label}</dt>
            <dd className="text-sm">
              <span className="block text-xs font-semibold tracking-wide text-muted uppercase">Now</span>
              <Value value={change.now} lang={inSpanish ? review.language : undefined} />
            </dd>
            <dd className="text-sm">
              <span className="block text-xs font-semibold tracking-wide text-brand-dark uppercase">Proposed</span>
              <Value value={change.proposed} lang={inSpanish ? review.language : undefined} />
            </dd>
          </div>
        ))}
      </dl>
      <FormAlert message={message} className="mt-3 px-4 py-3" />
      <div className="mt-4 flex flex-wrap items-start gap-6">
        {review.name ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="member" value={review.memberId} />
            <input type="hidden" name="language" value={review.language} />
            <input type="hidden" name="version" value={review.version} />
            <input type="hidden" name="shown" value={review.shown} />
            <button
              type="submit"
              className="btn-brand"
              disabled={pending}
              aria-label={`Approve and publish the ${inSpanish ? `${languageNames[review.language]} ` : ""}changes of ${review.name}`}
            >
              Approve and publish
            </button>
          </fetcher.Form>
        ) : null}
        <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="min-w-0 flex-1 basis-72 space-y-3">
          <input type="hidden" name="intent" value="send-back" />
          <input type="hidden" name="member" value={review.memberId} />
          <input type="hidden" name="language" value={review.language} />
          <input type="hidden" name="version" value={review.version} />
          <Field field={fields.note} label="Note for them" control="textarea" description="What to change before it can go live." />
          <button type="submit" className="btn-outline-brand" disabled={pending}>
            Send back
          </button>
        </fetcher.Form>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="The review list could not be loaded. Please try again." />;
}
