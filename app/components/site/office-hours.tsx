import { usePractice } from "#app/components/site/practice-context.tsx";
import { usePracticeTextLang } from "#app/i18n/site-words.ts";

/**
 * "Monday-Thursday 10AM-5PM", "Friday 10AM-4PM", "Evenings by request". Days and hours may
 * wrap between them in a narrow column, never inside one ("10AM-/5PM").
 */
export function OfficeHoursList({ className = "" }: { className?: string }) {
  const practice = usePractice();
  // The hours are the practice's text.
  return (
    <ul className={className} lang={usePracticeTextLang()}>
      {practice.officeHours.map((hours) => (
        <li key={hours.label}>
          <span className="font-semibold whitespace-nowrap">{hours.label}</span> <span className="whitespace-nowrap">{hours.hours}</span>
        </li>
      ))}
      {practice.officeHoursNote ? <li>{practice.officeHoursNote}</li> : null}
    </ul>
  );
}
