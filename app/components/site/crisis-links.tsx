import { emergency911, lifeline988 } from "#app/content/practice.ts";
import { useSiteWords } from "#app/i18n/site-words.ts";

/** A rounded button for a crisis or office number (at least 44 px tall, for a shaky thumb). */
export const crisisButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-white px-2 text-sm font-semibold text-clay-dark no-underline ring-1 ring-clay/40 hover:bg-clay hover:text-white";

/** 988 by call and by text, and 911: what someone in crisis needs, never more than a tap away. */
export function CrisisLinks({
  linkClass,
  separator = null,
  emergencyLabel = "",
}: {
  linkClass: string;
  separator?: React.ReactNode;
  emergencyLabel?: string;
}) {
  const words = useSiteWords();
  return (
    <>
      <a href={lifeline988.href} className={linkClass}>
        {words.call} {lifeline988.number}
      </a>
      {separator}
      <a href={lifeline988.textHref} className={linkClass}>
        {words.text} {lifeline988.number}
      </a>
      {separator}
      <a href={emergency911.href} className={linkClass}>
        {emergencyLabel ? `${emergencyLabel} ${emergency911.number}` : emergency911.number}
      </a>
    </>
  );
}
