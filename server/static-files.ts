import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type StaticFile = {
  body: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  etag: string;
  headers: Record<string, string>;
};

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".woff2": "font/woff2",
};
const compressible = new Set([".js", ".css", ".svg", ".txt", ".json", ".webmanifest"]);

const compressedSuffixes = [".gz", ".br"];

/** The files a browser may ask for: not build manifests, not the precompressed copies. */
function listServedFiles(directory: string): Array<string> {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith(".") ? [] : listServedFiles(path);
    if (!entry.isFile() || entry.name.endsWith("-manifest.json")) return [];
    return compressedSuffixes.some((suffix) => entry.name.endsWith(suffix)) ? [] : [path];
  });
}

function isCompressible(path: string, size: number): boolean {
  return compressible.has(extname(path).toLowerCase()) && size > 512;
}

const gzipOf = (body: Buffer) => gzipSync(body, { level: 9 });
const brotliOf = (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

/**
 * Writes the gzip and brotli forms beside each text file of the client build, once per build,
 * so that starting the server costs no compression.
 */
export function precompressStaticFiles(root: string): void {
  for (const path of listServedFiles(root)) {
    const body = readFileSync(path);
    if (!isCompressible(path, body.length)) continue;
    writeFileSync(`${path}.gz`, gzipOf(body));
    writeFileSync(`${path}.br`, brotliOf(body));
  }
}

/** A precompressed copy made by the build, or one made now (a build that skipped that step). */
function compressedForm(path: string, body: Buffer, suffix: string, compress: (body: Buffer) => Buffer): Buffer {
  return existsSync(path + suffix) ? readFileSync(path + suffix) : compress(body);
}

/**
 * Reads the client build (hashed assets, islands and the bundled images) and the compressed
 * forms of its text files into memory once, so serving one is a map look-up and a write.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const path of listServedFiles(root)) {
    const urlPath = `/${relative(root, path).split(sep).join("/")}`;
    const extension = extname(path).toLowerCase();
    const body = readFileSync(path);
    const compress = isCompressible(path, body.length);
    // Vite names build assets and islands by content hash, so they never change; everything
    // else (bundled images, favicon) is revalidated daily by its ETag.
    const cacheControl = /^\/(assets|islands)\//.test(urlPath)
      ? "public, max-age=31536000, immutable"
      : "public, max-age=86400, stale-while-revalidate=604800";
    files.set(urlPath, {
      body,
      gzip: compress ? compressedForm(path, body, ".gz", gzipOf) : null,
      br: compress ? compressedForm(path, body, ".br", brotliOf) : null,
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      headers: {
        "Content-Type": contentTypes[extension] ?? "application/octet-stream",
        "Cache-Control": cacheControl,
        ...(compress ? { Vary: "Accept-Encoding" } : {}),
      },
    });
  }
  return files;
}
