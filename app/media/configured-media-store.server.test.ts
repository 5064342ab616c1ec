import { afterEach, expect, test } from "vitest";
import { getConfig, parseConfig, replaceConfig } from "#app/server/config.server.ts";
import { mediaStore } from "./configured-media-store.server.ts";
import { databaseMediaStore } from "./media-store.server.ts";

const configBefore = getConfig();
afterEach(() => replaceConfig(configBefore));

test("the database store by default; MEDIA_STORE=disk gives the disk store, made once per configuration", () => {
  replaceConfig(parseConfig({}));
  expect(mediaStore()).toBe(databaseMediaStore);

  replaceConfig(parseConfig({ MEDIA_STORE: "disk", MEDIA_DIR: "media-root" }));
  const disk = mediaStore();
  expect(disk).not.toBe(databaseMediaStore);
  expect(mediaStore()).toBe(disk);

  replaceConfig(parseConfig({ MEDIA_STORE: "database", MEDIA_DIR: "media-root" }));
  expect(mediaStore()).toBe(databaseMediaStore);
});
