import type { Kysely } from "kysely";

// Staff accounts, server-side sessions (the cookie holds a random token; only its hash is
// stored) and an audit log of admin actions.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("admin_users")
    .ifNotExists()
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("email", "text", (column) => column.notNull().unique())
    .addColumn("password_hash", "text", (column) => column.notNull())
    .addColumn("is_demo", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("admin_sessions")
    .ifNotExists()
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("admin_id", "text", (column) => column.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("admin_sessions_admin_id_idx").ifNotExists().on("admin_sessions").column("admin_id").execute();

  await db.schema
    .createTable("audit_log")
    .ifNotExists()
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("admin_id", "text")
    .addColumn("admin_email", "text")
    .addColumn("action", "text", (column) => column.notNull())
    .addColumn("target", "text")
    .addColumn("details", "text")
    .execute();
  await db.schema.createIndex("audit_log_created_at_idx").ifNotExists().on("audit_log").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_log").ifExists().execute();
  await db.schema.dropTable("admin_sessions").ifExists().execute();
  await db.schema.dropTable("admin_users").ifExists().execute();
}
