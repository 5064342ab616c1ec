import { afterAll, beforeAll, expect, vi } from "vitest";
import { log } from "#app/server/log.server.ts";
import { aboutDefaults } from "#app/pages/about.ts";
import { loadPage, readPage } from "#app/content/page-store.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { listImages } from "#app/media/media.server.ts";
import { copyTypedImages } from "#app/media/typed-images.server.ts";
import { answerOf, contentTab, createTestAdmin, routeArgs, signedIn, signedInCookie, siteRequest } from "#tests/fixtures/admin.ts";
import { createAdmin } from "#app/staff/staff-accounts.server.ts";
import { replaceConfig } from "#app/server/config.server.ts";
import { testConfigWith } from "#tests/setup/test-config.ts";
import * as profileRoute from "#app/routes/admin/profile.tsx";

const about = contentTab("about");
import { phoneJpeg } from "#tests/fixtures/images.ts";
import { type PhotoSite, startPhotoSite } from "#tests/fixtures/photo-site.ts";
import { storeRawPageContent } from "#tests/fixtures/page-content.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// A staff photo given as an address on another site is copied into the media library when the
// page is saved (review F6): the page then names the library's copy, and no visitor's browser
// ever asks the other site for it.
let site: PhotoSite;
beforeAll(async () => {
  site = await startPhotoSite(await phoneJpeg());
});
afterAll(() => site.stop());

const [first, second] = aboutDefaults.staff;
const team = (images: [string | null, string | null]) => ({
  staff: [
    { ...first!, image: images[0] && { source: "external" as const, url: images[0] } },
    { ...second!, image: images[1] && { source: "external" as const, url: images[1] } },
  ],
});

async function uploader(db: Db) {
  const { id, email } = await createTestAdmin(db);
  return { id, email };
}

testOnEachEngine("a typed address is copied into the library, named after the staff member, and the content names the copy", async (db) => {
  const admin = await uploader(db);
  const photo = `${site.origin}/photo.jpg`;
  const copied = await copyTypedImages(db, team([photo, photo]), admin, site.options);
  if (!copied.ok) throw new Error(JSON.stringify(copied.fieldErrors));
  const [ava, daniel] = copied.content.staff;
  expect(ava!.image).toEqual({ source: "media", id: expect.any(String) });
  // The same address twice is fetched and stored once.
  expect(daniel!.image).toEqual(ava!.image);
  const stored = await listImages(db, "hero-images");
  expect(stored).toHaveLength(1);
  expect(stored[0]!.name).toMatch(new RegExp(`^staff-${first!.id}-[A-Za-z0-9]{16}\\.jpg$`));
});

testOnEachEngine("an address that cannot be copied is a message beside its field, and nothing is kept", async (db) => {
  const admin = await uploader(db);
  const copied = await copyTypedImages(db, team([`${site.origin}/photo.jpg`, `${site.origin}/page.html`]), admin, site.options);
  expect(copied).toEqual({
    ok: false,
    fieldErrors: {
      "staff[1].image": ["The picture could not be copied from that address: the address is not a picture (the site sent something else)."],
    },
  });
  // The first one's copy was made, then deleted again with the refused save.
  expect(await listImages(db, "hero-images")).toEqual([]);
  const fake = await copyTypedImages(db, team([`${site.origin}/not-an-image.jpg`, null]), admin, site.options);
  expect(fake).toMatchObject({
    ok: false,
    fieldErrors: { "staff[0].image": [expect.stringContaining("is not a JPEG, PNG, WebP, AVIF or GIF image")] },
  });
});

testOnEachEngine(
  "the About editor refuses a save whose typed photo leads to this machine, says why beside it, and changes nothing (F6, F16)",
  async (db) => {
    const admin = await createTestAdmin(db);
    const cookie = await signedInCookie(db, admin.id);
    const { staff: _team, shareImage: _picture, ...texts } = aboutDefaults;
    const form = (image: string) => ({
      ...texts,
      title: "Changed",
      baseVersion: "0",
      "staff[0].id": first!.id,
      "staff[0].name": first!.name,
      "staff[0].title": first!.title,
      "staff[0].team": first!.team,
      "staff[0].image": image,
    });
    for (const [image, reason] of [
      ["https://127.0.0.1:4101/admin/logout", "the address leads to a private or local network, which the site never fetches from."],
      ["https://[::1]/photo.jpg", "the address leads to a private or local network, which the site never fetches from."],
      ["https://localhost:8443/admin/logout", "the address is this site's own."],
    ] as const) {
      const answer = await answerOf(() => about.action(routeArgs(siteRequest("/admin/about", { cookie, form: form(image) }))));
      expect(answer, image).toMatchObject({
        status: 400,
        data: {
          status: 400,
          result: { error: { "staff[0].image": [`The picture could not be copied from that address: ${reason}`] } },
        },
      });
    }
    // Credentials in the address are refused by the form's own check, in the browser and here.
    const withCredentials = await answerOf(() =>
      about.action(routeArgs(siteRequest("/admin/about", { cookie, form: form("https://user:pw@tracker.example/p.gif") }))),
    );
    expect(withCredentials).toMatchObject({
      status: 400,
      data: { status: 400, result: { error: { "staff[0].image": [expect.stringContaining("without a user name or password")] } } },
    });
    expect((await readPage(db, "about")).saved).toBe(false);
    expect(await listImages(db, "hero-images")).toEqual([]);
  },
);

testOnEachEngine("an address on another site saved before copies were made, or a deleted upload, is no picture on the page", async (db) => {
  vi.spyOn(log, "error").mockImplementation(() => {});
  await storeRawPageContent(db, "about", {
    staff: [
      { ...first!, image: { source: "external", url: "https://tracker.example/p.gif" } },
      { ...second!, image: { source: "media", id: "Qm3kX9vP2aLzR7mW-640x480" } },
    ],
  });
  const shown = await loadPage(db, "about");
  expect(shown.staff.map((member) => member.image)).toEqual([null, null]);
});

testOnEachEngine(
  "a clinician's photo given by an address of this site's public name is refused as the About editor refuses it",
  async (db) => {
    replaceConfig(testConfigWith({ SITE_URL: "https://practice.example" }));
    await createTestAdmin(db, "owner@example.com");
    const clinician = await createAdmin(db, {
      email: "daniel@example.com",
      password: "a long test password",
      role: "clinician",
      teamMember: "staff-daniel-reyes",
    });
    const cookie = await signedInCookie(db, clinician.id);
    const daniel = aboutDefaults.staff.find((member) => member.id === "staff-daniel-reyes")!;
    const form = { intent: "submit", bio: daniel.bio, image: "https://practice.example/admin/logout" };
    const answer = await answerOf(() => signedIn(profileRoute).action(routeArgs(siteRequest("/admin/profile", { cookie, form }))));
    expect(answer).toMatchObject({
      status: 400,
      data: { result: { error: { image: ["The picture could not be copied from that address: the address is this site's own."] } } },
    });
    expect(await db.selectFrom("profile_submissions").select("member_id").execute()).toEqual([]);
  },
);
