// Build step: the gzip and brotli copies of the client build's text files, written beside them
// (`app.js.gz`, `app.js.br`), so the server compresses no file at run time; sirv sends the copy
// a browser accepts.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const compressible = new Set([".js", ".css", ".svg", ".txt", ".json", ".webmanifest"]);
// Below this a compressed copy saves less than its headers cost.
const minimumBytes = 512;

function listFiles(directory: string): Array<string> {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith(".") ? [] : listFiles(path);
    return entry.isFile() ? [path] : [];
  });
}

export function precompressStaticFiles(root: string): void {
  for (const path of listFiles(root)) {
    if (!compressible.has(extname(path).toLowerCase()) || path.endsWith("-manifest.json")) continue;
    const body = readFileSync(path);
    if (body.length <= minimumBytes) continue;
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}
