import { getConfig, startupWarnings } from "./config.server.ts";
import type { Db } from "./db/db.server.ts";
import { startDemoMode } from "./demo-admin.server.ts";
import { log } from "./log.server.ts";
import { startOutboxSender } from "./outbox.server.ts";
import { startInquiryRetention } from "#app/inquiries/inquiry-retention.server.ts";

/**
 * Work done once when the server starts (after migrations, before it listens). Each step
 * may return a function that stops what it started; they run in reverse order on shutdown.
 */
type StopFunction = () => Promise<void> | void;

export async function onServerStart(db: Db): Promise<StopFunction> {
  const stops: Array<StopFunction> = [];
  for (const warning of startupWarnings(getConfig())) log.warn(warning);
  await startDemoMode(db);
  const outbox = startOutboxSender({ db });
  stops.push(() => outbox.stop());
  const { inquiryRetentionDays, mailDir } = getConfig();
  if (inquiryRetentionDays !== null) {
    log.info(`Inquiries are deleted ${inquiryRetentionDays} days after they are read (INQUIRY_RETENTION_DAYS)`);
    stops.push(startInquiryRetention(db, { days: inquiryRetentionDays, mailDir }));
  }
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
