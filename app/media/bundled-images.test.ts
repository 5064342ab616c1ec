import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { resolveImage } from "./image-ref.ts";
import {
  bundledImages,
  defaultImageWidth,
  findBundledImageByUrl,
  getBundledImage,
  imageSrc,
  plainImageSrc,
  serviceHeroImage,
  type BundledImage,
} from "./bundled-images.ts";
import { mediaVariantFormats, mediaWidths, variantWidths } from "./media.ts";
import { serviceSlugs } from "#app/pages/services.ts";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../public");
const fileOf = (url: string) => path.join(publicDir, url);
const staffPortrait = (n: number) => getBundledImage(`staff/staff-${String(n).padStart(2, "0")}`);
const byCategory = (category: BundledImage["category"]) => bundledImages.filter((i) => i.category === category);

describe("bundled image manifest", () => {
  it("lists 12 service heroes, 11 staff portraits and at least 25 general images", () => {
    expect(byCategory("service")).toHaveLength(12);
    expect(byCategory("staff")).toHaveLength(11);
    expect(byCategory("general").length).toBeGreaterThanOrEqual(25);
  });

  it("has unique keys and unique file names per folder", () => {
    const keys = bundledImages.map((i) => i.key);
    expect(new Set(keys).size).toBe(keys.length);
    const plain = bundledImages.map(plainImageSrc);
    expect(new Set(plain).size).toBe(plain.length);
  });

  it("has a hero for every service slug of the site", () => {
    for (const slug of serviceSlugs) expect(serviceHeroImage(slug)?.name).toBe(slug);
    expect(serviceHeroImage("no-such-service")).toBeUndefined();
  });

  it("describes every image and gives it the widths an upload of its size gets", () => {
    for (const image of bundledImages) {
      expect(image.alt.length, image.key).toBeGreaterThan(10);
      expect(image.widths, image.key).toEqual(variantWidths(image.width));
      expect(image.widths.at(-1)).toBe(image.width);
      expect(Number.isInteger(image.height)).toBe(true);
    }
    // Heroes and cards at every upload width (1920 for a desktop hero); portraits up to 480.
    for (const image of [...byCategory("service"), ...byCategory("general")]) expect(image.widths).toEqual(mediaWidths);
    for (const image of byCategory("staff")) expect(image.widths).toEqual([320, 480]);
  });
});

describe("bundled image files", () => {
  it("exist for every width in AVIF and WebP, with the right format and size", async () => {
    const formatOf = { avif: { format: "heif", compression: "av1" }, webp: { format: "webp", compression: undefined } };
    for (const image of bundledImages) {
      for (const width of image.widths) {
        for (const format of mediaVariantFormats) {
          const file = fileOf(imageSrc(image, width, format));
          expect(existsSync(file), file).toBe(true);
          const meta = await sharp(file).metadata();
          expect({ format: meta.format, compression: meta.compression }, file).toEqual(formatOf[format]);
          expect(meta.width, file).toBe(width);
          expect(meta.height, file).toBe(Math.round((image.height * width) / image.width));
        }
      }
    }
  });

  it("have a plain-URL copy identical to the default width", () => {
    for (const image of bundledImages) {
      const plain = fileOf(plainImageSrc(image));
      expect(existsSync(plain), plain).toBe(true);
      const variant = readFileSync(fileOf(imageSrc(image, defaultImageWidth(image))));
      expect(readFileSync(plain).equals(variant), plain).toBe(true);
    }
    expect(defaultImageWidth(staffPortrait(1) as BundledImage)).toBe(320);
    expect(defaultImageWidth(serviceHeroImage("esa-letters") as BundledImage)).toBe(960);
  });

  it("stay within the hero budget: what a 375 px phone at DPR 3 takes (1280w) is at most 80 KB, in either format", () => {
    for (const image of bundledImages) {
      if (image.category === "staff") continue;
      for (const format of mediaVariantFormats) {
        const phone = statSync(fileOf(imageSrc(image, 375 * 3, format)));
        expect(phone.size, `${image.key} ${format}`).toBeLessThanOrEqual(80 * 1024);
      }
      const master = statSync(fileOf(imageSrc(image, image.width))).size;
      expect(master, image.key).toBeLessThan(200 * 1024);
    }
  });

  it("include the favicon and a 1200x630 JPEG Open Graph image", async () => {
    expect(readFileSync(path.join(publicDir, "favicon.svg"), "utf8")).toContain("<svg");
    const meta = await sharp(path.join(publicDir, "images/og-image.jpg")).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
  });
});

describe("lookups", () => {
  it("finds images by key and by service slug", () => {
    expect(getBundledImage("general/home-hero")?.name).toBe("home-hero");
    expect(getBundledImage("home-hero")).toBeUndefined();
    expect(staffPortrait(11)?.key).toBe("staff/staff-11");
    expect(staffPortrait(12)).toBeUndefined();
    expect(serviceHeroImage("esa-letters")?.key).toBe("services/esa-letters");
  });

  it("builds variant URLs, snapping unknown widths to a generated one", () => {
    const hero = serviceHeroImage("couples-counseling") as BundledImage;
    expect(imageSrc(hero, 960)).toBe("/images/services/couples-counseling-960.webp");
    expect(imageSrc(hero, 700)).toBe("/images/services/couples-counseling-960.webp");
    expect(imageSrc(hero, 1125, "avif")).toBe("/images/services/couples-counseling-1280.avif");
    expect(imageSrc(hero, 4000)).toBe("/images/services/couples-counseling-1920.webp");
    expect(imageSrc(staffPortrait(2) as BundledImage, 240)).toBe("/images/staff/staff-02-320.webp");
  });

  it("round-trips every plain and variant URL through findBundledImageByUrl, and the previous widths' URLs", () => {
    for (const image of bundledImages) {
      expect(findBundledImageByUrl(plainImageSrc(image))).toBe(image);
      for (const width of image.widths) {
        for (const format of mediaVariantFormats) expect(findBundledImageByUrl(imageSrc(image, width, format))).toBe(image);
      }
    }
    const staff3 = staffPortrait(3);
    expect(findBundledImageByUrl("/images/staff/staff-03.webp")).toBe(staff3);
    expect(findBundledImageByUrl("https://example.org/images/staff/staff-03-480.webp?v=2#x")).toBe(staff3);
    expect(findBundledImageByUrl("//cdn.example.org/images/staff/staff-03.webp")).toBe(staff3);
    expect(findBundledImageByUrl("images/staff/staff-03.webp")).toBe(staff3);
    // Content stored before these variants may name a width no longer generated.
    expect(findBundledImageByUrl("/images/staff/staff-03-240.webp")).toBe(staff3);
    expect(findBundledImageByUrl("/images/services/esa-letters-1600.webp")).toBe(serviceHeroImage("esa-letters"));
  });

  it("does not recognize other URLs", () => {
    for (const url of [
      "",
      null,
      undefined,
      "/images/staff/staff-99.webp",
      "/images/staff/staff-03-123.webp",
      "/images/staff/staff-03.png",
      "/images/services/esa-letters-240.webp",
      "/images/services/esa-letters-1600.avif",
      "/images/staff/staff-03-1920.avif",
      "/media/abc123.webp",
      "https://example.org/photo.jpg",
    ]) {
      expect(findBundledImageByUrl(url), String(url)).toBeUndefined();
    }
  });
});

describe("ResponsiveImage (server-rendered)", () => {
  const hero = serviceHeroImage("group-therapy") as BundledImage;
  const heroFiles = "/images/services/group-therapy";
  const widths = [320, 640, 960, 1280, 1920];
  const srcSetOf = (base: string, format: string, ws = widths) => ws.map((w) => `${base}-${w}.${format} ${w}w`).join(", ");

  it("renders a bundled image as a lazy <picture>: AVIF source, WebP img with srcset, sizes, master dimensions and the manifest alt", () => {
    const html = renderToStaticMarkup(createElement(ResponsiveImage, { image: hero, sizes: "100vw", className: "w-full" }));
    expect(html).toMatch(/^<picture class="contents"><source type="image\/avif" [^>]*\/><img [^>]*\/><\/picture>$/);
    expect(html).toContain(`<source type="image/avif" srcSet="${srcSetOf(heroFiles, "avif")}" sizes="100vw"/>`);
    expect(html).toContain(`srcSet="${srcSetOf(heroFiles, "webp")}"`);
    expect(html).toContain(`src="${heroFiles}-960.webp"`);
    expect(html).toContain('width="1920"');
    expect(html).toContain('height="1080"');
    expect(html).toContain(`alt="${hero.alt}"`);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).toContain('class="w-full"');
    expect(html).not.toMatch(/fetchPriority/i);
  });

  it("loads eagerly with high priority when asked, and takes an empty alt for decoration", () => {
    const html = renderToStaticMarkup(createElement(ResponsiveImage, { image: hero, alt: "", priority: true, sizes: "50vw" }));
    expect(html).toContain('alt=""');
    expect(html).toContain('loading="eager"');
    expect(html).not.toContain('loading="lazy"');
    expect(html).toMatch(/fetchPriority="high"|fetchpriority="high"/);
    expect(html.match(/sizes="50vw"/g)).toHaveLength(2);
  });

  it("renders a bundled reference, a manifest entry and an upload the same way", () => {
    const staff = renderToStaticMarkup(
      createElement(ResponsiveImage, {
        image: { source: "bundled", key: "staff/staff-04" },
        alt: "Portrait of Ava Morgan",
        width: 480,
        height: 480,
        sizes: "6rem",
      }),
    );
    expect(staff).toBe(
      renderToStaticMarkup(
        createElement(ResponsiveImage, { image: staffPortrait(4) as BundledImage, alt: "Portrait of Ava Morgan", sizes: "6rem" }),
      ),
    );
    expect(staff).toContain(`<source type="image/avif" srcSet="${srcSetOf("/images/staff/staff-04", "avif", [320, 480])}" sizes="6rem"/>`);
    expect(staff).toContain(`srcSet="${srcSetOf("/images/staff/staff-04", "webp", [320, 480])}"`);
    expect(staff).toContain('alt="Portrait of Ava Morgan"');
    expect(staff).toContain('width="480"');

    const upload = renderToStaticMarkup(
      createElement(ResponsiveImage, { image: { source: "media", id: "abcdefgh12345678-1000x750" }, alt: "Office", sizes: "100vw" }),
    );
    const base = "/media/abcdefgh12345678-1000x750";
    expect(upload).toMatch(/^<picture class="contents"><source type="image\/avif" [^>]*\/><img [^>]*\/><\/picture>$/);
    expect(upload).toContain(`srcSet="${base}/320.avif 320w, ${base}/640.avif 640w, ${base}/960.avif 960w, ${base}/1000.avif 1000w"`);
    expect(upload).toContain(`srcSet="${base}/320.webp 320w, ${base}/640.webp 640w, ${base}/960.webp 960w, ${base}/1000.webp 1000w"`);
    expect(upload).toContain(`src="${base}/960.webp"`);
    expect(upload).toContain('width="1000"');
    expect(upload).toContain('height="750"');
    expect(upload).toContain('sizes="100vw"');
    expect(upload).toContain('loading="lazy"');
  });

  it("names only files that exist, for every bundled image", () => {
    for (const image of bundledImages) {
      const resolved = resolveImage({ source: "bundled", key: image.key });
      const urls = [resolved?.src, resolved?.srcSet, ...(resolved?.sources ?? []).map((source) => source.srcSet)]
        .join(", ")
        .split(", ")
        .map((entry) => entry.split(" ")[0] ?? "");
      for (const url of urls) expect(existsSync(fileOf(url)), url).toBe(true);
    }
  });

  it("gives a media reference without a size an address that answers with a placeholder", () => {
    const html = renderToStaticMarkup(
      createElement(ResponsiveImage, { image: { source: "media", id: "abc" }, alt: "Office", width: 800, height: 600, sizes: "100vw" }),
    );
    expect(html).toContain('src="/media/abc/640.webp"');
    expect(html).not.toContain("srcSet");
    expect(html).toContain('width="800"');
  });

  it("renders nothing for an address on another site: no visitor's browser is sent there (review F6)", () => {
    const html = renderToStaticMarkup(
      createElement(ResponsiveImage, {
        image: { source: "external", url: "https://photos.example.org/a.jpg" },
        alt: "Team",
        sizes: "6rem",
      }),
    );
    expect(html).toBe("");
  });
});
