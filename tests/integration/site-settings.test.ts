import { expect, test } from "vitest";
import { replaceDatabase } from "#app/server/db/db.server.ts";
import { deleteSetting, getOrCreateSetting } from "#app/server/site-settings.server.ts";
import { createTestDatabase, testDialects } from "#tests/setup/test-database.ts";

test.each(testDialects)("%s: a setting created by many callers at once has one value", async (dialect) => {
  const { db, drop } = await createTestDatabase(dialect);
  replaceDatabase(db);
  try {
    let made = 0;
    const values = await Promise.all(Array.from({ length: 20 }, () => getOrCreateSetting("secret", () => `value-${made++}`)));
    expect(new Set(values).size).toBe(1);
    expect(await getOrCreateSetting("secret", () => "other")).toBe(values[0]);
    await deleteSetting("secret");
    expect(await getOrCreateSetting("secret", () => "fresh")).toBe("fresh");
  } finally {
    await drop();
  }
});
