import { usePractice } from "#app/components/site/practice-context.tsx";
import { useLanguage } from "#app/i18n/site-words.ts";
import { spanishOfficeDays, spanishOfficeTimes } from "#app/i18n/spanish-hours.ts";

/**
 * "Monday-Thursday 10AM-5PM", "Friday 10AM-4PM", "Evenings by request". Days and hours may
 * wrap between them in a narrow column, never inside one ("10AM-/5PM"). A Spanish page writes the
 * days and times in Spanish from what the site read of them ("Lunes a jueves 10 a. m.–5 p. m.");
 * the note is the practice's own words, in its Spanish translation, or in English marked so.
 */
export function OfficeHoursList({ className = "" }: { className?: string }) {
  const practice = usePractice();
  const spanish = useLanguage() === "es";
  return (
    <ul className={className}>
      {practice.officeHours.map((hours) => (
        <li key={hours.label}>
          <span className="font-semibold whitespace-nowrap">{spanish ? spanishOfficeDays(hours.days) : hours.label}</span>{" "}
          <span className="whitespace-nowrap">{spanish ? spanishOfficeTimes(hours) : hours.hours}</span>
        </li>
      ))}
      {practice.officeHoursNote ? <li lang={practice.officeHoursNoteLang}>{practice.officeHoursNote}</li> : null}
    </ul>
  );
}
