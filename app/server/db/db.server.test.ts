import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import { expect, test } from "vitest";
import { createDb, emptyWriteAheadLog } from "./db.server.ts";
import { busyTimeoutMs } from "./node-sqlite-dialect.server.ts";

test("emptying the write-ahead log never waits for another process's reader; the next time it empties it", async () => {
  const folder = mkdtempSync(join(tmpdir(), "site-wal-"));
  const file = join(folder, "site.db");
  const db = createDb({ dialect: "sqlite", file });
  const other = new DatabaseSync(file);
  try {
    await sql`create table notes (text text not null)`.execute(db);
    await sql`insert into notes values ('first')`.execute(db);
    // A backup's long read, as `npm run backup` holds one in another process.
    other.exec("begin");
    other.prepare("select count(*) from notes").get();
    await sql`insert into notes values ('second')`.execute(db);

    const started = performance.now();
    await emptyWriteAheadLog(db);
    // Not the busy timeout: node:sqlite would hold every request that long. A wait for it lasts
    // the whole timeout however fast the machine, and a call that does not wait is far from it
    // however busy, so this bound does not depend on the machine.
    expect(performance.now() - started).toBeLessThan(busyTimeoutMs);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);

    other.exec("commit");
    await emptyWriteAheadLog(db);
    expect(statSync(`${file}-wal`).size).toBe(0);
    // The connection waits for locks again as before.
    expect((await sql<{ timeout: number }>`pragma busy_timeout`.execute(db)).rows[0]).toEqual({ timeout: busyTimeoutMs });
  } finally {
    other.close();
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  }
});
