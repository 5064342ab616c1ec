import { expect, test, vi } from "vitest";
import { log } from "#app/server/log.server.ts";
import { aboutDefaults, maxStaff } from "#app/pages/about.ts";
import { homepageDefaults } from "#app/pages/homepage.ts";
import { practice } from "#app/content/practice.ts";
import { practiceDetailsDefaults } from "#app/pages/practice-details.ts";
import { pageKey } from "#app/content/content-keys.server.ts";
import { getService } from "#app/pages/services.ts";
import { listAuditLog } from "#app/server/audit.server.ts";
import {
  listRevisions,
  loadPage,
  mediaUses,
  readEditedPage,
  readPage,
  readRevision,
  restoreRevision,
  savePage,
} from "#app/content/page-store.server.ts";
import { changeContent, getContentVersion, onContentChange, watchContentVersion } from "#app/content/content-version.server.ts";
import { createDb, type Db } from "#app/server/db/db.server.ts";
import { storeRawPageContent } from "#tests/fixtures/page-content.ts";
import { anotherInstanceOf, testOnEachEngine } from "#tests/setup/test-database.ts";

const editor = { id: "admin-1", email: "editor@example.com" };

const homepageShown = { ...homepageDefaults, ctaFooterText: homepageDefaults.ctaFooterText.replace("{phone}", practice.phone.display) };

testOnEachEngine("with no stored row the homepage shows its defaults", async (db) => {
  expect(await loadPage(db, "homepage")).toEqual(homepageShown);
  expect(await readPage(db, "homepage")).toMatchObject({ saved: false, version: 0 });
});

testOnEachEngine("a page's texts show the phone, e-mail and address saved in Practice Details, as the details change", async (db) => {
  await savePage(db, {
    name: "about",
    content: { ...aboutDefaults, additionalInfo: "Write to {email} or visit {address}." },
    baseVersion: 0,
    admin: editor,
  });
  const details = { ...practiceDetailsDefaults, phone: "435-555-0100", email: "office@example.com", streetAddress: "95 W 200 N" };
  await savePage(db, { name: "practice", content: details, baseVersion: 0, admin: editor });
  expect((await loadPage(db, "homepage")).ctaFooterText).toMatch(/^Call or text \(435\) 555-0100, or send us a message\./);
  expect((await loadPage(db, "about")).additionalInfo).toBe("Write to office@example.com or visit 95 W 200 N, Cedar City, UT 84720.");
  // Stored with the token: the next change of the details shows too.
  expect((await readPage(db, "about")).content.additionalInfo).toBe("Write to {email} or visit {address}.");
  await savePage(db, { name: "practice", content: { ...details, phone: "(435) 555-0111" }, baseVersion: 1, admin: editor });
  expect((await loadPage(db, "homepage")).ctaFooterText).toMatch(/^Call or text \(435\) 555-0111,/);
});

testOnEachEngine("stored homepage fields override defaults field by field", async (db) => {
  await storeRawPageContent(db, "homepage", { heroTitle: "Stored title", ctaTitle: "   ", aboutTitle: 42, unknown: "x" });
  const content = await loadPage(db, "homepage");
  expect(content.heroTitle).toBe("Stored title");
  expect(content.ctaTitle).toBe(homepageDefaults.ctaTitle); // blank falls back
  expect(content.aboutTitle).toBe(homepageDefaults.aboutTitle); // wrong type falls back
  expect(content).not.toHaveProperty("unknown");
});

testOnEachEngine("content-backed services read stored content; built-in-only ones ignore it", async (db) => {
  const couples = getService("couples-counseling")!;
  const esa = getService("esa-letters")!;
  await storeRawPageContent(db, "couples-counseling", { title: "Stored couples", benefits: ["One", "Two"] });
  await storeRawPageContent(db, "esa-letters", { title: "Should not show" });
  const couplesContent = await loadPage(db, "couples-counseling");
  expect(couplesContent.title).toBe("Stored couples");
  expect(couplesContent.benefits).toEqual(["One", "Two"]);
  expect(couplesContent.process).toEqual(couples.defaults.process);
  expect(await loadPage(db, "esa-letters")).toEqual(esa.defaults);
  expect(await readPage(db, "esa-letters")).toMatchObject({ saved: false });
});

testOnEachEngine("stored about content replaces the staff list; a plain image URL reads as a reference", async (db) => {
  const member = { id: "x", name: "New Person", title: "Therapist", credentials: "LCSW", bio: "Bio", team: "Telehealth" };
  await storeRawPageContent(db, "about", { staff: [{ ...member, imageUrl: "/images/staff/staff-02.webp" }] });
  const content = await loadPage(db, "about");
  expect(content.staff).toEqual([
    expect.objectContaining({ ...member, image: { source: "bundled", key: "staff/staff-02" }, imageAlt: "" }),
  ]);
  // Saved before the profile existed: taking new clients, with nothing more said.
  expect(content.staff[0]).toMatchObject({ newClients: "Accepting new clients", services: [], licenseType: "" });
  expect(content.mission).toBe(aboutDefaults.mission);
});

testOnEachEngine("a save from the current version writes the page, a revision, the counter and the audit entry", async (db) => {
  const changes = vi.fn();
  const stop = onContentChange(db, changes);
  try {
    const counter = await getContentVersion(db);
    const first = await savePage(db, {
      name: "homepage",
      content: { ...homepageDefaults, heroTitle: "First" },
      baseVersion: 0,
      admin: editor,
    });
    expect(first).toEqual({ status: "saved", version: 1 });
    const second = await savePage(db, {
      name: "homepage",
      content: { ...homepageDefaults, heroTitle: "Second" },
      baseVersion: 1,
      admin: editor,
    });
    expect(second).toEqual({ status: "saved", version: 2 });

    expect(await readPage(db, "homepage")).toMatchObject({ saved: true, version: 2, content: { heroTitle: "Second" } });
    const revisions = await listRevisions(db, "homepage");
    expect(
      revisions.map((revision) => [revision.version, (revision.content as { heroTitle: string }).heroTitle, revision.savedBy]),
    ).toEqual([
      [2, "Second", editor.email],
      [1, "First", editor.email],
    ]);
    expect(await getContentVersion(db)).toBe(counter + 2);
    const audit = (await listAuditLog(db)).filter((entry) => entry.action === "page-saved");
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ admin_email: editor.email, target: "homepage" });
    expect(changes).toHaveBeenCalledTimes(2);
  } finally {
    stop();
  }
});

testOnEachEngine("a save from a stale version is a conflict that changes nothing and returns the current revision", async (db) => {
  await savePage(db, { name: "about", content: { ...aboutDefaults, title: "Theirs" }, baseVersion: 0, admin: editor });
  const counter = await getContentVersion(db);
  // Opened before the first save (nothing stored then) and saved after it.
  const stale = await savePage(db, { name: "about", content: { ...aboutDefaults, title: "Mine" }, baseVersion: 0, admin: editor });
  expect(stale).toMatchObject({ status: "conflict", current: { version: 1, savedBy: editor.email, content: { title: "Theirs" } } });
  const wrongBase = await savePage(db, { name: "about", content: { ...aboutDefaults, title: "Mine" }, baseVersion: 7, admin: editor });
  expect(wrongBase).toMatchObject({ status: "conflict", current: { version: 1 } });
  expect((await loadPage(db, "about")).title).toBe("Theirs");
  expect(await listRevisions(db, "about")).toHaveLength(1);
  expect(await getContentVersion(db)).toBe(counter);
});

testOnEachEngine("two staff saving the same version at once: exactly one save wins, the other is told", async (db) => {
  await savePage(db, { name: "couples-counseling", content: getService("couples-counseling")!.defaults, baseVersion: 0, admin: editor });
  for (const base of [0, 1]) {
    const name = base === 0 ? "family-counseling" : "couples-counseling";
    const defaults = getService(name)!.defaults;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        savePage(db, { name, content: { ...defaults, title: `Edit ${index}` }, baseVersion: base, admin: editor }),
      ),
    );
    const saved = results.filter((result) => result.status === "saved");
    expect(saved, name).toHaveLength(1);
    expect(
      results.filter((result) => result.status === "conflict"),
      name,
    ).toHaveLength(7);
    expect(await listRevisions(db, name)).toHaveLength(base + 1);
  }
});

testOnEachEngine("invalid content and built-in-only pages are refused before anything is written", async (db) => {
  const counter = await getContentVersion(db);
  const invalid = await savePage(db, { name: "homepage", content: { heroTitle: 42 }, baseVersion: 0, admin: editor });
  expect(invalid).toMatchObject({ status: "invalid" });
  const badStaff = await savePage(db, {
    name: "about",
    content: { ...aboutDefaults, staff: [{ ...aboutDefaults.staff[0]!, image: "javascript:alert(1)" }] },
    baseVersion: 0,
    admin: editor,
  });
  expect(badStaff).toMatchObject({ status: "invalid" });
  const esa = await savePage(db, { name: "esa-letters", content: getService("esa-letters")!.defaults, baseVersion: 0, admin: editor });
  expect(esa).toEqual({ status: "notEditable" });
  expect(await db.selectFrom("page_content").selectAll().execute()).toEqual([]);
  expect(await getContentVersion(db)).toBe(counter);
});

testOnEachEngine(
  "the schema refuses too long, multi-line and control-character text, blank required fields and too many staff",
  async (db) => {
    const refused = [
      { ...homepageDefaults, heroTitle: "x".repeat(201) },
      { ...homepageDefaults, heroTitle: "Two\nlines" },
      { ...homepageDefaults, heroSubtitle: "A NUL \u0000 inside" },
      { ...homepageDefaults, ctaTitle: "   " },
    ];
    for (const content of refused) {
      expect(await savePage(db, { name: "homepage", content, baseVersion: 0, admin: editor })).toMatchObject({ status: "invalid" });
    }
    const member = aboutDefaults.staff[0]!;
    const tooMany = Array.from({ length: maxStaff + 1 }, (_, index) => ({ ...member, id: `member-${index}` }));
    for (const staff of [tooMany, [member, member], [{ ...member, name: "" }], [{ ...member, id: "bad id!" }]]) {
      expect(await savePage(db, { name: "about", content: { ...aboutDefaults, staff }, baseVersion: 0, admin: editor })).toMatchObject({
        status: "invalid",
      });
    }
    expect(await db.selectFrom("page_content").selectAll().execute()).toEqual([]);
    // Paragraphs keep their line breaks; list items left empty are dropped.
    const service = getService("couples-counseling")!.defaults;
    const saved = await savePage(db, {
      name: "couples-counseling",
      content: { ...service, description: "One.\n\nTwo.", benefits: ["Kept", "", undefined, "Also kept"] },
      baseVersion: 0,
      admin: editor,
    });
    expect(saved).toEqual({ status: "saved", version: 1 });
    expect(await loadPage(db, "couples-counseling")).toMatchObject({ description: "One.\n\nTwo.", benefits: ["Kept", "Also kept"] });
  },
);

testOnEachEngine("the about row shared by two editors: a save of some fields keeps every other field", async (db) => {
  const member = { ...aboutDefaults.staff[0]!, id: "new-person", name: "New Person" };
  await savePage(db, {
    name: "about",
    content: { ...aboutDefaults, mission: "Our mission", staff: [member] },
    baseVersion: 0,
    admin: editor,
  });
  // The Service Pages tab's 'about' variant sends its three fields (and, here, a stray one it does not own).
  const variant = await savePage(db, {
    name: "about",
    content: { title: "Variant title", description: "Variant description", additionalInfo: "Variant info", staff: [] },
    fields: ["title", "description", "additionalInfo"],
    baseVersion: 1,
    admin: editor,
  });
  expect(variant).toEqual({ status: "saved", version: 2 });
  const about = await loadPage(db, "about");
  expect(about).toMatchObject({
    title: "Variant title",
    description: "Variant description",
    additionalInfo: "Variant info",
    mission: "Our mission",
  });
  expect(about.staff).toEqual([member]);
  // A variant opened before the About tab's save is told, and writes nothing.
  const stale = await savePage(db, { name: "about", content: { title: "Late" }, fields: ["title"], baseVersion: 1, admin: editor });
  expect(stale).toMatchObject({ status: "conflict", current: { version: 2 } });
  // With nothing stored, a variant save keeps the built-in team and texts.
  await db.deleteFrom("page_revisions").execute();
  await db.deleteFrom("page_content").execute();
  expect(await savePage(db, { name: "about", content: { title: "First" }, fields: ["title"], baseVersion: 0, admin: editor })).toEqual({
    status: "saved",
    version: 1,
  });
  expect(await loadPage(db, "about")).toEqual({ ...aboutDefaults, title: "First" });
});

testOnEachEngine(
  "a pending draft: some fields published keep it a draft, a restore publishes over it, and its pictures are in use",
  async (db) => {
    const counter = await getContentVersion(db);
    const photo = { source: "media", id: "abc-10x10" } as const;
    const staff = [{ ...aboutDefaults.staff[0]!, image: photo }];
    expect(
      await savePage(db, {
        name: "about",
        content: { ...aboutDefaults, mission: "Draft mission", staff },
        baseVersion: 0,
        admin: editor,
        asDraft: true,
      }),
    ).toEqual({ status: "saved", version: 1 });
    // Nothing is live: the public page and the cache counter are as before; an editor opens the draft.
    expect(await loadPage(db, "about")).toEqual(aboutDefaults);
    expect(await getContentVersion(db)).toBe(counter);
    expect(await readEditedPage(db, "about")).toMatchObject({
      isDraft: true,
      version: 1,
      content: { mission: "Draft mission" },
    });
    // Never published: visitors see the built-in text.
    expect((await readPage(db, "about")).saved).toBe(false);
    expect((await mediaUses(db)).get(photo.id)).toEqual([`About draft (${aboutDefaults.staff[0]!.name}'s photo)`]);

    // The Service Pages variant publishes its three fields: they go live and into the draft, which stays one.
    await savePage(db, { name: "about", content: { title: "Live title" }, fields: ["title"], baseVersion: 1, admin: editor });
    expect(await loadPage(db, "about")).toEqual({ ...aboutDefaults, title: "Live title" });
    expect(await readEditedPage(db, "about")).toMatchObject({
      isDraft: true,
      content: { title: "Live title", mission: "Draft mission" },
    });
    expect((await readPage(db, "about")).saved).toBe(true);
    expect((await listRevisions(db, "about")).map(({ version, published }) => [version, published])).toEqual([
      [2, true],
      [1, false],
    ]);

    // A restore makes version 0 (the built-in text) live and leaves no draft; the draft stays in the history.
    expect(await restoreRevision(db, { name: "about", version: 0, baseVersion: 2, admin: editor })).toEqual({
      status: "saved",
      version: 3,
    });
    expect(await readEditedPage(db, "about")).toMatchObject({ isDraft: false, content: aboutDefaults });
    expect(await readRevision(db, "about", 1)).toMatchObject({ published: false, content: { mission: "Draft mission" } });
    expect((await mediaUses(db)).get(photo.id)).toBeUndefined();
  },
);

testOnEachEngine("a team saved empty stays empty; no stored row shows the built-in team", async (db) => {
  expect((await loadPage(db, "about")).staff).toEqual(aboutDefaults.staff);
  await savePage(db, { name: "about", content: { ...aboutDefaults, staff: [] }, baseVersion: 0, admin: editor });
  expect((await loadPage(db, "about")).staff).toEqual([]);
});

testOnEachEngine("a restore makes an earlier version current as a new revision, audited, and respects the version", async (db) => {
  const removed = aboutDefaults.staff[1]!;
  await savePage(db, { name: "about", content: aboutDefaults, baseVersion: 0, admin: editor });
  await savePage(db, {
    name: "about",
    content: { ...aboutDefaults, staff: aboutDefaults.staff.filter((m) => m !== removed) },
    baseVersion: 1,
    admin: editor,
  });
  expect((await loadPage(db, "about")).staff).not.toContainEqual(removed);

  expect(await restoreRevision(db, { name: "about", version: 1, baseVersion: 1, admin: editor })).toMatchObject({ status: "conflict" });
  expect(await restoreRevision(db, { name: "about", version: 9, baseVersion: 2, admin: editor })).toEqual({ status: "notFound" });
  expect(await restoreRevision(db, { name: "about", version: 1, baseVersion: 2, admin: editor })).toEqual({ status: "saved", version: 3 });
  expect((await loadPage(db, "about")).staff).toEqual(aboutDefaults.staff);
  expect((await listRevisions(db, "about")).map((revision) => revision.version)).toEqual([3, 2, 1]);
  expect(await readRevision(db, "about", 2)).toMatchObject({ version: 2, savedBy: editor.email });
  const restored = (await listAuditLog(db, 10)).find((entry) => entry.action === "page-restored");
  expect(restored).toMatchObject({ target: "about", admin_email: editor.email });
  expect(JSON.parse(restored?.details ?? "{}")).toEqual({ restoredVersion: 1, version: 3 });
});

testOnEachEngine("a save that fails part-way leaves no trace (one transaction)", async (db) => {
  await db.schema.dropTable("audit_log").execute();
  await expect(savePage(db, { name: "homepage", content: homepageDefaults, baseVersion: 0, admin: editor })).rejects.toThrow();
  expect(await db.selectFrom("page_content").selectAll().execute()).toEqual([]);
  expect(await db.selectFrom("page_revisions").selectAll().execute()).toEqual([]);
  expect(await getContentVersion(db)).toBe(1);
});

testOnEachEngine("another instance sees a save even when the saving instance's clock is years behind", async (db) => {
  const changed = vi.fn();
  const stop = await watchContentVersion(anotherInstanceOf(db), 10, changed);
  try {
    await savePage(db, { name: "homepage", content: homepageDefaults, baseVersion: 0, admin: editor }, Date.UTC(2001, 0, 1));
    await expect.poll(() => changed.mock.calls.length).toBe(1);
    await savePage(db, { name: "homepage", content: homepageDefaults, baseVersion: 1, admin: editor }, Date.UTC(2000, 0, 1));
    await expect.poll(() => changed.mock.calls.length).toBe(2);
  } finally {
    stop();
  }
});

testOnEachEngine("a save in this process is noticed at once, and only once (the poll does not repeat it)", async (db) => {
  const changed = vi.fn();
  let checks = 0;
  const countedRead = (reading: Db) => {
    checks += 1;
    return getContentVersion(reading);
  };
  const stop = await watchContentVersion(db, 10, changed, countedRead);
  try {
    await savePage(db, { name: "homepage", content: homepageDefaults, baseVersion: 0, admin: editor });
    expect(changed).toHaveBeenCalledTimes(1);
    // Three checks of the counter after the save, however slow the machine.
    const checksAtSave = checks;
    await expect.poll(() => checks).toBeGreaterThanOrEqual(checksAtSave + 3);
    expect(changed).toHaveBeenCalledTimes(1);
  } finally {
    stop();
  }
});

test("a failed read logs the page and shows the defaults", async () => {
  const broken = createDb({ dialect: "sqlite", file: ":memory:" }); // never migrated: no tables
  const logged = vi.spyOn(log, "error").mockImplementation(() => {});
  try {
    expect(await loadPage(broken, "homepage")).toEqual(homepageShown);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("Error loading content"), expect.anything(), { page: "homepage" });
    expect(await loadPage(broken, "family-counseling")).toEqual(getService("family-counseling")!.defaults);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("Error loading content"), expect.anything(), { page: "family-counseling" });
  } finally {
    logged.mockRestore();
    await broken.destroy();
  }
});

testOnEachEngine("changeContent bumps the counter and tells listeners once it committed; nothing when unchanged or failed", async (db) => {
  const heard: Array<number> = [];
  const stopListening = onContentChange(db, (version) => heard.push(version));
  try {
    const before = await getContentVersion(db);
    const result = await changeContent(db, async () => {
      expect(heard).toEqual([]); // not while the transaction is open
      return { changed: [pageKey("about")], result: "done" };
    });
    expect(result).toBe("done");
    expect(await getContentVersion(db)).toBe(before + 1);
    expect(heard).toEqual([before + 1]);

    expect(await changeContent(db, async () => ({ changed: [], result: "nothing" }))).toBe("nothing");
    await expect(
      changeContent(db, async (trx) => {
        const at = new Date().toISOString();
        await trx
          .insertInto("page_content")
          .values({
            id: "half",
            page_name: "homepage",
            content: JSON.stringify(homepageDefaults),
            version: 1,
            created_at: at,
            updated_at: at,
          })
          .execute();
        throw new Error("refused halfway");
      }),
    ).rejects.toThrow("refused halfway");
    expect(await getContentVersion(db)).toBe(before + 1);
    expect(heard).toEqual([before + 1]);
    expect((await readPage(db, "homepage")).saved).toBe(false);
  } finally {
    stopListening();
  }
});
