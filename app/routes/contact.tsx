import { data, redirect } from "react-router";
import { ContactFormIsland, type ContactFormIslandProps } from "#app/inquiries/contact-form-view.tsx";
import { contactIslandIds } from "#app/inquiries/contact-form-ids.ts";
import { CrisisSection } from "#app/components/site/crisis-section.tsx";
import { MessageSentConfirmation } from "#app/inquiries/message-sent.tsx";
import { ContactDetails } from "#app/components/site/contact-details.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { getBundledImage } from "#app/content/images.ts";
import { emergency911, emergencyCrisisLines, lifeline988 } from "#app/content/practice.ts";
import { usePractice } from "#app/components/site/practice-context.tsx";
import { emptyContactForm } from "#app/inquiries/contact-form.ts";
import { clientInfoContext } from "#app/lib/request-context.ts";
import { pageMeta, practiceOf } from "#app/content/seo.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { issueContactFormToken } from "#app/inquiries/contact-form-token.server.ts";
import { contactPostSchema, receiveInquiry, unreadableFormMessage } from "#app/inquiries/receive-inquiry.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import { islandScriptUrl } from "#app/server/islands.server.ts";
import { type BodyLimitHandle, publicFormBodyLimit } from "#app/lib/body-limit.ts";
import type { Route } from "./+types/contact";

// The form posts a few kilobytes (app/lib/body-limit.ts).
export const handle: BodyLimitHandle = { bodyLimit: publicFormBodyLimit };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { phone, replyPromise } = practiceOf(matches);
  return pageMeta({
    title: "Contact Us",
    description: `Call or text ${phone.display}, or send us a message to schedule counseling in Cedar City, Utah or by telehealth. ${replyPromise}`,
    matches,
    path: "/contact",
  });
};

// The page echoes what a visitor typed, so no cache may keep it. React Router puts only what
// this returns on the document, so the Allow header of a 405 is passed on here too.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const allow = actionHeaders.get("Allow");
  if (allow) headers.set("Allow", allow);
  return headers;
};

// Runs for every render, after a post too, so each form shown carries a fresh token.
export async function loader({ request }: Route.LoaderArgs) {
  return {
    sent: new URL(request.url).searchParams.has("sent"),
    formToken: await issueContactFormToken(await getDb()),
    islandSrc: islandScriptUrl("contact"),
  };
}

// The plain (script-less) form post; the hydrated form posts to /api/inquiries instead.
export async function action({ request, context }: Route.ActionArgs) {
  // React Router runs the action for any method but GET and HEAD; only POST sends a message.
  if (request.method !== "POST") {
    return data({ values: emptyContactForm, errors: {}, error: null }, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  }
  const formData = await readFormData(request, contactPostSchema);
  const db = await getDb();
  if (!formData) return data({ values: emptyContactForm, errors: {}, error: await unreadableFormMessage(db) }, { status: 400 });
  const outcome = await receiveInquiry(db, formData, context.get(clientInfoContext));
  switch (outcome.status) {
    case "sent":
      return redirect("/contact?sent=1#send-message");
    case "invalid":
      return data({ values: outcome.values, errors: outcome.errors, error: null }, { status: 400 });
    case "expired":
      return data({ values: outcome.values, errors: {}, error: outcome.error }, { status: 400 });
    case "refused":
      return data({ values: outcome.values, errors: {}, error: outcome.error }, { status: outcome.httpStatus });
  }
}

/**
 * The form is a React island: rendered here on the server, then hydrated in the browser by
 * its own small script from the same props, while the rest of the page stays static.
 */
function ContactFormMount({ islandSrc, props }: { islandSrc: string; props: ContactFormIslandProps }) {
  return (
    <>
      <div id={contactIslandIds.root}>
        <ContactFormIsland {...props} />
      </div>
      <script
        type="application/json"
        id={contactIslandIds.props}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data with "<" escaped, never run as script
        dangerouslySetInnerHTML={{ __html: JSON.stringify(props).replace(/</g, "\\u003c") }}
      />
      <script type="module" src={islandSrc} />
    </>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const practice = usePractice();
  return (
    <>
      <PageHero
        title="Contact Us"
        description={`We would love to hear from you. Call, text or send a message, and we will help you take the next step. ${practice.replyPromise}`}
        image={getBundledImage("general/contact-hero")}
      />

      <div className="container-page grid gap-12 py-16 lg:grid-cols-[2fr_3fr]">
        <ContactDetails />

        <section id="send-message" className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h2 className="text-3xl font-bold text-brand-dark">Send Us a Message</h2>
          <p className="mt-3 rounded-lg border-l-4 border-clay bg-clay-soft p-4 text-sm text-ink" role="note">
            <strong>This form is not for emergencies.</strong> If you are in danger, call{" "}
            <a className="font-semibold text-clay-dark underline" href={emergency911.href}>
              911
            </a>{" "}
            now. If you are thinking about suicide or are in crisis, call{" "}
            <a className="font-semibold text-clay-dark underline" href={lifeline988.href}>
              988
            </a>{" "}
            or text{" "}
            <a className="font-semibold text-clay-dark underline" href={lifeline988.textHref}>
              988
            </a>{" "}
            any time, day or night.
          </p>
          {loaderData.sent && !actionData ? <MessageSentConfirmation phone={practice.phone} /> : null}
          {actionData?.error ? (
            <div role="alert" className="mt-6 rounded-lg border border-clay-dark bg-clay-soft p-4">
              <p className="font-semibold text-clay-dark">Error sending message</p>
              <p className="mt-1">{actionData.error}</p>
            </div>
          ) : null}
          <ContactFormMount
            islandSrc={loaderData.islandSrc}
            props={{
              initialValues: actionData?.values ?? emptyContactForm,
              initialErrors: actionData?.errors ?? {},
              formToken: loaderData.formToken,
              phone: practice.phone,
            }}
          />
        </section>
      </div>

      <section aria-labelledby="visit-title" className="bg-sand">
        <div className="container-page grid gap-10 py-16 lg:grid-cols-2">
          <div>
            <h2 id="visit-title" className="text-3xl font-bold text-brand-dark">
              Visit Our Office
            </h2>
            <p className="mt-4 text-lg">{practice.parkingAndAccessibility}</p>
            <p className="mt-4">
              <a className="link" href={practice.map.largerMapUrl} target="_blank" rel="noopener noreferrer">
                View a larger map<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          </div>
          <iframe
            title={practice.map.title}
            src={practice.map.embedUrl}
            loading="lazy"
            referrerPolicy="no-referrer"
            className="h-80 w-full rounded-2xl border border-line bg-white"
          />
        </div>
      </section>

      <CrisisSection
        headingId="emergency-title"
        title="In an Emergency"
        intro="Our office cannot respond to emergencies. If you or someone else is in danger or in crisis, reach out now:"
        lines={emergencyCrisisLines}
      />
    </>
  );
}
