// The services list (decision 043): which services there are, their order, addresses and status.
// Until staff first change it, the list is the built-in one (app/pages/services.ts) and nothing is
// stored; the first change writes every built-in entry with it, in the same transaction.
import { randomBytes } from "node:crypto";
import {
  defaultRetiredTo,
  entryStatusOf,
  isAddedServiceId,
  type ServiceEntry,
  type ServiceLink,
  servicePathOf,
  slugFrom,
} from "#app/content/collections.ts";
import { type ContentKey, collectionKey, recordContentReads } from "#app/content/content-keys.server.ts";
import { changeContent } from "#app/content/content-version.server.ts";
import { writeFirstDraft } from "#app/content/page-versions.server.ts";
import { subjectOptions } from "#app/inquiries/contact-options.ts";
import { services as builtInServices } from "#app/pages/services.ts";
import { recordAudit } from "#app/server/audit.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import type { CollectionEntryTable } from "#app/server/db/schema.server.ts";

const kind = "service";

/** What every page that shows the list (every page: the header's menu) records it read. */
export const servicesKey: ContentKey = collectionKey(kind);

/** The list as a fresh site has it: the twelve of the specification, in its order. */
const builtInList: ReadonlyArray<ServiceEntry> = builtInServices.map((service) => ({
  id: service.slug,
  slug: service.slug,
  path: service.path,
  title: service.label,
  summary: service.cardDescription,
  status: "live",
  onHome: service.featuredOnHome,
  retiredTo: null,
  publishedAt: null,
  updatedAt: null,
  updatedBy: null,
}));

type EntryRow = Omit<CollectionEntryTable, "kind">;

function entryFrom(row: EntryRow): ServiceEntry {
  return {
    id: row.id,
    slug: row.slug,
    path: servicePathOf(row.slug),
    title: row.title,
    summary: row.summary,
    status: entryStatusOf(row.status),
    onHome: row.on_home === 1,
    retiredTo: row.retired_to,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

const entryColumns = [
  "id",
  "slug",
  "title",
  "summary",
  "position",
  "status",
  "on_home",
  "retired_to",
  "published_at",
  "updated_at",
  "updated_by",
] as const;

export type ServiceList = { entries: Array<ServiceEntry>; version: number };

/** Every service in the order staff set (drafts and retired ones too), with the list's version. */
export async function readServiceList(db: Db): Promise<ServiceList> {
  recordContentReads([servicesKey]);
  const stored = await db.selectFrom("collections").select("version").where("kind", "=", kind).executeTakeFirst();
  if (!stored) return { entries: [...builtInList], version: 0 };
  const rows = await db.selectFrom("collection_entries").select(entryColumns).where("kind", "=", kind).orderBy("position").execute();
  return { entries: rows.map(entryFrom), version: Number(stored.version) };
}

/** The services visitors see, in order: what the menus, the home grid and the contact form list. */
export async function liveServices(db: Db): Promise<Array<ServiceLink>> {
  try {
    return liveLinksOf((await readServiceList(db)).entries);
  } catch (error) {
    // As loadPage does: a visitor never sees an error for this, only the built-in list.
    log.error("Error loading the services list: showing the built-in one", error);
    return liveLinksOf(builtInList);
  }
}

/**
 * What staff call each entry of the lists they keep, by its page's name: every service's title in
 * the services list (the built-in ones before the list is first changed) and every article's. For
 * the activity log and the Scheduled page (pageLabelOf).
 */
export async function entryTitles(db: Db): Promise<Map<string, string>> {
  const [{ entries }, others] = await Promise.all([
    readServiceList(db),
    db.selectFrom("collection_entries").select(["id", "title"]).where("kind", "<>", kind).execute(),
  ]);
  return new Map([...entries, ...others].map((entry) => [entry.id, entry.title]));
}

/** The live ones of a list's entries, as public pages show them. */
export function liveLinksOf(entries: ReadonlyArray<ServiceEntry>): Array<ServiceLink> {
  return entries.flatMap(({ id, path, title, summary, onHome, status }) =>
    status === "live" ? [{ id, path, title, summary, onHome }] : [],
  );
}

/** What a public address under /services/ is: a live service's page, a redirect, or nothing. */
export type ServiceAddress = { page: string } | { redirectTo: string } | null;

/**
 * A live service's own address shows it; an earlier address of a live service sends visitors to
 * its current one, and any address of a retired one to the page staff chose (permanently, so
 * links in search engines and letters keep working). A draft's address is nothing yet.
 */
export async function serviceAt(db: Db, path: string): Promise<ServiceAddress> {
  const { entries } = await readServiceList(db);
  const current = entries.find((entry) => entry.path === path);
  if (current?.status === "live") return { page: current.id };
  const owner = await db.selectFrom("entry_addresses").select("entry_id").where("path", "=", path).executeTakeFirst();
  const entry = current ?? entries.find((each) => each.id === owner?.entry_id);
  if (!entry || entry.status === "draft") return null;
  if (entry.status === "retired") return { redirectTo: entry.retiredTo ?? defaultRetiredTo };
  return { redirectTo: entry.path };
}

/** Every name a service was ever offered under, and "Other": the subjects the inbox lists. */
export async function offeredSubjects(db: Db): Promise<Array<string>> {
  const rows = await db.selectFrom("offered_subjects").select("name").execute();
  return [...new Set([...subjectOptions, ...rows.map((row) => row.name)])];
}

/** Why a change of the list was refused: said beside the field it concerns, nothing written. */
export class ServiceListRefusal extends Error {
  readonly field: "title" | "slug" | "summary" | "retiredTo" | "id" | null;
  constructor(message: string, field: ServiceListRefusal["field"] = null) {
    super(message);
    this.field = field;
  }
}

/** Said when the list changed between opening the page and sending a form: nothing is overwritten. */
export const listChangedMessage = "Someone else changed the services list just now: it is shown as it is now. Check it, then try again.";

type Staff = { id: string; email: string };

/**
 * One change of the list, in one transaction with the list's version checked and moved (so two
 * staff changing it at once cannot overwrite each other unseen), the content counter (pages that
 * show the list are made again) and the audit entry. The built-in list is written first if it
 * was never stored. A refusal rolls everything back.
 */
async function changeList<T>(
  db: Db,
  input: { listVersion: number; staff: Staff; target: string },
  change: (trx: Db, entries: Array<ServiceEntry>, at: string) => Promise<{ result: T; said: string }>,
  now = Date.now(),
): Promise<T> {
  const at = new Date(now).toISOString();
  return changeContent(db, async (trx) => {
    await storeBuiltInList(trx, at);
    const moved = await trx
      .updateTable("collections")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .where("kind", "=", kind)
      .where("version", "=", input.listVersion)
      .returning("version")
      .executeTakeFirst();
    if (!moved) throw new ServiceListRefusal(listChangedMessage);
    const rows = await trx.selectFrom("collection_entries").select(entryColumns).where("kind", "=", kind).orderBy("position").execute();
    const { result, said } = await change(trx, rows.map(entryFrom), at);
    await recordAudit(trx, { action: "services-changed", admin: input.staff, target: input.target, details: { said } }, now);
    return { changed: [servicesKey], result };
  });
}

/** Writes the built-in list, once: only the transaction that makes the kind's row does. */
async function storeBuiltInList(trx: Db, at: string): Promise<void> {
  const made = await trx
    .insertInto("collections")
    .values({ kind, version: 0 })
    .onConflict((conflict) => conflict.column("kind").doNothing())
    .returning("kind")
    .executeTakeFirst();
  if (!made) return;
  await trx
    .insertInto("collection_entries")
    .values(builtInList.map((entry, position) => rowOf(entry, position, at, null)))
    .execute();
  await trx
    .insertInto("entry_addresses")
    .values(builtInList.map((entry) => ({ path: entry.path, entry_id: entry.id })))
    .execute();
  await trx
    .insertInto("offered_subjects")
    .values(builtInList.map((entry) => ({ name: entry.title })))
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
}

function rowOf(entry: ServiceEntry, position: number, at: string, by: string | null): CollectionEntryTable {
  return {
    id: entry.id,
    kind,
    slug: entry.slug,
    title: entry.title,
    summary: entry.summary,
    position,
    status: entry.status,
    on_home: entry.onHome ? 1 : 0,
    retired_to: entry.retiredTo,
    published_at: entry.publishedAt,
    updated_at: at,
    updated_by: by,
  };
}

/**
 * Takes `path` for entry `id` of any list (a service, an article): false when another entry has,
 * or ever had, that address. One insert decides, so two entries taking one address at once get it once.
 */
export async function takeAddress(trx: Db, path: string, id: string): Promise<boolean> {
  await trx
    .insertInto("entry_addresses")
    .values({ path, entry_id: id })
    .onConflict((conflict) => conflict.column("path").doNothing())
    .execute();
  const owner = await trx.selectFrom("entry_addresses").select("entry_id").where("path", "=", path).executeTakeFirstOrThrow();
  return owner.entry_id === id;
}

/** Takes `path` for service `id`: refused when another entry has, or ever had, that address. */
async function claimAddress(trx: Db, path: string, id: string): Promise<void> {
  if (!(await takeAddress(trx, path, id))) throw new ServiceListRefusal("Another page has this address. Choose another.", "slug");
}

async function offerSubject(trx: Db, title: string): Promise<void> {
  await trx
    .insertInto("offered_subjects")
    .values({ name: title })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
}

/** A name no other service (live, draft or retired) uses: two with one name could not be told apart in the inbox. */
function refuseTakenTitle(entries: ReadonlyArray<ServiceEntry>, title: string, id: string | null): void {
  const taken = entries.find((entry) => entry.id !== id && entry.title.toLowerCase() === title.toLowerCase());
  if (taken || title.toLowerCase() === "other")
    throw new ServiceListRefusal(`"${title}" is the name of another service already. Choose another.`, "title");
}

/**
 * Adds a service as a draft, last in the list, with its page's first draft (its title): it is
 * not on the site until its page is published. Returns its id.
 */
export async function addService(
  db: Db,
  input: { listVersion: number; title: string; slug?: string | undefined; summary: string; staff: Staff },
  now = Date.now(),
): Promise<string> {
  const slug = input.slug || slugFrom(input.title);
  if (!slug) throw new ServiceListRefusal("Give the page an address: lower-case letters a-z, digits and hyphens.", "slug");
  const id = `service-${randomBytes(16).readBigUInt64BE().toString(36).padStart(10, "0").slice(-10)}`;
  return changeList(
    db,
    { listVersion: input.listVersion, staff: input.staff, target: id },
    async (trx, entries, at) => {
      refuseTakenTitle(entries, input.title, null);
      const entry: ServiceEntry = {
        id,
        slug,
        path: servicePathOf(slug),
        title: input.title,
        summary: input.summary,
        status: "draft",
        onHome: false,
        retiredTo: null,
        publishedAt: null,
        updatedAt: at,
        updatedBy: input.staff.email,
      };
      await claimAddress(trx, entry.path, id);
      await trx
        .insertInto("collection_entries")
        .values(rowOf(entry, entries.length, at, input.staff.email))
        .execute();
      await offerSubject(trx, input.title);
      // The page's first save: a draft holding its title, which the editor opens.
      await writeFirstDraft(trx, { name: id, content: { title: input.title }, admin: input.staff, at });
      return { result: id, said: `Added the service "${input.title}" (a draft)` };
    },
    now,
  );
}

function entryIn(entries: ReadonlyArray<ServiceEntry>, id: string): ServiceEntry {
  const entry = entries.find((each) => each.id === id);
  if (!entry) throw new ServiceListRefusal("This service is not in the list any more. Reload the page.", "id");
  return entry;
}

async function updateEntry(trx: Db, id: string, values: Partial<CollectionEntryTable>, at: string, staff: Staff): Promise<void> {
  await trx
    .updateTable("collection_entries")
    .set({ ...values, updated_at: at, updated_by: staff.email })
    .where("id", "=", id)
    .execute();
}

/**
 * Changes a service's name, card text, address or home-page choice. A new address is its own from
 * then on; a published service keeps its earlier ones, which send visitors to the new one.
 */
export async function editService(
  db: Db,
  input: { listVersion: number; id: string; title: string; slug: string; summary: string; onHome: boolean; staff: Staff },
  now = Date.now(),
): Promise<void> {
  await changeList(
    db,
    { listVersion: input.listVersion, staff: input.staff, target: input.id },
    async (trx, entries, at) => {
      const entry = entryIn(entries, input.id);
      refuseTakenTitle(entries, input.title, entry.id);
      if (input.slug !== entry.slug) {
        const path = servicePathOf(input.slug);
        await claimAddress(trx, path, entry.id);
        // A draft's address was never public: nobody can have kept it.
        if (entry.status === "draft") await trx.deleteFrom("entry_addresses").where("path", "=", entry.path).execute();
      }
      await offerSubject(trx, input.title);
      await updateEntry(
        trx,
        entry.id,
        { title: input.title, slug: input.slug, summary: input.summary, on_home: input.onHome ? 1 : 0 },
        at,
        input.staff,
      );
      return { result: undefined, said: `Changed the service "${input.title}"` };
    },
    now,
  );
}

/** Moves a service to place `to` (from 0) in the list, the others keeping their order. */
export async function moveService(
  db: Db,
  input: { listVersion: number; id: string; to: number; staff: Staff },
  now = Date.now(),
): Promise<void> {
  await changeList(
    db,
    { listVersion: input.listVersion, staff: input.staff, target: input.id },
    async (trx, entries) => {
      const moved = entryIn(entries, input.id);
      if (input.to >= entries.length) throw new ServiceListRefusal("It is last already.", "id");
      const order = entries.filter((entry) => entry.id !== moved.id);
      order.splice(input.to, 0, moved);
      for (const [position, entry] of order.entries()) {
        if (entries[position]?.id !== entry.id)
          await trx.updateTable("collection_entries").set({ position }).where("id", "=", entry.id).execute();
      }
      return { result: undefined, said: `Moved the service "${moved.title}" to place ${input.to + 1}` };
    },
    now,
  );
}

/**
 * Retires a service: it leaves every menu and list, and its addresses send visitors to
 * `retiredTo` (a live public page other than its own). It can be brought back.
 */
export async function retireService(
  db: Db,
  input: { listVersion: number; id: string; retiredTo: string; staff: Staff; publicPaths: ReadonlyArray<string> },
  now = Date.now(),
): Promise<void> {
  await changeList(
    db,
    { listVersion: input.listVersion, staff: input.staff, target: input.id },
    async (trx, entries, at) => {
      const entry = entryIn(entries, input.id);
      if (entry.status !== "live") throw new ServiceListRefusal("Only a live service can be retired.", "id");
      const live = new Set([
        ...input.publicPaths,
        ...entries.flatMap((each) => (each.status === "live" && each.id !== entry.id ? [each.path] : [])),
      ]);
      if (!live.has(input.retiredTo))
        throw new ServiceListRefusal("There is no page at that address on the site. Choose one from the list.", "retiredTo");
      await updateEntry(trx, entry.id, { status: "retired", retired_to: input.retiredTo }, at, input.staff);
      return { result: undefined, said: `Retired the service "${entry.title}": its addresses lead to ${input.retiredTo}` };
    },
    now,
  );
}

/** Brings a retired service back: live again at its address, in menus where it stood. */
export async function restoreService(db: Db, input: { listVersion: number; id: string; staff: Staff }, now = Date.now()): Promise<void> {
  await changeList(
    db,
    { listVersion: input.listVersion, staff: input.staff, target: input.id },
    async (trx, entries, at) => {
      const entry = entryIn(entries, input.id);
      if (entry.status !== "retired") throw new ServiceListRefusal("Only a retired service can be brought back.", "id");
      await updateEntry(trx, entry.id, { status: "live", retired_to: null }, at, input.staff);
      return { result: undefined, said: `Brought back the service "${entry.title}"` };
    },
    now,
  );
}

/**
 * Called in the transaction that publishes a page: an added service whose page is published for
 * the first time goes live. Returns the keys it changed (the list), none for any other page.
 */
export async function publishedEntry(trx: Db, name: string, at: string): Promise<Array<ContentKey>> {
  if (!isAddedServiceId(name)) return [];
  const published = await trx
    .updateTable("collection_entries")
    .set({ status: "live", published_at: at })
    .where("id", "=", name)
    .where("status", "=", "draft")
    .returning("id")
    .executeTakeFirst();
  if (!published) return [];
  await trx
    .updateTable("collections")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("kind", "=", kind)
    .execute();
  return [servicesKey];
}
