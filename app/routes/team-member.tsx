import { data, redirect } from "react-router";
import { Paragraphs } from "#app/components/site/paragraphs.tsx";
import { usePractice } from "#app/components/site/practice-context.tsx";
import { loadPageIn, translationStateOf } from "#app/content/page-store.server.ts";
import { isItemTranslated } from "#app/content/translation.ts";
import { servicesIn } from "#app/content/service-names.server.ts";
import { Credentials, ShownLanguageProvider } from "#app/i18n/shown-language.tsx";
import { teamMemberWords } from "#app/pages/team-member-words.ts";
import { pageMeta, practiceOf } from "#app/content/seo.ts";
import { withSearchFields } from "#app/content/search-fields.ts";
import { resolveImage } from "#app/media/image-ref.ts";
import { StaffPhoto } from "#app/pages/staff-photo.tsx";
import { teamPageAt } from "#app/pages/team-addresses.server.ts";
import { firstNameOf, isAccepting, othersAcceptingFor, teamPages } from "#app/pages/team-pages.ts";
import { liveServices } from "#app/content/collection-store.server.ts";
import { licenseLookupOf } from "#app/pages/license-lookup.ts";
import { NewClientsBadge } from "#app/pages/new-clients-badge.tsx";
import { getDb } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import { englishPathOf, type Language, languageOfPath, pathIn } from "#app/i18n/languages.ts";
import type { Route } from "./+types/team-member";
import { useLanguage, useLocalPath } from "#app/i18n/site-words.ts";

/**
 * A team member's page (issue 42), from the About page's team: photo, name, credentials, role,
 * where they see clients, whether they take new clients, their whole biography and their profile
 * (services, specialties, ages, sessions, languages, license), with a Person block for search
 * engines. With a full caseload its call to action names the others who are accepting. An
 * address the member had before answers a permanent redirect to their page now; one of a member
 * who left, to the About page.
 */

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const path = new URL(request.url).pathname;
  // A Spanish page is its English page's (decision 047), at its own address, from the About
  // page's translation.
  const language = languageOfPath(path);
  const [about, live] = await Promise.all([loadPageIn(db, "about", language), liveServices(db)]);
  const { staff } = about.content;
  const found = await teamPageAt(db, staff, englishPathOf(path));
  if (found && "redirectTo" in found) throw redirect(pathIn(language, found.redirectTo), 301);
  if (!found) {
    log.warn("404 Not found", { path });
    throw data(null, { status: 404 });
  }
  const { member } = found.page;
  // Their page is in Spanish once the About page's translation has their texts; the English page
  // then names it.
  const translated = language !== "en" && isItemTranslated(about, member.id);
  const inSpanish = language === "en" ? isItemTranslated(await translationStateOf(db, "about", "es"), member.id) : translated;
  const services = await servicesIn(db, live, translated ? language : "en");
  const offered = services
    .filter((service) => member.services.includes(service.id))
    .map((service) => ({ id: service.id, path: service.path, title: service.translated?.title ?? service.title }));
  // With a full caseload, the others accepting new clients for what this member offers.
  const referral = isAccepting(member)
    ? null
    : othersAcceptingFor(
        teamPages(staff),
        member,
        offered.map((service) => service.id),
      );
  const languages: ReadonlyArray<Language> = inSpanish ? ["en", "es"] : ["en"];
  return {
    member,
    translated: translated ? ("whole" as const) : undefined,
    languages,
    path: pathIn(language, found.page.path),
    slug: found.page.slug,
    services: offered,
    referral: referral && {
      services: referral.forThose ? offered.map((service) => service.title) : [],
      others: referral.others.map(({ member: other, path: otherPath }) => ({ id: other.id, name: other.name, path: otherPath })),
    },
  };
}

/** "A", "A and B", "A, B and C" ("y" in Spanish). */
function listed(items: ReadonlyArray<string>, and: string): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`;
}

/** One line of the profile: a label and what it says, left out when there is nothing to say. */
function ProfileItem({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="border-t border-line pt-4">
      <dt className="font-sans text-sm font-semibold tracking-wide text-clay-dark uppercase">{label}</dt>
      <dd className="mt-1 text-lg">{children}</dd>
    </div>
  );
}

/** The first sentence of a biography, for search results (at most about 160 characters). */
function summaryOf(bio: string, fallback: string): string {
  const first = bio.trim().split(/(?<=[.!?])\s/)[0] ?? "";
  if (!first) return fallback;
  return first.length <= 160 ? first : `${first.slice(0, 157).replace(/\s+\S*$/, "")}...`;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Page not found" }];
  const { member, path } = loaderData;
  const practice = practiceOf(matches);
  const language = loaderData.translated ? languageOfPath(path) : "en";
  const title = member.credentials ? `${member.name}, ${member.credentials}` : member.name;
  const description = summaryOf(member.bio, teamMemberWords[language].summary(member.name, member.title, practice.name));
  // A link to their page shows their photo unless staff chose another picture.
  const photo = member.image ? resolveImage(member.image, 1200)?.src : undefined;
  return pageMeta({ ...withSearchFields({ title, description, ...(photo ? { image: photo } : {}) }, member), matches, path, language });
};

export default function TeamMemberPage({ loaderData }: Route.ComponentProps) {
  const language = useLanguage();
  const shown = loaderData.translated ? language : "en";
  return (
    <ShownLanguageProvider value={{ language: shown, englishItems: [] }}>
      <TeamMemberView loaderData={loaderData} shown={shown} />
    </ShownLanguageProvider>
  );
}

function TeamMemberView({ loaderData, shown }: Pick<Route.ComponentProps, "loaderData"> & { shown: Language }) {
  const { member, services, referral } = loaderData;
  const words = teamMemberWords[shown];
  // The license's and the board's names are as the state writes them, in English.
  const officialLang = shown === "en" ? undefined : "en";
  const localPath = useLocalPath();
  const practice = usePractice();
  const first = firstNameOf(member);
  const lookup = member.licenseType ? licenseLookupOf(member.licenseState) : undefined;
  const hasProfile =
    services.length + member.specialties.length + member.ages.length + member.formats.length + member.languages.length > 0 ||
    member.licenseType !== "";
  const person = {
    "@context": "https://schema.org",
    "@type": "Person",
    name: member.name,
    jobTitle: member.title,
    ...(member.credentials ? { honorificSuffix: member.credentials } : {}),
    ...(member.bio ? { description: member.bio } : {}),
    ...(member.languages.length > 0 ? { knowsLanguage: member.languages } : {}),
    ...(member.specialties.length > 0 ? { knowsAbout: member.specialties } : {}),
    worksFor: { "@type": "MedicalBusiness", name: practice.name },
  };
  const where = member.team === "Telehealth" ? words.seesByTelehealth : words.seesInOffice(practice.address.addressLocality);
  return (
    <>
      <section aria-labelledby="member-name" className="bg-brand-soft">
        <div className="container-page flex flex-col gap-8 py-14 sm:flex-row sm:items-center sm:py-20">
          <StaffPhoto member={member} sizes="12rem" sizeClass="size-48" initialsClass="text-6xl" priority className="shadow-md" />
          <div>
            <p className="eyebrow">{words.ourTeam}</p>
            <h1 id="member-name" className="mt-2 text-4xl font-bold text-brand-dark sm:text-5xl">
              {member.name}
            </h1>
            <Credentials text={member.credentials} className="mt-3 text-lg font-semibold text-clay-dark" />
            <p className="mt-1 text-lg text-ink">{member.title}</p>
            <p className="mt-3 text-ink">{where}</p>
            <NewClientsBadge member={member} />
          </div>
        </div>
      </section>

      {member.bio ? (
        <section aria-labelledby="about-member" className="bg-white">
          <div className="container-page py-14 sm:py-16">
            <h2 id="about-member" className="text-3xl font-bold text-brand-dark">
              {words.about(first)}
            </h2>
            <Paragraphs text={member.bio} className="mt-6 max-w-3xl space-y-4 text-lg leading-relaxed" />
          </div>
        </section>
      ) : null}

      {hasProfile ? (
        <section aria-labelledby="member-profile" className="bg-sand">
          <div className="container-page py-14 sm:py-16">
            <h2 id="member-profile" className="text-3xl font-bold text-brand-dark">
              {words.workingWith(first)}
            </h2>
            <dl className="mt-6 grid max-w-4xl gap-x-10 gap-y-4 sm:grid-cols-2">
              {services.length > 0 ? (
                <ProfileItem label={words.services}>
                  <ul className="space-y-1">
                    {services.map((service) => (
                      <li key={service.id}>
                        <a href={localPath(service.path)} className="link">
                          {service.title}
                        </a>
                      </li>
                    ))}
                  </ul>
                </ProfileItem>
              ) : null}
              {member.specialties.length > 0 ? <ProfileItem label={words.specialties}>{member.specialties.join(", ")}</ProfileItem> : null}
              {member.ages.length > 0 ? (
                <ProfileItem label={words.ages}>{member.ages.map((age) => words.ageGroups[age]).join(", ")}</ProfileItem>
              ) : null}
              {member.formats.length > 0 ? (
                <ProfileItem label={words.sessions}>{member.formats.map((format) => words.sessionFormats[format]).join(", ")}</ProfileItem>
              ) : null}
              {member.languages.length > 0 ? <ProfileItem label={words.languages}>{member.languages.join(", ")}</ProfileItem> : null}
              {member.licenseType ? (
                <ProfileItem label={words.license}>
                  {officialLang ? <span lang={officialLang}>{member.licenseType}</span> : member.licenseType}, {member.licenseState}
                  {member.licenseNumber ? words.number(member.licenseNumber) : ""}
                  {lookup ? (
                    <>
                      <br />
                      <a href={lookup.href} className="link text-base" rel="noopener">
                        {words.checkLicenseWith} {officialLang ? <span lang={officialLang}>{lookup.board}</span> : lookup.board}
                      </a>
                    </>
                  ) : null}
                </ProfileItem>
              ) : null}
            </dl>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="member-cta" className="bg-brand-dark text-white">
        <div className="container-page py-14 text-center">
          {referral ? (
            <>
              <h2 id="member-cta" className="text-3xl font-bold">
                {words.caseloadFull(first)}
              </h2>
              <p className="mx-auto mt-4 max-w-2xl text-lg text-white/90">
                {referral.others.length === 0
                  ? words.noOneAccepting(practice.phone.display)
                  : referral.services.length > 0
                    ? words.othersFor(listed(referral.services, words.and))
                    : words.others}
              </p>
              {referral.others.length > 0 ? (
                <ul className="mx-auto mt-6 flex max-w-3xl flex-wrap justify-center gap-3">
                  {referral.others.map((other) => (
                    <li key={other.id}>
                      <a
                        href={localPath(other.path)}
                        className="inline-block rounded-full bg-white px-4 py-2 font-semibold text-brand-dark no-underline hover:bg-brand-soft"
                      >
                        {other.name}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : (
            <>
              <h2 id="member-cta" className="text-3xl font-bold">
                {words.requestWith(first)}
              </h2>
              <p className="mx-auto mt-4 max-w-2xl text-lg text-white/90">{words.requestText(practice.phone.display)}</p>
            </>
          )}
          <div className="mt-8 flex flex-wrap items-center justify-center gap-4">
            {/* The form then says whom the visitor asks for, and so does the inquiry. */}
            <a href={localPath(referral ? "/contact" : `/contact?with=${loaderData.slug}`)} className="btn-primary">
              {referral ? words.contactUs : words.requestAppointment}
            </a>
            <a href={localPath("/about")} className="btn-outline">
              {words.meetTheTeam}
            </a>
          </div>
        </div>
      </section>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD of the member's own texts, "<" escaped */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(person).replace(/</g, "\\u003c") }} />
    </>
  );
}
