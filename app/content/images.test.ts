import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageFromRef, ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import {
  bundledImages,
  defaultImageWidth,
  findBundledImageByUrl,
  getBundledImage,
  imageSrc,
  imageSrcSet,
  plainImageSrc,
  serviceHeroImage,
  type BundledImage,
} from "./images.ts";
import { serviceSlugs } from "./services.ts";

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

  it("describes every image and orders widths ascending up to the master", () => {
    for (const image of bundledImages) {
      expect(image.alt.length, image.key).toBeGreaterThan(10);
      expect([...image.widths].sort((a, b) => a - b)).toEqual([...image.widths]);
      expect(image.widths.at(-1)).toBe(image.width);
      expect(Number.isInteger(image.height)).toBe(true);
    }
  });
});

describe("bundled image files", () => {
  it("exist for every width, with the right size", async () => {
    for (const image of bundledImages) {
      for (const width of image.widths) {
        const file = fileOf(imageSrc(image, width));
        expect(existsSync(file), file).toBe(true);
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((image.height * width) / image.width));
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
    expect(defaultImageWidth(staffPortrait(1) as BundledImage)).toBe(240);
    expect(defaultImageWidth(serviceHeroImage("esa-letters") as BundledImage)).toBe(960);
  });

  it("stay small: 480w under 80 KB, service heroes under 80 KB even at 1600w (a 375px phone at DPR 3)", () => {
    for (const image of bundledImages) {
      const small = statSync(fileOf(imageSrc(image, 480))).size;
      expect(small, image.key).toBeLessThan(80 * 1024);
      const master = statSync(fileOf(imageSrc(image, image.width))).size;
      expect(master, image.key).toBeLessThan((image.category === "general" ? 200 : 80) * 1024);
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

  it("builds src and srcset URLs, snapping unknown widths to a generated one", () => {
    const hero = serviceHeroImage("couples-counseling") as BundledImage;
    expect(imageSrc(hero, 960)).toBe("/images/services/couples-counseling-960.webp");
    expect(imageSrc(hero, 700)).toBe("/images/services/couples-counseling-960.webp");
    expect(imageSrc(hero, 4000)).toBe("/images/services/couples-counseling-1600.webp");
    expect(imageSrcSet(hero)).toBe(
      "/images/services/couples-counseling-480.webp 480w, /images/services/couples-counseling-960.webp 960w, /images/services/couples-counseling-1600.webp 1600w",
    );
    expect(imageSrc(staffPortrait(2) as BundledImage, 240)).toBe("/images/staff/staff-02-240.webp");
  });

  it("round-trips every plain and width URL through findBundledImageByUrl", () => {
    for (const image of bundledImages) {
      expect(findBundledImageByUrl(plainImageSrc(image))).toBe(image);
      for (const width of image.widths) expect(findBundledImageByUrl(imageSrc(image, width))).toBe(image);
    }
    const staff3 = staffPortrait(3);
    expect(findBundledImageByUrl("/images/staff/staff-03.webp")).toBe(staff3);
    expect(findBundledImageByUrl("https://example.org/images/staff/staff-03-480.webp?v=2#x")).toBe(staff3);
    expect(findBundledImageByUrl("//cdn.example.org/images/staff/staff-03.webp")).toBe(staff3);
    expect(findBundledImageByUrl("images/staff/staff-03.webp")).toBe(staff3);
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
      "/media/abc123.webp",
      "https://example.org/photo.jpg",
    ]) {
      expect(findBundledImageByUrl(url), String(url)).toBeUndefined();
    }
  });
});

describe("ResponsiveImage and ImageFromRef (server-rendered)", () => {
  const hero = serviceHeroImage("group-therapy") as BundledImage;

  it("renders one lazy img with srcset, sizes, master dimensions and the manifest alt", () => {
    const html = renderToStaticMarkup(createElement(ResponsiveImage, { image: hero, className: "w-full" }));
    expect(html).toMatch(/^<img [^>]*\/>$/);
    expect(html).toContain('src="/images/services/group-therapy-960.webp"');
    expect(html).toContain(`srcSet="${imageSrcSet(hero)}"`);
    expect(html).toContain('sizes="100vw"');
    expect(html).toContain('width="1600"');
    expect(html).toContain('height="900"');
    expect(html).toContain(`alt="${hero.alt}"`);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).toContain('class="w-full"');
    expect(html).not.toContain("fetchPriority");
  });

  it("loads eagerly with high priority when asked, and takes an empty alt for decoration", () => {
    const html = renderToStaticMarkup(createElement(ResponsiveImage, { image: hero, alt: "", priority: true, sizes: "50vw" }));
    expect(html).toContain('alt=""');
    expect(html).toContain('loading="eager"');
    expect(html).toMatch(/fetchPriority="high"|fetchpriority="high"/);
    expect(html).toContain('sizes="50vw"');
  });

  it("gives a bundled reference its srcset, and other references a plain img", () => {
    const staff = renderToStaticMarkup(
      createElement(ImageFromRef, {
        image: { source: "bundled", key: "staff/staff-04" },
        alt: "Portrait of Ava Morgan",
        width: 480,
        height: 480,
        sizes: "6rem",
      }),
    );
    expect(staff).toContain("/images/staff/staff-04-240.webp 240w, /images/staff/staff-04-480.webp 480w");
    expect(staff).toContain('alt="Portrait of Ava Morgan"');
    expect(staff).toContain('sizes="6rem"');

    const upload = renderToStaticMarkup(
      createElement(ImageFromRef, { image: { source: "media", id: "abcdefgh12345678-1000x750" }, alt: "Office", sizes: "100vw" }),
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

  it("gives a media reference without a size an address that answers with a placeholder", () => {
    const html = renderToStaticMarkup(
      createElement(ImageFromRef, { image: { source: "media", id: "abc" }, alt: "Office", width: 800, height: 600 }),
    );
    expect(html).toContain('src="/media/abc/640.webp"');
    expect(html).not.toContain("srcSet");
    expect(html).toContain('width="800"');
  });

  it("renders a typed https address as given", () => {
    const html = renderToStaticMarkup(
      createElement(ImageFromRef, { image: { source: "external", url: "https://photos.example.org/a.jpg" }, alt: "Team" }),
    );
    expect(html).toContain('src="https://photos.example.org/a.jpg"');
    expect(html).not.toContain("srcSet");
  });
});
