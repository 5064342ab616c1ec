// The home page as visitors see it, from its content: its definition's view (homepage.ts), drawn by
// the public route and by the editor's preview.
import type { PageViewProps } from "#app/content/define-page.ts";
import type { HomepageContent } from "./homepage.ts";
import { ContactCta } from "#app/components/site/contact-cta.tsx";
import { CrisisSection } from "#app/components/site/crisis-section.tsx";
import { ArrowRightIcon, ExternalLinkIcon } from "#app/components/site/icons.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { getBundledImage, serviceHeroImage } from "#app/media/bundled-images.ts";
import { homepageDefaults } from "./homepage.ts";
import { footerCrisisLines } from "#app/content/practice.ts";
import { usePractice } from "#app/components/site/practice-context.tsx";
import { serviceTextIn, useServices } from "#app/components/site/services-context.tsx";
import { useLocalPath } from "#app/i18n/site-words.ts";
import { useShownLanguage } from "#app/i18n/shown-language.tsx";
import { homepageWords } from "./homepage-words.ts";

export default function HomepageView({ content }: PageViewProps<HomepageContent>) {
  const localPath = useLocalPath();
  const practice = usePractice();
  const shown = useShownLanguage();
  const words = homepageWords[shown];
  const featuredServices = useServices().filter((service) => service.onHome);
  const officeImage = getBundledImage("general/office-window-view");
  return (
    <>
      <PageHero
        eyebrow={content.heroDescription}
        title={content.heroTitle}
        description={content.heroSubtitle}
        image={content.heroImage ?? homepageDefaults.heroImage ?? undefined}
      >
        <div className="mt-9 flex flex-wrap gap-4">
          <a href={localPath("/contact")} className="btn-primary">
            {words.makeAppointment}
          </a>
          <a href={practice.patientPortalUrl} target="_blank" rel="noopener noreferrer" className="btn-outline">
            {words.patientPortal}
            <ExternalLinkIcon className="size-4" />
            <span className="sr-only">{words.opensInNewTab}</span>
          </a>
        </div>
      </PageHero>

      <section aria-labelledby="about-title" className="bg-white">
        <div className="container-page grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-2">
          <div>
            <p className="eyebrow">{words.aboutUs}</p>
            <h2 id="about-title" className="mt-3 text-3xl font-bold text-brand-dark sm:text-4xl">
              {content.aboutTitle}
            </h2>
            <p className="mt-6 text-lg leading-relaxed">{content.aboutDescription}</p>
            <p className="mt-4 text-lg leading-relaxed">{content.aboutSecondParagraph}</p>
            <a href={localPath("/about")} className="link mt-6 inline-flex items-center gap-2">
              {words.meetOurTeam} <ArrowRightIcon className="size-4" />
            </a>
          </div>
          {officeImage ? (
            <ResponsiveImage
              image={officeImage}
              alt={words.officeImageAlt}
              sizes="(min-width: 1024px) 36rem, 100vw"
              className="aspect-[4/3] w-full rounded-2xl object-cover shadow-lg"
            />
          ) : null}
        </div>
      </section>

      <section id="services" aria-labelledby="services-title" className="bg-sand">
        <div className="container-page py-16 sm:py-20">
          <div className="max-w-3xl">
            <h2 id="services-title" className="text-3xl font-bold text-brand-dark sm:text-4xl">
              {content.servicesTitle}
            </h2>
            <p className="mt-4 text-lg text-ink">{content.servicesDescription}</p>
          </div>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {featuredServices.map((service) => {
              const image = serviceHeroImage(service.id);
              const named = serviceTextIn(service, shown);
              return (
                <li key={service.id}>
                  <a
                    href={localPath(service.path)}
                    className="group flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white no-underline shadow-sm transition-shadow hover:shadow-lg"
                  >
                    {image ? (
                      <ResponsiveImage
                        image={image}
                        alt=""
                        sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
                        className="aspect-[16/9] w-full object-cover"
                      />
                    ) : null}
                    <span className="flex flex-1 flex-col p-6">
                      <span className="font-serif text-xl font-bold text-brand-dark group-hover:underline" lang={named.titleLang}>
                        {named.title}
                      </span>
                      <span className="mt-2 flex-1 text-ink" lang={named.summaryLang}>
                        {named.summary}
                      </span>
                      <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-clay-dark">
                        {words.learnMore} <ArrowRightIcon className="size-4" />
                      </span>
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="approach-title" className="bg-white">
        <div className="container-page py-16 sm:py-20">
          <div className="max-w-3xl">
            <h2 id="approach-title" className="text-3xl font-bold text-brand-dark sm:text-4xl">
              {content.therapyApproachTitle}
            </h2>
            <p className="mt-4 text-lg">{content.therapyApproachDescription}</p>
          </div>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {practice.therapyApproaches.map((approach) => {
              // An approach the list of translations does not know keeps its English, marked.
              const translated = words.approaches[approach.id];
              const lang = shown !== "en" && !translated ? "en" : undefined;
              return (
                <li key={approach.id} className="rounded-2xl border-t-4 border-brand bg-brand-soft p-6">
                  <h3 className="text-2xl font-bold text-brand-dark">{approach.abbreviation}</h3>
                  <p className="mt-1 text-sm font-semibold text-ink" lang={lang}>
                    {translated?.name ?? approach.name}
                  </p>
                  <p className="mt-3 text-ink" lang={lang}>
                    {translated?.description ?? approach.description}
                  </p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <CrisisSection headingId="crisis-title" title={words.crisisTitle} intro={words.crisisIntro} lines={footerCrisisLines} />

      <ContactCta
        title={content.ctaTitle}
        description={content.ctaDescription}
        footerText={content.ctaFooterText}
        tagline={content.ctaTagline}
      />
    </>
  );
}
