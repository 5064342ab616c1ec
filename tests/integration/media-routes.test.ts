import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, vi } from "vitest";
import { listAuditLog } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { aboutDefaults } from "#app/pages/about.ts";
import { usesText } from "#app/media/media-texts.ts";
import { titleFromFileName } from "#app/media/media.ts";
import { loadPage } from "#app/content/page-store.server.ts";
import { getImage, listImages, uploadImage } from "#app/media/media.server.ts";
import { imageThread } from "#app/media/image-thread-client.server.ts";
import * as imageUploadRoute from "#app/routes/admin/image-upload.ts";
import * as imagesRoute from "#app/routes/admin/images.tsx";
import {
  answerOf,
  createTestAdmin,
  routeArgs,
  signedIn as withSession,
  signedInCookie,
  siteOrigin,
  siteRequest,
} from "#tests/fixtures/admin.ts";
import { photoLikeJpeg, pngImage, textRenamedPng } from "#tests/fixtures/images.ts";
import { storeRawPageContent } from "#tests/fixtures/page-content.ts";
import { testOnEachMediaStore } from "#tests/setup/media-stores.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// Signed-in admin routes, run with their session middleware as the router runs them.
const imageUpload = withSession(imageUploadRoute);
const images = withSession(imagesRoute);

const ava = aboutDefaults.staff[0]!;

/** A multipart upload as the Images tab's form sends it. */
function uploadRequest(path: string, options: { cookie?: string | null; file?: Uint8Array; name?: string; json?: boolean } = {}) {
  const body = new FormData();
  body.set("file", new File([new Uint8Array(options.file ?? [])], options.name ?? "photo.png", { type: "image/png" }));
  const headers = new Headers({ Origin: siteOrigin });
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.json) headers.set("Accept", "application/json");
  else headers.set("Sec-Fetch-Mode", "navigate");
  return new Request(siteOrigin + path, { method: "POST", headers, body });
}

async function signedIn(db: Db) {
  const admin = await createTestAdmin(db);
  return { admin, cookie: await signedInCookie(db, admin.id) };
}

async function mediaCount(db: Db) {
  const row = await db
    .selectFrom("media")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

testOnEachEngine("an upload without a session is refused and stores nothing", async (db) => {
  const file = await pngImage(320, 240);
  const scripted = await answerOf(() =>
    imageUpload.action(routeArgs(uploadRequest("/admin/images/upload?category=hero-images", { file, json: true }))),
  );
  expect(scripted.status).toBe(401);
  const plain = await answerOf(() => images.action(routeArgs(uploadRequest("/admin/images?category=hero-images", { file }))));
  expect(plain).toMatchObject({ status: 302, location: "/admin/login" });
  const forged = await answerOf(() =>
    imageUpload.action(
      routeArgs(uploadRequest("/admin/images/upload?category=hero-images", { file, json: true, cookie: "admin_session=Zm9yZ2Vk" })),
    ),
  );
  expect(forged.status).toBe(401);
  expect(await mediaCount(db)).toBe(0);
});

testOnEachMediaStore("a scripted upload is stored in the chosen bucket and answered in JSON", async (db) => {
  const { admin, cookie } = await signedIn(db);
  const response = (await imageUpload.action(
    routeArgs(
      uploadRequest("/admin/images/upload?category=service-images", {
        cookie,
        file: await pngImage(320, 240),
        name: "Room.png",
        json: true,
      }),
    ),
  )) as Response;
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { status: number; item: { name: string; bucket: string } };
  expect(answer).toMatchObject({ status: 200, toast: { title: "Image uploaded successfully!" }, item: { bucket: "service-images" } });
  expect(answer.item.name).toMatch(/^[A-Za-z0-9]{16}\.png$/);
  expect((await listImages(db, "service-images")).map((item) => item.name)).toEqual([answer.item.name]);
  const [entry] = await listAuditLog(db, 1);
  expect(entry).toMatchObject({ action: "media-uploaded", admin_email: admin.email });

  // The tab lists it with its size in KB (bytes / 1024, rounded) and a preview variant.
  const tab = await answerOf(() => images.loader(routeArgs(siteRequest("/admin/images?category=service-images", { cookie }))));
  const [listed] = (tab.data as { images: Array<{ name: string; sizeKb: number; previewUrl: string }> }).images;
  const [stored] = await listImages(db, "service-images");
  expect(listed).toMatchObject({ name: answer.item.name, sizeKb: Math.round((stored?.size ?? 0) / 1024) });
  expect(listed?.previewUrl).toMatch(/\/320\.webp$/);
});

testOnEachEngine("refusals: local-images, a file that is not an image, a body over the limit", async (db) => {
  const { cookie } = await signedIn(db);
  const post = async (path: string, options: Parameters<typeof uploadRequest>[1]) =>
    (await imageUpload.action(routeArgs(uploadRequest(path, { cookie, json: true, ...options })))) as Response;

  const local = await post("/admin/images/upload?category=local-images", { file: await pngImage(320, 240) });
  expect(local.status).toBe(400);
  expect(await local.json()).toMatchObject({ status: 400, toast: { title: "Cannot Upload" } });

  const text = await post("/admin/images/upload?category=hero-images", { file: textRenamedPng, name: "notes.png" });
  expect(text.status).toBe(415);
  expect(await text.json()).toMatchObject({
    status: 415,
    toast: { description: "Failed to upload image." },
    result: { error: { "": ["The file is not a JPEG, PNG, WebP, AVIF or GIF image."] } },
  });

  // Over the limit: refused from the declared length, or (sent in chunks without one) once the
  // bytes read pass it, without reading the rest.
  for (const declared of [true, false]) {
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        if (sent > 64 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const headers = new Headers({ Cookie: cookie, Accept: "application/json", "Content-Type": "multipart/form-data; boundary=x" });
    if (declared) headers.set("Content-Length", String(16 * 1024 * 1024));
    const request = new Request(`${siteOrigin}/admin/images/upload?category=hero-images`, {
      method: "POST",
      headers,
      body,
      duplex: "half",
    } as RequestInit);
    const huge = (await imageUpload.action(routeArgs(request))) as Response;
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ status: 413, result: { error: { "": [expect.stringContaining("larger than 15 MB")] } } });
    expect(sent).toBeLessThanOrEqual(declared ? 2 * 1024 * 1024 : 18 * 1024 * 1024);
  }

  // Without JavaScript the tab itself answers, with the same refusal.
  const plain = await answerOf(() =>
    images.action(routeArgs(uploadRequest("/admin/images?category=local-images", { cookie, file: textRenamedPng }))),
  );
  expect(plain).toMatchObject({ status: 400, data: { toast: { title: "Cannot Upload" } } });
  expect(await mediaCount(db)).toBe(0);
});

testOnEachMediaStore(
  "a plain-form upload and delete go back to the category with their toasts; local images cannot be deleted",
  async (db, { mediaDir }) => {
    const { cookie } = await signedIn(db);
    const file = await pngImage(320, 240);
    const uploaded = await answerOf(() =>
      images.action(routeArgs(uploadRequest("/admin/images?category=general-images", { cookie, file }))),
    );
    expect(uploaded).toMatchObject({ status: 302, location: "/admin/images?category=general-images" });
    expect(uploaded.setCookies[0]).toMatch(/^admin_toast=/);
    const [item] = await listImages(db, "general-images");
    // With MEDIA_STORE=disk the files are under MEDIA_DIR, one folder per image.
    if (mediaDir !== null) expect(readdirSync(mediaDir)).toEqual([item?.id]);

    const deleted = await answerOf(() =>
      images.action(routeArgs(siteRequest("/admin/images?category=general-images", { cookie, form: { id: item?.id ?? "" } }))),
    );
    expect(deleted).toMatchObject({ status: 302, location: "/admin/images?category=general-images" });
    expect(await mediaCount(db)).toBe(0);
    if (mediaDir !== null) expect(readdirSync(mediaDir)).toEqual([]);
    const again = await answerOf(() =>
      images.action(routeArgs(siteRequest("/admin/images?category=general-images", { cookie, form: { id: item?.id ?? "" } }))),
    );
    expect(again).toMatchObject({ status: 404, data: { toast: { description: "Failed to delete image." } } });

    const local = await answerOf(() =>
      images.action(routeArgs(siteRequest("/admin/images?category=local-images", { cookie, form: { id: "services/esa-letters" } }))),
    );
    expect(local).toMatchObject({ status: 400, data: { toast: { title: "Cannot Delete" } } });
    const withoutSession = await answerOf(() =>
      images.action(
        routeArgs(siteRequest("/admin/images?category=general-images", { form: { id: "x" }, headers: { "Sec-Fetch-Mode": "navigate" } })),
      ),
    );
    expect(withoutSession).toMatchObject({ status: 302, location: "/admin/login" });
  },
);

/**
 * Gives this test a temporary folder of its own (uploads spool under the system's one, which the
 * other test files running beside it use too), and lists the upload folders in it.
 */
function ownSpool(): { folders: () => Array<string>; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), "spool-test-"));
  // Unstubbed after the test by the configuration (unstubEnvs).
  vi.stubEnv("TMPDIR", folder);
  return {
    folders: () => readdirSync(folder).filter((name) => name.startsWith("site-upload-")),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

testOnEachEngine("uploads wait on disk, at most two besides the one being processed; more are told the server is busy (F9)", async (db) => {
  const { cookie } = await signedIn(db);
  const spool = ownSpool();
  // Large enough that the first is still being processed when the fifth has arrived.
  const file = await photoLikeJpeg(1000, 750);
  const answers = await Promise.all(
    Array.from({ length: 5 }, async () => {
      const response = (await imageUpload.action(
        routeArgs(uploadRequest("/admin/images/upload?category=general-images", { cookie, file, name: "photo.jpg", json: true })),
      )) as Response;
      return { status: response.status, body: (await response.json()) as unknown };
    }),
  );
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 503, 503]);
  for (const answer of answers.filter((each) => each.status === 503)) {
    expect(answer.body).toMatchObject({
      status: 503,
      result: { error: { "": ["The server is busy with other images right now. Please try again in a minute."] } },
    });
  }
  expect(await mediaCount(db)).toBe(3);
  // Every spooled file is gone again.
  expect(spool.folders()).toEqual([]);
  spool.remove();
});

testOnEachEngine("an upload whose client goes away, or that is over the limit, leaves nothing on disk or in the library", async (db) => {
  const { cookie } = await signedIn(db);
  const spool = ownSpool();
  // A body that stops in the middle of the file.
  const whole = await new Response(
    (() => {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(300_000).fill(7)], "photo.jpg", { type: "image/jpeg" }));
      return form;
    })(),
  ).arrayBuffer();
  const headersOf = new Response(
    (() => {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(300_000).fill(7)], "photo.jpg", { type: "image/jpeg" }));
      return form;
    })(),
  ).headers;
  const cut = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(whole.slice(0, 100_000)));
      controller.error(new Error("The client went away"));
    },
  });
  const request = new Request(`${siteOrigin}/admin/images/upload?category=general-images`, {
    method: "POST",
    headers: { Origin: siteOrigin, Cookie: cookie, Accept: "application/json", "Content-Type": headersOf.get("Content-Type")! },
    body: cut,
    duplex: "half",
  } as RequestInit);
  const answer = (await imageUpload.action(routeArgs(request))) as Response;
  expect(answer.status).toBe(400);
  expect(await mediaCount(db)).toBe(0);
  expect(spool.folders()).toEqual([]);
  spool.remove();
});

testOnEachEngine("the image thread is started while an upload's body is still arriving", async (db) => {
  const { cookie } = await signedIn(db);
  const warm = vi.spyOn(imageThread, "warm");
  const form = new FormData();
  form.set("file", new File([new Uint8Array(await photoLikeJpeg(320, 240))], "photo.jpg", { type: "image/jpeg" }));
  const sent = new Response(form);
  const whole = new Uint8Array(await sent.arrayBuffer());
  let sendTheRest = () => {};
  const restSent = new Promise<void>((resolve) => (sendTheRest = resolve));
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(whole.slice(0, 1000));
      await restSent;
      controller.enqueue(whole.slice(1000));
      controller.close();
    },
  });
  const request = new Request(`${siteOrigin}/admin/images/upload?category=general-images`, {
    method: "POST",
    headers: { Origin: siteOrigin, Cookie: cookie, Accept: "application/json", "Content-Type": sent.headers.get("Content-Type")! },
    body,
    duplex: "half",
  } as RequestInit);
  try {
    const answer = imageUpload.action(routeArgs(request)) as Promise<Response>;
    await expect.poll(() => warm.mock.calls.length).toBe(1);
    sendTheRest();
    expect((await answer).status).toBe(200);
    expect(await mediaCount(db)).toBe(1);
  } finally {
    // Had the wait failed, the upload would otherwise stay open into the next test.
    sendTheRest();
    warm.mockRestore();
  }
});

testOnEachEngine("deleting an image a page shows names the page and asks first; then the staff card has no photo (F13)", async (db) => {
  const { admin, cookie } = await signedIn(db);
  const item = await uploadImage(db, {
    bucket: "hero-images",
    fileName: "ava.png",
    bytes: await pngImage(320, 320),
    admin,
    staffId: ava.id,
  });
  await storeRawPageContent(db, "about", { staff: [{ ...ava, image: { source: "media", id: item.id } }] });

  const tab = await answerOf(() => images.loader(routeArgs(siteRequest("/admin/images?category=hero-images", { cookie }))));
  const listed = (tab.data as { images: Array<{ id: string; usedOn: Array<string> }> }).images.find((image) => image.id === item.id);
  expect(listed?.usedOn).toEqual(["About (Ava Morgan's photo)"]);

  const remove = (seenUses: string) =>
    answerOf(() =>
      images.action(
        routeArgs(
          siteRequest("/admin/images?category=hero-images", {
            cookie,
            form: { id: item.id, seenUses },
            headers: { "Sec-Fetch-Mode": "navigate" },
          }),
        ),
      ),
    );
  // Staff who were not told of the page (a page took the image up since they looked) are told now.
  expect(await remove("")).toMatchObject({
    status: 409,
    data: {
      toast: { description: "Failed to delete image." },
      result: {
        error: {
          "": ["Not deleted: this image is now also used on About (Ava Morgan's photo). Look at it again before deleting it."],
        },
      },
    },
  });
  expect(await getImage(db, item.id)).not.toBeNull();
  // Told, they delete it; the About page then shows Ava without a photo (her initials), not a placeholder.
  expect(await remove(usesText(listed!.usedOn))).toMatchObject({ status: 302 });
  expect(await getImage(db, item.id)).toBeNull();
  expect((await loadPage(db, "about")).staff[0]).toMatchObject({ name: "Ava Morgan", image: null });
});

testOnEachEngine("an upload keeps its file's own name as its title, shows what visitors download, and can be renamed", async (db) => {
  const { cookie } = await signedIn(db);
  const file = await pngImage(1600, 1200);
  const path = "/admin/images?category=general-images";
  const uploaded = await answerOf(() => images.action(routeArgs(uploadRequest(path, { cookie, file, name: "Office waiting room.png" }))));
  expect(uploaded).toMatchObject({ status: 302 });
  const [item] = await listImages(db, "general-images");
  expect(item).toMatchObject({ title: "Office waiting room.png" });
  expect(item?.name).not.toContain("Office");

  const listed = (await answerOf(() => images.loader(routeArgs(siteRequest(path, { cookie }))))).data as {
    images: Array<{ title: string | null; sizeKb: number; servedKb: { smallest: number; largest: number } | null }>;
  };
  const card = listed.images[0]!;
  expect(card.title).toBe("Office waiting room.png");
  // The variants visitors get are smaller than the file as uploaded.
  expect(card.servedKb!.smallest).toBeLessThanOrEqual(card.servedKb!.largest);
  expect(card.servedKb!.largest).toBeLessThan(card.sizeKb);

  const rename = (title: string) =>
    answerOf(() => images.action(routeArgs(siteRequest(path, { cookie, form: { id: item!.id, intent: "rename", title } }))));
  expect(await rename("The waiting room, spring")).toMatchObject({ status: 302, location: path });
  expect((await listImages(db, "general-images"))[0]).toMatchObject({ title: "The waiting room, spring", url: item!.url });
  expect((await listAuditLog(db, 5)).map((entry) => entry.action)).toContain("media-renamed");
  // Refused beside the field: empty, two lines, too long; the title stays.
  for (const title of ["", "two\nlines", "x".repeat(121)]) {
    expect(await rename(title)).toMatchObject({ status: 400, data: { result: { error: { title: [expect.any(String)] } } } });
  }
  expect((await listImages(db, "general-images"))[0]?.title).toBe("The waiting room, spring");
  expect(titleFromFileName("C:\\Users\\ana\\IMG_2041.JPG")).toBe("IMG_2041.JPG");
  expect(titleFromFileName("a\u0007b\u0000  c.png")).toBe("ab c.png");
});
