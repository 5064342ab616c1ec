// `npm run restore FILE`: brings a backup made by `npm run backup` back into the database
// DATABASE_URL names, which must be new: a SQLite file that does not exist yet, or an empty
// PostgreSQL database. Then the migrations run (docs/decisions/025-backups.md).
import { parseArgs } from "node:util";
import { BackupError, restore } from "../app/server/backup.server.ts";
import { getConfig } from "../app/server/config.server.ts";
import { reportCliFailure } from "./cli-failure.ts";

const usage = "Usage: npm run restore FILE   (into the database DATABASE_URL names, which must not exist yet or be empty)";

try {
  const { positionals } = parseArgs({ args: process.argv.slice(2), allowPositionals: true });
  const [file] = positionals;
  if (file === undefined || positionals.length > 1) throw new BackupError(usage);
  const restored = await restore(getConfig(), file);
  const applied = restored.migrationsApplied.length;
  const brought = applied === 0 ? "already up to date" : `${applied} migration${applied === 1 ? "" : "s"} brought it up to date`;
  console.log(`Restored ${file} into ${restored.into}; ${brought}.`);
} catch (error) {
  reportCliFailure(error, usage, [BackupError]);
}
