import { type CrisisLine, footerCrisisLines } from "#app/content/practice.ts";
import { useCrisisLineText } from "./crisis-line-text.tsx";
import { usePractice } from "#app/components/site/practice-context.tsx";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "./icons.tsx";
import { Logo } from "./logo.tsx";
import { OfficeHoursList } from "./office-hours.tsx";
import { useLanguage, useSiteWords } from "#app/i18n/site-words.ts";

/** The same page in the other language, named in its own language ("Español"). */
export type OtherLanguageLink = { href: string; label: string; lang: string };

export function SiteFooter({
  otherLanguage,
  articlesHref,
}: {
  otherLanguage?: OtherLanguageLink | undefined;
  /** The list of articles, once there are some (issue 44): the header keeps the specification's menu. */
  articlesHref?: string | undefined;
}) {
  const practice = usePractice();
  const { footer, text, articles } = useSiteWords();
  const language = useLanguage();
  return (
    <footer className="bg-brand-dark text-white">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <Logo tone="light" />
          <h2 id="footer-contact" className="mt-6 font-sans text-sm font-semibold tracking-widest text-white/80 uppercase">
            {footer.contact}
          </h2>
          <ul className="mt-3 space-y-3 text-white/90">
            <li className="flex items-center gap-3">
              <PhoneIcon className="size-5 shrink-0" />
              <span>
                <a href={practice.phone.href} className="text-white hover:underline">
                  {practice.phone.display}
                </a>
                <span aria-hidden="true"> · </span>
                <a href={practice.phone.textHref} className="text-white underline underline-offset-2">
                  {text}
                  <span className="sr-only"> {practice.phone.display}</span>
                </a>
              </span>
            </li>
            <li className="flex gap-3">
              <MailIcon className="mt-0.5 size-5 shrink-0" />
              <a href={`mailto:${practice.email}`} className="break-all text-white hover:underline">
                {practice.email}
              </a>
            </li>
            <li className="flex gap-3">
              <MapPinIcon className="mt-0.5 size-5 shrink-0" />
              <address className="not-italic">
                {practice.address.lines[0]}
                <br />
                {practice.address.lines[1]}
              </address>
            </li>
          </ul>
        </section>

        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="flex items-center gap-2 font-sans text-sm font-semibold tracking-widest text-white/80 uppercase">
            <ClockIcon className="size-4" /> {footer.officeHours}
          </h2>
          <OfficeHoursList className="mt-3 space-y-1 text-white/90" />
          <h2 className="mt-8 font-sans text-sm font-semibold tracking-widest text-white/80 uppercase">{footer.billing}</h2>
          <p className="mt-3 text-white/90">
            {footer.billingQuestions}{" "}
            <a href={practice.billingPhone.href} className="text-white underline underline-offset-2">
              {practice.billingPhone.display}
            </a>
          </p>
        </section>

        <section aria-labelledby="footer-crisis" className="sm:col-span-2">
          <h2 id="footer-crisis" className="font-sans text-sm font-semibold tracking-widest text-white/80 uppercase">
            {footer.crisisResources}
          </h2>
          <p className="mt-3 text-white/90">{footer.crisisIntro}</p>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {footerCrisisLines.map((line) => (
              <FooterCrisisLine key={line.id} line={line} />
            ))}
          </ul>
        </section>
      </div>

      <div className="border-t border-white/15">
        <div className="container-page py-8">
          <h2 className="sr-only">{footer.credentials}</h2>
          <ul className="flex flex-wrap justify-center gap-3">
            {practice.credentialBadges.map((badge) => {
              const shown = language === "es" ? badge.spanish : badge;
              return (
                <li
                  key={badge.id}
                  title={shown.description}
                  className="rounded-full border border-white/30 px-4 py-1.5 text-xs font-semibold tracking-wide text-white/90"
                >
                  {shown.label}
                </li>
              );
            })}
          </ul>
          {articlesHref ? (
            <p className="mt-6 text-center text-sm">
              <a className="inline-flex min-h-11 items-center font-semibold text-white underline underline-offset-2" href={articlesHref}>
                {articles}
              </a>
            </p>
          ) : null}
          <p className="mt-6 text-center text-sm text-white/80">
            © {practice.copyrightYear} {practice.name}. {footer.allRightsReserved}
          </p>
          {otherLanguage ? (
            <p className="mt-3 text-center text-sm">
              <a
                className="inline-flex min-h-11 items-center font-semibold text-white underline underline-offset-2"
                href={otherLanguage.href}
                lang={otherLanguage.lang}
                hrefLang={otherLanguage.lang}
              >
                {otherLanguage.label}
              </a>
            </p>
          ) : null}
        </div>
      </div>
    </footer>
  );
}

function FooterCrisisLine({ line }: { line: CrisisLine }) {
  const { name, lang, answersInEnglish, inSpanish, textHref } = useCrisisLineText(line);
  const { text, lineMayAnswerInEnglish } = useSiteWords();
  return (
    <li className="rounded-lg bg-white/10 p-3">
      <p className="text-sm text-white/85" lang={lang}>
        {name}
      </p>
      <p className="flex flex-wrap items-baseline gap-x-4">
        <a href={line.href} className="text-lg font-bold text-white hover:underline">
          {line.number}
        </a>
        {textHref ? (
          <a href={textHref} className="text-sm font-semibold text-white underline underline-offset-2">
            {text} {line.number}
          </a>
        ) : null}
      </p>
      {inSpanish ? <p className="mt-1 text-xs text-white/85">{inSpanish}</p> : null}
      {answersInEnglish ? <p className="mt-1 text-xs text-white/85">{lineMayAnswerInEnglish}</p> : null}
    </li>
  );
}
