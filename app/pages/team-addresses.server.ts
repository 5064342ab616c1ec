// Where a team member's page has been (issue 42): every address a member's page had is kept in
// entry_addresses under the member's id, so a renamed member's old address leads to their new
// one, and a member who left leads to the About page, never to "page not found".
import type { Db } from "#app/server/db/db.server.ts";
import type { StaffMember } from "./about.ts";
import { type TeamPage, teamPages } from "./team-pages.ts";

/**
 * Called in the transaction that publishes the About page, with its team before and after: the
 * addresses the team had are kept (an address already kept stays with whom it had), and the
 * addresses it has now are its members' (one that someone else had before goes to its new member).
 */
export async function recordTeamAddresses(trx: Db, before: ReadonlyArray<StaffMember>, after: ReadonlyArray<StaffMember>): Promise<void> {
  const rows = (team: ReadonlyArray<StaffMember>) => teamPages(team).map(({ member, path }) => ({ path, entry_id: member.id }));
  const earlier = rows(before);
  if (earlier.length > 0) {
    await trx
      .insertInto("entry_addresses")
      .values(earlier)
      .onConflict((conflict) => conflict.column("path").doNothing())
      .execute();
  }
  for (const row of rows(after)) {
    await trx
      .insertInto("entry_addresses")
      .values(row)
      .onConflict((conflict) => conflict.column("path").doUpdateSet({ entry_id: row.entry_id }))
      .execute();
  }
}

/**
 * What a public address under /team/ is, given the team as visitors see it: a member's page, a
 * redirect to where that member is now (or to About, once they left), or nothing.
 */
export async function teamPageAt(
  db: Db,
  staff: ReadonlyArray<StaffMember>,
  path: string,
): Promise<{ page: TeamPage } | { redirectTo: string } | null> {
  const pages = teamPages(staff);
  const page = pages.find((each) => each.path === path);
  if (page) return { page };
  const kept = await db.selectFrom("entry_addresses").select("entry_id").where("path", "=", path).executeTakeFirst();
  if (!kept) return null;
  return { redirectTo: pages.find((each) => each.member.id === kept.entry_id)?.path ?? "/about" };
}
