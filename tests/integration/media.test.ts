import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { mediaIdSize, variantWidths } from "#app/media/media.ts";
import { listAuditLog } from "#app/server/audit.server.ts";
import { getContentVersion } from "#app/content/content-version.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { disableAdmin } from "#app/staff/staff-accounts.server.ts";
import { deleteImage, getImage, listImages, UploaderSignedOut, uploadImage, uploadsProcessing } from "#app/media/media.server.ts";
import { createAdminSession } from "#app/staff/session.server.ts";
import { mediaFileAnswer } from "#app/media/media-delivery.server.ts";
import { mediaStore } from "#app/media/configured-media-store.server.ts";
import { maxUploadBytes } from "#app/media/media.ts";
import { ImageRejected } from "#app/media/image-rejection.ts";
import { processImage } from "#app/media/process-image.server.ts";
import { getConfig, replaceConfig } from "#app/server/config.server.ts";
import {
  containsExifMarker,
  damagedJpeg,
  phoneJpeg,
  photoLikeJpeg,
  pngClaiming,
  pngImage,
  svgImage,
  textRenamedPng,
  webpImage,
} from "#tests/fixtures/images.ts";
import { createTestAdmin } from "#tests/fixtures/admin.ts";
import { testOnEachMediaStore } from "#tests/setup/media-stores.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

/** The account uploads are made by: a real one, as uploads check that it is still enabled when they are stored. */
async function uploader(db: Db) {
  const { id, email } = await createTestAdmin(db, "staff@example.com");
  return { id, email };
}

/** Every stored file of an image, as the configured store gives it back, with its row's size in pixels. */
async function storedFiles(db: Db, mediaId: string) {
  const rows = await db.selectFrom("media_files").select(["file", "width", "height"]).where("media_id", "=", mediaId).execute();
  return Promise.all(
    rows.map(async (row) => {
      const stored = await mediaStore().read(db, mediaId, row.file);
      if (!stored) throw new Error(`${mediaId}/${row.file} is listed but cannot be read`);
      return { ...row, contentType: stored.contentType, bytes: stored.bytes };
    }),
  );
}

async function countRows(db: Db) {
  const media = await db
    .selectFrom("media")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  const files = await db
    .selectFrom("media_files")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return { media: Number(media.n), files: Number(files.n) };
}

/** The colour (r, g, b) at a point of an image, after its orientation is applied. */
async function colourAt(bytes: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(bytes).autoOrient().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]] as const;
}

const isRed = ([r, g, b]: readonly [number?, number?, number?]) => (r ?? 0) > 200 && (g ?? 0) < 60 && (b ?? 0) < 60;
const isBlue = ([r, g, b]: readonly [number?, number?, number?]) => (r ?? 0) < 60 && (g ?? 0) < 60 && (b ?? 0) > 200;

describe("media library", () => {
  // Made once for both engines' tests: a 12-megapixel photo takes seconds to make.
  let twelveMegapixels: Promise<Buffer> | undefined;
  let portrait: Promise<Buffer> | undefined;
  testOnEachEngine("a PNG, a phone JPEG and a WebP are stored cleaned, upright, with AVIF and WebP variants", async (db) => {
    const admin = await uploader(db);
    const versionBefore = await getContentVersion(db);
    const png = await uploadImage(db, { bucket: "general-images", fileName: "Office.PNG", bytes: await pngImage(), admin });
    const jpeg = await uploadImage(db, { bucket: "hero-images", fileName: "IMG_0042.jpeg", bytes: await phoneJpeg(), admin });
    const webp = await uploadImage(db, { bucket: "service-images", fileName: "hills.webp", bytes: await webpImage(), admin });

    // Names: a random string plus the original extension; the path is bucket/name.
    expect(png.name).toMatch(/^[A-Za-z0-9]{16}\.png$/);
    expect(jpeg.name).toMatch(/^[A-Za-z0-9]{16}\.jpeg$/);
    expect(webp.name).toMatch(/^[A-Za-z0-9]{16}\.webp$/);
    expect(jpeg.path).toBe(`hero-images/${jpeg.name}`);
    expect(jpeg.url).toBe(`/media/${jpeg.id}/${jpeg.name}`);

    // The phone photo is upright: stored 600x400 with orientation 6, shown 400x600.
    expect([jpeg.width, jpeg.height]).toEqual([400, 600]);
    expect(mediaIdSize(jpeg.id)).toEqual({ width: 400, height: 600 });
    expect([png.width, png.height]).toEqual([480, 360]);

    for (const item of [png, jpeg, webp]) {
      const files = await storedFiles(db, item.id);
      const expected = [item.name, ...variantWidths(item.width).flatMap((w) => [`${w}.avif`, `${w}.webp`])];
      expect(files.map((file) => file.file).sort()).toEqual(expected.sort());
      for (const file of files) {
        const metadata = await sharp(file.bytes).metadata();
        expect(metadata.exif, `${item.name} ${file.file}`).toBeUndefined();
        expect(metadata.orientation ?? 1).toBe(1);
        expect(containsExifMarker(file.bytes), `${item.name} ${file.file}`).toBe(false);
        expect(file.width / file.height).toBeCloseTo(item.width / item.height, 1);
        // Red was on top of the stored pixels: after applying orientation 6 it is on the right.
        if (item === jpeg) {
          expect(isRed(await colourAt(file.bytes, file.width - 5, file.height / 2))).toBe(true);
          expect(isBlue(await colourAt(file.bytes, 5, file.height / 2))).toBe(true);
        } else {
          expect(isRed(await colourAt(file.bytes, file.width / 2, 5))).toBe(true);
        }
      }
      const avif = files.find((file) => file.file.endsWith(".avif"));
      expect((await sharp(avif?.bytes).metadata()).compression).toBe("av1");
    }

    // Listed per bucket with the record's fields; a new upload is on no page, so no cached page goes stale.
    expect((await listImages(db, "hero-images")).map((item) => item.name)).toEqual([jpeg.name]);
    expect(await listImages(db, "general-images")).toEqual([png]);
    expect(png.size).toBe((await storedFiles(db, png.id)).find((file) => file.file === png.name)?.bytes.byteLength);
    expect(await getContentVersion(db)).toBe(versionBefore);
    const audit = await listAuditLog(db);
    expect(audit.filter((entry) => entry.action === "media-uploaded").map((entry) => entry.target)).toHaveLength(3);
  });

  testOnEachMediaStore(
    "an upload's master (here the whole image: it is narrower than 1920 px) is stored cleaned, and read back whole",
    async (db) => {
      const admin = await uploader(db);
      const item = await uploadImage(db, { bucket: "general-images", fileName: "a.png", bytes: await pngImage(320, 200), admin });
      const read = await mediaStore().read(db, item.id, item.name);
      expect(read?.contentType).toBe("image/png");
      expect(read?.size).toBe(item.size);
      expect(await sharp(read?.bytes).metadata()).toMatchObject({ format: "png", width: 320, height: 200 });
      expect(await mediaStore().head(db, item.id, "nothing.webp")).toBeNull();
    },
  );

  testOnEachEngine("a 12-megapixel photo is stored as a 1920 px master and its variants, 1.2 MB at most (decision 027)", async (db) => {
    const admin = await uploader(db);
    twelveMegapixels ??= photoLikeJpeg(4000, 3000);
    const photo = await twelveMegapixels;
    expect(photo.byteLength).toBeGreaterThan(4_000_000);
    const item = await uploadImage(db, { bucket: "hero-images", fileName: "IMG_2041.JPG", bytes: photo, admin });
    // The record, its id and the file at its address describe the master: no wider than the
    // widest variant any page can ask for, in the upload's own format, without metadata.
    expect([item.width, item.height]).toEqual([1920, 1440]);
    expect(mediaIdSize(item.id)).toEqual({ width: 1920, height: 1440 });
    const files = await storedFiles(db, item.id);
    const master = files.find((file) => file.file === item.name);
    expect(master).toMatchObject({ contentType: "image/jpeg", width: 1920, height: 1440 });
    const masterMetadata = await sharp(master?.bytes).metadata();
    expect(masterMetadata).toMatchObject({ format: "jpeg", width: 1920, height: 1440 });
    expect(masterMetadata.exif).toBeUndefined();
    expect(containsExifMarker(master?.bytes ?? new Uint8Array())).toBe(false);
    expect(item.size).toBe(master?.bytes.byteLength);
    // Every variant is still made, up to 1920 px.
    const expected = [item.name, ...variantWidths(4000).flatMap((w) => [`${w}.avif`, `${w}.webp`])];
    expect(files.map((file) => file.file).sort()).toEqual(expected.sort());
    // What the photo costs the database (or MEDIA_DIR): its master and its ten variants.
    const storedBytes = files.reduce((total, file) => total + file.bytes.byteLength, 0);
    expect(storedBytes).toBeLessThanOrEqual(1_200_000);
    const sizes = await db.selectFrom("media_files").select("size").where("media_id", "=", item.id).execute();
    expect(sizes.reduce((total, row) => total + Number(row.size), 0)).toBe(storedBytes);
  });

  testOnEachEngine(
    "a portrait's master keeps its height (1920 px wide); MEDIA_KEEP_ORIGINALS keeps the whole cleaned original",
    async (db) => {
      const admin = await uploader(db);
      // 3000x2250 stored, orientation 6: shown 2250x3000.
      portrait ??= photoLikeJpeg(3000, 2250, 6);
      const photo = await portrait;
      const bounded = await uploadImage(db, { bucket: "hero-images", fileName: "portrait.jpg", bytes: photo, admin });
      expect([bounded.width, bounded.height]).toEqual([1920, 2560]);

      replaceConfig({ ...getConfig(), mediaKeepOriginals: true });
      const kept = await uploadImage(db, { bucket: "hero-images", fileName: "portrait.jpg", bytes: photo, admin });
      expect([kept.width, kept.height]).toEqual([2250, 3000]);
      expect(mediaIdSize(kept.id)).toEqual({ width: 2250, height: 3000 });
      const files = await storedFiles(db, kept.id);
      const original = files.find((file) => file.file === kept.name);
      const originalMetadata = await sharp(original?.bytes).metadata();
      expect(originalMetadata).toMatchObject({ format: "jpeg", width: 2250, height: 3000 });
      expect(originalMetadata.exif).toBeUndefined();
      expect(originalMetadata.orientation ?? 1).toBe(1);
      expect(containsExifMarker(original?.bytes ?? new Uint8Array())).toBe(false);
      expect(kept.size).toBeGreaterThan(bounded.size);
      // The same variants either way, made from the same decoded pixels.
      const variantsOf = async (id: string) =>
        (await storedFiles(db, id))
          .filter((file) => file.file !== kept.name && file.file !== bounded.name)
          .map((file) => [file.file, file.width, file.height])
          .sort();
      expect(await variantsOf(kept.id)).toEqual(await variantsOf(bounded.id));
      expect((await variantsOf(kept.id)).length).toBe(variantWidths(2250).length * 2);
    },
  );

  testOnEachEngine("a staff photo goes to hero-images with a name starting staff-{staff id}", async (db) => {
    const admin = await uploader(db);
    const item = await uploadImage(db, {
      bucket: "general-images",
      fileName: "me.jpg",
      bytes: await phoneJpeg(),
      admin,
      staffId: "a1B2-c3",
    });
    expect(item.bucket).toBe("hero-images");
    expect(item.name).toMatch(/^staff-a1B2-c3-[A-Za-z0-9]{16}\.jpg$/);
  });

  const refusals: Array<[string, () => Promise<Buffer> | Buffer, RegExp, number]> = [
    ["a text file named .png", () => textRenamedPng, /not a JPEG, PNG, WebP, AVIF or GIF image/, 415],
    ["an SVG", () => svgImage, /SVG files are not accepted/, 415],
    ["a file over 15 MB", () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(maxUploadBytes)]), /larger than 15 MB/, 413],
    ["a decompression bomb", () => pngClaiming(10_000, 10_000), /more than 50 megapixels/, 400],
    ["a decompression bomb past every decoder's limit", () => pngClaiming(100_000, 100_000), /more than 50 megapixels/, 400],
    ["a truncated JPEG", async () => (await phoneJpeg()).subarray(0, 2000), /could not be read/, 400],
    ["a JPEG damaged in its compressed data (review F12)", damagedJpeg, /could not be read/, 400],
  ];
  for (const [what, bytes, message, status] of refusals) {
    testOnEachEngine(`${what} is refused with a clear message and nothing is stored`, async (db) => {
      const admin = await uploader(db);
      const versionBefore = await getContentVersion(db);
      const upload = uploadImage(db, { bucket: "general-images", fileName: "photo.png", bytes: await bytes(), admin });
      await expect(upload).rejects.toThrow(message);
      await expect(upload).rejects.toBeInstanceOf(ImageRejected);
      await expect(upload).rejects.toMatchObject({ status });
      expect(await countRows(db)).toEqual({ media: 0, files: 0 });
      expect(await getContentVersion(db)).toBe(versionBefore);
      expect((await listAuditLog(db)).filter((entry) => entry.action === "media-uploaded")).toEqual([]);
    });
  }

  testOnEachMediaStore("delete removes the record and every variant, once", async (db, { mediaDir }) => {
    const admin = await uploader(db);
    const kept = await uploadImage(db, { bucket: "general-images", fileName: "kept.png", bytes: await pngImage(), admin });
    const item = await uploadImage(db, { bucket: "general-images", fileName: "gone.png", bytes: await pngImage(), admin });
    const versionBefore = await getContentVersion(db);
    expect(await deleteImage(db, { id: item.id, admin })).toBe("deleted");
    expect(await getImage(db, item.id)).toBeNull();
    expect(await storedFiles(db, item.id)).toEqual([]);
    expect((await storedFiles(db, kept.id)).length).toBeGreaterThan(1);
    // On disk: the deleted image's folder is gone, the other's files stay.
    if (mediaDir !== null) {
      expect(readdirSync(mediaDir)).toEqual([kept.id]);
      expect(existsSync(join(mediaDir, kept.id, kept.name))).toBe(true);
    }
    expect(await getContentVersion(db)).toBe(versionBefore + 1);
    expect(await deleteImage(db, { id: item.id, admin })).toBe("not-found");
    expect(await getContentVersion(db)).toBe(versionBefore + 1);
    const [latest] = await listAuditLog(db, 1);
    expect(latest).toMatchObject({ action: "media-deleted", target: item.path, admin_email: admin.email });
  });
});

describe("media delivery (/media/:id/:file)", () => {
  async function get(id: string, file: string, headers: Record<string, string> = {}) {
    const answer = await mediaFileAnswer({ method: "GET", id, file, ifNoneMatch: headers["If-None-Match"] ?? null });
    return new Response(answer.body as BodyInit | null, { status: answer.status, headers: answer.headers });
  }

  testOnEachMediaStore(
    "serves each stored file with its type, an ETag and a day's caching, then revalidation; 304 when unchanged",
    async (db) => {
      const admin = await uploader(db);
      const item = await uploadImage(db, { bucket: "general-images", fileName: "a.png", bytes: await pngImage(400, 300), admin });
      const variant = await get(item.id, "320.avif");
      expect(variant.status).toBe(200);
      expect(variant.headers.get("Content-Type")).toBe("image/avif");
      // A day, not a year immutable: a deleted image leaves caches within a day (review F14).
      expect(variant.headers.get("Cache-Control")).toBe("public, max-age=86400, must-revalidate");
      const etag = variant.headers.get("ETag") ?? "";
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const bytes = new Uint8Array(await variant.arrayBuffer());
      expect(variant.headers.get("Content-Length")).toBe(String(bytes.byteLength));
      expect((await sharp(bytes).metadata()).width).toBe(320);

      const again = await get(item.id, "320.avif", { "If-None-Match": etag });
      expect(again.status).toBe(304);
      expect(again.headers.get("ETag")).toBe(etag);

      const original = await get(item.id, item.name);
      expect(original.headers.get("Content-Type")).toBe("image/png");
      expect(Number(original.headers.get("Content-Length"))).toBe(item.size);

      // HEAD is answered from the file's row: the same headers, no bytes.
      const head = await mediaFileAnswer({ method: "HEAD", id: item.id, file: item.name, ifNoneMatch: null });
      expect(head).toMatchObject({ status: 200, body: null });
      expect(head.headers).toMatchObject({
        ETag: original.headers.get("ETag"),
        "Content-Type": "image/png",
        "Content-Length": String(item.size),
        "Cache-Control": "public, max-age=86400, must-revalidate",
      });
    },
  );

  testOnEachMediaStore("a deleted or unknown image answers 404 with a placeholder picture, never an error", async (db) => {
    const admin = await uploader(db);
    const item = await uploadImage(db, { bucket: "general-images", fileName: "a.png", bytes: await pngImage(400, 300), admin });
    await deleteImage(db, { id: item.id, admin });
    for (const [id, file] of [
      [item.id, "320.webp"],
      [item.id, item.name],
      ["unknown", "640.webp"],
      ["..", "passwd"],
    ] as const) {
      const response = await get(id, file);
      expect(response.status, `${id}/${file}`).toBe(404);
      expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
      expect(await response.text()).toMatch(/^<svg /);
    }
  });
});

describe("an upload and the visitors answered meanwhile", () => {
  let largePhoto: Promise<Buffer> | undefined;
  testOnEachEngine("an upload is checked and processed off the thread that answers requests", async (db) => {
    const admin = await uploader(db);
    largePhoto ??= photoLikeJpeg(2400, 1800);
    const photo = await largePhoto;
    const cpuMsOfThisThread = async (work: () => Promise<unknown>) => {
      const before = process.threadCpuUsage();
      await work();
      const used = process.threadCpuUsage(before);
      return (used.user + used.system) / 1000;
    };
    const processedHere = await cpuMsOfThisThread(() => processImage(photo, "photo.jpg"));
    // This thread only hands the bytes over and stores the result. Measured with a 1200x900 photo:
    // processing here 38 ms; the upload 7-9 ms, and 33 ms when it processed here. With this one:
    // 55-180 ms against 4-11 ms, depending on the machine. A garbage collection on this thread
    // can add 20 ms to an upload, so up to three are tried: the least must be under a quarter.
    const limit = processedHere / 4;
    let least = Number.POSITIVE_INFINITY;
    for (let upload = 0; upload < 3 && least >= limit; upload++) {
      least = Math.min(
        least,
        await cpuMsOfThisThread(() => uploadImage(db, { bucket: "general-images", fileName: "photo.jpg", bytes: photo, admin })),
      );
    }
    expect(least).toBeLessThan(limit);
  });
});

describe("an upload and the account that made it", () => {
  testOnEachEngine(
    "an account disabled while its upload was processed gets nothing stored, and the audit log keeps the order (F15)",
    async (db) => {
      const staff = await createTestAdmin(db, "leaver@example.com");
      // Another owner stays: the last one cannot be disabled.
      await createTestAdmin(db, "stays@example.com");
      const cookieSession = await createAdminSession(db, staff.id);
      const sessionId = (await db.selectFrom("admin_sessions").select("id").where("admin_id", "=", staff.id).executeTakeFirstOrThrow()).id;
      expect(cookieSession).toContain("admin_session=");
      const upload = uploadImage(db, {
        bucket: "general-images",
        fileName: "photo.jpg",
        bytes: await photoLikeJpeg(1000, 750),
        admin: { id: staff.id, email: staff.email, sessionId },
      });
      // The account is disabled (its sessions ended) while the photo is being processed.
      await expect.poll(uploadsProcessing, { interval: 1 }).toBe(1);
      await disableAdmin(db, { email: staff.email });
      await expect(upload).rejects.toBeInstanceOf(UploaderSignedOut);
      expect(await countRows(db)).toEqual({ media: 0, files: 0 });
      expect((await listAuditLog(db)).map((entry) => entry.action)).not.toContain("media-uploaded");
    },
  );

  testOnEachEngine("an upload is audited at the time it was stored, after what happened while it was processed (F15)", async (db) => {
    const admin = await uploader(db);
    const upload = uploadImage(db, { bucket: "general-images", fileName: "photo.jpg", bytes: await photoLikeJpeg(1000, 750), admin });
    await expect.poll(uploadsProcessing, { interval: 1 }).toBe(1);
    const other = await createTestAdmin(db, "other@example.com");
    await disableAdmin(db, { email: other.email });
    await upload;
    const actions = (await listAuditLog(db)).map((entry) => entry.action);
    // Newest first: the upload was stored after the disable it overlapped.
    expect(actions.indexOf("media-uploaded")).toBeLessThan(actions.indexOf("admin-disabled"));
  });
});
