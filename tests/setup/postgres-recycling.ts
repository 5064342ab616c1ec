// A PostgreSQL test database is given back to the template's state after its test, and the next
// test of the file gets it: a copy of the template takes 0.25 s on an idle 2-core machine and
// 0.6 s while the suite runs, most of a PostgreSQL test's time; emptying the tables takes a
// fraction of it. A database whose schema a test changed, or that something is still connected to,
// is dropped instead.
import type pg from "pg";
import { type PostgresDatabase, waitUntilAlone, withClient } from "./postgres-database.ts";

/** What a copy of the template holds besides its schema: the rows of each table that has any, as JSON. */
export type TemplateState = { fingerprint: string; rows: Record<string, string> };

/** Every table, column, index and constraint outside PostgreSQL's own schemas, as one hash. */
const fingerprintQuery = `
  SELECT md5(string_agg(entry, ',' ORDER BY entry)) AS fingerprint FROM (
    SELECT format('%s.%s %s %s %s', table_schema, table_name, column_name, data_type, column_default) AS entry
      FROM information_schema.columns WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
    UNION ALL
    SELECT indexdef FROM pg_indexes WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL
    SELECT format('%s %s', conname, pg_get_constraintdef(oid)) FROM pg_constraint
      WHERE connamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
  ) AS schema`;

/** The tables of the database's public schema. */
async function tablesOf(client: pg.Client): Promise<Array<string>> {
  const { rows } = await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'");
  return rows.map((row) => row.name);
}

/** The template's state, read once after it is migrated (tests/setup/postgres-template.ts). */
export function templateStateOf(url: string): Promise<TemplateState> {
  return withClient(url, async (client) => {
    const { rows: fingerprinted } = await client.query<{ fingerprint: string }>(fingerprintQuery);
    const rows: Record<string, string> = {};
    for (const table of await tablesOf(client)) {
      const { rows: held } = await client.query<{ rows: string | null }>(`SELECT json_agg(t)::text AS rows FROM "${table}" AS t`);
      if (held[0]?.rows) rows[table] = held[0].rows;
    }
    return { fingerprint: fingerprinted[0]!.fingerprint, rows };
  });
}

/**
 * Brings `database` back to `template`'s state: every table emptied (its sequences
 * restarted, its statistics dropped), then the template's rows put back, in one transaction.
 * Returns false, changing nothing, when the database cannot be reused: its schema is not the
 * template's any more, or a connection other than this one is open on it (it would hold locks,
 * or see the tables emptied).
 */
export function resetToTemplate(database: Pick<PostgresDatabase, "name" | "url">, template: TemplateState): Promise<boolean> {
  return withClient(database.url, async (client) => {
    if (!(await waitUntilAlone(client, database.name, 1000))) return false;
    const { rows: fingerprinted } = await client.query<{ fingerprint: string }>(fingerprintQuery);
    if (fingerprinted[0]!.fingerprint !== template.fingerprint) return false;
    const tables = await tablesOf(client);
    await client.query("BEGIN");
    try {
      await client.query("SET LOCAL lock_timeout = '2s'");
      await client.query(`TRUNCATE ${tables.map((table) => `"${table}"`).join(", ")} RESTART IDENTITY`);
      // The planner's statistics of an earlier test's rows go too: a copy of the template has none.
      await client.query(
        "DELETE FROM pg_statistic WHERE starelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)",
      );
      for (const [table, rows] of Object.entries(template.rows)) {
        await client.query(`INSERT INTO "${table}" SELECT * FROM json_populate_recordset(NULL::"${table}", $1)`, [rows]);
      }
      await client.query("COMMIT");
      return true;
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    }
  });
}
