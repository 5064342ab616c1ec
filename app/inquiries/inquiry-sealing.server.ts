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
  UnreadableFieldError,
} from "#app/server/field-encryption.server.ts";
import { searchableTerms } from "./inquiry-search.ts";

/**
 * What the visitor wrote in an inquiry, stored sealed as one value (field-encryption.server.ts) in
 * `inquiries.sealed_fields`: one decipher opens an inquiry (4-7 µs; five, one per field, took 25). The
 * tokens it is found by are in inquiry_search_tokens (a keyed hash of each term of
 * inquiry-search.ts). The rest (the service and payment method chosen from lists, dates, flags)
 * stay in columns of their own: the inbox filters and counts by them.
 */
export type WrittenFields = { name: string; email: string; phone: string | null; message: string; insurance_company: string | null };

const sealedAt = (id: string) => `inquiries.sealed_fields:${id}`;

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

/**
 * The ids of the inquiries found by every one of `terms` (at least one), at most `limit`: the
 * tokens of the first term are read in their index, each checked against the others' by theirs.
 */
export function idsFoundByAll(db: Db, keyring: Keyring, terms: ReadonlyArray<string>, limit: number) {
  const [first, ...others] = terms;
  return db
    .selectFrom("inquiry_search_tokens as found")
    .select("found.inquiry_id")
    .where("found.token", "=", searchToken(keyring, first!))
    .where((eb) =>
      eb.and(
        others.map((term) =>
          eb.exists(
            eb
              .selectFrom("inquiry_search_tokens as also")
              .select("also.inquiry_id")
              .where("also.token", "=", searchToken(keyring, term))
              .whereRef("also.inquiry_id", "=", "found.inquiry_id"),
          ),
        ),
      ),
    )
    .limit(limit)
    .execute();
}

/** The visitor's fields of inquiry `id` as stored: sealed as one value. */
export function sealInquiry(keyring: Keyring, id: string, inquiry: WrittenFields): { sealed_fields: string } {
  const { name, email, phone, message, insurance_company } = inquiry;
  return { sealed_fields: seal(keyring, JSON.stringify({ name, email, phone, message, insurance_company }), sealedAt(id)) };
}

/** What `sealed_fields` of inquiry `id` holds. */
function writtenFieldsOf(keyring: Keyring, id: string, stored: string): WrittenFields {
  if (stored.startsWith("{")) return gatheredFieldsOf(keyring, id, stored);
  const opened = open(keyring, stored, sealedAt(id));
  if (opened === stored) throw new UnreadableFieldError(`${sealedAt(id)} is neither sealed nor gathered by migration 0031.`);
  return JSON.parse(opened) as WrittenFields;
}

/**
 * The fields of a row stored before they were sealed as one value: migration 0031 gathered its
 * five columns into JSON as they were, each sealed on its own (bound to its column) or in clear.
 * The server seals such rows as one value when it starts.
 */
function gatheredFieldsOf(keyring: Keyring, id: string, stored: string): WrittenFields {
  const gathered = JSON.parse(stored) as Record<keyof WrittenFields, string | null>;
  const field = (column: keyof WrittenFields) => openOptional(keyring, gathered[column], `inquiries.${column}:${id}`);
  return {
    name: field("name") ?? "",
    email: field("email") ?? "",
    phone: field("phone"),
    message: field("message") ?? "",
    insurance_company: field("insurance_company"),
  };
}

/** A stored row with what the visitor wrote readable again, in place of `sealed_fields`. */
export function openInquiry<Row extends { id: string; sealed_fields: string }>(
  row: Row,
  keyring: Keyring = getKeyring(),
): Omit<Row, "sealed_fields"> & WrittenFields {
  const { sealed_fields, ...rest } = row;
  return { ...rest, ...writtenFieldsOf(keyring, row.id, sealed_fields) };
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
      .select(["id", "sealed_fields"])
      .where("id", ">", after)
      .where(sql<boolean>`sealed_fields not like ${sealedWithCurrentPattern(keyring)}`)
      .orderBy("id")
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return sealed;
    for (const row of rows) {
      const opened = writtenFieldsOf(keyring, row.id, row.sealed_fields);
      sealed += await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("inquiries")
          .set(sealInquiry(keyring, row.id, opened))
          .where("id", "=", row.id)
          .where("sealed_fields", "=", row.sealed_fields)
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
