import { formatOfficeTime, officeDate } from "#app/content/office-time.ts";
import { practice } from "#app/content/practice.ts";
import { asOneLine } from "#app/lib/text-characters.ts";
import { recordAudit } from "#app/server/audit.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { enqueueMail, wakeOutbox } from "#app/server/outbox.server.ts";

/** What a browser says it is, as far as a mail shows it: one line, no control characters, 200 characters. */
function deviceLine(userAgent: string | null): string {
  return asOneLine(userAgent ?? "", 200) || "not told";
}

/**
 * An Owner signed in from a browser that has not signed in to the account before: the first time
 * in an office day, the account is mailed (through the outbox) so a stolen password shows up in
 * its owner's inbox. The day is claimed in one statement, so sign-ins at once send one mail, and in
 * the transaction that queues the mail, so a claim never outlives a mail that failed to queue.
 */
export async function mailNewSignIn(
  db: Db,
  account: { id: string; email: string },
  sign: { address: string; userAgent: string | null },
  now = Date.now(),
): Promise<void> {
  const today = officeDate(now);
  const { linkOrigin } = getConfig();
  const text = [
    `Someone signed in to your account (${account.email}) on the ${practice.shortName} website's admin, from a browser that has not signed in to it before.`,
    "",
    `When: ${formatOfficeTime(new Date(now).toISOString())}`,
    `From the address: ${sign.address}`,
    `Browser: ${deviceLine(sign.userAgent)}`,
    "",
    "If this was you, there is nothing to do. If it was not, change your password now, or ask another owner to disable the account, and read the Activity Log to see what was done:",
    `${linkOrigin}/admin/activity`,
    "",
    "You get this message at most once a day, for the first sign-in from a new browser.",
  ].join("\n");
  const queued = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("admin_users")
      .set({ new_sign_in_mailed_on: today })
      .where("id", "=", account.id)
      .where((where) => where.or([where("new_sign_in_mailed_on", "is", null), where("new_sign_in_mailed_on", "<>", today)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await enqueueMail(
      trx,
      {
        kind: "new-sign-in",
        referenceId: account.id,
        to: [account.email],
        subject: `New sign-in to the ${practice.shortName} admin`,
        text,
      },
      new Date(now),
    );
    await recordAudit(trx, { action: "new-sign-in-mailed", admin: account, details: { address: sign.address } }, now);
    return true;
  });
  if (queued) wakeOutbox();
}
