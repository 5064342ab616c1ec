import { PostgresAdapter, sql } from "kysely";
import { sealStoredInquiries } from "#app/inquiries/inquiry-sealing.server.ts";
import { sealStoredTwoFactorSecrets } from "#app/staff/two-factor.server.ts";
import { type Db, emptyWriteAheadLog } from "#app/server/db/db.server.ts";
import { getKeyring, type Keyring } from "#app/server/field-encryption.server.ts";
import { sealStoredMail } from "#app/server/outbox.server.ts";
import { log } from "#app/server/log.server.ts";
import { getSetting, setSetting } from "#app/server/site-settings.server.ts";

// Sealing a row rewrites it, but the engines keep the old bytes a while: SQLite in free pages and
// free space inside pages, PostgreSQL in dead row versions. A database from before sealing
// (or under a rotated key) would still show the clear words in a copy of its file. So after
// anything was sealed again, the tables are rewritten; and once on every database, for those
// sealed by a version that did not do this. See docs/decisions/036-encryption-at-rest.md.

const catalogAdvice =
  "PostgreSQL's statistics may still hold samples of what was stored before it was sealed: this database user may not rewrite them. Once, as a superuser: VACUUM FULL pg_statistic; CHECKPOINT; (see the README, Encryption at rest).";

/** Set once the free space has been rewritten after the last sealing. */
const scrubbedSetting = "free-space-scrubbed";
/**
 * The tables whose rows held what visitors wrote, mail bodies or TOTP secrets, in clear or under an
 * older key. Not the search tokens: keyed hashes, never words, and at 100,000 inquiries 5.5 million
 * rows whose rewrite held PostgreSQL's tables 21 s, against 0.5 s for the inquiries.
 */
const sealedTables = ["inquiries", "mail_outbox", "admin_users"] as const;

export type SealedCounts = { inquiries: number; mail: number; twoFactorSecrets: number; scrubbed: boolean };

/**
 * Seals with the current key every inquiry, queued e-mail and TOTP secret not sealed with it
 * (stored before sealing began, or a rotation), then rewrites the database's free space if
 * anything was, or if it never was. The server's start and `npm run admin -- seal` run it.
 */
export async function sealStoredData(db: Db, keyring: Keyring = getKeyring()): Promise<SealedCounts> {
  const counts = {
    inquiries: await sealStoredInquiries(db, keyring),
    mail: await sealStoredMail(db, keyring),
    twoFactorSecrets: await sealStoredTwoFactorSecrets(db, keyring),
  };
  const sealedAny = counts.inquiries + counts.mail + counts.twoFactorSecrets > 0;
  const scrubbed = sealedAny || (await getSetting(db, scrubbedSetting)) === null;
  if (scrubbed) {
    await scrubFreeSpace(db);
    await setSetting(db, scrubbedSetting, new Date().toISOString());
  }
  return { ...counts, scrubbed };
}

/**
 * Rewrites what could still hold old bytes. SQLite: VACUUM rebuilds the file, then the
 * write-ahead log is emptied. PostgreSQL: VACUUM FULL rewrites the tables into new files (the old
 * ones are truncated), and their statistics; its write-ahead log and archives keep old pages
 * until they are recycled.
 */
async function scrubFreeSpace(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const tables = sql.join(sealedTables.map((table) => sql.table(table)));
    await sql`vacuum full ${tables}`.execute(db);
    // The planner's statistics kept samples of the old values: made anew from the sealed ones,
    // and the old rows rewritten out of the catalog, which only a superuser may do.
    await sql`analyze ${tables}`.execute(db);
    const { rows } = await sql<{ superuser: boolean }>`select rolsuper as superuser from pg_roles where rolname = current_user`.execute(db);
    if (rows[0]?.superuser) await sql`vacuum full pg_statistic`.execute(db);
    else log.warn(catalogAdvice);
  } else {
    await sql`vacuum`.execute(db);
    await emptyWriteAheadLog(db);
  }
}
