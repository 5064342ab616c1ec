import { expect, test } from "vitest";
import { savePage } from "#app/content/page-store.server.ts";
import { aboutDefaults, type StaffMember } from "#app/pages/about.ts";
import { teamPageAt } from "#app/pages/team-addresses.server.ts";
import { firstNameOf, lastMemberChanges, teamPages } from "#app/pages/team-pages.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { createTestAdmin } from "#tests/fixtures/admin.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// Each team member's page is made from the About page's team (issue 42); the addresses they had
// are kept when the About page is published, so a renamed member or one who left is redirected.

test("a member's address is made from their name, without a title before it, and two of one name are told apart", () => {
  const member = (id: string, name: string) => ({ ...aboutDefaults.staff[0]!, id, name });
  const pages = teamPages([
    member("a", "Dr. Samuel Okafor"),
    member("b", "Ana Núñez & Co"),
    member("c", "Ana Núñez & Co"),
    member("d", "!!!"),
  ]);
  expect(pages.map((page) => page.path)).toEqual([
    "/team/samuel-okafor",
    "/team/ana-nunez-and-co",
    "/team/ana-nunez-and-co-2",
    "/team/team-member",
  ]);
  expect(firstNameOf({ name: "Dr. Samuel Okafor" })).toBe("Samuel");
});

test("each member's last change is the newest version that changed them; one unchanged throughout is not named", () => {
  const [ava, daniel, rachel] = aboutDefaults.staff as [StaffMember, StaffMember, StaffMember];
  const version = (staff: Array<StaffMember>, savedBy: string, savedAt: string) => ({ staff, savedBy, savedAt });
  const changes = lastMemberChanges([
    version([ava, { ...daniel, bio: "Newer." }, rachel], "c@example.com", "2026-12-03T00:00:00.000Z"),
    version([ava, { ...daniel, bio: "New." }, rachel], "b@example.com", "2026-12-02T00:00:00.000Z"),
    // The same member written in another order of fields is no change.
    version([Object.fromEntries(Object.entries(ava).reverse()) as StaffMember, daniel], "a@example.com", "2026-12-01T00:00:00.000Z"),
    version([ava, daniel], "", ""),
  ]);
  expect(Object.fromEntries(changes)).toEqual({
    [daniel.id]: { savedBy: "c@example.com", savedAt: "2026-12-03T00:00:00.000Z" },
    [rachel.id]: { savedBy: "b@example.com", savedAt: "2026-12-02T00:00:00.000Z" },
  });
});

async function publishTeam(db: Db, staff: typeof aboutDefaults.staff) {
  const admin = await createTestAdmin(db);
  const current = await db.selectFrom("page_content").select("version").where("page_name", "=", "about").executeTakeFirst();
  const saved = await savePage(db, { name: "about", content: { ...aboutDefaults, staff }, baseVersion: current?.version ?? 0, admin });
  expect(saved.status).toBe("saved");
}

testOnEachEngine(
  "a renamed member's old address leads to their new one; one who left leads to About; a draft moves nothing",
  async (db) => {
    const staff = aboutDefaults.staff;
    expect(await teamPageAt(db, staff, "/team/daniel-reyes")).toMatchObject({ page: { member: { id: "staff-daniel-reyes" } } });
    expect(await teamPageAt(db, staff, "/team/nobody")).toBeNull();

    // The first save of the About page keeps the built-in team's addresses too.
    const renamed = staff
      .filter((member) => member.id !== "staff-ava-morgan")
      .map((member) => (member.id === "staff-daniel-reyes" ? { ...member, name: "Daniel Reyes-Ortiz" } : member));
    await publishTeam(db, renamed);
    expect(await teamPageAt(db, renamed, "/team/daniel-reyes")).toEqual({ redirectTo: "/team/daniel-reyes-ortiz" });
    expect(await teamPageAt(db, renamed, "/team/ava-morgan")).toEqual({ redirectTo: "/about" });

    // A new member who takes a name someone had: the address is theirs now.
    const newAva = { ...staff[0]!, id: "staff-new-ava", name: "Ava Morgan" };
    await publishTeam(db, [...renamed, newAva]);
    expect(await teamPageAt(db, [...renamed, newAva], "/team/ava-morgan")).toMatchObject({ page: { member: { id: "staff-new-ava" } } });
    const owner = await db.selectFrom("entry_addresses").select("entry_id").where("path", "=", "/team/ava-morgan").executeTakeFirst();
    expect(owner?.entry_id).toBe("staff-new-ava");
  },
);
