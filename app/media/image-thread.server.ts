// The image thread (started by image-thread-client.server.ts): checks and processes uploads at a
// lower priority than the threads that answer visitors.
import { parentPort, workerData } from "node:worker_threads";
import { logAsInTerminals, withRequestId } from "#app/server/log.server.ts";
import type { ImageJob, ImageReply, ImageThreadData } from "./image-thread-client.server.ts";
import { lowerThisThread } from "./image-work-priority.server.ts";
import { ImageRejected } from "./image-rejection.ts";
import { processImage } from "./process-image.server.ts";

logAsInTerminals((workerData as ImageThreadData).terminals);
lowerThisThread();

async function replyTo({ id, input, originalName, options, requestId }: ImageJob): Promise<ImageReply> {
  const work = () => processImage(input, originalName, options);
  try {
    return { id, image: await (requestId === undefined ? work() : withRequestId(requestId, work)) };
  } catch (error) {
    if (error instanceof ImageRejected) return { id, rejected: { message: error.message, status: error.status } };
    return { id, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

// Every job is answered. One upload at a time is media.server.ts's limit (its short line), not this thread's.
parentPort?.on("message", async (job: ImageJob) => {
  const reply = await replyTo(job);
  try {
    parentPort?.postMessage(reply);
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: new Error(`The image thread could not answer: ${String(error)}`) } satisfies ImageReply);
  }
});
