import { closeSync, fsyncSync, openSync } from "node:fs";

/** Flushes a file's bytes, or a folder's entries (new names, renames), to the disk, so a power cut keeps them. */
export function syncToDisk(path: string): void {
  const descriptor = openSync(path, "r");
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}
