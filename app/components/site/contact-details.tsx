import { usePractice, usePracticeTexts } from "./practice-context.tsx";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "./icons.tsx";
import { OfficeHoursList } from "./office-hours.tsx";
import { contactPageWords } from "#app/inquiries/contact-page-words.ts";
import { useLanguage } from "#app/i18n/site-words.ts";

function InfoItem({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand text-white">{icon}</span>
      <div>
        <h3 className="font-sans text-base font-semibold text-ink">{title}</h3>
        <div className="mt-1 text-ink">{children}</div>
      </div>
    </li>
  );
}

/**
 * The contact page's "Get in Touch": phones, e-mail, address, hours and billing, as staff saved
 * them, in the page's language; the practice's texts still in English are marked so.
 */
export function ContactDetails() {
  const practice = usePractice();
  const words = contactPageWords[useLanguage()].details;
  const { newPatientInfo } = usePracticeTexts();
  return (
    <section aria-labelledby="contact-info-title">
      <h2 id="contact-info-title" className="text-3xl font-bold text-brand-dark">
        {words.getInTouch}
      </h2>
      <ul className="mt-8 space-y-6">
        <InfoItem icon={<PhoneIcon />} title={words.phone}>
          <a className="link" href={practice.phone.href}>
            {practice.phone.display}
          </a>
          <p className="text-sm text-muted">
            {words.callOr}
            <a className="link" href={practice.phone.textHref}>
              {words.sendAText}
            </a>
          </p>
        </InfoItem>
        <InfoItem icon={<MailIcon />} title={words.email}>
          <a className="link break-all" href={`mailto:${practice.email}`}>
            {practice.email}
          </a>
        </InfoItem>
        <InfoItem icon={<MapPinIcon />} title={words.officeAddress}>
          <address className="not-italic">
            {practice.address.lines[0]}
            <br />
            {practice.address.lines[1]}
          </address>
        </InfoItem>
        <InfoItem icon={<ClockIcon />} title={words.officeHours}>
          <OfficeHoursList />
        </InfoItem>
        <InfoItem icon={<PhoneIcon />} title={words.billing}>
          <a className="link" href={practice.billingPhone.href}>
            {practice.billingPhone.display}
          </a>
          <p className="text-sm text-muted">{words.billingQuestions}</p>
        </InfoItem>
      </ul>
      <div className="mt-8 rounded-2xl border border-brand/30 bg-brand-soft p-6">
        <h3 className="text-xl font-bold text-brand-dark">{newPatientInfo.title}</h3>
        <p className="mt-2">{newPatientInfo.text}</p>
      </div>
    </section>
  );
}
