import { expect } from "vitest";
import { listAuditLog } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { listImages } from "#app/server/media/media.server.ts";
import * as imageUpload from "#app/routes/admin/image-upload.ts";
import * as images from "#app/routes/admin/images.tsx";
import { answerOf, createTestAdmin, routeArgs, signedInCookie, siteOrigin, siteRequest } from "#tests/fixtures/admin.ts";
import { pngImage, textRenamedPng } from "#tests/fixtures/images.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

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

testOnEachEngine("a scripted upload is stored in the chosen bucket and answered in JSON", async (db) => {
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
  const answer = (await response.json()) as { ok: boolean; item: { name: string; bucket: string } };
  expect(answer).toMatchObject({ ok: true, item: { bucket: "service-images" } });
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
  expect(await local.json()).toMatchObject({ ok: false, toast: "cannotUpload" });

  const text = await post("/admin/images/upload?category=hero-images", { file: textRenamedPng, name: "notes.png" });
  expect(text.status).toBe(415);
  expect(await text.json()).toMatchObject({
    ok: false,
    toast: "uploadFailed",
    reason: "The file is not a JPEG, PNG, WebP, AVIF or GIF image.",
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
    expect(await huge.json()).toMatchObject({ ok: false, reason: expect.stringContaining("larger than 15 MB") });
    expect(sent).toBeLessThanOrEqual(declared ? 2 * 1024 * 1024 : 18 * 1024 * 1024);
  }

  // Without JavaScript the tab itself answers, with the same refusal.
  const plain = await answerOf(() =>
    images.action(routeArgs(uploadRequest("/admin/images?category=local-images", { cookie, file: textRenamedPng }))),
  );
  expect(plain).toMatchObject({ status: 400, data: { toast: "cannotUpload" } });
  expect(await mediaCount(db)).toBe(0);
});

testOnEachEngine("a plain-form upload and delete go back to the category with their toasts; local images cannot be deleted", async (db) => {
  const { cookie } = await signedIn(db);
  const file = await pngImage(320, 240);
  const uploaded = await answerOf(() => images.action(routeArgs(uploadRequest("/admin/images?category=general-images", { cookie, file }))));
  expect(uploaded).toMatchObject({ status: 302, location: "/admin/images?category=general-images" });
  expect(uploaded.setCookies[0]).toMatch(/^admin_toast=/);
  const [item] = await listImages(db, "general-images");

  const deleted = await answerOf(() =>
    images.action(routeArgs(siteRequest("/admin/images?category=general-images", { cookie, form: { id: item?.id ?? "" } }))),
  );
  expect(deleted).toMatchObject({ status: 302, location: "/admin/images?category=general-images" });
  expect(await mediaCount(db)).toBe(0);
  const again = await answerOf(() =>
    images.action(routeArgs(siteRequest("/admin/images?category=general-images", { cookie, form: { id: item?.id ?? "" } }))),
  );
  expect(again).toMatchObject({ status: 404, data: { toast: "deleteFailed" } });

  const local = await answerOf(() =>
    images.action(routeArgs(siteRequest("/admin/images?category=local-images", { cookie, form: { id: "services/esa-letters" } }))),
  );
  expect(local).toMatchObject({ status: 400, data: { toast: "cannotDelete" } });
  const withoutSession = await answerOf(() =>
    images.action(
      routeArgs(siteRequest("/admin/images?category=general-images", { form: { id: "x" }, headers: { "Sec-Fetch-Mode": "navigate" } })),
    ),
  );
  expect(withoutSession).toMatchObject({ status: 302, location: "/admin/login" });
});
