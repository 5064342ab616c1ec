import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sirv from "sirv";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createStaticFiles, servablePaths } from "./static-files.ts";

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "static-files-"));
  mkdirSync(join(root, "assets"));
  mkdirSync(join(root, "images", "team photos"), { recursive: true });
  mkdirSync(join(root, "docs"));
  for (const file of [
    "assets/app.css",
    "assets/app.css.br",
    "assets/app.css.gz",
    "assets/only.js.gz",
    "images/team photos/ava.webp",
    "docs/index",
    "favicon.svg",
  ]) {
    writeFileSync(join(root, file), "x");
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

// The paths a request may name, known and not, in the forms sirv accepts.
const paths = [
  "/assets/app.css",
  "/assets/app.css/",
  "/assets/app.css.br",
  "/assets/only.js",
  "/assets/only.js.gz",
  "/images/team%20photos/ava.webp",
  "/images/team photos/ava.webp",
  "/images/team%2",
  "/docs",
  "/docs/",
  "/docs/index",
  "/favicon.svg",
  "/assets",
  "/assets/",
  "/images/team%20photos",
  "/contact",
  "/no-such-page",
  "/assets/app",
];

test("a path is passed to sirv exactly when sirv has a file for it", async () => {
  const serve = sirv(root, { etag: true, brotli: true, gzip: true, extensions: [] });
  const server = createServer((request, response) =>
    serve(request, response, () => {
      response.statusCode = 404;
      response.end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const servable = servablePaths(root);
  try {
    const served: Record<string, boolean> = {};
    const known: Record<string, boolean> = {};
    for (const path of paths) {
      for (const acceptEncoding of ["", "br, gzip"]) {
        const answer = await fetch(`http://127.0.0.1:${port}${path.replaceAll(" ", "%20")}`, {
          headers: { "Accept-Encoding": acceptEncoding },
        });
        await answer.arrayBuffer();
        served[`${path} (${acceptEncoding || "identity"})`] = answer.status === 200;
        known[`${path} (${acceptEncoding || "identity"})`] = servable(path.replaceAll(" ", "%20"));
      }
    }
    // Never false where sirv serves (a file would be lost); false for every page and unknown path.
    for (const [request, wasServed] of Object.entries(served)) if (wasServed) expect(known[request], request).toBe(true);
    for (const path of ["/contact", "/no-such-page", "/assets", "/assets/", "/assets/app"]) expect(servable(path), path).toBe(false);
    expect(Object.values(served).filter(Boolean).length).toBeGreaterThan(10);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test("a file removed after start (the build made again while the site runs) is not found, and the process goes on", async () => {
  const folder = mkdtempSync(join(tmpdir(), "static-files-removed-"));
  mkdirSync(join(folder, "assets"));
  for (const file of ["assets/app.css", "assets/app.css.br", "assets/kept.css"]) writeFileSync(join(folder, file), "x");
  const serveStatic = createStaticFiles(folder);
  const server = createServer((request, response) => {
    if (serveStatic(request, response, new URL(request.url ?? "/", "http://x").pathname)) return;
    response.statusCode = 404;
    response.end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    rmSync(join(folder, "assets/app.css.br"));
    const removed = await fetch(`http://127.0.0.1:${port}/assets/app.css`, { headers: { "Accept-Encoding": "br" } });
    expect(removed.status).toBe(404);
    expect(await removed.text()).toBe("not found");
    // Still serving: the file left is sent as before.
    const kept = await fetch(`http://127.0.0.1:${port}/assets/kept.css`);
    expect(kept.status).toBe(200);
    expect(await kept.text()).toBe("x");
  } finally {
    await new Promise((resolve) => server.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  }
});
