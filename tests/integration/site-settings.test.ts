import { expect } from "vitest";
import { deleteSetting, getOrCreateSetting } from "#app/server/site-settings.server.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

testOnEachEngine("a setting created by many callers at once has one value", async (db) => {
  let made = 0;
  const values = await Promise.all(Array.from({ length: 20 }, () => getOrCreateSetting(db, "secret", () => `value-${made++}`)));
  expect(new Set(values).size).toBe(1);
  expect(await getOrCreateSetting(db, "secret", () => "other")).toBe(values[0]);
  await deleteSetting(db, "secret");
  expect(await getOrCreateSetting(db, "secret", () => "fresh")).toBe("fresh");
});
