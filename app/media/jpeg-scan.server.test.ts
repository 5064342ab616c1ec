import { readFileSync } from "node:fs";
import sharp from "sharp";
import { expect, test } from "vitest";
import { damagedJpeg, photoLikeJpeg } from "#tests/fixtures/images.ts";
import { checkJpegScan } from "./jpeg-scan.server.ts";

/** One bit flipped every `step` bytes of the compressed data (never making or breaking a marker). */
function damage(jpeg: Uint8Array, step: number): Buffer {
  const bytes = Buffer.from(jpeg);
  for (let at = bytes.indexOf(Buffer.from([0xff, 0xda])) + 20; at < bytes.length - 2; at += step) {
    if (bytes[at] === 0xff || bytes[at - 1] === 0xff) continue;
    const flipped = bytes[at]! ^ 0x10;
    if (flipped !== 0xff) bytes[at] = flipped;
  }
  return bytes;
}

test("whole baseline JPEGs pass, in every sampling, size and with restart markers", async () => {
  const photo = await photoLikeJpeg(1200, 900);
  for (const [what, jpeg] of [
    ["4:2:0", await sharp(photo).jpeg({ chromaSubsampling: "4:2:0" }).toBuffer()],
    ["4:4:4", await sharp(photo).jpeg({ chromaSubsampling: "4:4:4" }).toBuffer()],
    ["grey", await sharp(photo).greyscale().jpeg().toBuffer()],
    ["an odd size", await sharp(photo).resize(1001, 777).jpeg().toBuffer()],
    // Made by libjpeg's cjpeg -restart 2 (cameras often write restart markers).
    ["restart markers", readFileSync(new URL("../../tests/fixtures/restart-markers.jpg", import.meta.url))],
  ] as const) {
    expect(await checkJpegScan(jpeg), what).toBe("intact");
  }
});

test("damaged compressed data is found, which libjpeg decodes without a word (review F12)", async () => {
  expect(await checkJpegScan(await damagedJpeg())).toBe("damaged");
  expect(await checkJpegScan(damage(readFileSync(new URL("../../tests/fixtures/restart-markers.jpg", import.meta.url)), 997))).toBe(
    "damaged",
  );
  const photo = await photoLikeJpeg(1200, 900);
  expect(await checkJpegScan(photo.subarray(0, photo.length - 3000))).toBe("damaged");
  // sharp decodes the damaged photo without an error or a warning: this check is the only one.
  await expect(
    sharp(await damagedJpeg(), { failOn: "warning" })
      .raw()
      .toBuffer(),
  ).resolves.toBeInstanceOf(Buffer);
});

test("what the walker does not know is left to libjpeg", async () => {
  const photo = await photoLikeJpeg(600, 400);
  expect(await checkJpegScan(await sharp(photo).jpeg({ progressive: true }).toBuffer())).toBe("unchecked");
  expect(await checkJpegScan(damage(await sharp(photo).jpeg({ progressive: true }).toBuffer(), 997))).toBe("unchecked");
});

test("a photo's walk lets other requests have their turns meanwhile", async () => {
  const photo = await photoLikeJpeg(4000, 3000);
  let turns = 0;
  let walking = true;
  const otherWork = async () => {
    while (walking) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      turns += 1;
    }
  };
  const others = otherWork();
  const started = performance.now();
  expect(await checkJpegScan(photo)).toBe("intact");
  const walkMs = performance.now() - started;
  walking = false;
  await others;
  // Before, the walk held the thread from start to end: no turn at all.
  expect(turns).toBeGreaterThanOrEqual(Math.min(5, Math.floor(walkMs / 10)));
  expect(turns).toBeGreaterThan(1);
});
