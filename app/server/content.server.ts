import { randomUUID } from "node:crypto";
import { aboutContentSchema, aboutDefaults, type AboutContent } from "#app/content/about.ts";
import { homepageContentSchema, homepageDefaults, type HomepageContent } from "#app/content/homepage.ts";
import { mergeWithDefaults, parseStoredContent } from "#app/content/merge.ts";
import { serviceContentSchema, type ServiceContent } from "#app/content/service-content.ts";
import type { Service } from "#app/content/services.ts";
import { getDb } from "./db/db.server.ts";

/** The stored content of one page, parsed but not yet validated; undefined when there is none. */
async function readPageContent(pageName: string): Promise<unknown> {
  const db = await getDb();
  const row = await db.selectFrom("page_content").select("content").where("page_name", "=", pageName).executeTakeFirst();
  return parseStoredContent(row?.content);
}

/** What a page shows (`defaults <- stored`, field by field), and whether anything was stored. */
export type PageContent<T> = { content: T; saved: boolean };

async function readContent<T extends Record<string, unknown>>(
  pageName: string,
  defaults: T,
  schema: Parameters<typeof mergeWithDefaults<T>>[2],
): Promise<PageContent<T>> {
  const stored = await readPageContent(pageName);
  return { content: mergeWithDefaults(defaults, stored, schema), saved: stored !== undefined };
}

// The admin reads these and reports a failure; public pages use the load* versions below.
export function readHomepageContent(): Promise<PageContent<HomepageContent>> {
  return readContent("homepage", homepageDefaults, homepageContentSchema);
}

export function readAboutContent(): Promise<PageContent<AboutContent>> {
  return readContent("about", aboutDefaults, aboutContentSchema);
}

/** Three services are specified as built-in only: their stored rows are ignored. */
export async function readServiceContent(service: Service): Promise<PageContent<ServiceContent>> {
  if (!service.contentBacked) return { content: service.defaults, saved: false };
  return readContent(service.slug, service.defaults, serviceContentSchema);
}

/** A failed read is logged and the defaults are shown: a visitor never sees an error here. */
async function orDefaults<T>(read: Promise<PageContent<T>>, defaults: T, errorMessage: string): Promise<T> {
  try {
    return (await read).content;
  } catch (error) {
    console.error(errorMessage, error);
    return defaults;
  }
}

export function loadHomepageContent(): Promise<HomepageContent> {
  return orDefaults(readHomepageContent(), homepageDefaults, "Error loading homepage content");
}

export function loadAboutContent(): Promise<AboutContent> {
  return orDefaults(readAboutContent(), aboutDefaults, "Error loading about content");
}

export function loadServiceContent(service: Service): Promise<ServiceContent> {
  return orDefaults(readServiceContent(service), service.defaults, `Error loading ${service.slug} content`);
}

const changeListeners = new Set<() => void>();

/** Calls `listener` after every content save in this process (the page cache listens). */
export function onContentChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Inserts or replaces a page's content (the admin's save, and test set-up). */
export async function savePageContent(pageName: string, content: unknown): Promise<void> {
  const db = await getDb();
  const now = new Date().toISOString();
  await db
    .insertInto("page_content")
    .values({ id: randomUUID(), page_name: pageName, content: JSON.stringify(content), created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.column("page_name").doUpdateSet({ content: JSON.stringify(content), updated_at: now }))
    .execute();
  for (const listener of changeListeners) listener();
}

/** Changes whenever any page's content changes; cached pages are dropped when it does. */
export async function getContentVersion(): Promise<string> {
  const db = await getDb();
  const row = await db
    .selectFrom("page_content")
    .select((eb) => [eb.fn.max("updated_at").as("latest"), eb.fn.countAll().as("count")])
    .executeTakeFirst();
  return `${row?.latest ?? ""}|${Number(row?.count ?? 0)}`;
}
