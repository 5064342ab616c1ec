import { expect } from "vitest";
import { aboutDefaults, staffPhotoAlt } from "#app/pages/about.ts";
import { loadPage, loadPageIn, readPage, savePage } from "#app/content/page-store.server.ts";
import { uploadImage } from "#app/media/media.server.ts";
import { createTestAdmin } from "#tests/fixtures/admin.ts";
import { pngImage } from "#tests/fixtures/images.ts";
import { storeRawPageContent } from "#tests/fixtures/page-content.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// A picture's description is kept where it is shown (a staff member's "Photo description"). One
// written in the library before (its "Describe", since removed) still speaks where the place has none.

testOnEachEngine(
  "a library description written before is a staff photo's alt where the member has none; the member's own words win",
  async (db) => {
    const admin = await createTestAdmin(db);
    const photo = await uploadImage(db, { bucket: "hero-images", fileName: "porch.png", bytes: await pngImage(400, 600), admin });
    await db.updateTable("media").set({ alt: "Ava smiling on the office porch" }).where("id", "=", photo.id).execute();

    const member = { title: "Therapist", credentials: "", bio: "", team: "Cedar City", image: `media:${photo.id}` };
    await storeRawPageContent(db, "about", {
      staff: [
        { ...member, id: "staff-ava", name: "Ava", imageAlt: "" },
        { ...member, id: "staff-ben", name: "Ben", imageAlt: "Ben at his desk" },
        { ...member, id: "staff-cal", name: "Cal", imageAlt: "", image: null },
      ],
    });
    expect((await loadPage(db, "about")).staff.map((member) => staffPhotoAlt(member))).toEqual([
      "Ava smiling on the office porch",
      "Ben at his desk",
      "Photo of Cal",
    ]);
    // What the editor opens keeps the member's own (empty) words: the library's are not copied into the page.
    expect((await readPage(db, "about")).content.staff[0]?.imageAlt).toBe("");
  },
);

testOnEachEngine(
  "on a Spanish page a member's photo without words of their own says \"Foto de\", not the library's English",
  async (db) => {
    const admin = await createTestAdmin(db);
    const photo = await uploadImage(db, { bucket: "hero-images", fileName: "porch.png", bytes: await pngImage(400, 600), admin });
    await db.updateTable("media").set({ alt: "Ava smiling on the office porch" }).where("id", "=", photo.id).execute();
    const ava = aboutDefaults.staff.find((member) => member.id === "staff-ava-morgan")!;
    await savePage(db, {
      name: "about",
      content: {
        ...aboutDefaults,
        staff: aboutDefaults.staff.map((member) =>
          member.id === ava.id ? { ...member, image: `media:${photo.id}`, imageAlt: "" } : member,
        ),
      },
      baseVersion: 0,
      admin,
    });
    const spanishAva = (await loadPageIn(db, "about", "es")).content.staff.find((member) => member.id === ava.id)!;
    expect(staffPhotoAlt(spanishAva, "es")).toBe("Foto de Ava Morgan");
    // The English page keeps the library's words.
    const englishAva = (await loadPage(db, "about")).staff.find((member) => member.id === ava.id)!;
    expect(staffPhotoAlt(englishAva)).toBe("Ava smiling on the office porch");
  },
);
