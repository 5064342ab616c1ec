// A Clinician's account is linked to one member of the About page's team (their staff id): the
// one profile they keep. The link is checked against the team as it is live when it is made.
import { readPage } from "#app/content/page-store.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import type { StaffRole } from "#app/staff/staff-roles.ts";

/** The live team, as the Staff Accounts page offers it for a Clinician: id and name, in the team's order. */
export async function teamMembersToLink(db: Db): Promise<Array<{ id: string; name: string }>> {
  const { content } = await readPage(db, "about");
  return content.staff.map((member) => ({ id: member.id, name: member.name }));
}

/**
 * The team member an account of `role` is linked to: for a Clinician the one named, which must be
 * on the live team (else not ok: refused with chooseTeamMemberMessage); for any other role none.
 */
export async function linkedTeamMember(
  db: Db,
  role: StaffRole,
  teamMember: string | undefined | null,
): Promise<{ ok: true; teamMember: string | null } | { ok: false }> {
  if (role !== "clinician") return { ok: true, teamMember: null };
  if (!teamMember) return { ok: false };
  const team = await teamMembersToLink(db);
  return team.some((member) => member.id === teamMember) ? { ok: true, teamMember } : { ok: false };
}
