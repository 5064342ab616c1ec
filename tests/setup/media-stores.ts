import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Config, getConfig, replaceConfig } from "#app/server/config.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { type Dialect, type EngineTestOptions, testOnEachEngine } from "./test-database.ts";

export type MediaStoreKind = Config["mediaStore"]["kind"];

/** What a test on one media store gets: the engine, and with the disk store its fresh MEDIA_DIR. */
export type MediaStoreTest<Folder extends string | null> = { dialect: Dialect; kind: MediaStoreKind; mediaDir: Folder };

const mediaStoreKinds: ReadonlyArray<MediaStoreKind> = ["database", "disk"];

function registerOnStore<Folder extends string | null>(
  kind: MediaStoreKind,
  name: string,
  makeMediaDir: () => Folder,
  body: (db: Db, store: MediaStoreTest<Folder>) => Promise<void>,
  options: EngineTestOptions,
): void {
  testOnEachEngine(
    `${kind} store: ${name}`,
    async (db, dialect) => {
      const mediaDir = makeMediaDir();
      // testOnEachEngine puts the configuration back afterwards.
      replaceConfig({ ...getConfig(), mediaStore: mediaDir === null ? { kind: "database" } : { kind: "disk", folder: mediaDir } });
      try {
        await body(db, { dialect, kind, mediaDir });
      } finally {
        if (mediaDir !== null) rmSync(mediaDir, { recursive: true, force: true });
      }
    },
    options,
  );
}

const freshMediaDir = () => mkdtempSync(join(tmpdir(), "site-media-"));

/**
 * Registers a test once per media store (MEDIA_STORE database, then disk with a fresh MEDIA_DIR
 * removed afterwards) and engine. The app's code takes the store from the configuration
 * (`mediaStore()`), so the test's body is the same for both. For tests whose outcome depends on
 * where the bytes are kept; the rest run on the default store only, with testOnEachEngine.
 */
export function testOnEachMediaStore(
  name: string,
  body: (db: Db, store: MediaStoreTest<string | null>) => Promise<void>,
  options: EngineTestOptions = {},
): void {
  for (const kind of mediaStoreKinds) {
    registerOnStore(kind, name, () => (kind === "disk" ? freshMediaDir() : null), body, options);
  }
}

/** Registers a test of the disk store's own rules, on each engine, with a fresh MEDIA_DIR. */
export function testOnDiskMediaStore(
  name: string,
  body: (db: Db, store: MediaStoreTest<string>) => Promise<void>,
  options: EngineTestOptions = {},
): void {
  registerOnStore("disk", name, freshMediaDir, body, options);
}
