import { expect } from "vitest";
import { staffPhotoAlt } from "#app/content/about.ts";
import { getContentVersion, loadPage, readPage } from "#app/content/page-store.server.ts";
import { listAuditLog } from "#app/server/audit.server.ts";
import { describeImage, getImage, uploadImage } from "#app/server/media/media.server.ts";
import { createTestAdmin } from "#tests/fixtures/admin.ts";
import { pngImage } from "#tests/fixtures/images.ts";
import { storeRawPageContent } from "#tests/fixtures/page-content.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// "Describe" in the Images tab: what a picture shows, in words, used where its place has none.

testOnEachEngine("a library description is a staff photo's alt where the member has none; the member's own words win", async (db) => {
  const admin = await createTestAdmin(db);
  const photo = await uploadImage(db, { bucket: "hero-images", fileName: "porch.png", bytes: await pngImage(400, 600), admin });
  const before = await getContentVersion(db);
  expect(await describeImage(db, { id: photo.id, alt: "Ava smiling on the office porch", admin })).toBe("described");
  // Public pages show it, so they are made again.
  expect(await getContentVersion(db)).toBe(before + 1);
  expect((await getImage(db, photo.id))?.alt).toBe("Ava smiling on the office porch");

  const member = { title: "Therapist", credentials: "", bio: "", team: "Cedar City", image: `media:${photo.id}` };
  await storeRawPageContent(db, "about", {
    staff: [
      { ...member, id: "staff-ava", name: "Ava", imageAlt: "" },
      { ...member, id: "staff-ben", name: "Ben", imageAlt: "Ben at his desk" },
      { ...member, id: "staff-cal", name: "Cal", imageAlt: "", image: null },
    ],
  });
  expect((await loadPage(db, "about")).staff.map(staffPhotoAlt)).toEqual([
    "Ava smiling on the office porch",
    "Ben at his desk",
    "Photo of Cal",
  ]);
  // What the editor opens keeps the member's own (empty) words: the library's are not copied into the page.
  expect((await readPage(db, "about")).content.staff[0]?.imageAlt).toBe("");

  expect(await describeImage(db, { id: "NoSuchImage1-10x10", alt: "x", admin })).toBe("not-found");
  expect((await listAuditLog(db)).filter((entry) => entry.action === "media-described")).toEqual([
    expect.objectContaining({ target: photo.path, admin_email: admin.email }),
  ]);
});
