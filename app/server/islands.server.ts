import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { islandEntries, type IslandName } from "#app/islands/entries.ts";
import { getConfig } from "./config.server.ts";

let manifest: Record<string, { file: string }> | undefined;

/**
 * The URL of an island's script. The production build's manifest names the hashed file; the
 * Vite dev server compiles the source on request.
 */
export function islandScriptUrl(name: IslandName): string {
  if (!getConfig().isProduction && import.meta.env?.DEV) return `/${islandEntries[name]}`;
  // The server bundle is build/server/index.js; the client build sits beside it.
  manifest ??= JSON.parse(
    readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "client", "islands-manifest.json"), "utf8"),
  ) as Record<string, { file: string }>;
  const entry = manifest[islandEntries[name]];
  if (!entry) throw new Error(`The island "${name}" is missing from the build: run npm run build`);
  return `/${entry.file}`;
}
