import { readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";
import { expect, test } from "vitest";
import { photoLikeJpeg } from "#tests/fixtures/images.ts";
import { imageWorkNice } from "./image-work-priority.server.ts";
import { processImage } from "./process-image.server.ts";

/** This process's threads by name, each with its nice value. */
function threads(): Array<{ name: string; nice: number }> {
  return readdirSync("/proc/self/task").map((thread) => ({
    name: readFileSync(`/proc/self/task/${thread}/comm`, "utf8").trim(),
    nice: getPriority(Number(thread)),
  }));
}

test("after an upload is processed, libvips' threads give way to the threads that answer visitors", async () => {
  const ownPriority = getPriority();
  await processImage(await photoLikeJpeg(1600, 1200), "photo.jpg");
  const imageThreads = threads().filter((thread) => thread.name === "libvips worker");
  expect(imageThreads.length).toBeGreaterThan(0);
  // At least 10: a test run that is itself lowered further leaves them lower still.
  expect(imageThreads.filter((thread) => thread.nice < imageWorkNice)).toEqual([]);
  // This thread (the one that answers requests in the server) keeps its priority.
  expect(getPriority()).toBe(ownPriority);
});
