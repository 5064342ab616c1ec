import type { PhoneLine } from "#app/content/practice.ts";
import { CrisisLinks, crisisButtonClass } from "#app/components/site/crisis-links.tsx";

/**
 * What stays beside the form once a message is sent (the toast fades): that it went, what
 * happens next, and where to turn in the meantime. An anxious visitor who looked away, or whose
 * screen reader moved on, finds it still there. Shown after a plain post and a scripted one alike.
 */
export function MessageSentConfirmation({ phone, ref }: { phone: PhoneLine; ref?: React.Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} tabIndex={-1} role="status" className="mt-6 scroll-mt-36 rounded-lg border border-brand bg-brand-soft p-4 outline-none">
      <p className="font-semibold text-brand-dark">Message sent successfully!</p>
      <p className="mt-1">We'll get back to you within 24 hours.</p>
      <p className="mt-3 text-sm">
        <strong>What happens next:</strong> someone from our office will call or e-mail you, usually within one business day, to answer your
        questions and find a time that suits you. To talk sooner, reach us during office hours:
      </p>
      <p className="mt-2 flex flex-wrap gap-2 [&>a]:px-3">
        <a className={crisisButtonClass} href={phone.href}>
          Call {phone.display}
        </a>
        <a className={crisisButtonClass} href={phone.textHref}>
          Text us
        </a>
      </p>
      <p className="mt-3 text-sm">
        <strong>If you are in crisis</strong>, don't wait for us: help is there any time, day or night.
      </p>
      <p className="mt-2 flex flex-wrap gap-2 [&>a]:px-3">
        <CrisisLinks linkClass={crisisButtonClass} emergencyLabel="Call" />
      </p>
    </div>
  );
}
