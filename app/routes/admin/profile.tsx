import { FormProvider, getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useFetcher } from "react-router";
import { z } from "zod";
import { useAdminAction } from "#app/admin-action/admin-action.ts";
import { type AdminActionRules, adminAction, sendAnswer } from "#app/admin-action/admin-action.server.ts";
import { type AdminAnswer, failedAnswer } from "#app/admin-action/admin-answer.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ServicesProvider } from "#app/components/site/services-context.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { liveServices } from "#app/content/collection-store.server.ts";
import { EmptyListShowsBuiltIn, EnglishReference, FieldEditor } from "#app/content/editor/field-editors.tsx";
import { LanguageSwitch } from "#app/content/editor/language-switch.tsx";
import { untranslatedTextMessage } from "#app/content/translation.ts";
import { type Language, languageOf } from "#app/i18n/languages.ts";
import { formatOfficeTime } from "#app/content/office-time.ts";
import { withReplacedImages } from "#app/content/page-store.server.ts";
import { ImageUploadPlace } from "#app/media/image-picker.tsx";
import { imagesAsAddresses } from "#app/media/image-ref.ts";
import { copyTypedImages, ownHostsOf } from "#app/media/typed-images.server.ts";
import { newClientsOptions } from "#app/pages/about.ts";
import {
  newClientsSchema,
  ownProfileFieldsIn,
  ownProfileKeys,
  ownProfileSchema,
  ownProfileToasts,
  ownTranslatedKeys,
  ownTranslationSchema,
  reviewMessages,
} from "#app/pages/own-profile.ts";
import { readOwnProfile, setOwnNewClients, submitOwnProfile } from "#app/pages/profile-review.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: "Your Profile | Admin Dashboard" }];

/** Which of their texts the page edits: English, or with `?lang=es` their Spanish ones (decision 047). */
function profileLanguageOf(request: Request): Language {
  return languageOf(new URL(request.url).searchParams.get("lang"));
}

const profilePath = "/admin/profile";

function profileHref(language: Language): string {
  return language === "en" ? profilePath : `${profilePath}?lang=${language}`;
}

/**
 * A Clinician's own profile (issue 42): their team member's photo, bio, specialties and the rest
 * of their page, sent for review; "New clients" published at once. Their Spanish side holds their
 * texts only (photo description, bio, specialties, languages), each with their English under it,
 * reviewed the same way. Only the Clinician role reaches this address (staff-roles.ts); the
 * office edits everyone on the About tab.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  if (!admin.teamMember) return { view: "unlinked" as const };
  const language = profileLanguageOf(request);
  const db = await getDb();
  const [{ member, english, path, submission }, services] = await Promise.all([
    readOwnProfile(db, admin.teamMember, language),
    liveServices(db),
  ]);
  if (!member || !english) return { view: "gone" as const };
  // The form opens on what waits for review or was sent back; else on the page as it is.
  const pending = submission && submission.state !== "approved" ? submission.fields : {};
  const opened = await withReplacedImages(db, { ...member, ...pending });
  const keys = language === "en" ? ownProfileKeys : ownTranslatedKeys;
  const englishPath = path ?? "/about";
  return {
    view: "profile" as const,
    language,
    memberId: member.id,
    name: member.name,
    path: language === "en" ? englishPath : `/${language}${englishPath}`,
    newClients: member.newClients,
    profile: Object.fromEntries(keys.map((key) => [key, imagesAsAddresses(opened[key])])),
    // Their English texts, under each field of the Spanish side.
    englishTexts: language === "en" ? null : Object.fromEntries(ownTranslatedKeys.map((key) => [key, english[key]])),
    services,
    submission: submission && {
      state: submission.state,
      version: submission.version,
      submittedAt: formatOfficeTime(submission.submittedAt),
      reviewedBy: submission.reviewedBy,
      reviewedAt: submission.reviewedAt ? formatOfficeTime(submission.reviewedAt) : null,
      note: submission.note,
    },
  };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

const profileRules = {
  failed: { message: "Nothing was sent. Please try again; your text is still here.", toast: { type: "error", title: "Not sent" } },
  invalid: { message: "Some fields need attention: see the messages under them." },
} satisfies AdminActionRules;

const newClientsRules = {
  failed: { message: "Nothing was changed. Please try again.", toast: { type: "error", title: "Nothing was changed" } },
} satisfies AdminActionRules;

/** What each side of the page sends: the whole profile in English, the clinician's texts in Spanish. */
const profileSchemas = { en: ownProfileSchema, es: ownTranslationSchema } as const;

const intentSchema = z.object({ intent: z.enum(["submit", "new-clients"]) });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const language = profileLanguageOf(request);
  const memberId = admin.teamMember;
  if (!memberId) return sendAnswer(failedAnswer(403, { message: reviewMessages.notLinked }));
  const posted = await readFormData(request.clone(), intentSchema);
  const gone = { message: "You are no longer on the team list, so nothing was changed. Ask the office." };
  if (posted?.get("intent") === "new-clients" && language === "en") {
    return adminAction(request, newClientsSchema.extend(intentSchema.shape), newClientsRules, async ({ newClients }, reply) => {
      const done = await setOwnNewClients(await getDb(), { memberId, newClients, admin });
      if (done.status === "gone") return reply(409, gone);
      return reply(200, { toast: { type: "success", title: "Your page now says", description: newClients } });
    });
  }
  // The Spanish side sends their texts only; the rest of their profile is the same in every language.
  return adminAction(request, profileSchemas[language].extend(intentSchema.shape), profileRules, async ({ intent, ...profile }, reply) => {
    const db = await getDb();
    // A photo given by an address on another site is copied into the library first, as the About tab does.
    const copied = await copyTypedImages(db, profile, admin, { ownHosts: ownHostsOf(request) });
    if (!copied.ok) return reply(400, { message: profileRules.invalid.message, fieldErrors: copied.fieldErrors });
    const sent = await submitOwnProfile(db, { memberId, profile: copied.content, admin, language });
    if (sent.status === "gone") return reply(409, gone);
    if (sent.status === "untranslated") {
      const fieldErrors = Object.fromEntries(sent.keys.map((key) => [key, [untranslatedTextMessage]]));
      return reply(400, { message: profileRules.invalid.message, fieldErrors });
    }
    if (sent.status === "unchanged") return reply(400, { message: reviewMessages.nothingChanged });
    if (sent.status === "waiting") return reply(400, { message: reviewMessages.alreadyWaiting });
    return reply(200, { toast: ownProfileToasts.submitted });
  });
}

type ProfileView = Extract<Route.ComponentProps["loaderData"], { view: "profile" }>;

export default function OwnProfile({ loaderData }: Route.ComponentProps) {
  if (loaderData.view !== "profile") {
    return (
      <section aria-labelledby="tab-title" className="max-w-prose space-y-3">
        <h2 id="tab-title" className="text-2xl font-bold text-brand-dark">
          Your Profile
        </h2>
        <p className="text-muted">
          {loaderData.view === "unlinked"
            ? reviewMessages.notLinked
            : "You are no longer on the team list on the About page, so there is no profile to keep. Ask the office if this is a mistake."}
        </p>
      </section>
    );
  }
  return <ProfileForms {...loaderData} />;
}

function ProfileForms({ language, memberId, name, path, newClients, profile, englishTexts, services, submission }: ProfileView) {
  return (
    <section aria-labelledby="tab-title" className="max-w-3xl space-y-6">
      <div className="space-y-3">
        <h2 id="tab-title" className="text-2xl font-bold text-brand-dark">
          Your Profile
        </h2>
        <LanguageSwitch edited={language} englishHref={profileHref("en")} spanishHref={profileHref("es")} />
        {language === "en" ? (
          <p className="text-muted">
            What visitors read about you on{" "}
            <a className="link" href={path}>
              your page
            </a>{" "}
            and the About page. "New clients" changes at once; the rest goes live when an Owner or Editor approves it.
          </p>
        ) : (
          <p className="text-muted">
            Your texts on{" "}
            <a className="link" href={path}>
              your Spanish page
            </a>{" "}
            and the Spanish About page, each with your English under it. Your photo, services, ages and sessions are set on the English
            side. They go live when an Owner or Editor approves them.
          </p>
        )}
      </div>
      {language === "en" ? <NewClientsForm key={newClients} newClients={newClients} /> : null}
      <SubmissionStatus submission={submission} language={language} />
      <ServicesProvider value={services}>
        <EnglishReference.Provider value={englishTexts}>
          <ProfileForm
            key={`${language}-${submission?.version ?? 0}`}
            language={language}
            memberId={memberId}
            name={name}
            profile={profile}
          />
        </EnglishReference.Provider>
      </ServicesProvider>
    </section>
  );
}

/** Its own fetcher: its answer is not the profile form's, and it leaves what that form holds as it is. */
function NewClientsForm({ newClients }: { newClients: string }) {
  const fetcher = useFetcher<AdminAnswer>();
  const { pending, message } = useAdminAction({ fetcher });
  return (
    <fetcher.Form method="post" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <input type="hidden" name="intent" value="new-clients" />
      <fieldset>
        <legend className="text-lg font-bold text-brand-dark">New clients</legend>
        <p className="mt-1 text-sm text-muted">Shown on your page and card at once: no review needed.</p>
        <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {newClientsOptions.map((option) => (
            <label key={option} className="flex min-h-11 items-center gap-2 text-base text-ink">
              <input type="radio" name="newClients" value={option} defaultChecked={option === newClients} className="size-5" />
              {option}
            </label>
          ))}
        </div>
      </fieldset>
      <FormAlert message={message} className="mt-3 px-4 py-3" />
      <button type="submit" className="btn-outline-brand mt-3" disabled={pending}>
        Save new clients
      </button>
    </fetcher.Form>
  );
}

function SubmissionStatus({ submission, language }: { submission: ProfileView["submission"]; language: Language }) {
  if (!submission) return null;
  const yourPage = language === "en" ? "your page" : "your Spanish page";
  const says =
    submission.state === "awaiting"
      ? `Sent for review on ${submission.submittedAt}. ${language === "en" ? "Your page" : "Your Spanish page"} shows the earlier version until an Owner or Editor approves it; you can still change it and send it again.`
      : submission.state === "sent-back"
        ? `Sent back by ${submission.reviewedBy ?? "the office"} on ${submission.reviewedAt ?? ""}. Change it below and submit it again.`
        : `Approved by ${submission.reviewedBy ?? "the office"} on ${submission.reviewedAt ?? ""}: ${yourPage} shows it.`;
  return (
    <div role="status" className="rounded-2xl border border-brand/30 bg-brand-soft p-5">
      <p className="font-semibold text-brand-dark">
        {submission.state === "awaiting" ? "Awaiting review" : submission.state === "sent-back" ? "Sent back" : "Approved"}
      </p>
      <p className="mt-1 text-sm text-ink">{says}</p>
      {submission.state === "sent-back" && submission.note ? (
        <blockquote className="mt-3 border-l-4 border-clay bg-white p-3 text-sm whitespace-pre-line text-ink">{submission.note}</blockquote>
      ) : null}
    </div>
  );
}

const constraints = { en: getZodConstraint(profileSchemas.en), es: getZodConstraint(profileSchemas.es) };

const photoHelp = "A photo of you, as visitors will see it on your card and your page.";

function ProfileForm({ language, memberId, name, profile }: Pick<ProfileView, "language" | "memberId" | "name" | "profile">) {
  const { pending, answer, message } = useAdminAction({ action: profileHref(language) });
  const schema = profileSchemas[language];
  const [form] = useForm({
    id: `own-profile-${language}`,
    defaultValue: profile,
    constraint: constraints[language],
    lastResult: answer?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form
      method="post"
      action={profileHref(language)}
      {...getFormProps(form)}
      className="space-y-5 rounded-2xl border border-line bg-white p-5 sm:p-6"
    >
      <input type="hidden" name="intent" value="submit" />
      <FormAlert message={message ?? form.errors?.[0]} className="px-4 py-3" />
      <FormProvider context={form.context}>
        <ImageUploadPlace.Provider value={{ uploadUrl: "/admin/profile/photo", library: false }}>
          {/* A list of theirs left empty is left out of their page; there is no built-in one. */}
          <EmptyListShowsBuiltIn.Provider value={false}>
            {ownProfileFieldsIn(language).map(([key, field]) =>
              field.kind === "image" ? (
                <fieldset key={key}>
                  <legend className="mb-2 font-semibold text-ink">{field.label}</legend>
                  <FieldEditor name={key} description={{ ...field, help: photoHelp }} image={{ ownerId: memberId, ownerName: name }} />
                </fieldset>
              ) : (
                <FieldEditor key={key} name={key} description={field} />
              ),
            )}
          </EmptyListShowsBuiltIn.Provider>
        </ImageUploadPlace.Provider>
      </FormProvider>
      <button type="submit" className="btn-brand" disabled={pending}>
        {pending ? "Sending..." : "Submit for review"}
      </button>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Your profile could not be loaded. Please try again." />;
}
