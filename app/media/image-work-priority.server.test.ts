import { getPriority } from "node:os";
import { expect, test } from "vitest";
import { photoLikeJpeg } from "#tests/fixtures/images.ts";
import { threadsOfThisProcess } from "#tests/setup/threads.ts";
import { imageWorkNice } from "./image-work-priority.server.ts";
import { processImage } from "./process-image.server.ts";

test("after an upload is processed, libvips' threads give way to the threads that answer visitors", async () => {
  const ownPriority = getPriority();
  await processImage(await photoLikeJpeg(1600, 1200), "photo.jpg");
  const imageThreads = threadsOfThisProcess().filter((thread) => thread.name === "libvips worker");
  expect(imageThreads.length).toBeGreaterThan(0);
  // At least 10: a test run that is itself lowered further leaves them lower still.
  expect(imageThreads.filter((thread) => thread.nice < imageWorkNice)).toEqual([]);
  // This thread (the one that answers requests in the server) keeps its priority.
  expect(getPriority()).toBe(ownPriority);
});
