import { emergency911, lifeline988, practice } from "#app/content/practice.ts";

/**
 * What stays beside the form once a message is sent (the toast fades): that it went, what
 * happens next, and where to turn in the meantime. An anxious visitor who looked away, or whose
 * screen reader moved on, finds it still there. Shown after a plain post and a scripted one alike.
 */
export function MessageSentConfirmation({ ref }: { ref?: React.Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} tabIndex={-1} role="status" className="mt-6 rounded-lg border border-brand bg-brand-soft p-4 outline-none">
      <p className="font-semibold text-brand-dark">Message sent successfully!</p>
      <p className="mt-1">We'll get back to you within 24 hours.</p>
      <p className="mt-3 text-sm">
        <strong>What happens next:</strong> someone from our office will call or e-mail you, usually within one business
        day, to answer your questions and find a time that suits you. To talk sooner, call or text{" "}
        <a className="font-semibold whitespace-nowrap text-brand-dark underline" href={practice.phone.href}>
          {practice.phone.display}
        </a>{" "}
        during office hours.
      </p>
      <p className="mt-3 text-sm">
        <strong>If you are in crisis</strong>, don't wait for us: call{" "}
        <a className="font-semibold text-clay-dark underline" href={lifeline988.href}>
          988
        </a>{" "}
        or text{" "}
        <a className="font-semibold text-clay-dark underline" href={lifeline988.textHref}>
          988
        </a>{" "}
        any time, and in an emergency call{" "}
        <a className="font-semibold text-clay-dark underline" href={emergency911.href}>
          911
        </a>
        .
      </p>
    </div>
  );
}
