// `npm run restore FILE`: brings a backup made by `npm run backup` back into the database
// DATABASE_URL names, which must be new: a SQLite file that does not exist yet, or an empty
// PostgreSQL database. The backup's check (FILE.mac) is read first: a backup changed since it was
// written is refused; `--unchecked` lets one without a check through (made before checks were
// written). Then the migrations run (docs/decisions/025-backups.md).
import { parseArgs } from "node:util";
import { BackupError, restore } from "../app/operations/backup.server.ts";
import { getConfig } from "../app/server/config.server.ts";
import { reportCliFailure } from "./cli-failure.ts";

const usage =
  "Usage: npm run restore [-- --unchecked] FILE   (into the database DATABASE_URL names, which must not exist yet or be empty; --unchecked: FILE may have no check beside it)";

try {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { unchecked: { type: "boolean", default: false } },
  });
  const [file] = positionals;
  if (file === undefined || positionals.length > 1) throw new BackupError(usage);
  const restored = await restore(getConfig(), file, { unchecked: values.unchecked });
  const applied = restored.migrationsApplied.length;
  const brought = applied === 0 ? "already up to date" : `${applied} migration${applied === 1 ? "" : "s"} brought it up to date`;
  const unchecked = restored.checked ? "" : ", which has no check,";
  console.log(`Restored ${file}${unchecked} into ${restored.into}; ${brought}.`);
} catch (error) {
  reportCliFailure(error, usage, [BackupError]);
}
