import { emergency911, lifeline988 } from "#app/content/practice.ts";
import { useSiteWords } from "#app/i18n/site-words.ts";
import { useCrisisLineText } from "./crisis-line-text.tsx";

/** A rounded button for a crisis or office number (at least 44 px tall, for a shaky thumb). */
export const crisisButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-white px-2 text-sm font-semibold text-clay-dark no-underline ring-1 ring-clay/40 hover:bg-clay hover:text-white";

/** 988 by call and by text, and 911: what someone in crisis needs, never more than a tap away. */
export function CrisisLinks({
  linkClass,
  separator = null,
  emergencyLabel = "",
  short = false,
}: {
  linkClass: string;
  separator?: React.ReactNode;
  emergencyLabel?: string;
  /** Where every character counts: the phone's strip and menu. */
  short?: boolean;
}) {
  const words = useSiteWords();
  const { textHref } = useCrisisLineText(lifeline988);
  const [call, then] = short ? words.callLifelineShort(lifeline988.number) : [words.callLifeline(lifeline988.number)];
  return (
    <>
      <a href={lifeline988.href} className={linkClass}>
        {then ? (
          // Two short lines where a phone has no room for one long one.
          <span className="flex flex-col items-center leading-tight">
            {call}
            <span className="text-xs font-normal"> {then}</span>
          </span>
        ) : (
          call
        )}
      </a>
      {separator}
      <a href={textHref} className={linkClass}>
        {words.text} {lifeline988.number}
      </a>
      {separator}
      <a href={emergency911.href} className={linkClass}>
        {emergencyLabel ? `${emergencyLabel} ${emergency911.number}` : emergency911.number}
      </a>
    </>
  );
}
