import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { expect, vi } from "vitest";
import { log } from "#app/server/log.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { mediaStore } from "#app/media/configured-media-store.server.ts";
import { diskMediaStore, MediaPathRefused } from "#app/media/disk-media-store.server.ts";
import { mediaFileAnswer } from "#app/media/media-delivery.server.ts";
import { deleteImage, ReplacedImageGone, uploadImage, uploadsProcessing } from "#app/media/media.server.ts";
import { databaseMediaStore, type MediaFile } from "#app/media/media-store.server.ts";
import { createTestAdmin } from "#tests/fixtures/admin.ts";
import { photoLikeJpeg, pngImage } from "#tests/fixtures/images.ts";
import { statementsRunBy } from "#tests/fixtures/statements-run.ts";
import { testOnDiskMediaStore, testOnEachMediaStore } from "#tests/setup/media-stores.ts";

// The MediaStore interface on both stores (MEDIA_STORE=database and disk), then the disk store's
// own rules: files before rows, deleted only after the delete commits, rollbacks and crashes
// leave nothing served and are swept, and no id or name reaches outside MEDIA_DIR.

/** A record in `media` for store-level tests (the files' rows reference it). */
async function insertImageRecord(db: Db, id: string): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto("media")
    .values({
      id,
      bucket: "general-images",
      name: "a.png",
      path: `general-images/${id}.png`,
      content_type: "image/png",
      size: 3000,
      width: 30,
      height: 20,
      created_at: at,
      updated_at: at,
      alt: "",
      replaced_by: null,
    })
    .execute();
}

/** An original and one variant of random bytes, so what is read back is compared byte for byte. */
function someFiles(): Array<MediaFile> {
  return [
    { file: "a.png", contentType: "image/png", width: 30, height: 20, bytes: randomBytes(3000), etag: '"original"' },
    { file: "320.avif", contentType: "image/avif", width: 30, height: 20, bytes: randomBytes(700), etag: '"variant"' },
  ];
}

const imageId = "StoreTest0000001-30x20";

class RolledBack extends Error {}

/** Runs `change` in a transaction that is then rolled back. */
async function rolledBack(db: Db, change: (trx: Db) => Promise<void>): Promise<void> {
  await expect(
    db.transaction().execute(async (trx) => {
      await change(trx);
      throw new RolledBack();
    }),
  ).rejects.toBeInstanceOf(RolledBack);
}

testOnEachMediaStore("a store saves, describes, reads, sizes and removes one image's files", async (db) => {
  const store = mediaStore();
  const files = someFiles();
  await db.transaction().execute(async (trx) => {
    await insertImageRecord(trx, imageId);
    await store.save(trx, imageId, files);
  });
  await store.sweep(db, [imageId]);
  for (const file of files) {
    expect(await store.head(db, imageId, file.file)).toEqual({
      contentType: file.contentType,
      size: file.bytes.byteLength,
      etag: file.etag,
    });
    const read = await store.read(db, imageId, file.file);
    expect(read).toMatchObject({ contentType: file.contentType, size: file.bytes.byteLength, etag: file.etag });
    expect(Buffer.compare(Buffer.from(read?.bytes ?? []), Buffer.from(file.bytes))).toBe(0);
  }
  expect((await store.sizes(db, [imageId, "Unknown000000000-1x1"])).sort((a, b) => a.file.localeCompare(b.file))).toEqual([
    { mediaId: imageId, file: "320.avif", size: 700 },
    { mediaId: imageId, file: "a.png", size: 3000 },
  ]);
  expect(await store.head(db, imageId, "640.avif")).toBeNull();
  expect(await store.read(db, imageId, "640.avif")).toBeNull();

  await db.transaction().execute((trx) => store.remove(trx, imageId));
  await store.sweep(db, [imageId]);
  expect(await store.head(db, imageId, "a.png")).toBeNull();
  expect(await store.read(db, imageId, "a.png")).toBeNull();
  expect(await store.sizes(db, [imageId])).toEqual([]);
});

testOnEachMediaStore("a rolled-back save leaves nothing to serve; a rolled-back remove keeps every file", async (db, { mediaDir }) => {
  const store = mediaStore();
  const files = someFiles();
  await rolledBack(db, async (trx) => {
    await insertImageRecord(trx, imageId);
    await store.save(trx, imageId, files);
  });
  await store.sweep(db, [imageId]);
  expect(await store.head(db, imageId, "a.png")).toBeNull();
  expect(await store.read(db, imageId, "a.png")).toBeNull();
  if (mediaDir !== null) expect(readdirSync(mediaDir)).toEqual([]);

  await db.transaction().execute(async (trx) => {
    await insertImageRecord(trx, imageId);
    await store.save(trx, imageId, files);
  });
  await rolledBack(db, (trx) => store.remove(trx, imageId));
  await store.sweep(db, [imageId]);
  const read = await store.read(db, imageId, "a.png");
  expect(Buffer.compare(Buffer.from(read?.bytes ?? []), Buffer.from(files[0]!.bytes))).toBe(0);
});

testOnDiskMediaStore(
  "the bytes are files, written whole before the rows, and deleted only once the delete has committed",
  async (db, { mediaDir }) => {
    const store = mediaStore();
    const files = someFiles();
    const original = join(mediaDir, imageId, "a.png");
    await db.transaction().execute(async (trx) => {
      await insertImageRecord(trx, imageId);
      await store.save(trx, imageId, files);
      // Before the rows commit, each file is there whole, under its own name only (no temporary file left).
      expect(readdirSync(join(mediaDir, imageId)).sort()).toEqual(["320.avif", "a.png"]);
    });
    const rows = await db.selectFrom("media_files").select(["file", "bytes", "size"]).where("media_id", "=", imageId).execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.bytes === null)).toBe(true);

    await db.transaction().execute(async (trx) => {
      await store.remove(trx, imageId);
      // Not committed yet: a rollback now must find the file where it was.
      expect(existsSync(original)).toBe(true);
    });
    expect(existsSync(original)).toBe(true);
    await store.sweep(db, [imageId]);
    expect(existsSync(join(mediaDir, imageId))).toBe(false);
  },
);

testOnDiskMediaStore("given the head just read, a file's bytes are read without asking the database again", async (db) => {
  const store = mediaStore();
  const files = someFiles();
  await db.transaction().execute(async (trx) => {
    await insertImageRecord(trx, imageId);
    await store.save(trx, imageId, files);
  });
  const head = await store.head(db, imageId, "a.png");
  expect(head).not.toBeNull();
  let read: Awaited<ReturnType<typeof store.read>> = null;
  const statements = await statementsRunBy(db, "media_files", async (db) => {
    read = await store.read(db, imageId, "a.png", head ?? undefined);
  });
  expect(statements).toEqual([]);
  expect(read).toMatchObject({ contentType: "image/png", size: 3000, etag: '"original"' });
  expect(Buffer.compare(Buffer.from(read!.bytes), Buffer.from(files[0]!.bytes))).toBe(0);
});

testOnDiskMediaStore("an upload whose transaction rolls back after its files were written leaves none", async (db, { mediaDir }) => {
  const admin = await createTestAdmin(db);
  const old = await uploadImage(db, { bucket: "general-images", fileName: "old.png", bytes: await pngImage(), admin });
  const save = vi.spyOn(mediaStore(), "save");
  // A replacement whose image is deleted while it is processed: its transaction fails after its files are saved.
  const upload = uploadImage(db, {
    bucket: "general-images",
    fileName: "new.jpg",
    bytes: await photoLikeJpeg(1000, 750),
    admin,
    replaces: old.id,
  });
  await expect.poll(uploadsProcessing, { interval: 1 }).toBe(1);
  expect(await deleteImage(db, { id: old.id, admin })).toBe("deleted");
  await expect(upload).rejects.toBeInstanceOf(ReplacedImageGone);
  expect(save).toHaveBeenCalledOnce();
  await expect(save.mock.results[0]?.value).resolves.toBeUndefined();
  expect(await db.selectFrom("media").select("id").execute()).toEqual([]);
  expect(readdirSync(mediaDir)).toEqual([]);
});

testOnDiskMediaStore("the folder sweep deletes what a crash left, and nothing else", async (db, { mediaDir }) => {
  const admin = await createTestAdmin(db);
  const live = await uploadImage(db, { bucket: "general-images", fileName: "live.png", bytes: await pngImage(), admin });
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  const leave = (name: string, { old }: { old: boolean }) => {
    mkdirSync(join(mediaDir, name));
    writeFileSync(join(mediaDir, name, "640.webp"), randomBytes(100));
    if (old) utimesSync(join(mediaDir, name), twoHoursAgo, twoHoursAgo);
  };
  leave("Crashed000000001-30x20", { old: true }); // an upload that never committed, or a delete whose sweep never ran
  leave("UnderWay00000001-30x20", { old: false }); // an upload still being written, maybe by another instance
  leave("backups", { old: true }); // not an image folder: MEDIA_DIR may hold other things
  utimesSync(join(mediaDir, live.id), twoHoursAgo, twoHoursAgo);

  // A store's first sweep after start looks at the whole folder.
  const afterRestart = diskMediaStore(mediaDir);
  await afterRestart.sweep(db, []);
  expect(readdirSync(mediaDir).sort()).toEqual(["UnderWay00000001-30x20", "backups", live.id].sort());
  expect((await afterRestart.read(db, live.id, live.name))?.size).toBe(live.size);

  // Then at most once an hour.
  leave("Crashed000000002-30x20", { old: true });
  await afterRestart.sweep(db, []);
  expect(readdirSync(mediaDir)).toContain("Crashed000000002-30x20");
  await diskMediaStore(mediaDir, { folderSweepEveryMs: 0 }).sweep(db, []);
  expect(readdirSync(mediaDir)).not.toContain("Crashed000000002-30x20");
});

testOnDiskMediaStore("an id or file name that would lead outside MEDIA_DIR is refused", async (db, { mediaDir }) => {
  const store = mediaStore();
  const outside = `${basename(mediaDir)}.secret`;
  const secret = join(mediaDir, "..", outside);
  writeFileSync(secret, "not an image");
  const victim = join(mediaDir, "..", `${basename(mediaDir)}.victim`);
  mkdirSync(victim);
  try {
    for (const [id, file] of [
      ["../escaped", "a.png"],
      [imageId, "../../escaped.png"],
      [imageId, ".hidden.png"],
      ["/etc", "a.png"],
    ] as const) {
      await expect(
        db.transaction().execute(async (trx) => {
          await insertImageRecord(trx, id);
          await store.save(trx, id, [{ ...someFiles()[0]!, file }]);
        }),
        `${id}/${file}`,
      ).rejects.toBeInstanceOf(MediaPathRefused);
    }
    expect(existsSync(join(mediaDir, "..", "escaped"))).toBe(false);
    expect(existsSync(join(mediaDir, "..", "escaped.png"))).toBe(false);

    // A row naming a file outside (as if written past the checks) is never read...
    await insertImageRecord(db, "..");
    await db
      .insertInto("media_files")
      .values({ media_id: "..", file: outside, content_type: "image/png", width: 1, height: 1, size: 12, etag: '"x"', bytes: null })
      .execute();
    expect(await store.read(db, "..", outside)).toBeNull();
    const answer = await mediaFileAnswer({ method: "GET", id: "..", file: outside, ifNoneMatch: null });
    expect(answer.status).toBe(404);
    expect(answer.headers["Content-Type"]).toBe("image/svg+xml");

    // ...and a sweep never deletes outside it (the refusal is logged, not thrown).
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    await store.sweep(db, [`../${basename(victim)}`]);
    expect(existsSync(victim)).toBe(true);
    expect(logged).toHaveBeenCalledWith("Error sweeping media files", expect.any(MediaPathRefused));
  } finally {
    rmSync(secret, { force: true });
    rmSync(victim, { recursive: true, force: true });
  }
});

testOnDiskMediaStore("images stored in the database before MEDIA_STORE=disk are still served, and deleted", async (db, { mediaDir }) => {
  const admin = await createTestAdmin(db);
  const before = await uploadImage(
    db,
    { bucket: "general-images", fileName: "a.png", bytes: await pngImage(400, 300), admin },
    databaseMediaStore,
  );
  const inDatabase = await databaseMediaStore.read(db, before.id, "320.webp");
  expect(inDatabase).not.toBeNull();
  const served = await mediaFileAnswer({ method: "GET", id: before.id, file: "320.webp", ifNoneMatch: null });
  expect(served.status).toBe(200);
  expect(Buffer.compare(Buffer.from(served.body ?? ""), Buffer.from(inDatabase?.bytes ?? []))).toBe(0);
  expect(readdirSync(mediaDir)).toEqual([]);

  expect(await deleteImage(db, { id: before.id, admin })).toBe("deleted");
  expect(await mediaStore().sizes(db, [before.id])).toEqual([]);
});
