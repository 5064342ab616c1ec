// The keyed check beside every backup (docs/decisions/025-backups.md): `<backup>.mac`, a few
// lines of text with an HMAC-SHA256 of all the backup's bytes (and of its image archive, beside
// a pg_dump), made with a key derived from the site's encryption key (field-encryption.server.ts).
// Whoever changes a backup without that key cannot make its check match again; a restore reads
// the check before anything else reads the backup.
import { createHmac, type KeyObject, timingSafeEqual } from "node:crypto";
import { createReadStream, existsSync, readFileSync } from "node:fs";
import type { Keyring } from "#app/server/field-encryption.server.ts";

/** Where a backup's check is kept: beside it, under its name and `.mac`. */
export function checkFileBeside(file: string): string {
  return `${file}.mac`;
}

/** The files a check covers: the backup, and a pg_dump's image archive (null without one). */
export type CheckedFiles = { backup: string; imageArchive: string | null };

const firstLine = "practice-site backup check 1";

/** The text of the check of `files`, made with the keyring's current key. */
export async function backupCheckOf(keyring: Keyring, files: CheckedFiles): Promise<string> {
  const header = [firstLine, `key ${keyring.current.id}`, `covers ${files.imageArchive === null ? "backup" : "backup image-archive"}`];
  const mac = await macOf(keyring.current.backupCheck, header, files);
  return `${[...header, `hmac-sha256 ${mac.toString("base64url")}`].join("\n")}\n`;
}

/** What reading a backup's check found. */
export type BackupCheck =
  /** Its bytes are those the check was made over; `imageArchive` is the archive it covers, if any. */
  | { outcome: "matches"; imageArchive: string | null }
  | { outcome: "missing" }
  | { outcome: "unreadable" }
  | { outcome: "unknown-key"; keyId: string }
  | { outcome: "image-archive-missing"; imageArchive: string }
  | { outcome: "changed"; imageArchive: string | null };

/** Checks `backup` (and, if its check covers one, `imageArchive`) against the check beside it, with any key of the keyring. */
export async function readBackupCheck(keyring: Keyring, backup: string, imageArchive: string): Promise<BackupCheck> {
  const checkFile = checkFileBeside(backup);
  if (!existsSync(checkFile)) return { outcome: "missing" };
  const lines = readFileSync(checkFile, "utf8").split("\n");
  const keyId = /^key ([A-Za-z0-9_-]{8})$/.exec(lines[1] ?? "")?.[1];
  const covers = /^covers (backup|backup image-archive)$/.exec(lines[2] ?? "")?.[1];
  const mac = /^hmac-sha256 ([A-Za-z0-9_-]{43})$/.exec(lines[3] ?? "")?.[1];
  if (lines[0] !== firstLine || !keyId || !covers || !mac || lines.length !== 5 || lines[4] !== "") return { outcome: "unreadable" };
  const key = keyring.byId.get(keyId);
  if (!key) return { outcome: "unknown-key", keyId };
  const files = { backup, imageArchive: covers === "backup" ? null : imageArchive };
  if (files.imageArchive !== null && !existsSync(files.imageArchive)) return { outcome: "image-archive-missing", imageArchive };
  const expected = Buffer.from(mac, "base64url");
  const actual = await macOf(key.backupCheck, lines.slice(0, 3), files);
  const outcome = timingSafeEqual(actual, expected) ? "matches" : "changed";
  return { outcome, imageArchive: files.imageArchive };
}

/** The HMAC of the check's first lines, then of each file's bytes followed by its length (so no byte can move from one to the other). */
async function macOf(key: KeyObject, header: ReadonlyArray<string>, files: CheckedFiles): Promise<Buffer> {
  const hmac = createHmac("sha256", key).update(`${header.join("\n")}\n`);
  for (const file of [files.backup, files.imageArchive]) {
    if (file === null) continue;
    let length = 0;
    for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
      hmac.update(chunk as Buffer);
      length += (chunk as Buffer).byteLength;
    }
    const lengthBytes = Buffer.alloc(8);
    lengthBytes.writeBigUInt64BE(BigInt(length));
    hmac.update(lengthBytes);
  }
  return hmac.digest();
}
