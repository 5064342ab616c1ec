import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

type LockedPackage = { optional?: boolean; optionalDependencies?: Record<string, string> };
const lock = JSON.parse(readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8")) as {
  packages: Record<string, LockedPackage>;
};

/** Where npm would look for `name` from the package at `from` (its own node_modules, then each parent's). */
function isLocked(from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ""}node_modules/${name}`]) return true;
    if (!dir) return false;
    const parent = dir.lastIndexOf("/node_modules/");
    dir = parent === -1 ? "" : dir.slice(0, parent);
  }
}

// npm install adds every platform's optional package that the lockfile lacks, so a lockfile
// missing one is rewritten by the first install on a fresh clone (and `git status` is no longer clean).
test("the lockfile holds every optional package of every locked package, for every platform", () => {
  const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
    Object.keys(entry.optionalDependencies ?? {})
      .filter((name) => !isLocked(path, name))
      .map((name) => `${path || "(root)"} -> ${name}`),
  );
  expect(missing).toEqual([]);
});
