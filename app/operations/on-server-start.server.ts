import { getConfig, startupWarnings } from "#app/server/config.server.ts";
import type { Db } from "#app/server/db/db.server.ts";
import { startDemoMode } from "#app/staff/demo-admin.server.ts";
import { log } from "#app/server/log.server.ts";
import { getKeyring } from "#app/server/field-encryption.server.ts";
import { startOutboxSender } from "#app/server/outbox.server.ts";
import { startSchedulePublisher } from "#app/scheduling/scheduled-publications.server.ts";
import { sealStoredData } from "./seal-stored.server.ts";
import { startInquiryRetention } from "#app/inquiries/inquiry-retention.server.ts";
import { workOnPasswordResets } from "#app/staff/password-reset-queue.server.ts";

/**
 * Work done once when the server starts (after migrations, before it listens). Each step
 * may return a function that stops what it started; they run in reverse order on shutdown.
 */
type StopFunction = () => Promise<void> | void;

export async function onServerStart(db: Db): Promise<StopFunction> {
  const stops: Array<StopFunction> = [];
  for (const warning of startupWarnings(getConfig())) log.warn(warning);
  // The key first: with PostgreSQL and no ENCRYPTION_KEY the server stops here, saying why.
  const keyring = getKeyring();
  await startDemoMode(db);
  // Inquiries, mail and TOTP secrets stored in clear before sealing began, or under a previous key (a rotation).
  // Then the old bytes are rewritten out of the database's free space.
  const started = performance.now();
  const { scrubbed, ...sealed } = await sealStoredData(db, keyring);
  if (sealed.inquiries + sealed.mail + sealed.twoFactorSecrets > 0) log.info(`Sealed with the current key (${keyring.current.id})`, sealed);
  if (scrubbed)
    log.info(
      `Rewrote the database's free space, so no old copy of what is sealed stays in it (${Math.round(performance.now() - started)} ms with the sealing)`,
    );
  const outbox = startOutboxSender({ db });
  stops.push(() => outbox.stop());
  // Before the outbox stops: "Forgot your password?" requests answered but not yet worked on.
  stops.push(() => workOnPasswordResets());
  // Scheduled changes due while no instance ran go live now, then each as it comes due.
  const publisher = startSchedulePublisher(db, getConfig().schedulePollMs);
  stops.push(() => publisher.stop());
  const { inquiryRetentionDays, mailDir } = getConfig();
  if (inquiryRetentionDays !== null) {
    log.info(`Inquiries are deleted ${inquiryRetentionDays} days after they are read (INQUIRY_RETENTION_DAYS)`);
    stops.push(startInquiryRetention(db, { days: inquiryRetentionDays, mailDir }));
  }
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
