import { expect } from "vitest";
import {
  addService,
  editService,
  listChangedMessage,
  liveServices,
  moveService,
  offeredSubjects,
  readServiceList,
  restoreService,
  retireService,
  ServiceListRefusal,
  serviceAt,
  servicesKey,
} from "#app/content/collection-store.server.ts";
import { withContentReads } from "#app/content/content-keys.server.ts";
import { getContentVersion } from "#app/content/content-version.server.ts";
import { readEditedPage, readPage, savePage } from "#app/content/page-store.server.ts";
import { subjectOptions } from "#app/inquiries/contact-options.ts";
import { services as builtInServices } from "#app/pages/services.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { createTestAdmin } from "#tests/fixtures/admin.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// The services list (decision 043): built-in until staff first change it, then stored whole; each
// change checks the version it was made from, so two staff at once never overwrite each other.

const pagePaths = ["/", "/about", "/resources", "/contact"];

async function refusal(change: Promise<unknown>): Promise<ServiceListRefusal> {
  const error = await change.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ServiceListRefusal);
  return error as ServiceListRefusal;
}

async function publishedService(db: Db, staff: { id: string; email: string }, title: string, slug?: string) {
  const { version } = await readServiceList(db);
  const id = await addService(db, { listVersion: version, title, slug, summary: `${title} in a sentence.`, staff });
  const page = await readEditedPage(db, id as `service-${string}`);
  const saved = await savePage(db, {
    name: id as `service-${string}`,
    content: { ...page.content, description: `What ${title} is.`, additionalInfo: "Fifty minutes." },
    baseVersion: page.version,
    admin: staff,
  });
  expect(saved.status).toBe("saved");
  return id;
}

testOnEachEngine("a fresh site has the twelve built-in services, live, in the specification's order, and stores nothing", async (db) => {
  const { entries, version } = await readServiceList(db);
  expect(version).toBe(0);
  expect(entries.map((entry) => entry.id)).toEqual(builtInServices.map((service) => service.slug));
  expect(entries.every((entry) => entry.status === "live" && entry.path === `/services/${entry.slug}`)).toBe(true);
  expect((await liveServices(db)).filter((service) => service.onHome)).toHaveLength(9);
  expect(await serviceAt(db, "/services/esa-letters")).toEqual({ page: "esa-letters" });
  expect(await serviceAt(db, "/services/nothing-here")).toBeNull();
  expect(await offeredSubjects(db)).toEqual([...subjectOptions]);
  expect(await db.selectFrom("collection_entries").select("id").execute()).toEqual([]);
});

testOnEachEngine(
  "an added service is a draft until its page is published; then it is live, last, and read by every page that lists services",
  async (db) => {
    const staff = await createTestAdmin(db);
    const { version } = await readServiceList(db);
    const id = await addService(db, { listVersion: version, title: "Art Therapy", summary: "Making things.", staff });
    expect(id).toMatch(/^service-[a-z0-9]{10}$/);
    expect((await readServiceList(db)).entries.at(-1)).toMatchObject({ id, slug: "art-therapy", status: "draft", title: "Art Therapy" });
    expect(await serviceAt(db, "/services/art-therapy")).toBeNull();
    expect((await liveServices(db)).map((service) => service.title)).not.toContain("Art Therapy");
    // Its editor opens its first draft, the title filled in; an empty description cannot be published.
    const draft = await readEditedPage(db, id as `service-${string}`);
    expect(draft).toMatchObject({ isDraft: true, content: { title: "Art Therapy", description: "" } });
    expect(
      (await savePage(db, { name: id as `service-${string}`, content: draft.content, baseVersion: draft.version, admin: staff })).status,
    ).toBe("invalid");

    const before = await getContentVersion(db);
    const published = await savePage(db, {
      name: id as `service-${string}`,
      content: { ...draft.content, description: "Art therapy is making things.", additionalInfo: "Fifty minutes." },
      baseVersion: draft.version,
      admin: staff,
    });
    expect(published.status).toBe("saved");
    expect(await getContentVersion(db)).toBe(before + 1);
    const changes = await db.selectFrom("content_changes").select("keys").orderBy("version", "desc").limit(1).executeTakeFirstOrThrow();
    expect(JSON.parse(changes.keys)).toContain(servicesKey);
    expect(await serviceAt(db, "/services/art-therapy")).toEqual({ page: id });
    expect((await liveServices(db)).at(-1)).toMatchObject({ id, title: "Art Therapy", path: "/services/art-therapy", onHome: false });
    expect((await readPage(db, id as `service-${string}`)).content.description).toBe("Art therapy is making things.");
    // Every page that shows the menu read the list.
    const { reads } = await withContentReads(() => liveServices(db));
    expect(reads.has(servicesKey)).toBe(true);
    expect(await offeredSubjects(db)).toContain("Art Therapy");
  },
);

testOnEachEngine("bad input is refused with its field named, and nothing is stored", async (db) => {
  const staff = await createTestAdmin(db);
  const version = () => readServiceList(db).then((list) => list.version);
  expect((await refusal(addService(db, { listVersion: 0, title: "Couples Counseling", summary: "Again.", staff }))).field).toBe("title");
  expect((await refusal(addService(db, { listVersion: 0, title: "Other", summary: "A subject of its own.", staff }))).field).toBe("title");
  expect((await refusal(addService(db, { listVersion: 0, title: "Art", slug: "esa-letters", summary: "Taken.", staff }))).field).toBe(
    "slug",
  );
  expect((await refusal(addService(db, { listVersion: 0, title: "!!!", summary: "No address.", staff }))).field).toBe("slug");
  // A page for a service that was never added is not made by a save.
  const unknown = "service-0123456789" as const;
  expect((await savePage(db, { name: unknown, content: { title: "Made up" }, baseVersion: 0, admin: staff })).status).toBe("notEditable");
  // Nothing was written by the refusals, not even the built-in list.
  expect(await db.selectFrom("collections").select("kind").execute()).toEqual([]);
  expect(await db.selectFrom("page_content").select("page_name").where("page_name", "like", "service-%").execute()).toEqual([]);

  const id = await publishedService(db, staff, "Art Therapy");
  const retire = (retiredTo: string) => retireService(db, { listVersion: 0, id, retiredTo, staff, publicPaths: pagePaths });
  const now = await version();
  expect(
    (await refusal(retireService(db, { listVersion: now, id, retiredTo: "/services/no-such", staff, publicPaths: pagePaths }))).field,
  ).toBe("retiredTo");
  expect(
    (await refusal(retireService(db, { listVersion: now, id, retiredTo: "/services/art-therapy", staff, publicPaths: pagePaths }))).field,
  ).toBe("retiredTo");
  // A form opened before a change made since is refused, not applied over it.
  expect((await refusal(retire("/contact"))).message).toBe(listChangedMessage);
  expect((await readServiceList(db)).entries.find((entry) => entry.id === id)?.status).toBe("live");
});

testOnEachEngine("two staff changing the list at once: one change is made, the other is told the list changed", async (db) => {
  const staff = await createTestAdmin(db);
  const { version } = await readServiceList(db);
  const results = await Promise.allSettled([
    moveService(db, { listVersion: version, id: "esa-letters", to: 0, staff }),
    moveService(db, { listVersion: version, id: "group-therapy", to: 0, staff }),
  ]);
  expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  const failed = results.find((result) => result.status === "rejected");
  expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(ServiceListRefusal);
  // A service not in the list moves nothing.
  const refused = await refusal(moveService(db, { listVersion: (await readServiceList(db)).version, id: "no-such-service", to: 0, staff }));
  expect(refused.field).toBe("id");
  const first = (await readServiceList(db)).entries[0]?.id;
  expect(["esa-letters", "group-therapy"]).toContain(first);
  // The built-in list was stored once, whole.
  expect(await db.selectFrom("collection_entries").select("id").execute()).toHaveLength(12);

  // Two services added at once under one address: one has it.
  const now = (await readServiceList(db)).version;
  const adds = await Promise.allSettled([
    addService(db, { listVersion: now, title: "Art Therapy", slug: "art", summary: "One.", staff }),
    addService(db, { listVersion: now, title: "Art Classes", slug: "art", summary: "Two.", staff }),
  ]);
  expect(adds.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  expect(await db.selectFrom("entry_addresses").select("entry_id").where("path", "=", "/services/art").execute()).toHaveLength(1);
});

testOnEachEngine(
  "a published service's earlier addresses lead to its current one; a retired one's to the page chosen, until it is brought back",
  async (db) => {
    const staff = await createTestAdmin(db);
    const id = await publishedService(db, staff, "Art Therapy");
    const current = () => readServiceList(db).then((list) => list.version);
    await editService(db, {
      listVersion: await current(),
      id,
      title: "Creative Arts",
      slug: "creative-arts",
      summary: "Making.",
      onHome: true,
      staff,
    });
    expect(await serviceAt(db, "/services/art-therapy")).toEqual({ redirectTo: "/services/creative-arts" });
    expect(await serviceAt(db, "/services/creative-arts")).toEqual({ page: id });
    // The inquiries sent under its first name are still listed.
    expect(await offeredSubjects(db)).toEqual(expect.arrayContaining(["Art Therapy", "Creative Arts"]));
    // Its old address is its own: no other service can take it.
    const taken = addService(db, {
      listVersion: await current(),
      title: "Art Therapy Groups",
      slug: "art-therapy",
      summary: "Groups.",
      staff,
    });
    expect((await refusal(taken)).field).toBe("slug");

    await retireService(db, { listVersion: await current(), id, retiredTo: "/about", staff, publicPaths: pagePaths });
    expect(await serviceAt(db, "/services/art-therapy")).toEqual({ redirectTo: "/about" });
    expect(await serviceAt(db, "/services/creative-arts")).toEqual({ redirectTo: "/about" });
    expect((await liveServices(db)).map((service) => service.id)).not.toContain(id);
    // A built-in service retired leads to the contact page by default choice of the form, and comes back.
    await retireService(db, { listVersion: await current(), id: "esa-letters", retiredTo: "/contact", staff, publicPaths: pagePaths });
    expect(await serviceAt(db, "/services/esa-letters")).toEqual({ redirectTo: "/contact" });
    await restoreService(db, { listVersion: await current(), id: "esa-letters", staff });
    expect(await serviceAt(db, "/services/esa-letters")).toEqual({ page: "esa-letters" });
    await restoreService(db, { listVersion: await current(), id, staff });
    expect(await serviceAt(db, "/services/art-therapy")).toEqual({ redirectTo: "/services/creative-arts" });
    // Every change is in the activity log, said in words.
    const logged = await db.selectFrom("audit_log").select("details").where("action", "=", "services-changed").execute();
    expect(logged.map((row) => JSON.parse(row.details ?? "{}").said)).toContain(
      'Retired the service "Creative Arts": its addresses lead to /about',
    );
  },
);
