import { slugFrom } from "#app/content/collections.ts";
import type { StaffMember } from "./about.ts";

/**
 * Each team member's page (issue 42): its address is made from the member's name, as the About
 * page lists them ("Daniel Reyes" is /team/daniel-reyes; a second person of one name gets "-2").
 * The member's texts stay in the About page's team, which the About tab edits (spec section 4).
 */

export const teamPathOf = (slug: string) => `/team/${slug}`;

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
