import { type ExpressionBuilder, sql } from "kysely";
import type { Db } from "#app/server/db/db.server.ts";
import type { Database } from "#app/server/db/schema.server.ts";
import {
  getKeyring,
  type Keyring,
  open,
  openOptional,
  seal,
  searchToken,
  sealedWithCurrentPattern,
} from "#app/server/field-encryption.server.ts";
import { searchableTerms } from "./inquiry-search.ts";

/**
 * The columns of an inquiry that hold what the visitor wrote, stored sealed
 * (field-encryption.server.ts), and the tokens it is found by (inquiry_search_tokens: a keyed
 * hash of each term of inquiry-search.ts). The rest (the service and payment method chosen from
 * lists, dates, flags) stay as they are: the inbox filters and counts by them.
 */
type WrittenFields = { name: string; email: string; phone: string | null; message: string; insurance_company: string | null };

const where = (column: keyof WrittenFields, id: string) => `inquiries.${column}:${id}`;

/** The tokens inquiry `id` is found by. */
export function searchTokensOf(keyring: Keyring, inquiry: Pick<WrittenFields, "name" | "email" | "phone">): Array<string> {
  return [...new Set(searchableTerms(inquiry).map((term) => searchToken(keyring, term)))];
}

/** Stores the tokens of inquiry `id` (in the caller's transaction). */
export async function writeSearchTokens(db: Db, keyring: Keyring, id: string, inquiry: Pick<WrittenFields, "name" | "email" | "phone">) {
  const tokens = searchTokensOf(keyring, inquiry);
  // Both engines take a few hundred parameters per statement comfortably.
  for (let start = 0; start < tokens.length; start += 200) {
    await db
      .insertInto("inquiry_search_tokens")
      .values(tokens.slice(start, start + 200).map((token) => ({ token, inquiry_id: id })))
      .execute();
  }
}

/** The ids of the inquiries found by `term`, as a subquery (one lookup in the token table's key). */
export function foundBy(keyring: Keyring, term: string) {
  return (eb: ExpressionBuilder<Database, "inquiries">) =>
    eb("id", "in", eb.selectFrom("inquiry_search_tokens").select("inquiry_id").where("token", "=", searchToken(keyring, term)));
}

/** The visitor's fields of inquiry `id` as stored: sealed. */
export function sealInquiry(keyring: Keyring, id: string, inquiry: WrittenFields): WrittenFields {
  return {
    name: seal(keyring, inquiry.name, where("name", id)),
    email: seal(keyring, inquiry.email, where("email", id)),
    phone: inquiry.phone === null ? null : seal(keyring, inquiry.phone, where("phone", id)),
    message: seal(keyring, inquiry.message, where("message", id)),
    insurance_company: inquiry.insurance_company === null ? null : seal(keyring, inquiry.insurance_company, where("insurance_company", id)),
  };
}

/** A stored row with the visitor's fields readable again (the others as they are). */
export function openInquiry<Row extends { id: string } & Partial<WrittenFields>>(row: Row, keyring: Keyring = getKeyring()): Row {
  const opened: Row = { ...row };
  if (row.name !== undefined) opened.name = open(keyring, row.name, where("name", row.id));
  if (row.email !== undefined) opened.email = open(keyring, row.email, where("email", row.id));
  if (row.phone !== undefined) opened.phone = openOptional(keyring, row.phone, where("phone", row.id));
  if (row.message !== undefined) opened.message = open(keyring, row.message, where("message", row.id));
  if (row.insurance_company !== undefined) {
    opened.insurance_company = openOptional(keyring, row.insurance_company, where("insurance_company", row.id));
  }
  return opened;
}

/**
 * Seals again, with the current key, every inquiry not sealed with it yet, with the tokens it is
 * found by: those stored before sealing began (in clear) and those sealed with a previous key (a
 * rotation). Each row is rewritten only if it is still as it was read, so instances doing this at
 * once, or an erase meanwhile, lose nothing. Returns how many it sealed.
 */
export async function sealStoredInquiries(db: Db, keyring: Keyring = getKeyring(), batchSize = 200): Promise<number> {
  let sealed = 0;
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("inquiries")
      .select(["id", "name", "email", "phone", "message", "insurance_company"])
      .where("id", ">", after)
      .where(sql<boolean>`name not like ${sealedWithCurrentPattern(keyring)}`)
      .orderBy("id")
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return sealed;
    for (const row of rows) {
      const opened = openInquiry(row, keyring);
      sealed += await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("inquiries")
          .set(sealInquiry(keyring, row.id, opened))
          .where("id", "=", row.id)
          .where("name", "=", row.name)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return 0;
        // Tokens under an older key, or none (stored before sealing began): made anew.
        await trx.deleteFrom("inquiry_search_tokens").where("inquiry_id", "=", row.id).execute();
        await writeSearchTokens(trx, keyring, row.id, opened);
        return 1;
      });
    }
    after = rows[rows.length - 1]!.id;
  }
}
