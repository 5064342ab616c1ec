import { Kysely, sql } from "kysely";
import { afterEach, expect, test } from "vitest";
import { createNodeSqliteDialect } from "./node-sqlite-dialect.server.ts";

type Tables = { notes: { id: number; text: string } };
let db: Kysely<Tables> | undefined;
afterEach(async () => {
  await db?.destroy();
});

async function notesDatabase(): Promise<Kysely<Tables>> {
  db = new Kysely<Tables>({ dialect: createNodeSqliteDialect(":memory:") });
  await sql`create table notes (id integer primary key, text text not null)`.execute(db);
  return db;
}

test("between two queries the event loop answers what has arrived: a visitor never waits for a page's every query", async () => {
  const notes = await notesDatabase();
  // What a request arriving meanwhile does first: a callback of the event loop, not a microtask.
  let answered = 0;
  const arrived = () => setImmediate(() => (answered += 1));
  arrived();
  await notes.selectFrom("notes").selectAll().execute();
  expect(answered).toBe(1);
  arrived();
  await notes.insertInto("notes").values({ id: 1, text: "a" }).execute();
  expect(answered).toBe(2);
});

test("a transaction's statements run back to back, with nothing between them", async () => {
  const notes = await notesDatabase();
  let answeredDuring = -1;
  let answered = 0;
  await notes.transaction().execute(async (transaction) => {
    setImmediate(() => (answered += 1));
    await transaction.insertInto("notes").values({ id: 1, text: "a" }).execute();
    await transaction.updateTable("notes").set({ text: "b" }).where("id", "=", 1).execute();
    answeredDuring = answered;
  });
  expect(answeredDuring).toBe(0);
  expect(await notes.selectFrom("notes").select("text").execute()).toEqual([{ text: "b" }]);
});
