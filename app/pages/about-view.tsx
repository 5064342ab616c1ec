// The About page as visitors see it, from its content: its definition's view (about.ts), drawn by
// the public route and by the editor's preview.
import type { PageViewProps } from "#app/content/define-page.ts";
import type { AboutContent } from "./about.ts";
import { ContactCta } from "#app/components/site/contact-cta.tsx";
import { CheckIcon } from "#app/components/site/icons.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { Paragraphs } from "#app/components/site/paragraphs.tsx";
import type { StaffMember } from "./about.ts";
import { aboutWords } from "./about-words.ts";
import { StaffPhoto } from "./staff-photo.tsx";
import { NewClientsBadge } from "./new-clients-badge.tsx";
import { getBundledImage } from "#app/media/bundled-images.ts";
import { type TeamPage, teamPages } from "./team-pages.ts";
import { usePractice } from "#app/components/site/practice-context.tsx";
import { useLocalPath } from "#app/i18n/site-words.ts";
import { Credentials, InEnglish, useItemLang, useShownLanguage } from "#app/i18n/shown-language.tsx";

function TeamMember({ member, path }: { member: StaffMember; path: string }) {
  const localPath = useLocalPath();
  // A member added since the page was translated: their card in English, and says so.
  const lang = useItemLang()(member.id);
  return (
    <li lang={lang} className="flex flex-col rounded-2xl border border-line bg-white p-6 shadow-sm">
      <InEnglish when={lang !== undefined}>
        <div className="flex items-center gap-4">
          <StaffPhoto member={member} sizes="6rem" sizeClass="size-24" initialsClass="text-3xl" />
          <div>
            <h4 className="font-serif text-xl font-bold text-brand-dark">
              <a href={localPath(path)} className="text-brand-dark underline decoration-brand/30 underline-offset-4 hover:decoration-brand">
                {member.name}
              </a>
            </h4>
            <Credentials text={member.credentials} className="text-sm font-semibold text-clay-dark" />
            <p className="text-sm text-muted">{member.title}</p>
            <NewClientsBadge member={member} small />
          </div>
        </div>
        {member.bio ? <p className="mt-4 leading-relaxed">{member.bio}</p> : null}
      </InEnglish>
    </li>
  );
}

function Team({ title, members, id }: { title: string; members: ReadonlyArray<TeamPage>; id: string }) {
  if (members.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-12">
      <h3 id={id} className="text-2xl font-bold text-ink">
        {title}
      </h3>
      <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {members.map(({ member, path }) => (
          <TeamMember key={member.id} member={member} path={path} />
        ))}
      </ul>
    </section>
  );
}

export default function AboutView({ content }: PageViewProps<AboutContent>) {
  const practice = usePractice();
  const words = aboutWords[useShownLanguage()];
  // Each member's card links to their own page.
  const team = teamPages(content.staff);
  const philosophy = [
    { title: words.ourMission, text: content.mission },
    { title: words.ourVision, text: content.vision },
    { title: words.ourApproach, text: content.approach },
  ];
  return (
    <>
      <PageHero
        eyebrow={words.aboutUs}
        title={words.heroTitle(practice.name)}
        description={words.heroDescription}
        image={getBundledImage("general/sunrise-red-cliffs")}
      />

      <section aria-labelledby="story-title" className="bg-white">
        <div className="container-page grid gap-10 py-16 sm:py-20 lg:grid-cols-[3fr_2fr]">
          <div>
            <h2 id="story-title" className="text-3xl font-bold text-brand-dark sm:text-4xl">
              {content.title}
            </h2>
            <Paragraphs text={content.description} className="mt-6 space-y-4 text-lg leading-relaxed" />
          </div>
          <aside aria-labelledby="philosophy-title" className="rounded-2xl bg-brand-soft p-8">
            <h2 id="philosophy-title" className="text-2xl font-bold text-brand-dark">
              {words.ourPhilosophy}
            </h2>
            <ul className="mt-6 space-y-6">
              {philosophy.map((point) => (
                <li key={point.title}>
                  <h3 className="font-sans text-base font-semibold tracking-wide text-clay-dark uppercase">{point.title}</h3>
                  <p className="mt-2">{point.text}</p>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </section>

      <section id="team" aria-labelledby="team-title" className="bg-sand">
        <div className="container-page py-16 sm:py-20">
          <h2 id="team-title" className="text-3xl font-bold text-brand-dark sm:text-4xl">
            {words.meetOurTeam}
          </h2>
          <p className="mt-4 max-w-3xl text-lg">{content.teamDescription}</p>
          <Team id="team-local" title={words.localTeam} members={team.filter(({ member }) => member.team === "Cedar City")} />
          <Team id="team-telehealth" title={words.telehealthTeam} members={team.filter(({ member }) => member.team === "Telehealth")} />
        </div>
      </section>

      <section aria-labelledby="why-title" className="bg-white">
        <div className="container-page py-16 sm:py-20">
          <h2 id="why-title" className="text-3xl font-bold text-brand-dark sm:text-4xl">
            {words.whyChoose(practice.name)}
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {words.whyChoosePoints.map((point) => (
              <li key={point.title} className="rounded-2xl border border-line p-6">
                <CheckIcon className="size-7 rounded-full bg-brand p-1.5 text-white" />
                <h3 className="mt-4 text-xl font-bold text-ink">{point.title}</h3>
                <p className="mt-2">{point.text}</p>
              </li>
            ))}
          </ul>
          {content.additionalInfo.trim() ? <p className="mt-10 max-w-3xl text-lg text-muted">{content.additionalInfo}</p> : null}
        </div>
      </section>

      <ContactCta title={words.ctaTitle} description={words.ctaDescription} />
    </>
  );
}
