import type { Page, Response } from "@playwright/test";
import { expect, test } from "#tests/fixtures/e2e-test.ts";
import { homepageDefaults } from "#app/pages/homepage.ts";
import { serviceSlugs } from "#app/pages/services.ts";
import { uniqueClientAddress } from "#tests/fixtures/client-address.ts";
import { openHydrated, toast } from "#tests/fixtures/e2e-admin.ts";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";
import { noisyJpeg, phoneJpeg, pngImage } from "#tests/fixtures/images.ts";

// Each test comes from its own address, so no limit carries over; each uses its own category,
// so tests running at once do not see each other's uploads. The tests sign in with a session
// made for them (the sign-in form has its own tests, in admin.test.ts).
test.use({ extraHTTPHeaders: async ({}, use) => use({ "X-Forwarded-For": uniqueClientAddress() }) });

async function openCategory(page: Page, category: string) {
  await openHydrated(page, "/admin/images");
  await page.getByLabel("Category").selectOption(category);
  await expect(page).toHaveURL(`/admin/images?category=${category}`);
}

async function upload(page: Page, name: string, buffer: Buffer, mimeType = "image/png") {
  await page.getByLabel(/Upload an image to/).setInputFiles({ name, mimeType, buffer });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
}

test("upload, list with size in KB, delete with confirmation, then the empty state", async ({ page, signInDirectly }) => {
  await signInDirectly(page);
  await openCategory(page, "general-images");
  await expect(page.getByText("No images in this category yet.")).toBeVisible();
  await expect(page.getByLabel(/Upload an image to/)).toHaveAttribute("accept", "image/*");

  await upload(page, "Office Window.png", await pngImage(640, 480));
  await expect(toast(page, "Image uploaded successfully!")).toBeVisible();
  const card = page.getByRole("list", { name: "Images in general-images" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  // The stored name and address are storage's words: behind Details.
  await expect(card.getByText(/^Stored as [A-Za-z0-9]{16}\.png$/)).toBeHidden();
  await expect(card.getByText(/^\/media\//)).toBeHidden();
  await card.getByText("Details", { exact: true }).click();
  await expect(card.getByText(/^Stored as [A-Za-z0-9]{16}\.png$/)).toBeVisible();
  await expect(card.getByRole("button", { name: "Copy URL" })).toBeVisible();
  await expect(card.getByText(/^\d+ KB$/)).toBeVisible();
  await expect(card.getByText(/^Last modified /)).toBeVisible();
  const preview = card.getByRole("img");
  await expect(preview).toHaveJSProperty("complete", true);
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // The size shown is the stored file's bytes / 1024, rounded.
  const url = (await card.getByText(/^\/media\//).textContent()) ?? "";
  const stored = await page.request.get(url);
  expect(stored.headers()["content-type"]).toBe("image/png");
  const bytes = (await stored.body()).byteLength;
  await expect(card.getByText(`${Math.round(bytes / 1024)} KB`)).toBeVisible();
  // Its own file name is its title, and the card says what visitors download.
  await expect(card.getByText("Office Window.png", { exact: true })).toBeVisible();
  await expect(card.getByText(/^Visitors download (\d+ KB|(up to |\d+ to )\d+ KB, by screen size|under 1 KB)$/)).toBeVisible();
  await expect(card.getByText("Not used on any page yet")).toBeVisible();
  await card.getByText("Rename").click();
  await card.getByLabel("Image name", { exact: true }).fill("The office window in spring");
  await card.getByRole("button", { name: "Save the name" }).click();
  await expect(toast(page, "Name saved")).toBeVisible();
  await expect(card.getByText("The office window in spring", { exact: true })).toBeVisible();
  // What a picture shows is written where it is shown (a staff member's photo description), not here.
  await expect(card.getByText("Describe", { exact: true })).toHaveCount(0);

  // Cancel closes the confirmation, nothing deleted, and gives the focus back to Delete.
  await card.getByText("Delete", { exact: true }).click();
  await card
    .locator("details", { has: page.getByRole("button", { name: "Yes, delete" }) })
    .getByRole("button", { name: "Cancel" })
    .click();
  await expect(card.getByRole("button", { name: "Yes, delete" })).toBeHidden();
  await expect(card.getByText("Delete", { exact: true })).toBeFocused();
  await card.getByText("Delete", { exact: true }).click();
  await card.getByRole("button", { name: "Yes, delete" }).click();
  await expect(toast(page, "Image deleted successfully!")).toBeVisible();
  await expect(page.getByText("No images in this category yet.")).toBeVisible();
  // The deleted file's address answers 404 with a placeholder picture.
  const gone = await page.request.get(url);
  expect(gone.status()).toBe(404);
  expect(gone.headers()["content-type"]).toBe("image/svg+xml");
});

test("local-images refuses uploads and deletes with the specified texts", async ({ page, signInDirectly }) => {
  await signInDirectly(page);
  await openCategory(page, "local-images");
  await expect(page.getByText("individual-counseling.webp", { exact: true })).toBeVisible();
  // The spec's words name a hosting product; the page says what they mean.
  await expect(page.getByText('Where a message asks for a "storage bucket", it means one of those three.')).toBeVisible();
  await upload(page, "photo.png", await pngImage(320, 240));
  await expect(toast(page, "Cannot Upload")).toContainText("Cannot upload to local images. Please select a Supabase storage bucket.");
  await page.getByRole("button", { name: "Delete individual-counseling.webp" }).click();
  await expect(toast(page, "Cannot Delete")).toContainText(
    "Local images cannot be deleted from the admin panel. These are part of your project files.",
  );
  await expect(page.getByText("individual-counseling.webp", { exact: true })).toBeVisible();
});

test("a file that is not an image is refused with the error toast and the reason", async ({ page, signInDirectly }) => {
  await signInDirectly(page);
  // A category of its own among this file's tests (hero-images also holds the staff photos
  // other tests of this worker may have uploaded).
  await openCategory(page, "service-images");
  const listed = page.getByRole("button", { name: /^Delete / });
  const before = await listed.count();
  await upload(page, "notes.png", Buffer.from("just some text"));
  await expect(toast(page, "Error")).toContainText("Failed to upload image.");
  await expect(page.getByRole("alert")).toHaveText("The file is not a JPEG, PNG, WebP, AVIF or GIF image.");
  await page.reload();
  await expect(listed).toHaveCount(before);
});

test("a file over 15 MB is refused with the reason, by the running server, and nothing is stored", async ({ page, signInDirectly }) => {
  await signInDirectly(page);
  await openCategory(page, "general-images");
  await upload(page, "huge.jpg", Buffer.alloc(16 * 1024 * 1024, 1), "image/jpeg");
  // The answer comes once 16 MB have been handed to the browser and sent: on a busy machine that
  // alone has taken more than the default 5 s.
  await expect(toast(page, "Error")).toContainText("Failed to upload image.");
  await expect(page.getByRole("alert")).toHaveText("The file is larger than 15 MB. Please choose a smaller image.");
  await expect(page.getByText("No images in this category yet.")).toBeVisible();
});

test("Replace puts a new file everywhere the image is used, without saving the page again", async ({
  page,
  signInDirectly,
  savePageVersion,
}) => {
  await signInDirectly(page);
  await openCategory(page, "hero-images");
  await upload(page, "Front door.png", await pngImage(640, 480));
  await expect(toast(page, "Image uploaded successfully!")).toBeVisible();
  const oldCard = page.getByRole("listitem").filter({ has: page.getByText("Front door.png", { exact: true }) });
  const oldId = /^\/media\/([^/]+)\//.exec((await oldCard.getByText(/^\/media\//).textContent()) ?? "")?.[1];
  expect(oldId).toBeTruthy();
  await savePageVersion("homepage", { ...homepageDefaults, heroImage: `media:${oldId}` });
  await page.reload();
  await expect(oldCard.getByText("Used on: Homepage (Hero image)")).toBeVisible();

  await oldCard.getByText("Replace", { exact: true }).click();
  await expect(oldCard.getByText("It takes this one's place on: Homepage (Hero image).")).toBeVisible();
  await oldCard
    .getByLabel("New picture")
    .setInputFiles({ name: "Front door, summer.png", mimeType: "image/png", buffer: await pngImage(800, 500) });
  await oldCard.getByRole("button", { name: "Replace everywhere" }).click();
  await expect(toast(page, "Image replaced everywhere it is used.")).toBeVisible();

  const newCard = page.getByRole("listitem").filter({ has: page.getByText("Front door, summer.png", { exact: true }) });
  await expect(newCard.getByText("Used on: Homepage (Hero image)")).toBeVisible();
  await expect(page.getByText("Front door.png", { exact: true })).toHaveCount(0);
  await newCard.getByText("Details", { exact: true }).click();
  await expectNoAxeViolations(page);
  const newId = /^\/media\/([^/]+)\//.exec((await newCard.getByText(/^\/media\//).textContent()) ?? "")?.[1];
  await page.goto("/");
  await expect(page.locator("main section").first().locator("img")).toHaveAttribute("src", new RegExp(`/media/${newId}/`));

  // Left as found for the next test of this worker.
  await openCategory(page, "hero-images");
  await newCard.getByText("Delete", { exact: true }).click();
  await newCard.getByRole("button", { name: "Yes, delete" }).click();
  await expect(toast(page, "Image deleted successfully!")).toBeVisible();
});

test("the Images tab has no axe violations, with images listed", async ({ page, signInDirectly }) => {
  await signInDirectly(page);
  await openCategory(page, "local-images");
  await expectNoAxeViolations(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test("a photo uploads at 375 px and is listed upright", async ({ page, signInDirectly }) => {
    await signInDirectly(page);
    await openCategory(page, "service-images");
    await upload(page, "IMG_0042.JPG", await phoneJpeg(), "image/jpeg");
    await expect(toast(page, "Image uploaded successfully!")).toBeVisible();
    const card = page.getByRole("listitem").filter({ has: page.getByText(/^Stored as [A-Za-z0-9]{16}\.jpg$/) });
    await expect(card).toBeVisible();
    const url = (await card.getByText(/^\/media\//).textContent()) ?? "";
    // Stored upright: 600x400 with orientation 6 becomes 400x600, its id says so.
    expect(url).toMatch(/-400x600\//);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });

  test("a photo of several megabytes passes the server's body limit and is stored", async ({ page, signInDirectly }) => {
    test.slow(); // sharp makes ten variants of a large photo
    const photo = await noisyJpeg(2400, 1800);
    expect(photo.byteLength).toBeGreaterThan(3 * 1024 * 1024);
    await signInDirectly(page);
    await openCategory(page, "hero-images");
    await upload(page, "IMG_0100.JPG", photo, "image/jpeg");
    await expect(toast(page, "Image uploaded successfully!")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ has: page.getByText(/^Stored as [A-Za-z0-9]{16}\.jpg$/) })).toBeVisible();
  });
});

test("a page naming a deleted image shows a placeholder picture, not a broken one", async ({ page }) => {
  await page.goto("/resources");
  const size = await page.evaluate(async () => {
    const base = "/media/Qm3kX9vP2aLzR7mW-640x480";
    const picture = document.createElement("picture");
    const source = document.createElement("source");
    source.type = "image/avif";
    source.srcset = `${base}/640.avif 640w`;
    const img = document.createElement("img");
    img.alt = "";
    img.sizes = "100vw";
    img.srcset = `${base}/640.webp 640w`;
    img.src = `${base}/640.webp`;
    picture.append(source, img);
    document.body.append(picture);
    await img.decode().catch(() => undefined);
    return { width: img.naturalWidth, complete: img.complete };
  });
  expect(size.complete).toBe(true);
  expect(size.width).toBeGreaterThan(0);
});

test.describe("pictures on the public pages", () => {
  test("a service page's hero is a <picture> with an AVIF source and a sized img, loaded at once with high priority", async ({ page }) => {
    await page.goto("/services/couples-counseling");
    const hero = page.locator("picture").filter({ has: page.locator('img[fetchpriority="high"]') });
    await expect(hero).toHaveCount(1);
    const source = hero.locator('source[type="image/avif"]');
    await expect(source).toHaveAttribute("srcset", /\/images\/services\/couples-counseling-1280\.avif 1280w/);
    await expect(source).toHaveAttribute("sizes", "100vw");
    const img = hero.locator("img");
    await expect(img).toHaveAttribute("width", "1920");
    await expect(img).toHaveAttribute("height", "1080");
    await expect(img).toHaveAttribute("loading", "eager");
    await expect(img).toHaveAttribute("srcset", /couples-counseling-1280\.webp 1280w/);
    // The browser took the AVIF source, not the WebP fallback.
    await expect(img).toHaveJSProperty("complete", true);
    expect(await img.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(
      /\/images\/services\/couples-counseling-\d+\.avif$/,
    );
  });

  test.describe("on a 375 px phone at 3x", () => {
    // A phone's screen is as wide as its viewport. Left at the desktop profile's 1920 px screen,
    // Chromium's preload scanner sizes "100vw" by the screen on a first load and fetches the
    // 1920 px hero as well, which no phone does.
    test.use({
      viewport: { width: 375, height: 740 },
      screen: { width: 375, height: 812 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });

    /** The image responses of one page load (until `waitUntil`), by path. */
    async function imagesLoaded(page: Page, path: string, waitUntil: "load" | "networkidle" = "load"): Promise<Map<string, Response>> {
      const responses = new Map<string, Response>();
      const record = (response: Response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith("/images/")) responses.set(url.pathname, response);
      };
      page.on("response", record);
      await page.goto(path, { waitUntil });
      page.off("response", record);
      return responses;
    }

    test("the hero the browser downloads on the home page and every service page is an AVIF of at most 80 KB", async ({ page }) => {
      const heroes = [
        { path: "/", file: "general/home-hero" },
        ...serviceSlugs.map((slug) => ({ path: `/services/${slug}`, file: `services/${slug}` })),
      ];
      for (const { path, file } of heroes) {
        const loaded = await imagesLoaded(page, path);
        const heroFiles = [...loaded.keys()].filter((url) => url.startsWith(`/images/${file}-`));
        // One file: 375 px x 3 takes the 1280 px variant, and never the WebP as well.
        expect(heroFiles, path).toEqual([`/images/${file}-1280.avif`]);
        const response = loaded.get(heroFiles[0] ?? "") as Response;
        expect(response.headers()["content-type"], path).toBe("image/avif");
        const { responseBodySize } = await response.request().sizes();
        const bytes = (await response.body()).byteLength;
        expect(Math.max(responseBodySize, bytes), path).toBeLessThanOrEqual(80 * 1024);
        expect(bytes, path).toBeGreaterThan(1024);
      }
    });

    test("pictures below the fold load lazily: only once scrolled near", async ({ page }) => {
      // Network idle: whatever the browser loads of the page without a scroll has come.
      const loaded = await imagesLoaded(page, "/about", "networkidle");
      const portraits = page.locator("#team img");
      await expect(portraits).toHaveCount(11);
      for (const portrait of await portraits.all()) await expect(portrait).toHaveAttribute("loading", "lazy");
      await expect(portraits.first()).not.toHaveAttribute("fetchpriority", /./);
      // Chromium loads a lazy picture once it comes within a set distance of the screen: 3,000 px
      // without Chrome's field settings (1,250 in Chrome on a fast connection), 4,000 on a slow one.
      // So the first portraits may come with the page; those farther down must not.
      const farBelow = await portraits.evaluateAll((images: HTMLImageElement[]) =>
        images
          .filter((image) => image.getBoundingClientRect().top - window.innerHeight > 4_500)
          .map((image) => ({ src: image.getAttribute("src") ?? "", currentSrc: image.currentSrc })),
      );
      expect(farBelow.length).toBeGreaterThanOrEqual(5);
      for (const { src, currentSrc } of farBelow) {
        const variants = src.replace(/-\d+\.webp$/, "-");
        expect(variants).toMatch(/^\/images\/staff\/staff-\d+-$/);
        expect(
          [...loaded.keys()].filter((path) => path.startsWith(variants)),
          src,
        ).toEqual([]);
        expect(currentSrc, src).toBe("");
      }
      const last = portraits.last();
      const fetched = page.waitForResponse((response) => /\/images\/staff\/staff-11-320\.avif$/.test(response.url()));
      await last.scrollIntoViewIfNeeded();
      await fetched;
      await expect(last).toHaveJSProperty("complete", true);
      expect(await last.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/\/images\/staff\/staff-11-320\.avif$/);
    });
  });
});
