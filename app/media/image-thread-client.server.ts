// Uploads are checked and processed on a thread of their own (image-thread.server.ts), not on the
// event loop that answers visitors: an upload's JavaScript (the JPEG scan's walk of a 4 MB photo
// took about 330 ms a photo, in 1 ms turns; reading the file; the garbage of its buffers) would
// otherwise run between their requests. The thread runs at a lower priority, is started by the
// first upload, and ends after a while without one, giving its memory back
// (docs/decisions/017-uploads-under-load.md).
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { currentRequestId, log, processTerminals, type Terminals } from "#app/server/log.server.ts";
import { ImageRejected } from "./image-rejection.ts";
import type { ImageInput, ProcessedImage, ProcessOptions } from "./process-image.server.ts";

export type ImageThreadData = { terminals: Terminals };

export type ImageJob = { id: number; input: ImageInput; originalName: string; options: ProcessOptions; requestId: string | undefined };

/** What the thread answers a job: the processed image, a refusal to show staff, or what went wrong. */
export type ImageReply =
  | { id: number; image: ProcessedImage }
  | { id: number; rejected: { message: string; status: ImageRejected["status"] } }
  | { id: number; error: Error };

// Node runs the thread's TypeScript source itself, in development, tests and production alike (the
// server bundle's chunks are named by hash; the source's path does not change).
const imageThreadFile = createRequire(import.meta.url).resolve("#app/media/image-thread.server.ts");
const loadSharpHere = createRequire(import.meta.url);

/** How long the thread waits for the next upload before it ends: a day's photos go in one after another. */
const defaultRestMs = 10_000;

type Running = { worker: Worker; waiting: Map<number, { resolve: (image: ProcessedImage) => void; reject: (error: unknown) => void }> };

/** A buffer over the bytes of `bytes` (a Buffer crosses threads as a plain Uint8Array). */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function withBuffers(image: ProcessedImage): ProcessedImage {
  return {
    ...image,
    master: { ...image.master, bytes: asBuffer(image.master.bytes) },
    variants: image.variants.map((variant) => ({ ...variant, bytes: asBuffer(variant.bytes) })),
  };
}

export class ImageThread {
  readonly #restMs: number;
  #running: Running | undefined;
  #resting: NodeJS.Timeout | undefined;
  #nextJob = 0;

  constructor({ restMs = defaultRestMs }: { restMs?: number } = {}) {
    this.#restMs = restMs;
  }

  /**
   * processImage (process-image.server.ts) on the image thread: the same result, or the same
   * ImageRejected. Jobs sent at once run at once: the callers keep the line (media.server.ts).
   */
  process(input: ImageInput, originalName: string, options: ProcessOptions = {}): Promise<ProcessedImage> {
    this.#running ??= this.#start();
    const running = this.#running;
    clearTimeout(this.#resting);
    // While it works, the thread keeps the process alive (a stop waits for the upload's answer).
    running.worker.ref();
    const id = this.#nextJob++;
    return new Promise((resolve, reject) => {
      running.waiting.set(id, { resolve, reject });
      try {
        running.worker.postMessage({ id, input, originalName, options, requestId: currentRequestId() } satisfies ImageJob);
      } catch (error) {
        // Not sent (what cannot be copied to a thread): nothing waits for it.
        running.waiting.delete(id);
        this.#restIfIdle(running);
        reject(error);
      }
    });
  }

  /**
   * Starts the thread ahead of an upload whose body is still arriving, so its start (about 0.27 s)
   * overlaps the transfer; it then rests as after an upload.
   */
  warm(): void {
    this.#running ??= this.#start();
    this.#restIfIdle(this.#running);
  }

  /** Whether the thread is running (between an upload and the end of its rest). */
  get running(): boolean {
    return this.#running !== undefined;
  }

  #start(): Running {
    // sharp's rule for worker threads: load it in the main thread before a thread does, so the
    // thread's copy shares its libraries and they stay loaded when the thread ends. Loaded here, at
    // the first upload, not at start: libvips is about 21 MB a server without uploads never needs.
    loadSharpHere("sharp");
    const worker = new Worker(imageThreadFile, {
      name: "image thread",
      workerData: { terminals: processTerminals() } satisfies ImageThreadData,
    });
    const running: Running = { worker, waiting: new Map() };
    worker.on("message", (reply: ImageReply) => {
      const job = running.waiting.get(reply.id);
      running.waiting.delete(reply.id);
      if ("image" in reply) job?.resolve(withBuffers(reply.image));
      else if ("rejected" in reply) job?.reject(new ImageRejected(reply.rejected.message, reply.rejected.status));
      else job?.reject(reply.error);
      this.#restIfIdle(running);
    });
    // The uploads it had fail (staff see "Failed to upload image."); the next one starts a new thread.
    const ended = (error: Error) => {
      if (this.#running === running) this.#running = undefined;
      for (const job of running.waiting.values()) job.reject(error);
      running.waiting.clear();
    };
    worker.on("error", (error) => {
      log.error("The image thread failed", error);
      ended(error);
    });
    worker.on("exit", (code) => ended(new Error(`The image thread ended (exit code ${code})`)));
    return running;
  }

  /** When no upload waits for it, the thread no longer holds the process, and ends unless an upload comes within restMs. */
  #restIfIdle(running: Running): void {
    if (running.waiting.size > 0) return;
    running.worker.unref();
    clearTimeout(this.#resting);
    this.#resting = setTimeout(() => {
      // Never a busy thread: ending one while libvips works on its image can bring the process down.
      if (this.#running !== running || running.waiting.size > 0) return;
      this.#running = undefined;
      void running.worker.terminate();
    }, this.#restMs).unref();
  }
}

/** The server's image thread: every upload goes through it (media.server.ts). */
export const imageThread = new ImageThread();
