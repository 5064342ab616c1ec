import { readdirSync } from "node:fs";
import { expect } from "vitest";
import { listAuditLog } from "#app/server/audit.server.ts";
import { loadPage, mediaUses, withReplacedImages } from "#app/content/page-store.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { deleteImage, getImage, listImages, ReplacedImageGone, uploadImage } from "#app/media/media.server.ts";
import { mediaStore } from "#app/media/configured-media-store.server.ts";
import { createTestAdmin } from "#tests/fixtures/admin.ts";
import { pngImage } from "#tests/fixtures/images.ts";
import { storeRawPageContent } from "#tests/fixtures/page-content.ts";
import { testOnEachMediaStore } from "#tests/setup/media-stores.ts";

// "Replace" in the Images tab: a new file for an image, shown everywhere the old one was.

async function storedFileCount(db: Db, id: string): Promise<number> {
  return (await mediaStore().sizes(db, [id])).length;
}

testOnEachMediaStore(
  "a replaced image is shown by every page that named it, in its category, and its files go",
  async (db, { mediaDir }) => {
    const admin = await createTestAdmin(db);
    const old = await uploadImage(db, { bucket: "general-images", fileName: "old-front-door.png", bytes: await pngImage(480, 360), admin });
    await storeRawPageContent(db, "homepage", { heroImage: `media:${old.id}` });

    const fresh = await uploadImage(db, {
      bucket: "hero-images",
      fileName: "new-front-door.png",
      bytes: await pngImage(640, 400),
      admin,
      replaces: old.id,
    });
    // It takes the old one's place: its category, and every page, without the page being saved again.
    expect(fresh.bucket).toBe("general-images");
    expect((await loadPage(db, "homepage")).heroImage).toEqual({ source: "media", id: fresh.id });
    expect(await withReplacedImages(db, { heroImage: { source: "media", id: old.id } })).toEqual({
      heroImage: { source: "media", id: fresh.id },
    });
    expect((await listImages(db, "general-images")).map((image) => image.id)).toEqual([fresh.id]);
    expect(await getImage(db, old.id)).toBeNull();
    expect(await storedFileCount(db, old.id)).toBe(0);
    expect(await storedFileCount(db, fresh.id)).toBeGreaterThan(1);
    // On disk the replaced image's folder went once the replace committed.
    if (mediaDir !== null) expect(readdirSync(mediaDir)).toEqual([fresh.id]);
    expect((await mediaUses(db)).get(fresh.id)).toEqual(["Homepage (Hero image)"]);
    const replacements = (await listAuditLog(db)).filter((entry) => entry.action === "media-replaced");
    expect(replacements).toEqual([expect.objectContaining({ target: old.path, admin_email: admin.email })]);

    // Replaced again: the page follows in one step; the first image cannot be replaced any more.
    const third = await uploadImage(db, {
      bucket: "general-images",
      fileName: "third.png",
      bytes: await pngImage(),
      admin,
      replaces: fresh.id,
    });
    expect((await loadPage(db, "homepage")).heroImage).toEqual({ source: "media", id: third.id });
    await expect(
      uploadImage(db, { bucket: "general-images", fileName: "late.png", bytes: await pngImage(), admin, replaces: old.id }),
    ).rejects.toBeInstanceOf(ReplacedImageGone);

    // Deleting the image in use deletes what it replaced: the page shows its built-in picture.
    expect(await deleteImage(db, { id: third.id, admin })).toBe("deleted");
    expect(await db.selectFrom("media").select("id").execute()).toEqual([]);
    expect((await loadPage(db, "homepage")).heroImage).toBeNull();
    if (mediaDir !== null) expect(readdirSync(mediaDir)).toEqual([]);
  },
);

testOnEachMediaStore(
  "two staff replacing the same image at once: one replacement wins, the other stores nothing",
  async (db, { mediaDir }) => {
    const admin = await createTestAdmin(db);
    const old = await uploadImage(db, { bucket: "general-images", fileName: "old.png", bytes: await pngImage(), admin });
    const results = await Promise.allSettled(
      ["first.png", "second.png"].map(async (fileName) =>
        uploadImage(db, { bucket: "general-images", fileName, bytes: await pngImage(500, 300), admin, replaces: old.id }),
      ),
    );
    const won = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const lost = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toEqual([expect.any(ReplacedImageGone)]);
    const rows = await db.selectFrom("media").select(["id", "replaced_by"]).orderBy("id").execute();
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual({ id: old.id, replaced_by: won[0]!.id });
    expect(await listImages(db, "general-images")).toEqual([expect.objectContaining({ id: won[0]!.id })]);
    // The loser's files, written before its transaction rolled back, are gone; so are the replaced image's.
    if (mediaDir !== null) expect(readdirSync(mediaDir)).toEqual([won[0]!.id]);
  },
);
