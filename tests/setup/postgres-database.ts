import { randomUUID } from "node:crypto";
import pg from "pg";

export type PostgresDatabase = { name: string; url: string; drop(): Promise<void> };

/**
 * Creates a uniquely named database on the PostgreSQL server `serverUrl` points at (any database
 * there that the user may connect to, e.g. /postgres): empty, or a copy of `template` (a database
 * nobody is connected to); drop() removes it again.
 */
export async function createPostgresDatabase(serverUrl: string, prefix: string, template?: string): Promise<PostgresDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll("-", "")}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    drop: () =>
      withClient(serverUrl, async (client) => {
        await waitUntilDisconnected(client, name);
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

/**
 * Waits (up to 2 s) until nobody is connected to `name`. Pools that were just closed may still be
 * disconnecting: forcing them closed would log a lost connection (db.server.ts), and a template
 * with a connection cannot be copied.
 */
async function waitUntilDisconnected(client: pg.Client, name: string): Promise<void> {
  for (let waited = 0; waited < 2000; waited += 20) {
    const open = await client.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
    if (open.rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until nobody is connected to the database `url` names (see waitUntilDisconnected). */
export async function waitForDisconnection(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, (client) => waitUntilDisconnected(client, name));
}

/** Runs `work` with a connection to `url`, closed after it. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
