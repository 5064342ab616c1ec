import { execFileSync } from "node:child_process";
import { getPriority } from "node:os";
import { expect, test, vi } from "vitest";
import { damagedJpeg, photoLikeJpeg, textRenamedPng } from "#tests/fixtures/images.ts";
import { threadsOfThisProcess } from "#tests/setup/threads.ts";
import { ImageThread } from "./image-thread-client.server.ts";
import { imageWorkNice } from "./image-work-priority.server.ts";
import { ImageRejected } from "./image-rejection.ts";
import { processImage } from "./process-image.server.ts";

/** The nice value of each of this process's threads named `name`. */
function threadsNamed(name: string): Array<number> {
  return threadsOfThisProcess()
    .filter((thread) => thread.name === name)
    .map((thread) => thread.nice);
}

/** Waits for `assertion` to pass (the minute is only a bound on a hang). */
const eventually = (assertion: () => void) => vi.waitFor(assertion, { timeout: 60_000, interval: 20 });

test("the image thread gives what processing on this thread gives, as Buffers", async () => {
  const thread = new ImageThread({ restMs: 50 });
  const photo = await photoLikeJpeg(800, 600, 6);
  const here = await processImage(photo, "IMG_1.JPG");
  const there = await thread.process(photo, "IMG_1.JPG");
  expect({
    ...there,
    master: { ...there.master, bytes: undefined },
    variants: there.variants.map((v) => ({ ...v, bytes: undefined })),
  }).toEqual({
    ...here,
    master: { ...here.master, bytes: undefined },
    variants: here.variants.map((v) => ({ ...v, bytes: undefined })),
  });
  expect([there.width, there.height]).toEqual([600, 800]);
  for (const file of [there.master, ...there.variants]) expect(Buffer.isBuffer(file.bytes)).toBe(true);
  expect(there.master.bytes.equals(here.master.bytes)).toBe(true);
});

test("a refused file is refused with the same words and status; the thread goes on with the next", async () => {
  const thread = new ImageThread({ restMs: 50 });
  const damaged = await damagedJpeg();
  const refusals = await Promise.all(
    [thread.process(textRenamedPng, "notes.png"), thread.process(damaged, "broken.jpg")].map((job) =>
      job.then(
        () => null,
        (error: unknown) => error,
      ),
    ),
  );
  expect(refusals.map((error) => error instanceof ImageRejected && [error.message, error.status])).toEqual([
    ["The file is not a JPEG, PNG, WebP, AVIF or GIF image.", 415],
    ["The image could not be read: the file may be damaged.", 400],
  ]);
  expect((await thread.process(await photoLikeJpeg(320, 240), "next.jpg")).width).toBe(320);
});

test("uploads sent at once are each answered with their own image", async () => {
  const thread = new ImageThread({ restMs: 50 });
  const sizes = [
    [320, 240],
    [400, 300],
    [240, 360],
  ] as const;
  const images = await Promise.all(sizes.map(async ([width, height]) => thread.process(await photoLikeJpeg(width, height), "photo.jpg")));
  expect(images.map((image) => [image.width, image.height])).toEqual(sizes);
});

test("the thread runs below the threads that answer visitors, and ends after its rest", async () => {
  // The other tests' threads end 50 ms after their last upload.
  await eventually(() => expect(threadsNamed("image thread")).toEqual([]));
  const thread = new ImageThread({ restMs: 300 });
  const ownPriority = getPriority();
  await thread.process(await photoLikeJpeg(400, 300), "photo.jpg");
  expect(thread.running).toBe(true);
  const nices = threadsNamed("image thread");
  expect(nices.length).toBe(1);
  expect(nices[0]).toBeGreaterThanOrEqual(imageWorkNice);
  expect(getPriority()).toBe(ownPriority);

  await eventually(() => expect(thread.running).toBe(false));
  await eventually(() => expect(threadsNamed("image thread")).toEqual([]));
  // The next upload starts it again.
  expect((await thread.process(await photoLikeJpeg(320, 240), "again.jpg")).width).toBe(320);
});

test("a job that cannot be sent to the thread fails alone, and the thread still rests", async () => {
  const thread = new ImageThread({ restMs: 50 });
  const notCopyable = { path: "photo.jpg", open: () => undefined } as unknown as { path: string };
  await expect(thread.process(notCopyable, "photo.jpg")).rejects.toThrow(/could not be cloned/);
  await eventually(() => expect(thread.running).toBe(false));
});

test("a thread started ahead of an upload rests like one after an upload, and takes the upload that comes", async () => {
  await eventually(() => expect(threadsNamed("image thread")).toEqual([]));
  const thread = new ImageThread({ restMs: 300 });
  thread.warm();
  expect(thread.running).toBe(true);
  await eventually(() => expect(threadsNamed("image thread")).toHaveLength(1));
  // No upload came: it ends after its rest.
  await eventually(() => expect(thread.running).toBe(false));
  thread.warm();
  expect((await thread.process(await photoLikeJpeg(320, 240), "photo.jpg")).width).toBe(320);
  expect(threadsNamed("image thread")).toHaveLength(1);
});

/** Runs `body` in a fresh Node process that records the address of every module it loads in `loaded`; answers what it prints. */
function inFreshProcess(body: string): unknown {
  const script = `
    import { registerHooks } from "node:module";
    const loaded = [];
    registerHooks({ resolve: (specifier, context, next) => { const resolved = next(specifier, context); loaded.push(resolved.url); return resolved; } });
    ${body}
    process.exit(0);`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
}

test("the image thread's modules start without zod (about 100 ms of its start)", () => {
  // image-thread.server.ts reads its workerData as it loads, so its runtime imports are loaded here in its place.
  const loaded = inFreshProcess(`
    await import("./app/server/log.server.ts");
    await import("./app/media/image-work-priority.server.ts");
    await import("./app/media/process-image.server.ts");
    console.log(JSON.stringify(loaded));`) as Array<string>;
  expect(loaded.some((url) => url.includes("/sharp/"))).toBe(true);
  expect(loaded.filter((url) => url.includes("/node_modules/zod/"))).toEqual([]);
});

test("the server loads sharp with the first upload, not at start (libvips is about 21 MB)", () => {
  // The modules the server imports at start that lead to uploads; sharp comes only once the image thread starts.
  const answer = inFreshProcess(`
    await import("./app/media/media.server.ts");
    await import("./app/media/media-requests.server.ts");
    await import("./app/media/typed-images.server.ts");
    const { ImageThread } = await import("./app/media/image-thread-client.server.ts");
    const atStart = loaded.some((url) => url.includes("/sharp/"));
    new ImageThread({ restMs: 0 }).warm();
    console.log(JSON.stringify({ atStart, afterFirstUpload: loaded.some((url) => url.includes("/sharp/")) }));`);
  expect(answer).toEqual({ atStart: false, afterFirstUpload: true });
});
