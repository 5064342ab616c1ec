import { expect, test } from "vitest";
import { getDb } from "#app/server/db/db.server.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

// Between the tests that bring their own database, the process has none (tests/setup/no-database.ts):
// a test that forgot its database fails saying so, instead of opening the checkout's data/site.db.

const queryTheProcessDatabase = async () => (await getDb()).selectFrom("inquiries").select("id").execute();

test("before any test's database, a query of the process's database fails and names the helper that gives one", async () => {
  await expect(queryTheProcessDatabase()).rejects.toThrow(/This test has no database: run it with testOnEachEngine/);
});

testOnEachEngine("a test of each engine has its own database as the process's", async (db) => {
  expect(await getDb()).toBe(db);
  expect(await queryTheProcessDatabase()).toEqual([]);
});

test("after such a test, the process has no database again, not the one just dropped", async () => {
  await expect(queryTheProcessDatabase()).rejects.toThrow(/This test has no database/);
});
