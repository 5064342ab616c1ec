import { expect, vi } from "vitest";
import { homepageDefaults } from "#app/pages/homepage.ts";
import { mediaKey, pageKey, withContentReads } from "#app/content/content-keys.server.ts";
import { loadPage, savePage } from "#app/content/page-store.server.ts";
import { changeContent, getContentVersion, type StaleContent, watchContentVersion } from "#app/content/content-version.server.ts";
import { loadPractice } from "#app/pages/practice-details.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { deleteImage, uploadImage } from "#app/media/media.server.ts";
import { createTestAdmin } from "#tests/fixtures/admin.ts";
import { pngImage } from "#tests/fixtures/images.ts";
import { storeRawPageContent } from "#tests/fixtures/page-content.ts";
import { anotherInstanceOf, testOnEachEngine } from "#tests/setup/test-database.ts";

// Cached pages go stale by what they read (decision 004): a render names the content keys it
// read, a change the keys it wrote, and each instance drops only the pages that read one.

async function photoOnTheAboutPage(db: Db, admin: { id: string; email: string }) {
  const photo = await uploadImage(db, { bucket: "hero-images", fileName: "porch.png", bytes: await pngImage(400, 600), admin });
  await storeRawPageContent(db, "about", {
    staff: [{ id: "staff-ava", name: "Ava", title: "Therapist", credentials: "", bio: "", team: "Cedar City", image: `media:${photo.id}` }],
  });
  return photo;
}

testOnEachEngine("a render names what it read: the page's row, the practice details, each picture and its replacement", async (db) => {
  const admin = await createTestAdmin(db);
  const photo = await photoOnTheAboutPage(db, admin);
  const about = await withContentReads(async () => [await loadPage(db, "about"), await loadPractice(db)]);
  expect([...about.reads].sort()).toEqual([mediaKey(photo.id), pageKey("about"), pageKey("practice")]);

  const replacement = await uploadImage(db, {
    bucket: "hero-images",
    fileName: "new.png",
    bytes: await pngImage(),
    admin,
    replaces: photo.id,
  });
  const after = await withContentReads(() => loadPage(db, "about"));
  expect(after.result.staff[0]?.image).toEqual({ source: "media", id: replacement.id });
  // The page's texts show the practice's details ({phone}): a page alone reads them too.
  expect([...after.reads].sort()).toEqual([mediaKey(photo.id), mediaKey(replacement.id), pageKey("about"), pageKey("practice")].sort());

  // Outside a render (an admin request) nothing is collected, and nothing fails.
  await expect(loadPage(db, "homepage")).resolves.toMatchObject({ heroTitle: homepageDefaults.heroTitle });
});

testOnEachEngine(
  "another instance hears what each change made stale: a new upload nothing, a publish its page, a picture's changes its key",
  async (db) => {
    const admin = await createTestAdmin(db);
    const photo = await photoOnTheAboutPage(db, admin);
    const heard: Array<StaleContent> = [];
    let checks = 0;
    const countedRead = async (reading: Db) => {
      const version = await getContentVersion(reading);
      checks += 1;
      return version;
    };
    const stop = await watchContentVersion(anotherInstanceOf(db), 10, (stale) => heard.push(stale), countedRead);
    const next = async () => {
      await expect.poll(() => heard.length).toBeGreaterThan(0);
      const stale = heard.shift();
      return stale === "everything" ? stale : [...stale!].sort();
    };
    try {
      // Fifty uploads of pictures no page shows yet: no page changes, no instance drops one.
      for (let index = 0; index < 50; index++) {
        await uploadImage(db, { bucket: "general-images", fileName: `new-${index}.png`, bytes: await pngImage(40, 30), admin });
      }
      // A draft is seen by no visitor either; a publish is.
      await savePage(db, { name: "homepage", content: homepageDefaults, baseVersion: 0, admin, asDraft: true });
      await savePage(db, { name: "homepage", content: { ...homepageDefaults, heroTitle: "Hello" }, baseVersion: 1, admin });
      expect(await next()).toEqual([pageKey("homepage")]);
      expect(heard).toEqual([]);

      const replacement = await uploadImage(db, {
        bucket: "hero-images",
        fileName: "b.png",
        bytes: await pngImage(),
        admin,
        replaces: photo.id,
      });
      expect(await next()).toEqual([mediaKey(photo.id)]);
      // The page showing the replacement read its key too (previous test), so its delete reaches it.
      await deleteImage(db, { id: replacement.id, admin });
      expect(await next()).toEqual([mediaKey(replacement.id)]);
      // Nothing more, after three more checks of the counter (one at a time), however slow the machine.
      const checksAtDelete = checks;
      await expect.poll(() => checks).toBeGreaterThanOrEqual(checksAtDelete + 3);
      expect(heard).toEqual([]);
    } finally {
      stop();
    }
  },
);

testOnEachEngine("a move of the counter whose keys are not on record (an older release, a pruned one) drops every page", async (db) => {
  const heard: Array<StaleContent> = [];
  const stop = await watchContentVersion(anotherInstanceOf(db), 10, (stale) => heard.push(stale));
  try {
    await db
      .updateTable("site_state")
      .set((eb) => ({ content_version: eb("content_version", "+", 1) }))
      .execute();
    await expect.poll(() => heard).toEqual(["everything"]);
  } finally {
    stop();
  }
});

testOnEachEngine("only the latest thousand moves keep their keys", async (db) => {
  const onChange = vi.fn();
  const stop = await watchContentVersion(db, 60_000, onChange);
  try {
    for (let index = 0; index < 1002; index++) {
      await changeContent(db, async () => ({ changed: [pageKey("homepage")], result: null }));
    }
    expect(onChange).toHaveBeenCalledTimes(1002); // heard at once, through the same handle
    const rows = await db.selectFrom("content_changes").select("version").execute();
    expect(rows).toHaveLength(1000);
  } finally {
    stop();
  }
});
