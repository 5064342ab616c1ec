import { data, redirect } from "react-router";
import { ContactForm } from "#app/components/site/contact-form.tsx";
import { CrisisSection } from "#app/components/site/crisis-section.tsx";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "#app/components/site/icons.tsx";
import { OfficeHoursList } from "#app/components/site/office-hours.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { getBundledImage } from "#app/content/images.ts";
import { emergencyCrisisLines, practice } from "#app/content/practice.ts";
import { buildSubmissionPayload, emptyContactForm, validateContactForm, type ContactField } from "#app/lib/contact-form.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { createInquiry } from "#app/server/inquiries.server.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Contact Us",
    description: `Call or text ${practice.phone.display}, or send us a message to schedule counseling in Cedar City, Utah or by telehealth. ${practice.replyPromise}`,
    origin: originFrom(matches),
    path: "/contact",
  });

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.has("sent") };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const values = Object.fromEntries(
    (Object.keys(emptyContactForm) as Array<ContactField>).map((field) => {
      const value = formData.get(field);
      return [field, typeof value === "string" ? value : ""];
    }),
  ) as Record<ContactField, string>;
  const result = validateContactForm(values);
  if (!result.success) return data({ errors: result.errors, values }, { status: 400 });
  await createInquiry(buildSubmissionPayload(result.data));
  return redirect("/contact?sent=1#send-message");
}

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

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        title="Contact Us"
        description={`We would love to hear from you. Call, text or send a message, and we will help you take the next step. ${practice.replyPromise}`}
        image={getBundledImage("general/contact-hero")}
      />

      <div className="container-page grid gap-12 py-16 lg:grid-cols-[2fr_3fr]">
        <section aria-labelledby="contact-info-title">
          <h2 id="contact-info-title" className="text-3xl font-bold text-brand-dark">
            Get in Touch
          </h2>
          <ul className="mt-8 space-y-6">
            <InfoItem icon={<PhoneIcon />} title="Phone">
              <a className="link" href={practice.phone.href}>
                {practice.phone.display}
              </a>
              <p className="text-sm text-muted">Call or text</p>
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

        <section id="send-message" aria-labelledby="send-message-title" className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h2 id="send-message-title" className="text-3xl font-bold text-brand-dark">
            Send Us a Message
          </h2>
          <p className="mt-3 rounded-lg border-l-4 border-clay bg-clay-soft p-4 text-sm text-ink" role="note">
            <strong>This form is not for emergencies.</strong> If you are in danger, call{" "}
            <a className="font-semibold text-clay-dark underline" href="tel:911">
              911
            </a>
            . If you are thinking about suicide or are in crisis, call or text{" "}
            <a className="font-semibold text-clay-dark underline" href="tel:988">
              988
            </a>{" "}
            any time, day or night.
          </p>
          {loaderData.sent ? (
            <div role="status" className="mt-6 rounded-lg border border-brand bg-brand-soft p-4">
              <p className="font-semibold text-brand-dark">Message sent successfully!</p>
              <p className="mt-1">We'll get back to you within 24 hours.</p>
            </div>
          ) : null}
          <div className="mt-6">
            <ContactForm values={actionData?.values ?? emptyContactForm} errors={actionData?.errors ?? {}} />
          </div>
        </section>
      </div>

      <section aria-labelledby="visit-title" className="bg-sand">
        <div className="container-page grid gap-10 py-16 lg:grid-cols-2">
          <div>
            <h2 id="visit-title" className="text-3xl font-bold text-brand-dark">
              Visit Our Office
            </h2>
            <p className="mt-4 text-lg">{practice.parkingAndAccessibility}</p>
            <p className="mt-4">
              <a className="link" href={practice.map.largerMapUrl} target="_blank" rel="noopener noreferrer">
                View a larger map<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          </div>
          <iframe
            title={practice.map.title}
            src={practice.map.embedUrl}
            loading="lazy"
            referrerPolicy="no-referrer"
            className="h-80 w-full rounded-2xl border border-line bg-white"
          />
        </div>
      </section>

      <CrisisSection
        headingId="emergency-title"
        title="In an Emergency"
        intro="Our office cannot respond to emergencies. If you or someone else is in danger or in crisis, reach out now:"
        lines={emergencyCrisisLines}
      />
    </>
  );
}
