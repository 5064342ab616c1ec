import { expect, test } from "vitest";
import { imageRefFromText, imageRefSchema, imageRefText, invalidImageMessage, resolveImage, type ImageRef } from "./image-ref.ts";

test("the text forms of a reference read as typed references and back", () => {
  const refs: Array<ImageRef> = [
    { source: "bundled", key: "staff/staff-03" },
    { source: "media", id: "c2f1-9a_b" },
    { source: "external", url: "https://photos.example.org/team/ava.jpg" },
  ];
  for (const ref of refs) expect(imageRefFromText(imageRefText(ref))).toEqual(ref);
  expect(imageRefFromText("  ")).toBeNull();
  expect(imageRefText(null)).toBe("");
});

test("plain URLs stored before references read as the bundled image they name", () => {
  for (const url of [
    "/images/staff/staff-03.webp",
    "/images/staff/staff-03-240.webp",
    "https://example.org/images/staff/staff-03.webp?v=2",
  ]) {
    expect(imageRefFromText(url), url).toEqual({ source: "bundled", key: "staff/staff-03" });
  }
});

test("anything else is refused with one message", () => {
  for (const text of [
    "http://photos.example.org/a.jpg",
    "javascript:alert(1)",
    "data:image/png;base64,AAAA",
    "bundled:staff/staff-99",
    "media:../../etc/passwd",
    "/somewhere/else.png",
    `https://example.org/${"a".repeat(2100)}`,
  ]) {
    expect(imageRefFromText(text), text).toBeUndefined();
    const result = imageRefSchema.safeParse(text);
    expect(result.success, text).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(invalidImageMessage);
  }
  expect(imageRefSchema.safeParse({ source: "external", url: "http://x.example/a.jpg" }).success).toBe(false);
  expect(imageRefSchema.safeParse({ source: "bundled", key: "nope" }).success).toBe(false);
  expect(imageRefSchema.safeParse(42).success).toBe(false);
});

test("the schema takes the stored object or its text, and empty as no image", () => {
  expect(imageRefSchema.parse({ source: "bundled", key: "staff/staff-01" })).toEqual({ source: "bundled", key: "staff/staff-01" });
  expect(imageRefSchema.parse("media:abc")).toEqual({ source: "media", id: "abc" });
  // The address the Images tab copies, on this site or with its origin.
  const id = "Qm3kX9vP2aLzR7mW-400x600";
  expect(imageRefSchema.parse(`/media/${id}/Ab12.jpg`)).toEqual({ source: "media", id });
  expect(imageRefSchema.parse(`https://www.example.com/media/${id}/Ab12.jpg`)).toEqual({ source: "media", id });
  expect(imageRefSchema.parse("")).toBeNull();
  expect(imageRefSchema.parse(null)).toBeNull();
});

test("references resolve to an address in one place", () => {
  const bundled = resolveImage({ source: "bundled", key: "staff/staff-02" }, 240);
  expect(bundled).toMatchObject({ src: "/images/staff/staff-02-320.webp", width: 480, height: 480 });
  expect(bundled?.srcSet).toContain("/images/staff/staff-02-480.webp 480w");
  expect(resolveImage({ source: "media", id: "abc" })).toEqual({ src: "/media/abc/640.webp" });
  const upload = resolveImage({ source: "media", id: "Qm3kX9vP2aLzR7mW-3000x2000" }, 375);
  expect(upload).toMatchObject({ src: "/media/Qm3kX9vP2aLzR7mW-3000x2000/640.webp", width: 3000, height: 2000 });
  expect(upload?.srcSet?.split(", ").map((entry) => entry.split(" ")[1])).toEqual(["320w", "640w", "960w", "1280w", "1920w"]);
  expect(upload?.sources).toEqual([
    { type: "image/avif", srcSet: expect.stringContaining("/media/Qm3kX9vP2aLzR7mW-3000x2000/1920.avif 1920w") },
  ]);
  // Another site's address is never shown (it is copied into the library on save: review F6).
  expect(resolveImage({ source: "external", url: "https://x.example/a.jpg" })).toBeNull();
  expect(resolveImage({ source: "bundled", key: "missing" })).toBeNull();
});

test("a bundled image resolves to the same shape as an upload: AVIF sources and WebP srcset at the upload widths", () => {
  const hero = resolveImage({ source: "bundled", key: "services/esa-letters" }, 375);
  const files = "/images/services/esa-letters";
  const srcSet = (format: string) => [320, 640, 960, 1280, 1920].map((w) => `${files}-${w}.${format} ${w}w`).join(", ");
  expect(hero).toEqual({
    src: `${files}-640.webp`,
    srcSet: srcSet("webp"),
    sources: [{ type: "image/avif", srcSet: srcSet("avif") }],
    width: 1920,
    height: 1080,
    alt: expect.stringContaining("golden mountain meadow"),
  });
  // An upload of the same size gets the same widths and formats, only at other addresses.
  const upload = resolveImage({ source: "media", id: "Qm3kX9vP2aLzR7mW-1920x1080" }, 375);
  const widthsAndTypes = (image: typeof hero) => ({
    widths: image?.srcSet?.split(", ").map((entry) => entry.split(" ")[1]),
    types: image?.sources?.map((source) => [source.type, source.srcSet.split(", ").map((entry) => entry.split(" ")[1])]),
    size: [image?.width, image?.height],
  });
  expect(widthsAndTypes(hero)).toEqual(widthsAndTypes(upload));

  const portrait = resolveImage({ source: "bundled", key: "staff/staff-05" });
  expect(portrait?.src).toBe("/images/staff/staff-05-320.webp");
  expect(portrait?.sources).toEqual([
    { type: "image/avif", srcSet: "/images/staff/staff-05-320.avif 320w, /images/staff/staff-05-480.avif 480w" },
  ]);
});
