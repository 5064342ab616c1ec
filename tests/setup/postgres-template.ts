// Vitest's global set-up: with TEST_POSTGRES_URL, one migrated database for the run, which every
// PostgreSQL test copies (CREATE DATABASE … TEMPLATE) instead of migrating its own; dropped after.
import type { TestProject } from "vitest/node";
import { createDb } from "#app/server/db/db.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { createPostgresDatabase, waitForDisconnection } from "./postgres-database.ts";
import { type TemplateState, templateStateOf } from "./postgres-recycling.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database PostgreSQL tests copy, or null without TEST_POSTGRES_URL. */
    postgresTemplate: string | null;
    /** What a copy of the template holds, to give a used copy back its state (postgres-recycling.ts). */
    postgresTemplateState: TemplateState | null;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  project.provide("postgresTemplate", null);
  project.provide("postgresTemplateState", null);
  if (!serverUrl) return;
  const template = await createPostgresDatabase(serverUrl, "site_test_template");
  let state: TemplateState;
  try {
    const db = createDb({ dialect: "postgres", url: template.url });
    await migrateToLatest(db);
    await db.destroy();
    state = await templateStateOf(template.url);
    // Read before this wait: a template anyone is still connected to cannot be copied.
    await waitForDisconnection(serverUrl, template.name);
  } catch (error) {
    await template.drop();
    throw error;
  }
  project.provide("postgresTemplate", template.name);
  project.provide("postgresTemplateState", state);
  return template.drop;
}
