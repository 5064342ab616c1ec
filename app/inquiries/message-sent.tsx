import type { PhoneLine } from "#app/content/practice.ts";
import { CrisisLinks, crisisButtonClass } from "#app/components/site/crisis-links.tsx";
import type { Language } from "#app/i18n/languages.ts";
import { contactFormWords } from "./contact-form-words.ts";

/**
 * What stays beside the form once a message is sent (the toast fades): that it went, what
 * happens next, and where to turn in the meantime. An anxious visitor who looked away, or whose
 * screen reader moved on, finds it still there. Shown after a plain post and a scripted one alike.
 */
export function MessageSentConfirmation({
  phone,
  language = "en",
  ref,
}: {
  phone: PhoneLine;
  language?: Language;
  ref?: React.Ref<HTMLDivElement>;
}) {
  const words = contactFormWords[language];
  return (
    <div ref={ref} tabIndex={-1} role="status" className="mt-6 scroll-mt-36 rounded-lg border border-brand bg-brand-soft p-4 outline-none">
      <p className="font-semibold text-brand-dark">{words.sent}</p>
      <p className="mt-1">{words.sentDescription}</p>
      <p className="mt-3 text-sm">
        <strong>{words.whatHappensNext[0]}</strong> {words.whatHappensNext[1]}
      </p>
      <p className="mt-2 flex flex-wrap gap-2 [&>a]:px-3">
        <a className={crisisButtonClass} href={phone.href}>
          {words.callUs(phone.display)}
        </a>
        <a className={crisisButtonClass} href={phone.textHref}>
          {words.textUs}
        </a>
      </p>
      <p className="mt-3 text-sm">
        <strong>{words.inCrisis[0]}</strong>
        {words.inCrisis[1]}
      </p>
      <p className="mt-2 flex flex-wrap gap-2 [&>a]:px-3">
        <CrisisLinks linkClass={crisisButtonClass} emergencyLabel={words.callEmergency} />
      </p>
    </div>
  );
}
