import { type Kysely, PostgresAdapter, sql } from "kysely";

// What the visitor wrote (name, e-mail, phone, message, insurance company) becomes one value,
// `sealed_fields`, sealed once instead of five times: opening an inquiry then takes one AES-GCM
// decipher instead of five (decision 036). Here each row's five values, as they were stored
// (sealed one by one, or in clear from before sealing began), are gathered into a JSON object;
// the server seals each such row as one value when it starts (sealStoredInquiries) and reads
// them meanwhile (app/inquiries/inquiry-sealing.server.ts).
const columns = ["name", "email", "phone", "message", "insurance_company"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("inquiries")
    .addColumn("sealed_fields", "text", (column) => column.notNull().defaultTo(""))
    .execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const pairs = sql.join(columns.map((column) => sql`${sql.lit(column)}, ${sql.ref(column)}`));
  const gathered = postgres ? sql`json_build_object(${pairs})::text` : sql`json_object(${pairs})`;
  await sql`update inquiries set sealed_fields = ${gathered}`.execute(db);
  for (const column of columns) await db.schema.alterTable("inquiries").dropColumn(column).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // A row sealed as one value opens only with the key, which SQL has not.
  const sealed = await sql<{ count: number | string }>`select count(*) as count from inquiries where sealed_fields like 'sealed:%'`.execute(
    db,
  );
  if (Number(sealed.rows[0]?.count ?? 0) > 0) {
    throw new Error("Inquiries are sealed as one value: a release before migration 0031 cannot read them.");
  }
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const column of columns) {
    const required = column === "name" || column === "email" || column === "message";
    await db.schema
      .alterTable("inquiries")
      .addColumn(column, "text", (definition) => (required ? definition.notNull().defaultTo("") : definition))
      .execute();
    const value = postgres
      ? sql`(sealed_fields::json ->> ${sql.lit(column)})`
      : sql`json_extract(sealed_fields, ${sql.lit(`$.${column}`)})`;
    await sql`update inquiries set ${sql.ref(column)} = ${value}`.execute(db);
  }
  await db.schema.alterTable("inquiries").dropColumn("sealed_fields").execute();
}
