import type { StaffMember } from "./about.ts";
import { isAccepting } from "./team-pages.ts";

/** Whether a therapist takes new clients, as a small label on their card and page. */
export function NewClientsBadge({ member, small = false }: { member: Pick<StaffMember, "newClients">; small?: boolean }) {
  const accepting = isAccepting(member);
  const size = small ? "mt-2 px-2 py-0.5 text-xs" : "mt-3 px-3 py-1 text-sm";
  return (
    <p
      className={`inline-block rounded-full font-semibold ring-1 ring-inset ${size} ${accepting ? "bg-brand-soft text-brand-dark ring-brand/40" : "bg-sand text-ink ring-clay/40"}`}
    >
      {member.newClients}
    </p>
  );
}
