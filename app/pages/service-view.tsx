// A service page as visitors see it, from its content: the service pages' view (services.ts), drawn
// by the public route and by the editor's preview.
import type { PageViewProps } from "#app/content/define-page.ts";
import type { ServiceContent } from "./services.ts";
import { useServices } from "#app/components/site/services-context.tsx";
import { ServicePills } from "#app/components/site/service-pills.tsx";
import { CheckIcon } from "#app/components/site/icons.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { Paragraphs } from "#app/components/site/paragraphs.tsx";
import { serviceHeroImage } from "#app/media/bundled-images.ts";
import { TherapistCards, useServiceTherapists } from "./service-therapists.tsx";
import { useLocalPath } from "#app/i18n/site-words.ts";
import { useShownLanguage } from "#app/i18n/shown-language.tsx";
import { servicePageWords } from "./service-words.ts";

function BulletList({ items }: { items: ReadonlyArray<string> }) {
  return (
    <ul className="mt-6 space-y-3">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of texts, identified by position
        <li key={index} className="flex gap-3 text-lg">
          <CheckIcon className="mt-1 size-5 shrink-0 text-brand" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export default function ServiceView({ page, content }: PageViewProps<ServiceContent>) {
  const localPath = useLocalPath();
  const shown = useShownLanguage();
  const words = servicePageWords[shown];

  const otherServices = useServices().filter((service) => service.id !== page);
  const therapists = useServiceTherapists();
  const hasLists = content.benefits.length > 0 || content.whoItHelps.length > 0;
  return (
    <>
      {/* Left empty (or a deleted upload), a built-in service shows its bundled picture, named by its slug. */}
      <PageHero
        eyebrow={words.ourServices}
        title={content.title}
        description={content.description}
        image={content.heroImage ?? serviceHeroImage(page)}
      />

      {/* A service staff added may leave a list empty: that part is left out (a built-in one always has its own). */}
      {hasLists ? (
        <div className="container-page grid gap-8 py-16 sm:py-20 lg:grid-cols-2">
          {content.benefits.length > 0 ? (
            <section id="benefits" aria-labelledby="benefits-title" className="rounded-2xl bg-brand-soft p-8">
              <h2 id="benefits-title" className="text-3xl font-bold text-brand-dark">
                {words.benefits}
              </h2>
              <BulletList items={content.benefits} />
            </section>
          ) : null}
          {content.whoItHelps.length > 0 ? (
            <section id="who-it-helps" aria-labelledby="who-title" className="rounded-2xl bg-sand p-8">
              <h2 id="who-title" className="text-3xl font-bold text-brand-dark">
                {words.whoItHelps}
              </h2>
              <BulletList items={content.whoItHelps} />
            </section>
          ) : null}
        </div>
      ) : null}

      {content.process.length > 0 ? (
        <section id="what-to-expect" aria-labelledby="expect-title" className="bg-white">
          <div className={`container-page ${hasLists ? "pb-16 sm:pb-20" : "py-16 sm:py-20"}`}>
            <h2 id="expect-title" className="text-3xl font-bold text-brand-dark">
              {words.whatToExpect}
            </h2>
            <ol className="mt-8 grid gap-6 md:grid-cols-3">
              {content.process.map((step, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of texts, identified by position
                <li key={index} className="rounded-2xl border border-line p-6">
                  <span
                    className="flex size-11 items-center justify-center rounded-full bg-clay font-serif text-xl font-bold text-white"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <h3 className="mt-4 font-sans text-sm font-semibold tracking-widest text-clay-dark uppercase">{words.step(index + 1)}</h3>
                  <p className="mt-2 text-lg">{step}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      ) : null}

      {content.additionalInfo.trim() ? (
        <section id="additional-information" aria-labelledby="info-title" className="bg-sand">
          <div className="container-page py-16">
            <h2 id="info-title" className="text-3xl font-bold text-brand-dark">
              {words.additionalInformation}
            </h2>
            <Paragraphs text={content.additionalInfo} className="mt-6 max-w-3xl space-y-4 text-lg leading-relaxed" />
          </div>
        </section>
      ) : null}

      {therapists.length > 0 ? (
        <section id="therapists" aria-labelledby="therapists-title" className="bg-white">
          <div className="container-page py-16">
            <h2 id="therapists-title" className="text-3xl font-bold text-brand-dark">
              {words.therapistsFor(content.title)}
            </h2>
            <TherapistCards therapists={therapists} />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="schedule-title" className="bg-brand-dark text-white">
        <div className="container-page py-16 text-center">
          <h2 id="schedule-title" className="text-3xl font-bold">
            {words.readyToStart}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-white/90">{words.readyToStartText}</p>
          <a href={localPath("/contact")} className="btn-primary mt-8">
            {words.schedule}
          </a>
        </div>
      </section>

      <nav aria-labelledby="other-services-title" className="bg-white">
        <div className="container-page py-14">
          <h2 id="other-services-title" className="text-2xl font-bold text-brand-dark">
            {words.otherServices}
          </h2>
          <ServicePills services={otherServices} className="mt-6" />
        </div>
      </nav>
    </>
  );
}
