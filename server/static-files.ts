import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
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

function listFiles(directory: string): Array<string> {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? listFiles(path) : entry.isFile() ? [path] : [];
  });
}

/**
 * Reads the client build (hashed assets and the bundled images) into memory once and
 * compresses the text files once, so serving one is a map look-up and a write.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const path of listFiles(root)) {
    const urlPath = "/" + relative(root, path).split(sep).join("/");
    const extension = extname(path).toLowerCase();
    const body = readFileSync(path);
    const isCompressible = compressible.has(extension) && body.length > 512;
    // Vite names build assets by content hash, so they never change; everything else
    // (bundled images, favicon) is revalidated daily by its ETag.
    const cacheControl = urlPath.startsWith("/assets/")
      ? "public, max-age=31536000, immutable"
      : "public, max-age=86400, stale-while-revalidate=604800";
    files.set(urlPath, {
      body,
      gzip: isCompressible ? gzipSync(body, { level: 9 }) : null,
      br: isCompressible
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : null,
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      headers: {
        "Content-Type": contentTypes[extension] ?? "application/octet-stream",
        "Cache-Control": cacheControl,
        ...(isCompressible ? { Vary: "Accept-Encoding" } : {}),
      },
    });
  }
  return files;
}
