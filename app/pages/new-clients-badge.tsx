import type { Language } from "#app/i18n/languages.ts";
import { useShownLanguage } from "#app/i18n/shown-language.tsx";
import type { newClientsOptions, StaffMember } from "./about.ts";
import { isAccepting } from "./team-pages.ts";

/** The badge's words: staff choose the English option, a Spanish page says it in Spanish (not yet reviewed, README). */
const labels: Readonly<Record<Language, Readonly<Record<(typeof newClientsOptions)[number], string>>>> = {
  en: { "Accepting new clients": "Accepting new clients", "Caseload full": "Caseload full" },
  es: { "Accepting new clients": "Acepta clientes nuevos", "Caseload full": "Agenda completa" },
};

/** Whether a therapist takes new clients, as a small label on their card and page, in the language their texts are shown in. */
export function NewClientsBadge({ member, small = false }: { member: Pick<StaffMember, "newClients">; small?: boolean }) {
  const shown = useShownLanguage();
  const accepting = isAccepting(member);
  const size = small ? "mt-2 px-2 py-0.5 text-xs" : "mt-3 px-3 py-1 text-sm";
  return (
    <p
      className={`inline-block rounded-full font-semibold ring-1 ring-inset ${size} ${accepting ? "bg-brand-soft text-brand-dark ring-brand/40" : "bg-sand text-ink ring-clay/40"}`}
    >
      {labels[shown][member.newClients]}
    </p>
  );
}
