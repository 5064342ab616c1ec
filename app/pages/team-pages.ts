import { slugFrom } from "#app/content/collections.ts";
import type { StaffMember } from "./about.ts";

/**
 * Each team member's page (issue 42): its address is made from the member's name, as the About
 * page lists them ("Daniel Reyes" is /team/daniel-reyes; a second person of one name gets "-2").
 * The member's texts stay in the About page's team, which the About tab edits (spec section 4).
 */

export const teamPathOf = (slug: string) => `/team/${slug}`;

/** What a member's page address ends with: lower-case letters, digits and hyphens. */
const teamSlugPattern = /^[a-z0-9-]{1,100}$/;

export type TeamPage = { member: StaffMember; slug: string; path: string };

/** A name without the title before it: "Dr. Samuel Okafor" is "Samuel Okafor". */
const withoutHonorific = (name: string) => name.trim().replace(/^(dr|mr|mrs|ms|mx)\.?\s+/i, "");

export function teamPages(staff: ReadonlyArray<StaffMember>): Array<TeamPage> {
  const taken = new Set<string>();
  return staff.map((member) => {
    const base = slugFrom(withoutHonorific(member.name)) || "team-member";
    let slug = base;
    for (let count = 2; taken.has(slug); count += 1) slug = `${base}-${count}`;
    taken.add(slug);
    return { member, slug, path: teamPathOf(slug) };
  });
}

/** "Daniel" of "Daniel Reyes": how the page's call to action names them. */
export function firstNameOf(member: Pick<StaffMember, "name">): string {
  return withoutHonorific(member.name).split(/\s+/)[0] || member.name;
}

/**
 * The member whose page ends with `slug` in `staff` (the contact form opened for them,
 * /contact?with=…, and the inquiry it sends); null for anything else.
 */
export function teamPageWithSlug(staff: ReadonlyArray<StaffMember>, slug: unknown): TeamPage | null {
  if (typeof slug !== "string" || !teamSlugPattern.test(slug)) return null;
  return teamPages(staff).find((page) => page.slug === slug) ?? null;
}

export const isAccepting = (member: Pick<StaffMember, "newClients">) => member.newClients === "Accepting new clients";

/** Accepting therapists first, each group in the team's order. */
function acceptingFirst(team: ReadonlyArray<TeamPage>): Array<TeamPage> {
  return [...team.filter(({ member }) => isAccepting(member)), ...team.filter(({ member }) => !isAccepting(member))];
}

/** The therapists who offer a service (by its page name), those accepting new clients first. */
export function therapistsOffering(team: ReadonlyArray<TeamPage>, serviceId: string): Array<TeamPage> {
  return acceptingFirst(team.filter(({ member }) => member.services.includes(serviceId)));
}

/**
 * Where a visitor goes when a therapist's caseload is full: the others accepting new clients who
 * offer one of `offered` (the live services this one offers; `forThose`), else every other one
 * accepting.
 */
export function othersAcceptingFor(
  team: ReadonlyArray<TeamPage>,
  member: StaffMember,
  offered: ReadonlyArray<string>,
): { forThose: boolean; others: Array<TeamPage> } {
  const accepting = team.filter((page) => page.member.id !== member.id && isAccepting(page.member));
  const sharing = accepting.filter((page) => page.member.services.some((id) => offered.includes(id)));
  return sharing.length > 0 ? { forThose: true, others: sharing } : { forThose: false, others: accepting };
}

/**
 * When each member of the team was last changed, and by whom, from the About page's versions
 * (newest first): the newest version in which a member differs from the one before it. A member
 * unchanged in all of them (or only in the oldest) is not named: changed before those versions.
 */
export function lastMemberChanges(
  versions: ReadonlyArray<{ staff: ReadonlyArray<StaffMember>; savedBy: string | null; savedAt: string }>,
): Map<string, { savedBy: string | null; savedAt: string }> {
  // Compared field by field, whatever order a version's fields were written in.
  const text = (member: StaffMember) => JSON.stringify(Object.entries(member).sort(([a], [b]) => (a < b ? -1 : 1)));
  const changes = new Map<string, { savedBy: string | null; savedAt: string }>();
  for (let index = 0; index + 1 < versions.length; index += 1) {
    const newer = versions[index]!;
    const older = new Map(versions[index + 1]!.staff.map((member) => [member.id, text(member)]));
    for (const member of newer.staff) {
      if (changes.has(member.id) || older.get(member.id) === text(member)) continue;
      changes.set(member.id, { savedBy: newer.savedBy, savedAt: newer.savedAt });
    }
  }
  return changes;
}
