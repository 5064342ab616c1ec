// `npm run backup [FILE]`: a consistent backup of the site's database while the site runs
// (docs/decisions/025-backups.md), with its keyed check beside it (FILE.mac). Without FILE it goes
// to BACKUP_DIR under a timestamped name, and the oldest backups there beyond BACKUP_KEEP are removed.
import { parseArgs } from "node:util";
import { BackupError, backUp } from "../app/operations/backup.server.ts";
import { getConfig } from "../app/server/config.server.ts";
import { reportCliFailure } from "./cli-failure.ts";

const usage = "Usage: npm run backup [FILE]   (without FILE: a timestamped file in BACKUP_DIR, keeping the newest BACKUP_KEEP)";

/** 2.4 MB, 812 KB, 96 bytes. */
function shownSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

try {
  const { positionals } = parseArgs({ args: process.argv.slice(2), allowPositionals: true });
  if (positionals.length > 1) throw new BackupError(`One file at most.\n${usage}`);
  const config = getConfig();
  const written = await backUp(config, { file: positionals[0] });
  const files = written.imageArchive === null ? written.file : `${written.file} and ${written.imageArchive}`;
  const what = [
    written.kind === "sqlite" ? "SQLite snapshot" : "pg_dump archive",
    ...(written.imageFiles === null ? [] : [`${written.imageFiles} image files`]),
    shownSize(written.size),
  ];
  const removed = written.removed.length > 0 ? `; removed ${written.removed.length} older, keeping the newest ${config.backupKeep}` : "";
  console.log(`Wrote ${files} (${what.join(", ")}), checked by ${written.check}${removed}.`);
} catch (error) {
  reportCliFailure(error, usage, [BackupError]);
}
