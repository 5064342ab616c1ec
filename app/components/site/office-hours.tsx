import { practice } from "#app/content/practice.ts";

/** "Monday-Thursday 10AM-5PM", "Friday 10AM-4PM", "Evenings by request". */
export function OfficeHoursList({ className = "" }: { className?: string }) {
  return (
    <ul className={className}>
      {practice.officeHours.map((hours) => (
        <li key={hours.label}>
          <span className="font-semibold">{hours.label}</span> {hours.hours}
        </li>
      ))}
      <li>{practice.officeHoursNote}</li>
    </ul>
  );
}
