import { usePractice } from "./practice-context.tsx";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "./icons.tsx";
import { OfficeHoursList } from "./office-hours.tsx";

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

/** The contact page's "Get in Touch": phones, e-mail, address, hours and billing, as staff saved them. */
export function ContactDetails() {
  const practice = usePractice();
  return (
    <section aria-labelledby="contact-info-title">
      <h2 id="contact-info-title" className="text-3xl font-bold text-brand-dark">
        Get in Touch
      </h2>
      <ul className="mt-8 space-y-6">
        <InfoItem icon={<PhoneIcon />} title="Phone">
          <a className="link" href={practice.phone.href}>
            {practice.phone.display}
          </a>
          <p className="text-sm text-muted">
            Call, or{" "}
            <a className="link" href={practice.phone.textHref}>
              send a text
            </a>
          </p>
        </InfoItem>
        <InfoItem icon={<MailIcon />} title="Email">
          <a className="link break-all" href={`mailto:${practice.email}`}>
            {practice.email}
          </a>
        </InfoItem>
        <InfoItem icon={<MapPinIcon />} title="Office Address">
          <address className="not-italic">
            {practice.address.lines[0]}
            <br />
            {practice.address.lines[1]}
          </address>
        </InfoItem>
        <InfoItem icon={<ClockIcon />} title="Office Hours">
          <OfficeHoursList />
        </InfoItem>
        <InfoItem icon={<PhoneIcon />} title="Billing">
          <a className="link" href={practice.billingPhone.href}>
            {practice.billingPhone.display}
          </a>
          <p className="text-sm text-muted">Questions about insurance, statements or payments</p>
        </InfoItem>
      </ul>
      <div className="mt-8 rounded-2xl border border-brand/30 bg-brand-soft p-6">
        <h3 className="text-xl font-bold text-brand-dark">{practice.newPatientInfo.title}</h3>
        <p className="mt-2">{practice.newPatientInfo.text}</p>
      </div>
    </section>
  );
}
