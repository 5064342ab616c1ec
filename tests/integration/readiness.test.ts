import { sql } from "kysely";
import { expect, inject, test, vi } from "vitest";
import { createDb } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import { enqueueMail } from "#app/server/outbox.server.ts";
import { isReady, outboxStuckAfterMs } from "#app/server/readiness.server.ts";
import { createPostgresDatabase, withClient } from "#tests/setup/postgres-database.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

const mail = { kind: "test", referenceId: null, to: ["staff@example.com"], subject: "s", text: "t" };

testOnEachEngine("ready while mail waits less than the stuck time, or is being retried, or is locked by a live sender", async (db) => {
  const now = new Date();
  expect(await isReady(db, now)).toBe(true);
  await enqueueMail(db, mail, new Date(now.getTime() - outboxStuckAfterMs + 60_000));
  expect(await isReady(db, now)).toBe(true);
  // Long due but claimed by a sender until later: a slow delivery, not a stuck outbox.
  const locked = await enqueueMail(db, mail, new Date(now.getTime() - 2 * outboxStuckAfterMs));
  await db
    .updateTable("mail_outbox")
    .set({ locked_until: new Date(now.getTime() + 60_000).toISOString() })
    .where("id", "=", locked)
    .execute();
  expect(await isReady(db, now)).toBe(true);
});

testOnEachEngine("not ready when due mail has waited past the stuck time with no sender on it", async (db) => {
  const now = new Date();
  const id = await enqueueMail(db, mail, new Date(now.getTime() - outboxStuckAfterMs - 1000));
  expect(await isReady(db, now)).toBe(false);
  await db.updateTable("mail_outbox").set({ sent_at: now.toISOString() }).where("id", "=", id).execute();
  expect(await isReady(db, now)).toBe(true);
});

test("not ready when the database does not answer or has no tables", async () => {
  const unmigrated = createDb({ dialect: "sqlite", file: ":memory:" });
  const unreachable = createDb({ dialect: "postgres", url: "postgres://postgres@127.0.0.1:1/none" });
  try {
    expect(await isReady(unmigrated)).toBe(false);
    expect(await isReady(unreachable)).toBe(false);
  } finally {
    await Promise.all([unmigrated.destroy(), unreachable.destroy()]);
  }
});

test.skipIf(!process.env.TEST_POSTGRES_URL)(
  "PostgreSQL ending the site's connections (a restart) does not stop the site: the next queries get new ones",
  async () => {
    const database = await createPostgresDatabase(
      process.env.TEST_POSTGRES_URL!,
      "site_test_restart",
      inject("postgresTemplate") ?? undefined,
    );
    const db = createDb({ dialect: "postgres", url: database.url });
    // What would end the process: an 'error' event no one listens to on the pool or on a connection.
    const uncaught: Array<unknown> = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.prependListener("uncaughtException", onUncaught);
    const connectionEnded = vi.spyOn(log, "warn").mockImplementation(() => {});
    const ended = Promise.withResolvers<void>();
    try {
      await Promise.all([sql`select 1`.execute(db), sql`select 2`.execute(db)]); // two idle connections
      // One of them in use (between two queries, as in a transaction) when PostgreSQL ends it.
      const betweenQueries = Promise.withResolvers<void>();
      const inUse = db.connection().execute(async (connection) => {
        await sql`select 1`.execute(connection);
        betweenQueries.resolve();
        await ended.promise;
        return sql`select 1`.execute(connection);
      });
      await betweenQueries.promise;
      const { rowCount } = await withClient(process.env.TEST_POSTGRES_URL!, (admin) =>
        admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [
          database.name,
        ]),
      );
      expect(rowCount).toBeGreaterThanOrEqual(2);
      // Both of the site's connections have heard of it: each got PostgreSQL's message, an 'error'
      // event the site logs (a connection may log a second one as its socket closes).
      const terminated = () =>
        connectionEnded.mock.calls.filter(([, details]) => JSON.stringify(details).includes("due to administrator command")).length;
      await expect.poll(terminated).toBe(2);
      ended.resolve();
      await expect(inUse).rejects.toThrow();
      expect(uncaught).toEqual([]);
      expect((await sql<{ n: number }>`select 3 as n`.execute(db)).rows).toEqual([{ n: 3 }]);
      expect(await isReady(db)).toBe(true);
    } finally {
      ended.resolve(); // the connection in use is given back, or the pool would wait for it
      process.off("uncaughtException", onUncaught);
      connectionEnded.mockRestore();
      await db.destroy();
      await database.drop();
    }
  },
);
