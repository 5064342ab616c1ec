import { readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";

/** This process's threads by name, each with its nice value; a thread that ends while they are read is left out. */
export function threadsOfThisProcess(): Array<{ name: string; nice: number }> {
  return readdirSync("/proc/self/task").flatMap((thread) => {
    try {
      return [{ name: readFileSync(`/proc/self/task/${thread}/comm`, "utf8").trim(), nice: getPriority(Number(thread)) }];
    } catch {
      return [];
    }
  });
}
