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
        await waitUntilAlone(client, name);
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

/**
 * Waits up to `ms` until no client but `client` itself is connected to `name`, and says whether
 * that came. Pools that were just closed may still be disconnecting: forcing them closed would
 * log a lost connection (db.server.ts), a template with a connection cannot be copied, and a
 * database in use cannot be reset (postgres-recycling.ts). Autovacuum is not waited for: those
 * statements make it give way.
 */
export async function waitUntilAlone(client: pg.Client, name: string, ms = 2000): Promise<boolean> {
  for (const deadline = performance.now() + ms; ; ) {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      [name],
    );
    if (rows[0]!.n === 0) return true;
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until nobody is connected to the database `name` on the server at `serverUrl` (see waitUntilAlone). */
export async function waitForDisconnection(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, (client) => waitUntilAlone(client, name));
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
