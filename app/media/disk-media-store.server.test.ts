import { join, resolve } from "node:path";
import { expect, test } from "vitest";
import { MediaPathRefused, mediaFilePath } from "./disk-media-store.server.ts";

const root = resolve("media-root");

test("an image's files are <MEDIA_DIR>/<media id>/<file>", () => {
  expect(mediaFilePath(root, "q3Xk9vP2aLzR7mWd-1600x1200")).toBe(join(root, "q3Xk9vP2aLzR7mWd-1600x1200"));
  expect(mediaFilePath(root, "q3Xk9vP2aLzR7mWd-1600x1200", "640.avif")).toBe(join(root, "q3Xk9vP2aLzR7mWd-1600x1200", "640.avif"));
  expect(mediaFilePath(root, "q3Xk9vP2aLzR7mWd-1600x1200", "staff-ava_1-Ab12Cd34Ef56Gh78.jpeg")).toBe(
    join(root, "q3Xk9vP2aLzR7mWd-1600x1200", "staff-ava_1-Ab12Cd34Ef56Gh78.jpeg"),
  );
});

test.each([
  ["..", undefined],
  [".", undefined],
  ["", undefined],
  ["../elsewhere", undefined],
  ["/etc", undefined],
  ["a/b", undefined],
  ["a\\b", undefined],
  ["a\u0000b", undefined],
  ["%2e%2e", undefined],
  ["x".repeat(101), undefined],
  ["q3Xk9vP2aLzR7mWd-16x12", ".."],
  ["q3Xk9vP2aLzR7mWd-16x12", "../../passwd"],
  ["q3Xk9vP2aLzR7mWd-16x12", "/etc/passwd"],
  ["q3Xk9vP2aLzR7mWd-16x12", ".640.avif.0a1b2c.tmp"],
  ["q3Xk9vP2aLzR7mWd-16x12", "sub/640.avif"],
])("the id %j with the file %j is refused: it could name something outside the image's folder", (id, file) => {
  expect(() => mediaFilePath(root, id, file)).toThrow(MediaPathRefused);
});
