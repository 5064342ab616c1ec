// Photo processing gives way to the threads that answer visitors. libvips encodes on worker
// threads of its own, which would otherwise share the two cores equally with the event loop:
// a visitor's page then waited behind an upload's AVIF encoding (GET / p95 4.8-5.0 ms during 15
// uploads in a row, 2.9-6.1 ms with the image threads lowered, in alternating runs; decision 017).
// A lowered thread still takes every cycle nobody else wants: on an idle server an upload is as fast.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** The nice value of libvips' threads: 10, where a thread gets about a tenth of a normal one's share when both want the CPU. */
export const imageWorkNice = 10;

const imageThreadName = "libvips worker";
const threadsFolder = "/proc/self/task";

/**
 * Lowers every libvips worker thread of this process to `imageWorkNice`. On Linux a thread's id
 * passed as a process id sets that thread alone; libvips makes its threads as an image first needs
 * them and keeps them, so this is called around each step of an upload. Elsewhere (no /proc)
 * it does nothing.
 */
export function lowerImageWorkPriority(): void {
  let threads: Array<string>;
  try {
    threads = readdirSync(threadsFolder);
  } catch {
    return;
  }
  for (const thread of threads) {
    const id = Number(thread);
    try {
      if (getPriority(id) >= imageWorkNice) continue;
      if (readFileSync(`${threadsFolder}/${thread}/comm`, "utf8").trim() !== imageThreadName) continue;
      setPriority(id, imageWorkNice);
    } catch {
      // The thread ended meanwhile.
    }
  }
}

/**
 * Lowers the calling thread alone to `imageWorkNice`: the image thread's, whose JavaScript (the
 * JPEG scan's walk, reading the upload) then gives way too. /proc/thread-self names the thread's
 * id; elsewhere it does nothing.
 */
export function lowerThisThread(): void {
  try {
    setPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()), imageWorkNice);
  } catch {
    // No /proc: the thread keeps its priority.
  }
}
