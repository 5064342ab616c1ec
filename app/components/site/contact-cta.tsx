import { usePractice } from "#app/components/site/practice-context.tsx";
import { useLocalPath } from "#app/i18n/site-words.ts";
import { useShownLanguage } from "#app/i18n/shown-language.tsx";

/** Its own words, in the language the page's texts are shown in (decision 047; the Spanish not yet reviewed, README). */
const words = {
  en: { contactUs: "Contact Us Today", call: "Call" },
  es: { contactUs: "Contáctenos hoy", call: "Llame al" },
} as const;

type ContactCtaProps = {
  title: string;
  description: string;
  linkText?: string;
  footerText?: string;
  tagline?: string;
};

/** The closing invitation on a page: one clear way to reach us. */
export function ContactCta({ title, description, linkText, footerText, tagline }: ContactCtaProps) {
  const practice = usePractice();
  const localPath = useLocalPath();
  const own = words[useShownLanguage()];
  return (
    <section className="bg-clay-soft" aria-labelledby="cta-title">
      <div className="container-page py-16 text-center sm:py-20">
        <h2 id="cta-title" className="text-3xl font-bold text-brand-dark sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-ink">{description}</p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-4">
          <a href={localPath("/contact")} className="btn-primary">
            {linkText ?? own.contactUs}
          </a>
          <a href={practice.phone.href} className="btn-outline-brand">
            {own.call} {practice.phone.display}
          </a>
        </div>
        {footerText ? <p className="mx-auto mt-8 max-w-2xl text-muted">{footerText}</p> : null}
        {tagline ? <p className="mt-4 font-serif text-xl font-semibold text-clay-dark italic">{tagline}</p> : null}
      </div>
    </section>
  );
}
