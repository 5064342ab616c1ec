import { sql } from "kysely";
import type { Db } from "#app/server/db/db.server.ts";
import {
  getKeyring,
  isSealedWithCurrent,
  type Keyring,
  open,
  openOptional,
  seal,
  searchToken,
  sealedWithCurrentPattern,
} from "#app/server/field-encryption.server.ts";
import { likeLiteral, searchableTerms } from "./inquiry-search.ts";

/**
 * The columns of an inquiry that hold what the visitor wrote, stored sealed
 * (field-encryption.server.ts), and its search column, which holds tokens of its terms. The
 * rest (the service and payment method chosen from lists, dates, flags) stay as they are: the
 * inbox filters and counts by them.
 */
type WrittenFields = { name: string; email: string; phone: string | null; message: string; insurance_company: string | null };

const where = (column: keyof WrittenFields, id: string) => `inquiries.${column}:${id}`;

/** The search column's value: every term's token, each between spaces. */
export function searchTextOf(keyring: Keyring, inquiry: Pick<WrittenFields, "name" | "email" | "phone">): string {
  return ` ${searchableTerms(inquiry)
    .map((term) => searchToken(keyring, term))
    .join(" ")} `;
}

/** A LIKE pattern that finds `term` in the search column. */
export function searchPattern(keyring: Keyring, term: string): string {
  return `% ${likeLiteral(searchToken(keyring, term))} %`;
}

/** The visitor's fields of inquiry `id` as stored: sealed, with the search tokens. */
export function sealInquiry(keyring: Keyring, id: string, inquiry: WrittenFields): WrittenFields & { search_text: string } {
  return {
    name: seal(keyring, inquiry.name, where("name", id)),
    email: seal(keyring, inquiry.email, where("email", id)),
    phone: inquiry.phone === null ? null : seal(keyring, inquiry.phone, where("phone", id)),
    message: seal(keyring, inquiry.message, where("message", id)),
    insurance_company: inquiry.insurance_company === null ? null : seal(keyring, inquiry.insurance_company, where("insurance_company", id)),
    search_text: searchTextOf(keyring, inquiry),
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
 * Seals again, with the current key, every inquiry not sealed with it yet: those stored before
 * sealing began (in clear) and those sealed with a previous key (a rotation). Each row is
 * rewritten only if it is still as it was read, so instances doing this at once, or an erase
 * meanwhile, lose nothing. Returns how many it sealed.
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
      if (isSealedWithCurrent(keyring, row.name)) continue;
      const updated = await db
        .updateTable("inquiries")
        .set(sealInquiry(keyring, row.id, openInquiry(row, keyring)))
        .where("id", "=", row.id)
        .where("name", "=", row.name)
        .executeTakeFirst();
      sealed += Number(updated.numUpdatedRows);
    }
    after = rows[rows.length - 1]!.id;
  }
}
