import { usePractice } from "#app/components/site/practice-context.tsx";

/**
 * "Monday-Thursday 10AM-5PM", "Friday 10AM-4PM", "Evenings by request". Days and hours may
 * wrap between them in a narrow column, never inside one ("10AM-/5PM").
 */
export function OfficeHoursList({ className = "", lang }: { className?: string; lang?: string | undefined }) {
  const practice = usePractice();
  return (
    <ul className={className} lang={lang}>
      {practice.officeHours.map((hours) => (
        <li key={hours.label}>
          <span className="font-semibold whitespace-nowrap">{hours.label}</span> <span className="whitespace-nowrap">{hours.hours}</span>
        </li>
      ))}
      {practice.officeHoursNote ? <li>{practice.officeHoursNote}</li> : null}
    </ul>
  );
}
