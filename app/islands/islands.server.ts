import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { islandEntries, type IslandName } from "#app/islands/entries.ts";
import type { IslandScript } from "#app/islands/island-script.tsx";
import { getConfig } from "#app/server/config.server.ts";

type ManifestEntry = { file: string; imports?: Array<string> };

let manifest: Record<string, ManifestEntry> | undefined;

/**
 * An island's script and the modules it imports statically. The production build's manifest
 * names the hashed files; the Vite dev server compiles the source on request (and its imports
 * as they are asked for).
 */
export function islandScript(name: IslandName): IslandScript {
  if (!getConfig().isProduction && import.meta.env?.DEV) return { src: `/${islandEntries[name]}`, imports: [] };
  // The server bundle is build/server/index.js; the client build sits beside it.
  manifest ??= JSON.parse(
    readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "client", "islands-manifest.json"), "utf8"),
  ) as Record<string, ManifestEntry>;
  const entry = manifest[islandEntries[name]];
  if (!entry) throw new Error(`The island "${name}" is missing from the build: run npm run build`);
  return { src: `/${entry.file}`, imports: staticImports(entry, manifest) };
}

/** The files `entry` imports, and those they import, each once. */
function staticImports(entry: ManifestEntry, chunks: Record<string, ManifestEntry>): Array<string> {
  const files = new Set<string>();
  const visit = (keys: ReadonlyArray<string> = []) => {
    for (const key of keys) {
      const chunk = chunks[key];
      if (!chunk || files.has(`/${chunk.file}`)) continue;
      files.add(`/${chunk.file}`);
      visit(chunk.imports);
    }
  };
  visit(entry.imports);
  return [...files];
}
