import { data, redirect } from "react-router";
import { ContactFormIsland, type ContactFormIslandProps } from "#app/inquiries/contact-form-view.tsx";
import { contactFormTokenPath, contactIslandIds } from "#app/inquiries/contact-form-ids.ts";
import { IslandMount } from "#app/islands/island-mount.tsx";
import { CrisisSection } from "#app/components/site/crisis-section.tsx";
import { MessageSentConfirmation } from "#app/inquiries/message-sent.tsx";
import { ContactDetails } from "#app/components/site/contact-details.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { getBundledImage } from "#app/media/bundled-images.ts";
import { emergency911, emergencyCrisisLines, lifeline988 } from "#app/content/practice.ts";
import { usePractice, usePracticeTexts } from "#app/components/site/practice-context.tsx";
import { useCrisisLineText } from "#app/components/site/crisis-line-text.tsx";
import { translatedServiceNames, useServices } from "#app/components/site/services-context.tsx";
import { type ContactField, type ContactFieldErrors, emptyContactForm } from "#app/inquiries/contact-form.ts";
import { clientInfoContext } from "#app/lib/request-context.ts";
import { pageMeta, practiceOf } from "#app/content/seo.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { contactFormTokenOf, issueContactFormCookie } from "#app/inquiries/contact-form-token.server.ts";
import { contactPostSchema, receiveInquiry, unreadableFormMessage } from "#app/inquiries/receive-inquiry.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import { islandScript } from "#app/islands/islands.server.ts";
import { loadPage } from "#app/content/page-store.server.ts";
import { teamPageWithSlug } from "#app/pages/team-pages.ts";
import { type BodyLimitHandle, publicFormBodyLimit } from "#app/lib/body-limit.ts";
import { languageOfPath, pathIn } from "#app/i18n/languages.ts";
import { useLanguage } from "#app/i18n/site-words.ts";
import { contactPageWords } from "#app/inquiries/contact-page-words.ts";
import type { PageTranslationHandle } from "#app/i18n/page-languages.ts";
import type { Route } from "./+types/contact";

// The form posts a few kilobytes (app/lib/body-limit.ts). The page writes its own words in its
// language and marks the practice's texts still in English itself; whether any are (the note
// under the office hours, a service's name), the public layout says from what it read.
export const handle: BodyLimitHandle & PageTranslationHandle = {
  bodyLimit: publicFormBodyLimit,
  translated: "as the practice's details",
  languages: ["en", "es"],
};

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { phone, replyPromise } = practiceOf(matches);
  const language = languageOfPath(location.pathname);
  const words = contactPageWords[language];
  return pageMeta({
    title: words.title,
    // The reply promise is the practice's text, in English until translated.
    description: language === "en" ? `${words.metaDescription(phone.display)} ${replyPromise}` : words.metaDescription(phone.display),
    matches,
    path: pathIn(language, "/contact"),
    language,
  });
};

// The page as shown to everyone is the same bytes, served from the page cache and kept by nginx
// like any page; its form's token comes in the cookie of a stylesheet it links, an answer made
// for each visitor (decision 002). Print-only, so it never holds up the page's first paint; every
// browser fetches it with the page, with or without script. An answer to a post echoes what a
// visitor typed: no cache may keep that at all. React Router puts only what this returns on the
// document, so the action's Cache-Control, Allow (405) and Set-Cookie (a fresh token for an
// expired form) are passed on here.
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: contactFormTokenPath, media: "print" }];

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Allow", "Set-Cookie"]) {
    const value = actionHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  // The therapist a visitor came from (their page's "Request an appointment" opens
  // /contact?with=daniel-reyes); none for an address no member has now. A page with a query is
  // rendered for its visitor, never kept in the page cache.
  const asked = query.has("with") ? teamPageWithSlug((await loadPage(await getDb(), "about")).staff, query.get("with")) : null;
  return {
    sent: query.has("sent"),
    island: islandScript("contact"),
    therapist: asked && { slug: asked.slug, name: asked.member.name },
  };
}

// The plain (script-less) form post; the hydrated form posts to /api/inquiries instead.
export async function action({ request, context }: Route.ActionArgs) {
  // React Router runs the action for any method but GET and HEAD; only POST sends a message.
  if (request.method !== "POST") return answer({ values: emptyContactForm, errors: {}, error: null }, 405, { Allow: "GET, HEAD, POST" });
  const formData = await readFormData(request, contactPostSchema);
  const db = await getDb();
  const language = languageOfPath(new URL(request.url).pathname);
  if (!formData) return answer({ values: emptyContactForm, errors: {}, error: await unreadableFormMessage(db, language) }, 400);
  const outcome = await receiveInquiry(db, formData, context.get(clientInfoContext), contactFormTokenOf(request));
  switch (outcome.status) {
    case "sent":
      // The page it leads to sets a fresh token for a next message.
      return redirect(`${pathIn(language, "/contact")}?sent=1#send-message`);
    case "invalid":
      return answer({ values: outcome.values, errors: outcome.errors, error: null }, 400);
    case "expired":
      // The page keeps what was typed; with a fresh token the visitor only sends again.
      return answer({ values: outcome.values, errors: {}, error: outcome.error }, 400, {
        "Set-Cookie": await issueContactFormCookie(db, request),
      });
    case "refused":
      return answer({ values: outcome.values, errors: {}, error: outcome.error }, outcome.httpStatus);
  }
}

type ActionAnswer = { values: Record<ContactField, string>; errors: ContactFieldErrors; error: string | null };

// An answer to a post shows what the visitor typed: no cache may keep it.
function answer(body: ActionAnswer, status: number, headers: Record<string, string> = {}) {
  return data(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const practice = usePractice();
  const language = useLanguage();
  const words = contactPageWords[language];
  const texts = usePracticeTexts();
  const services = useServices();
  // A text to 988 from a Spanish page asks for its Spanish line (decision 044).
  const lifelineText = useCrisisLineText(lifeline988).textHref;
  const formProps: ContactFormIslandProps = {
    initialValues: actionData?.values ?? emptyContactForm,
    initialErrors: actionData?.errors ?? {},
    phone: practice.phone,
    services: services.map((service) => service.title),
    therapist: loaderData.therapist,
    // English pages' props stay as they were.
    ...(language === "en" ? {} : { language, serviceNames: translatedServiceNames(services, language) }),
  };
  return (
    <>
      <PageHero title={words.title} description={`${words.intro} ${texts.replyPromise}`} image={getBundledImage("general/contact-hero")} />

      <div className="container-page grid gap-12 py-16 lg:grid-cols-[2fr_3fr]">
        <ContactDetails />

        <section id="send-message" className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h2 className="text-3xl font-bold text-brand-dark">{words.sendUsAMessage}</h2>
          <p className="mt-3 rounded-lg border-l-4 border-clay bg-clay-soft p-4 text-sm text-ink" role="note">
            <strong>{words.notForEmergencies}</strong>
            {words.emergencyNote[0]}
            <a className="font-semibold text-clay-dark underline" href={emergency911.href}>
              911
            </a>
            {words.emergencyNote[1]}
            <a className="font-semibold text-clay-dark underline" href={lifeline988.href}>
              988
            </a>
            {words.emergencyNote[2]}
            <a className="font-semibold text-clay-dark underline" href={lifelineText}>
              988
            </a>
            {words.emergencyNote[3]}
          </p>
          {loaderData.sent && !actionData ? <MessageSentConfirmation phone={practice.phone} language={language} /> : null}
          {actionData?.error ? (
            <div role="alert" className="mt-6 rounded-lg border border-clay-dark bg-clay-soft p-4">
              <p className="font-semibold text-clay-dark">{words.errorSending}</p>
              <p className="mt-1">{actionData.error}</p>
            </div>
          ) : null}
          {/* A React island: hydrated in the browser by its own small script from the same props. */}
          <IslandMount ids={contactIslandIds} script={loaderData.island} props={formProps}>
            <ContactFormIsland {...formProps} />
          </IslandMount>
        </section>
      </div>

      <section aria-labelledby="visit-title" className="bg-sand">
        <div className="container-page grid gap-10 py-16 lg:grid-cols-2">
          <div>
            <h2 id="visit-title" className="text-3xl font-bold text-brand-dark">
              {words.visitOurOffice}
            </h2>
            <p className="mt-4 text-lg">{texts.parkingAndAccessibility}</p>
            <p className="mt-4">
              <a className="link" href={practice.map.largerMapUrl} target="_blank" rel="noopener noreferrer">
                {words.largerMap}
                <span className="sr-only">{words.opensInNewTab}</span>
              </a>
            </p>
          </div>
          {/* Chromium starts a lazy frame 3,000 px before it is in view: this box keeps the map from
              loading with the page on a phone until it is about a screen away (decision 007). */}
          <div className="h-80 [contain-intrinsic-size:auto_20rem] [content-visibility:auto]">
            <iframe
              title={texts.mapTitle}
              src={practice.map.embedUrl}
              loading="lazy"
              referrerPolicy="no-referrer"
              className="h-full w-full rounded-2xl border border-line bg-white"
            />
          </div>
        </div>
      </section>

      <CrisisSection headingId="emergency-title" title={words.inAnEmergency} intro={words.emergencyIntro} lines={emergencyCrisisLines} />
    </>
  );
}
