// What the server's file writers share: getting bytes onto the disk before a name points at them,
// and telling a missing file (or program) from a real failure.
import { closeSync, fsyncSync, openSync } from "node:fs";
import { open } from "node:fs/promises";

/** Flushes a file's bytes, or a folder's entries (new names, renames), to the disk, so a power cut keeps them. */
export function syncToDisk(path: string): void {
  const descriptor = openSync(path, "r");
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** syncToDisk without holding the thread that answers requests. */
export async function syncToDiskAsync(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Whether `error` says there is no such file or folder (or, from spawning a program, no such program). */
export function isNotFound(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}
