import { randomUUID } from "node:crypto";
import pg from "pg";

export type PostgresDatabase = { url: string; drop(): Promise<void> };

/**
 * Creates an empty, uniquely named database on the PostgreSQL server `serverUrl` points at (any
 * database there that the user may connect to, e.g. /postgres); drop() removes it again.
 */
export async function createPostgresDatabase(serverUrl: string, prefix: string): Promise<PostgresDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll("-", "")}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () =>
      withClient(serverUrl, async (client) => {
        // Pools that were just closed may still be disconnecting: forcing them closed would
        // surface as an error on a client nobody listens to any more, so give them a moment.
        for (let waited = 0; waited < 2000; waited += 20) {
          const open = await client.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
          if (open.rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
